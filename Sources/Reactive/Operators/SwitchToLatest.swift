extension Signal {
  /// Forwards the events of the latest inner signal only (RAC `switchToLatest`).
  ///
  /// Built as RAC builds it: the outer signal is published, and each inner signal is subscribed
  /// as `inner.takeUntil(outer.concat(never))`, so a new inner signal is subscribed (and may
  /// emit synchronously) before the previous one is cut off. Completes once the outer signal
  /// and the latest inner signal have completed; errors from either are forwarded.
  ///
  ///     outer:            -x---y-----|     x = -a-b-c|, y = -d|
  ///     switchToLatest:   --a-b-d----|     (x is cut off when y arrives at 5)
  ///
  /// A `probe` reports the current inner signal as lane `current`: the ordinal (1, 2, …) of the
  /// outer value it came from, or nil when it has ended.
  public func switchToLatest<T>(probe: StateProbe? = nil) -> Signal<T> where Value == Signal<T> {
    Signal<T> { subscriber in
      let connection = self.publish()
      let untilNext = connection.signal.concat(with: .never)
      let report = probe?.take()
      var ordinal = 0
      var current: Int?
      report?(.current, current as Any)
      connection.signal
        .flattenMap { inner in
          guard let report else { return inner.takeUntil(untilNext) }
          ordinal += 1
          let mine = ordinal
          current = mine
          report(.current, mine)
          return inner.takeUntil(untilNext).doCompleted {
            if current == mine {
              current = nil
              report(.current, current as Any)
            }
          }
        }
        .subscribe(for: subscriber, subscriber.send)
      return connection.connect()
    }
  }

  /// Maps each Bool to `then` or `else` and switches to it (RAC `+if:then:else:`).
  ///
  ///     self:    t-----f----
  ///     result:  events of `then`, then of `else` from the moment f arrives
  ///
  /// A `probe` reports the branch in use as lane `branch`: true for `then`, false for
  /// `else`, nil before the first Bool.
  public func `if`<T>(
    then trueSignal: Signal<T>, else falseSignal: Signal<T>, probe: StateProbe? = nil
  ) -> Signal<T> where Value == Bool {
    guard let probe else { return map { $0 ? trueSignal : falseSignal }.switchToLatest() }
    return Signal<T> { subscriber in
      let report = probe.take()
      report?(.branch, Bool?.none as Any)
      return self.map { flag in
        report?(.branch, flag)
        return flag ? trueSignal : falseSignal
      }.switchToLatest().subscribe(for: subscriber, subscriber.send)
    }
  }
}
