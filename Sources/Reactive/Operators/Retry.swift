extension Signal {
  /// Resubscribes when this signal fails, at most `count` times, or forever when `count` is
  /// `nil` (RAC `retry:` / `retry`).
  ///
  ///     self:        --1--#                (each subscription)
  ///     retry(1):    --1----1--#
  ///     retry():     --1----1----1-- …
  ///
  /// Values and completion pass. After the last allowed retry the error is forwarded. The first
  /// subscription is immediate; each resubscription is scheduled on `CurrentScheduler.current`
  /// (in virtual time: later in the same frame) or, outside any scheduler, runs from a loop
  /// without recursion. `retry(0)` forwards the first error.
  ///
  /// - Parameter count: The most resubscriptions; `nil` for no limit.
  public func retry(_ count: Int? = nil) -> Signal<Value> {
    retry(count, delay: nil)
  }

  /// Resubscribes when this signal fails, at most `count` times (forever when nil), each time
  /// `delay` ticks after the error (RxJS `retry({ count, delay })`).
  ///
  ///     self:                           --1--#            (each subscription)
  ///     retry(1, delay: (3, s)):        --1--------1--#    (resubscribed 3 ticks after the error)
  ///
  /// - Parameters:
  ///   - count: The most resubscriptions; `nil` for no limit.
  ///   - delay: The wait before each resubscription and the scheduler that measures it.
  ///   - resetOnSuccess: Whether a value starts the count of retries again (RxJS
  ///     `retry({ resetOnSuccess: true })`): `count` failures in a row, not in all.
  ///   - probe: Reports the attempt (1 for the first subscription, 2 for the first retry, …)
  ///     as lane `attempt`.
  public func retry(
    _ count: Int?, delay: (frames: Int, scheduler: any Scheduler)?, resetOnSuccess: Bool = false,
    probe: StateProbe? = nil
  ) -> Signal<Value> {
    Signal { subscriber in
      var retries = 0
      let report = probe?.take()
      report?(.attempt, 1)
      let source = resetOnSuccess ? self.doNext { _ in retries = 0 } : self
      Resubscriber(source: source, subscriber: subscriber, delay: delay) { event in
        guard case .error = event else { return false }
        if let count, retries >= count { return false }
        retries += 1
        report?(.attempt, retries + 1)
        return true
      }.start()
      return nil
    }
  }
}
