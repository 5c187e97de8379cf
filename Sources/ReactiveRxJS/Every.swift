import Reactive

extension Signal {
  /// Sends `false` and completes at the first value that fails `predicate`, or `true` when the
  /// source completes (RxJS `every`).
  ///
  ///     self:                --2--4--5--6--|
  ///     every { $0 < 5 }:    --------(f|)        f = false
  ///
  ///     self:                --2--|
  ///     every { $0 < 5 }:    -----(t|)           t = true
  ///
  /// - Parameter predicate: Tested on each value with its index (from 0).
  ///
  /// A `probe` reports whether every value so far matched as lane `matching`.
  public func every(probe: StateProbe? = nil, _ predicate: @escaping (Value, Int) -> Bool)
    -> Signal<Bool>
  {
    Signal<Bool> { subscriber in
      var index = 0
      let report = probe?.take()
      report?(.matching, true)
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          defer { index += 1 }
          guard !predicate(value, index) else { return }
          report?(.matching, false)
          subscriber.sendLast(false)
        case .error(let error):
          subscriber.sendError(error)
        case .completed:
          subscriber.sendLast(true)
        }
      }
    }
  }
}
