import Reactive

extension Signal {
  /// Sends how many values satisfied `predicate` when the source completes (RxJS `count`).
  ///
  ///     self:                   --a--b--c--|
  ///     count { _, _ in true }: -----------(3|)
  ///
  /// - Parameter predicate: Tested on each value with its index (from 0).
  ///
  /// A `probe` reports the count so far as lane `counted`.
  public func count(
    probe: StateProbe? = nil, _ predicate: @escaping (Value, Int) -> Bool = { _, _ in true }
  ) -> Signal<Int> {
    Signal<Int> { subscriber in
      var index = 0
      var total = 0
      let report = probe?.take()
      report?(.counted, 0)
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          if predicate(value, index) {
            total += 1
            report?(.counted, total)
          }
          index += 1
        case .error(let error):
          subscriber.sendError(error)
        case .completed:
          subscriber.sendLast(total)
        }
      }
    }
  }
}
