extension Signal {
  /// Forwards the first `count` values, completing right after the last of them and disposing
  /// the source; `take(0)` is `empty` (RAC `take:`).
  ///
  ///     self:     --a--b--c--|
  ///     take(2):  --a--(b|)
  ///
  /// A `probe` reports the count of values taken as lane `taken`: 0, then each new count.
  public func take(_ count: Int, probe: StateProbe? = nil) -> Signal<Value> {
    guard count > 0 else { return .empty }
    return Signal { subscriber in
      let taken = Locked(0)
      let report = probe?.take()
      report?(.taken, 0)
      return self.subscribe(for: subscriber) { event in
        guard case .next = event else { return subscriber.send(event) }
        let n = taken.add(1)
        report?(.taken, n)
        if n <= count { subscriber.send(event) }
        if n >= count { subscriber.sendCompleted() }
      }
    }
  }

  /// Drops the first `count` values; terminal events pass (RAC `skip:`).
  ///
  ///     self:     --a--b--c--|
  ///     skip(2):  --------c--|
  ///
  /// A `probe` reports the count of values skipped as lane `skipped`: 0, then each new count.
  public func skip(_ count: Int, probe: StateProbe? = nil) -> Signal<Value> {
    guard count > 0 else { return self }
    return Signal { subscriber in
      let skipped = Locked(0)
      let report = probe?.take()
      report?(.skipped, 0)
      return self.subscribe(for: subscriber) { event in
        if case .next = event,
          let n = skipped.withLock({ n -> Int? in
            if n < count {
              n += 1
              return n
            }
            return nil
          })
        {
          report?(.skipped, n)
          return
        }
        subscriber.send(event)
      }
    }
  }
}
