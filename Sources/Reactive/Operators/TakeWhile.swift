extension Signal {
  /// Forwards values while `predicate` holds; at the first value that fails it, completes and
  /// disposes the source (RAC `takeWhileBlock:`).
  ///
  ///     self:              --1--2--5--3--|
  ///     takeWhile(< 4):    --1--2--|
  ///
  /// The failing value itself is not sent. Terminal events before that pass.
  ///
  /// - Parameter predicate: Tested on every value until it first returns `false`.
  ///
  /// With `inclusive` (RxJS `takeWhile(p, true)`), the first value that fails is sent before
  /// the completion:
  ///
  ///     self:                               --1--2--3--1--|
  ///     takeWhile(inclusive: true) { $0 < 3 }: --1--2--(3|)
  ///
  /// A `probe` reports whether it still takes as lane `taking`.
  public func takeWhile(
    inclusive: Bool = false, probe: StateProbe? = nil, _ predicate: @escaping (Value) -> Bool
  ) -> Signal<Value> {
    Signal { subscriber in
      let report = probe?.take()
      report?(.taking, true)
      return self.subscribe(for: subscriber) { event in
        if case .next(let value) = event, !predicate(value) {
          report?(.taking, false)
          if inclusive { subscriber.send(event) }
          subscriber.sendCompleted()
        } else {
          subscriber.send(event)
        }
      }
    }
  }
}
