import Reactive

extension Signal {
  /// Sends the first value and completes at once, disposing the source; fails with
  /// `SignalError.noElements` if the source completes first (RxJS `first()`).
  ///
  ///     self:     --1--2--|          ----|
  ///     first():  --(1|)             ----#     # = SignalError.noElements
  ///
  /// Not RAC's blocking `first`: this one is an operator, like `take(1)` except for an empty
  /// source. Errors pass.
  public func first() -> Signal<Value> {
    first { _ in true }
  }

  /// Sends the first value that satisfies `predicate` and completes at once, disposing the
  /// source; fails with `SignalError.noElements` if the source completes first (RxJS
  /// `first(predicate)`).
  ///
  ///     self:                 --1--2--3--|
  ///     first { $0 > 1 }:     -----(2|)
  ///
  /// - Parameter predicate: Tested on each value until it first returns `true`.
  ///
  /// A `probe` reports whether a value matched as lane `matched`.
  public func first(probe: StateProbe? = nil, where predicate: @escaping (Value) -> Bool)
    -> Signal<Value>
  {
    Signal { subscriber in
      let report = probe?.take()
      report?(.matched, false)
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          guard predicate(value) else { return }
          report?(.matched, true)
          subscriber.sendLast(value)
        case .error:
          subscriber.send(event)
        case .completed:
          subscriber.sendError(SignalError.noElements)
        }
      }
    }
  }
}
