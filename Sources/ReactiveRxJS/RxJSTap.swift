import Reactive

extension RxJSOperators {
  /// Calls an observer's callbacks for what passes (RxJS `tap` with a `TapObserver`): `subscribe`
  /// at each subscription, before the source is subscribed; `next`, `error` and `complete` just
  /// before the event is forwarded; `unsubscribe` when the subscriber leaves before the source
  /// ended; `finalize` once the subscription is over, however it ended (after the completion or
  /// failure is forwarded, or at the unsubscription).
  ///
  ///     self:               --1--|
  ///     tap(observer):      --1--|     subscribe at 0, next(1) at 2, complete then finalize at 5
  ///
  /// A callback left nil is not called.
  public func tap(
    subscribe: (() -> Void)? = nil, next: ((Value) -> Void)? = nil,
    error: ((any Error) -> Void)? = nil, complete: (() -> Void)? = nil,
    unsubscribe: (() -> Void)? = nil, finalize: (() -> Void)? = nil
  ) -> Signal<Value> {
    let source = signal
    return Signal { subscriber in
      subscribe?()
      // Until the source ends, leaving is an unsubscription.
      var leaving = true
      var finished = false
      subscriber.attach {
        guard !finished else { return }
        finished = true
        if leaving { unsubscribe?() }
        finalize?()
      }
      if subscriber.isDisposed { return nil }
      return source.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value): next?(value)
        case .error(let failure):
          leaving = false
          error?(failure)
        case .completed:
          leaving = false
          complete?()
        }
        subscriber.send(event)
      }
    }
  }
}
