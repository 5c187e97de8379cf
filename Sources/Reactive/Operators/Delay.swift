extension Signal {
  /// Sends each value and the completion `frames` ticks later on `scheduler`; an error is sent at
  /// once (RAC `delay:`).
  ///
  ///     self:                --1--2--|
  ///     delay(3, on: s):     -----1--2--|
  ///
  ///     self:                --1-#
  ///     delay(3, on: s):     ----#         (the pending 1 is dropped)
  ///
  /// Disposal cancels every delivery still pending.
  ///
  /// - Parameters:
  ///   - frames: The delay in ticks; 0 or less still hops onto `scheduler`.
  ///   - scheduler: The scheduler that measures the delay and delivers the events.
  public func delay(_ frames: Int, on scheduler: any Scheduler) -> Signal<Value> {
    Signal { subscriber in
      self.subscribe(for: subscriber) { event in
        if case .error = event {
          subscriber.send(event)
        } else {
          subscriber.schedule(on: scheduler, after: frames) { subscriber.send(event) }
        }
      }
    }
  }
}
