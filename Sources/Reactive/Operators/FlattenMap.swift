extension Signal {
  /// Maps each value to a signal and merges the results (RAC `flattenMap:`, built on `bind`).
  ///
  /// Each inner signal is subscribed synchronously while the outer value is delivered. The first
  /// error from the outer signal or any inner one disposes everything and is forwarded. The
  /// result completes once the outer signal and every inner signal have completed.
  ///
  ///     input:                 --a-----b--|
  ///     flattenMap(x -> -x|):  ---a-----b-|
  ///
  /// A `probe` reports the active inner subscriptions as lane `active`: the ordinals (1, 2, …)
  /// of the outer values whose inner signals are still running, `[]` at first.
  @inlinable public func flattenMap<T>(
    probe: StateProbe? = nil, _ transform: @escaping (Value) -> Signal<T>
  ) -> Signal<T> {
    Signal<T> { subscriber in
      let active = ActiveCount(locked: true)  // the outer signal counts as one
      let report = probe?.take()
      var ordinal = 0
      var running: [Int] = []
      report?(.active, running)
      let finishOne = {
        if active.decrement() == 0 { subscriber.sendCompleted() }
      }
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          let inner = transform(value)
          active.increment()
          var token: CompositeDisposable.Token?
          if let report {
            ordinal += 1
            running.append(ordinal)
            report(.active, running)
          }
          let mine = ordinal
          let innerSubscriber = Subscriber<T> { innerEvent in
            if case .completed = innerEvent {
              if let report {
                running.removeAll { $0 == mine }
                report(.active, running)
              }
              subscriber.detach(token)
              finishOne()
            } else {
              subscriber.send(innerEvent)
            }
          }
          token = subscriber.attachRemovable(innerSubscriber)
          inner.subscribe(innerSubscriber)
        case .error(let error):
          subscriber.sendError(error)
        case .completed:
          finishOne()
        }
      }
    }
  }

  /// Merges a signal of signals (RAC `flatten`).
  ///
  ///     outer:    -x---y---|      x = -a|, y = --b|
  ///     flatten:  --a----b-|
  @inlinable public func flatten<T>() -> Signal<T> where Value == Signal<T> {
    flattenMap { $0 }
  }

  /// Merges this signal with `other` (RAC `merge:`).
  ///
  ///     self:   --a-----c--|
  ///     other:  -----b-----|
  ///     merge:  --a--b--c--|
  ///
  /// A `probe` reports the running inputs (1 for self, 2 for other) as lane `active`.
  public func merge(with other: Signal<Value>, probe: StateProbe? = nil) -> Signal<Value> {
    Signal<Signal<Value>>.from([self, other]).flattenMap(probe: probe) { $0 }
  }

  /// Merges `signals`, subscribing them in order; completes when all have completed, fails on
  /// the first error (RAC `+merge:`).
  public static func merge(_ signals: [Signal<Value>]) -> Signal<Value> {
    Signal<Signal<Value>>.from(signals).flatten()
  }

  /// Merges `signals`, subscribing them in order (RAC `+merge:`); see `merge(_:)` with an array.
  ///
  ///     a:      --1-----3--|
  ///     b:      -----2-----|
  ///     merge:  --1--2--3--|
  public static func merge(_ signals: Signal<Value>...) -> Signal<Value> {
    merge(signals)
  }
}
