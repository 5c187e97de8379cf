extension Signal {
  /// Fails with `SignalError.timedOut` unless this signal terminates within `frames` ticks of
  /// the subscription (RAC `timeout:onScheduler:`).
  ///
  ///     self:                 --1--2--3--|
  ///     timeout(7, on: s):    --1--2-#         # = SignalError.timedOut
  ///
  ///     self:                 --1--|
  ///     timeout(7, on: s):    --1--|           (the timer is cancelled)
  ///
  /// The time limit covers the whole signal, not the gaps between values. The timer is
  /// scheduled before this signal is subscribed; timing out disposes the subscription.
  ///
  /// - Parameters:
  ///   - frames: The time limit in ticks.
  ///   - scheduler: The scheduler that measures the limit and sends the error.
  ///   - probe: Told the frame at which the time limit runs out as lane `deadline`.
  public func timeout(_ frames: Int, on scheduler: any Scheduler, probe: StateProbe? = nil)
    -> Signal<Value>
  {
    Signal { subscriber in
      probe?.take()?(.deadline, scheduler.now + frames)
      subscriber.schedule(on: scheduler, after: frames) {
        subscriber.sendError(SignalError.timedOut)
      }
      if subscriber.isDisposed { return nil }
      return self.subscribe(for: subscriber, subscriber.send)
    }
  }
}
