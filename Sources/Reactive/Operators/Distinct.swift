extension Signal {
  /// Forwards each value whose key was not seen before in this subscription (RxJS `distinct`).
  ///
  ///     self:                 --a--b--a--c--b--|
  ///     distinct { $0 }:      --a--b-----c-----|
  ///
  /// - Parameter key: The key that identifies a value.
  /// - Complexity: O(1) per value; memory grows with the number of distinct keys.
  public func distinct<Key: Hashable>(by key: @escaping (Value) -> Key) -> Signal<Value> {
    Signal { subscriber in
      var seen: Set<Key> = []
      return self.subscribe(for: subscriber) { event in
        if case .next(let value) = event, !seen.insert(key(value)).inserted { return }
        subscriber.send(event)
      }
    }
  }
}
