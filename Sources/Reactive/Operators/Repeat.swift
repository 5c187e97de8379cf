extension Signal {
  /// Subscribes again each time this signal completes: `count` subscriptions in all, or forever
  /// when `count` is `nil` (RAC `repeat`; RxJS `repeat(n)`).
  ///
  ///     self:        --1--|               (each subscription)
  ///     repeat(2):   --1----1--|
  ///     repeat():    --1----1----1-- …
  ///
  /// Values pass; an error is forwarded and ends the repetition. `repeat(0)` is `empty`. The
  /// first subscription is immediate; each resubscription is scheduled on
  /// `CurrentScheduler.current` (in virtual time: later in the same frame), so `just(1).repeat()`
  /// in a virtual-time run stops with `VirtualTimeError.actionLimitExceeded` instead of hanging.
  /// Outside any scheduler the resubscriptions run from a loop without recursion.
  ///
  /// - Parameter count: The total number of subscriptions; `nil` for no limit.
  public func `repeat`(_ count: Int? = nil) -> Signal<Value> {
    `repeat`(count, delay: nil)
  }

  /// Subscribes again each time this signal completes, `delay` ticks after the completion:
  /// `count` subscriptions in all, or forever when nil (RxJS `repeat({ count, delay })`).
  ///
  ///     self:                        --1--|           (each subscription)
  ///     repeat(2, delay: (2, s)):    --1-------1--|    (resubscribed 2 ticks after completing)
  ///
  /// - Parameters:
  ///   - count: The total number of subscriptions; `nil` for no limit.
  ///   - delay: The wait before each resubscription and the scheduler that measures it.
  ///   - probe: Reports the attempt (1 for the first subscription, 2 for the second, …) as
  ///     lane `attempt`.
  public func `repeat`(
    _ count: Int?, delay: (frames: Int, scheduler: any Scheduler)?, probe: StateProbe? = nil
  ) -> Signal<Value> {
    if let count, count <= 0 { return .empty }
    return Signal { subscriber in
      var subscriptions = 1
      let report = probe?.take()
      report?(.attempt, 1)
      Resubscriber(source: self, subscriber: subscriber, delay: delay) { event in
        guard case .completed = event else { return false }
        if let count, subscriptions >= count { return false }
        subscriptions += 1
        report?(.attempt, subscriptions)
        return true
      }.start()
      return nil
    }
  }
}
