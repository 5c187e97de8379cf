import Reactive

extension Signal {
  /// Sends the last value when the source completes, then completes; fails with
  /// `SignalError.noElements` if there was no value (RxJS `last()`).
  ///
  ///     self:     --1--2--|          ----|
  ///     last():   --------(2|)       ----#     # = SignalError.noElements
  ///
  /// Errors pass at once.
  public func last() -> Signal<Value> {
    last { _ in true }
  }

  /// Sends the last value that satisfies `predicate` when the source completes, then completes;
  /// fails with `SignalError.noElements` if no value did (RxJS `last(predicate)`).
  ///
  ///     self:               --1--2--3--|
  ///     last { $0 < 3 }:    -----------(2|)
  ///
  /// - Parameter predicate: Tested on every value.
  ///
  /// A `probe` reports the last matching value as lane `latest`.
  public func last(probe: StateProbe? = nil, where predicate: @escaping (Value) -> Bool)
    -> Signal<Value>
  {
    Signal { subscriber in
      var latest: Value?
      let report = probe?.take()
      report?(.latest, Value?.none as Any)
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          if predicate(value) {
            latest = value
            report?(.latest, value)
          }
        case .error:
          subscriber.send(event)
        case .completed:
          if let latest {
            subscriber.sendLast(latest)
          } else {
            subscriber.sendError(SignalError.noElements)
          }
        }
      }
    }
  }
}
