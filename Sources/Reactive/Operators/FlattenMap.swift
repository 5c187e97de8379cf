extension Signal {
  /// Maps each value to a signal and merges the results (RAC `flattenMap:`, built on `bind`).
  ///
  /// Each inner signal is subscribed synchronously while the outer value is delivered. The first
  /// error from the outer signal or any inner one disposes everything and is forwarded. The
  /// result completes once the outer signal and every inner signal have completed.
  ///
  ///     input:                 --a-----b--|
  ///     flattenMap(x -> -x|):  ---a-----b-|
  public func flattenMap<T>(_ transform: @escaping (Value) -> Signal<T>) -> Signal<T> {
    Signal<T> { subscriber in
      let active = Locked(1)  // the outer signal counts as one
      let finishOne = {
        if active.withLock({ count -> Int in
          count -= 1
          return count
        }) == 0 {
          subscriber.sendCompleted()
        }
      }
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          let inner = transform(value)
          active.withLock { $0 += 1 }
          var token: CompositeDisposable.Token?
          let innerSubscriber = Subscriber<T> { innerEvent in
            if case .completed = innerEvent {
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
  public func flatten<T>() -> Signal<T> where Value == Signal<T> {
    flattenMap { $0 }
  }

  /// Merges this signal with `other` (RAC `merge:`).
  ///
  ///     self:   --a-----c--|
  ///     other:  -----b-----|
  ///     merge:  --a--b--c--|
  public func merge(with other: Signal<Value>) -> Signal<Value> {
    Signal.merge([self, other])
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
