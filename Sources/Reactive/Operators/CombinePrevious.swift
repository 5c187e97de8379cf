extension Signal {
  /// Combines each value with the one before it, starting with `start` as the "previous" of
  /// the first value (RAC `combinePreviousWithStart:reduce:`).
  ///
  ///     self:                     --1--2--4--|
  ///     combinePrevious(0, +):    --a--b--c--|   a = 0+1, b = 1+2, c = 2+4
  ///
  /// One result per value; terminal events pass. State is per subscription.
  ///
  /// - Parameters:
  ///   - start: The value that plays "previous" for the first value.
  ///   - reduce: Combines `(previous, current)`.
  ///
  /// A `probe` reports the previous value as lane `previous`: the start, then each value.
  public func combinePrevious<T>(
    _ start: Value, probe: StateProbe? = nil, _ reduce: @escaping (Value, Value) -> T
  ) -> Signal<T> {
    Signal<T> { subscriber in
      var previous = start
      let report = probe?.take()
      report?(.previous, previous)
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          let result = reduce(previous, value)
          previous = value
          report?(.previous, value)
          subscriber.sendNext(result)
        case .error(let error): subscriber.sendError(error)
        case .completed: subscriber.sendCompleted()
        }
      }
    }
  }
}
