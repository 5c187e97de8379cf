extension Signal {
  /// Transforms every value with `transform`; terminal events pass unchanged (RAC `map:`).
  ///
  ///     input:    --1--2--|
  ///     map(*10): --a--b--|   a = 10, b = 20
  @inlinable public func map<T>(_ transform: @escaping (Value) -> T) -> Signal<T> {
    // A step: chained with `filter`, `scan` or another `map`, it runs in their subscriber.
    PipeSignal<T> { tie, next, other in
      self.pipe(tie) { value in
        next(transform(value))
      } other: { event in
        switch event {
        case .next(let value): next(transform(value))
        case .error(let error): other(.error(error))
        case .completed: other(.completed)
        }
      }
    } keeping: { isIncluded in
      self.map(transform, keeping: isIncluded)
    }
  }

  /// `map(transform).filter(isIncluded)` as one step: a value is transformed, tested and sent
  /// in one call, where the `filter` was a call of its own per value. A `filter` written after
  /// a `map` joins it so (`PipeSignal.keeping`), as do the ones after that, their predicates run
  /// in the order written.
  @inlinable func map<T>(
    _ transform: @escaping (Value) -> T, keeping isIncluded: @escaping (T) -> Bool
  ) -> Signal<T> {
    PipeSignal<T> { tie, next, other in
      let step: (Value) -> Void = { value in
        let result = transform(value)
        if isIncluded(result) { next(result) }
      }
      self.pipe(tie, next: step) { event in
        switch event {
        case .next(let value): step(value)
        case .error(let error): other(.error(error))
        case .completed: other(.completed)
        }
      }
    } keeping: { next in
      self.map(transform) { isIncluded($0) && next($0) }
    }
  }

  /// Replaces every value with `value` (RAC `mapReplace:`).
  public func mapReplace<T>(_ value: T) -> Signal<T> {
    map { _ in value }
  }
}
