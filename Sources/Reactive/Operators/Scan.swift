extension Signal {
  /// Emits the running accumulation of the values, never the start value itself; one
  /// accumulator per subscription (RAC `scanWithStart:reduce:`).
  ///
  ///     self:          --1--2--3--|
  ///     scan(0, +):    --a--b--c--|   a = 1, b = 3, c = 6
  ///
  /// A `probe` reports the accumulator as lane `acc`: the start value, then each new value.
  @inlinable public func scan<A>(
    _ start: A, probe: StateProbe? = nil, _ reduce: @escaping (A, Value) -> A
  ) -> Signal<A> {
    // Joins the step before it when that can accumulate its own results (a `map`'s, into an
    // accumulator of its own type): no step of its own per value.
    if probe == nil, A.self == Value.self, let step = self as? PipeSignal<Value>,
      let start = start as? Value, let reduce = reduce as? (Value, Value) -> Value,
      let joined = step.scanning(start, reduce) as? Signal<A>
    {
      return joined
    }
    // A step: chained with `map`, `filter` or another `scan`, it runs in their subscriber.
    return PipeSignal<A> { tie, next, other in
      let accumulator = StateCell(start)
      let report = probe?.take()
      report?(.acc, start)
      // Without a probe (the common case), a step with nothing to report.
      let step: (Value) -> Void
      if let report {
        step = { value in
          let accumulated = reduce(accumulator.value, value)
          accumulator.value = accumulated
          report(.acc, accumulated)
          next(accumulated)
        }
      } else {
        step = { value in
          let accumulated = reduce(accumulator.value, value)
          accumulator.value = accumulated
          next(accumulated)
        }
      }
      self.pipe(tie, next: step) { event in
        switch event {
        case .next(let value): step(value)
        case .error(let error): other(.error(error))
        case .completed: other(.completed)
        }
      }
    }
  }

  /// Emits only the final accumulation, when this signal completes (RAC `aggregateWithStart:reduce:`).
  ///
  ///     self:              --1--2--3--|
  ///     aggregate(0, +):   -----------(a|)   a = 6
  ///
  /// A `probe` reports the accumulator as lane `acc`: the start value, then each new value.
  @inlinable public func aggregate<A>(
    _ start: A, probe: StateProbe? = nil, _ reduce: @escaping (A, Value) -> A
  ) -> Signal<A> {
    Signal<A> { subscriber in
      let accumulator = StateCell(start)
      let report = probe?.take()
      report?(.acc, start)
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          let next = reduce(accumulator.value, value)
          accumulator.value = next
          report?(.acc, next)
        case .error(let error): subscriber.sendError(error)
        case .completed:
          subscriber.sendNext(accumulator.value)
          subscriber.sendCompleted()
        }
      }
    }
  }
}
