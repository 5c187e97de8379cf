extension Signal {
  /// Forwards the first `count` values, completing right after the last of them and disposing
  /// the source; `take(0)` is `empty` (RAC `take:`).
  ///
  ///     self:     --a--b--c--|
  ///     take(2):  --a--(b|)
  public func take(_ count: Int) -> Signal<Value> {
    guard count > 0 else { return .empty }
    return Signal { subscriber in
      let taken = Locked(0)
      return self.subscribe(for: subscriber) { event in
        guard case .next = event else { return subscriber.send(event) }
        let n = taken.withLock { n -> Int in
          n += 1
          return n
        }
        if n <= count { subscriber.send(event) }
        if n >= count { subscriber.sendCompleted() }
      }
    }
  }

  /// Drops the first `count` values; terminal events pass (RAC `skip:`).
  ///
  ///     self:     --a--b--c--|
  ///     skip(2):  --------c--|
  public func skip(_ count: Int) -> Signal<Value> {
    guard count > 0 else { return self }
    return Signal { subscriber in
      let skipped = Locked(0)
      return self.subscribe(for: subscriber) { event in
        if case .next = event,
          skipped.withLock({ n -> Bool in
            if n < count {
              n += 1
              return true
            }
            return false
          })
        {
          return
        }
        subscriber.send(event)
      }
    }
  }
}
