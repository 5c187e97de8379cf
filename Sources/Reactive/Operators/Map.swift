extension Signal {
  /// Transforms every value with `transform`; terminal events pass unchanged (RAC `map:`).
  ///
  ///     input:    --1--2--|
  ///     map(*10): --a--b--|   a = 10, b = 20
  @inlinable public func map<T>(_ transform: @escaping (Value) -> T) -> Signal<T> {
    Signal<T> { subscriber in
      self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value): subscriber.sendNext(transform(value))
        case .error(let error): subscriber.sendError(error)
        case .completed: subscriber.sendCompleted()
        }
      }
    }
  }

  /// Replaces every value with `value` (RAC `mapReplace:`).
  public func mapReplace<T>(_ value: T) -> Signal<T> {
    map { _ in value }
  }
}
