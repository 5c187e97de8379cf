extension Signal {
  /// Forwards only the values for which `isIncluded` is true; terminal events pass (RAC `filter:`).
  ///
  ///     input:          --1--2--3--4--|
  ///     filter(even):   -----2-----4--|
  @inlinable public func filter(_ isIncluded: @escaping (Value) -> Bool) -> Signal<Value> {
    // Joins the step before it when that can test its own results (a `map`'s).
    if let step = self as? PipeSignal<Value>, let joined = step.keeping(isIncluded) {
      return joined
    }
    // A step: chained with `map`, `scan` or another `filter`, it runs in their subscriber.
    return PipeSignal { tie, next, other in
      self.pipe(tie) { value in
        if isIncluded(value) { next(value) }
      } other: { event in
        if case .next(let value) = event {
          if isIncluded(value) { next(value) }
          return
        }
        other(event)
      }
    }
  }

  /// Drops every value; only the terminal event passes (RAC `ignoreValues`).
  ///
  ///     input:          --a--b--|
  ///     ignoreValues:   --------|
  public func ignoreValues() -> Signal<Value> {
    filter { _ in false }
  }
}
