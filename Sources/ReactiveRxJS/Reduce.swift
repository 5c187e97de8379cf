import Reactive

extension Signal {
  /// Combines the values from the first one on, and sends the result when the source completes;
  /// an empty source completes without a value (RxJS `reduce` without a seed).
  ///
  ///     self:                  --1--2--3--|
  ///     reduce { $0 + $1 }:    -----------(6|)
  ///
  /// - Parameter combine: The accumulation so far and the next value.
  public func reduce(_ combine: @escaping (Value, Value) -> Value) -> Signal<Value> {
    reduce(probe: nil, lane: .acc) { (combine($0, $1), true) }
  }

  /// `reduce(_:)` telling `probe` the value so far as lane `lane` (nil before the first), when
  /// it changes: `combine` says whether the value so far changed.
  func reduce(
    probe: StateProbe?, lane: StateLane,
    _ combine: @escaping (Value, Value) -> (Value, changed: Bool)
  ) -> Signal<Value> {
    Signal { subscriber in
      var accumulated: Value?
      let report = probe?.take()
      report?(lane, Value?.none as Any)
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          guard let current = accumulated else {
            accumulated = value
            report?(lane, value)
            return
          }
          let (next, changed) = combine(current, value)
          accumulated = next
          if changed { report?(lane, next) }
        case .error:
          subscriber.send(event)
        case .completed:
          if let accumulated { subscriber.sendNext(accumulated) }
          subscriber.sendCompleted()
        }
      }
    }
  }

  /// Sends the running accumulation from the first value on; the first value is sent as it is
  /// (RxJS `scan` without a seed).
  ///
  ///     self:                --1--2--3--|
  ///     scan { $0 + $1 }:    --1--3--6--|
  ///
  /// - Parameter combine: The accumulation so far and the next value.
  public func scan(_ combine: @escaping (Value, Value) -> Value) -> Signal<Value> {
    Signal { subscriber in
      var accumulated: Value?
      return self.subscribe(for: subscriber) { event in
        if case .next(let value) = event {
          let next = accumulated.map { combine($0, value) } ?? value
          accumulated = next
          subscriber.sendNext(next)
        } else {
          subscriber.send(event)
        }
      }
    }
  }
}
