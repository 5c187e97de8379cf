extension Signal {
  /// Emits the running accumulation of the values, never the start value itself; one
  /// accumulator per subscription (RAC `scanWithStart:reduce:`).
  ///
  ///     self:          --1--2--3--|
  ///     scan(0, +):    --a--b--c--|   a = 1, b = 3, c = 6
  public func scan<A>(_ start: A, _ reduce: @escaping (A, Value) -> A) -> Signal<A> {
    Signal<A> { subscriber in
      var accumulator = start
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          accumulator = reduce(accumulator, value)
          subscriber.sendNext(accumulator)
        case .error(let error): subscriber.sendError(error)
        case .completed: subscriber.sendCompleted()
        }
      }
    }
  }

  /// Emits only the final accumulation, when this signal completes (RAC `aggregateWithStart:reduce:`).
  ///
  ///     self:              --1--2--3--|
  ///     aggregate(0, +):   -----------(a|)   a = 6
  public func aggregate<A>(_ start: A, _ reduce: @escaping (A, Value) -> A) -> Signal<A> {
    Signal<A> { subscriber in
      var accumulator = start
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value): accumulator = reduce(accumulator, value)
        case .error(let error): subscriber.sendError(error)
        case .completed:
          subscriber.sendNext(accumulator)
          subscriber.sendCompleted()
        }
      }
    }
  }
}
