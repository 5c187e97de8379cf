import Reactive

extension Signal {
  /// Forwards each value whose key was not seen before in this subscription (RxJS `distinct`).
  ///
  ///     self:                 --a--b--a--c--b--|
  ///     distinct { $0 }:      --a--b-----c-----|
  ///
  /// - Parameter key: The key that identifies a value.
  /// - Complexity: O(1) per value; memory grows with the number of distinct keys.
  ///
  /// A `probe` reports the values let through so far (one per key) as lane `seen`.
  public func distinct<Key: Hashable>(
    probe: StateProbe? = nil, by key: @escaping (Value) -> Key
  ) -> Signal<Value> {
    distinct(flushes: Signal<Value>.never, probe: probe, by: key)
  }

  /// `distinct(by:)` whose memory of keys is emptied each time `flushes` sends a value (RxJS
  /// `distinct(keySelector, flushes)`): a key seen before the flush lets its value through
  /// again.
  ///
  ///     self:                          --a--b--a--b--a--|
  ///     flushes:                       --------x
  ///     distinct(flushes:) { $0 }:     --a--b--a--b-----|
  ///
  /// `flushes` is subscribed after this signal, as RxJS does; its failure fails the result,
  /// its completion changes nothing.
  ///
  /// A `probe` reports the values let through since the last flush as lane `seen`.
  public func distinct<Key: Hashable, Flush>(
    flushes: Signal<Flush>, probe: StateProbe? = nil, by key: @escaping (Value) -> Key
  ) -> Signal<Value> {
    Signal { subscriber in
      var seen: Set<Key> = []
      let report = probe?.take()
      // The first value of each key since the last flush, in order (drawn only).
      var firsts: [Value] = []
      report?(.seen, firsts)
      self.subscribe(for: subscriber) { event in
        if case .next(let value) = event, !seen.insert(key(value)).inserted { return }
        if let report, case .next(let value) = event {
          firsts.append(value)
          report(.seen, firsts)
        }
        subscriber.send(event)
      }
      if subscriber.isDisposed { return nil }
      return flushes.subscribe(for: subscriber) { event in
        switch event {
        case .next:
          seen.removeAll()
          if let report {
            firsts.removeAll()
            report(.seen, firsts)
          }
        case .error(let error): subscriber.sendError(error)
        case .completed: break
        }
      }
    }
  }
}
