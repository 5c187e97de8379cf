extension Signal {
  /// Collects every value into one array, sent when this signal completes (RAC `collect`).
  ///
  ///     self:     --1--2--3--|
  ///     collect:  -----------(x|)   x = [1, 2, 3]
  ///
  /// An empty signal collects `[]`. An error is forwarded at once and the values are dropped.
  ///
  /// - Returns: A signal of one array, sent with the completion.
  ///
  /// A `probe` reports the values so far as lane `buffered`: `[]`, then after each value.
  public func collect(probe: StateProbe? = nil) -> Signal<[Value]> {
    Signal<[Value]> { subscriber in
      var values: [Value] = []
      let report = probe?.take()
      report?(.buffered, values)
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          values.append(value)
          report?(.buffered, values)
        case .error(let error): subscriber.sendError(error)
        case .completed:
          subscriber.sendNext(values)
          subscriber.sendCompleted()
        }
      }
    }
  }
}
