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
    }
  }

  /// Replaces every value with `value` (RAC `mapReplace:`).
  public func mapReplace<T>(_ value: T) -> Signal<T> {
    map { _ in value }
  }
}
