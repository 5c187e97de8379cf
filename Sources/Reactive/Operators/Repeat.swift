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
    if let count, count <= 0 { return .empty }
    return Signal { subscriber in
      var subscriptions = 1
      Resubscriber(source: self, subscriber: subscriber) { event in
        guard case .completed = event else { return false }
        if let count, subscriptions >= count { return false }
        subscriptions += 1
        return true
      }.start()
      return nil
    }
  }
}
