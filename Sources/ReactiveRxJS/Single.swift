import Reactive

extension Signal {
  /// Sends the one value that satisfies `predicate` when the source completes (RxJS `single`).
  ///
  ///     self:                 --1--2--3--|
  ///     single { $0 == 2 }:   -----------(2|)
  ///     single { $0 > 1 }:    --------#          # = SignalError.notSingle (a second match)
  ///     single { $0 > 5 }:    -----------#       # = SignalError.noElements
  ///
  /// A second matching value fails at once; completion without a match fails with
  /// `SignalError.noElements`. The predicate gets each value and its index.
  ///
  /// - Parameter predicate: Tested on every value.
  ///
  /// A `probe` reports the matching value found so far as lane `match`.
  public func single(
    probe: StateProbe? = nil, _ predicate: @escaping (Value, Int) -> Bool = { _, _ in true }
  ) -> Signal<Value> {
    Signal { subscriber in
      var index = 0
      var match: Value?
      let report = probe?.take()
      report?(.match, Value?.none as Any)
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          defer { index += 1 }
          guard predicate(value, index) else { return }
          guard match == nil else { return subscriber.sendError(SignalError.notSingle) }
          match = value
          report?(.match, value)
        case .error:
          subscriber.send(event)
        case .completed:
          guard let match else { return subscriber.sendError(SignalError.noElements) }
          subscriber.sendLast(match)
        }
      }
    }
  }
}
