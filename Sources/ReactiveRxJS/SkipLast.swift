import Reactive

extension Signal {
  /// Holds back the last `count` values: each value is sent when `count` newer ones have
  /// arrived (RxJS `skipLast`).
  ///
  ///     self:          --1--2--3--4--|
  ///     skipLast(2):   --------1--2--|
  ///
  /// `skipLast(0)` or less forwards everything. Terminal events pass at once.
  ///
  /// - Parameter count: How many of the final values to drop.
  /// - Complexity: O(`count`) memory.
  ///
  /// A `probe` reports the values held back, oldest first, as lane `held`.
  public func skipLast(_ count: Int, probe: StateProbe? = nil) -> Signal<Value> {
    guard count > 0 else { return self }
    return Signal { subscriber in
      var ring: [Value] = []
      var head = 0
      let report = probe?.take()
      report?(.held, ring)
      return self.subscribe(for: subscriber) { event in
        guard case .next(let value) = event else { return subscriber.send(event) }
        if ring.count < count {
          ring.append(value)
          report?(.held, ring)
          return
        }
        let oldest = ring[head]
        ring[head] = value
        head = (head + 1) % count
        report?(.held, Array(ring[head...] + ring[..<head]))
        subscriber.sendNext(oldest)
      }
    }
  }
}
