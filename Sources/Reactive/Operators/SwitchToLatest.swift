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
  public func switchToLatest<T>() -> Signal<T> where Value == Signal<T> {
    Signal<T> { subscriber in
      let connection = self.publish()
      let untilNext = connection.signal.concat(with: .never)
      connection.signal
        .flattenMap { inner in inner.takeUntil(untilNext) }
        .subscribe(for: subscriber, subscriber.send)
      return connection.connect()
    }
  }

  /// Maps each Bool to `then` or `else` and switches to it (RAC `+if:then:else:`).
  ///
  ///     self:    t-----f----
  ///     result:  events of `then`, then of `else` from the moment f arrives
  public func `if`<T>(then trueSignal: Signal<T>, else falseSignal: Signal<T>) -> Signal<T>
  where Value == Bool {
    map { $0 ? trueSignal : falseSignal }.switchToLatest()
  }
}
