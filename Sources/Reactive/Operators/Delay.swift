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
  ///   - probe: Told the values on their way, oldest first, as lane `pending`.
  public func delay(_ frames: Int, on scheduler: any Scheduler, probe: StateProbe? = nil)
    -> Signal<Value>
  {
    Signal { subscriber in
      let report = probe?.take()
      // The values scheduled and not sent yet (drawn only): all wait equally long, so they
      // leave in the order they came.
      let pending = Locked<[Value]>([])
      report?(.pending, [Value]())
      return self.subscribe(for: subscriber) { event in
        if case .error = event {
          subscriber.send(event)
        } else if let report, case .next(let value) = event {
          report(
            .pending,
            pending.withLock {
              $0.append(value)
              return $0
            })
          subscriber.schedule(on: scheduler, after: frames) {
            report(
              .pending,
              pending.withLock {
                $0.removeFirst()
                return $0
              })
            subscriber.send(event)
          }
        } else {
          subscriber.schedule(on: scheduler, after: frames) { subscriber.send(event) }
        }
      }
    }
  }
}
