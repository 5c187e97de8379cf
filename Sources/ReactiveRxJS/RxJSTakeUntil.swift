import Reactive

extension RxJSOperators {
  /// Forwards values until `notifier` sends a value, then completes (RxJS `takeUntil`).
  ///
  ///     self:                      --a--b--c--|
  ///     notifier:                  -------x
  ///     rxjs.takeUntil(notifier):  --a--b-|
  ///
  ///     notifier:                  ---|            (completes without a value: ignored)
  ///     rxjs.takeUntil(notifier):  --a--b--c--|
  ///
  /// Unlike RAC `takeUntil:`, a notifier that completes without a value changes nothing, and
  /// the notifier's error is forwarded. The notifier is subscribed first; if it sends at once,
  /// the source is never subscribed.
  ///
  /// - Parameter notifier: The signal whose first value ends the result.
  ///
  /// A `probe` reports whether the notifier has sent as lane `fired`.
  public func takeUntil<T>(_ notifier: Signal<T>, probe: StateProbe? = nil) -> Signal<Value> {
    let source = signal
    return Signal { subscriber in
      let report = probe?.take()
      report?(.fired, false)
      notifier.subscribe(for: subscriber) { event in
        switch event {
        case .next:
          report?(.fired, true)
          subscriber.sendCompleted()
        case .error(let error): subscriber.sendError(error)
        case .completed: break
        }
      }
      if subscriber.isDisposed { return nil }
      return source.subscribe(for: subscriber, subscriber.send)
    }
  }
}
