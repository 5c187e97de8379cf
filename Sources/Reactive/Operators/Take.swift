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
      let upstream = Subscriber<Value> { event in
        guard case .next = event else { return subscriber.send(event) }
        let n = taken.withLock { n -> Int in n += 1; return n }
        if n <= count { subscriber.send(event) }
        if n >= count { subscriber.sendCompleted() }
      }
      // Tied first, so that completing stops a source that is still sending synchronously
      // (`Signal.from(1...).take(3)`, `just(1).repeat().take(3)` outside a run loop).
      subscriber.attach(upstream)
      self.subscribe(upstream)
      return nil
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
      return self.subscribe(Subscriber { event in
        if case .next = event,
          skipped.withLock({ n -> Bool in
            if n < count { n += 1; return true }
            return false
          })
        {
          return
        }
        subscriber.send(event)
      })
    }
  }
}
