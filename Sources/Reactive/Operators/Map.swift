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
    } scanning: { start, reduce in
      self.map(transform, keeping: { _ in true }, scan: (start, reduce))
    }
  }

  /// `map(transform).filter(isIncluded)`, then `.scan(scan.start, scan.reduce)` if given, as
  /// one step: a value is transformed, tested, accumulated and sent in one call, where each
  /// `filter` and the `scan` were a call of their own per value. A `filter` written after a
  /// `map` joins it so (`PipeSignal.keeping`), as do the ones after that, their predicates run
  /// in the order written; so does a `scan` without a probe whose accumulator is of the map's
  /// type (`PipeSignal.scanning`), one accumulator per subscription as `scan`'s own.
  @inlinable func map<T>(
    _ transform: @escaping (Value) -> T, keeping isIncluded: @escaping (T) -> Bool,
    scan: (start: T, reduce: (T, T) -> T)? = nil
  ) -> Signal<T> {
    PipeSignal<T> { tie, next, other in
      let step: (Value) -> Void
      if let (start, reduce) = scan {
        let joined = MapScanStep(transform, isIncluded, start, reduce, next)
        step = { joined.send($0) }
      } else {
        step = { value in
          let result = transform(value)
          if isIncluded(result) { next(result) }
        }
      }
      self.pipe(tie, next: step) { event in
        switch event {
        case .next(let value): step(value)
        case .error(let error): other(.error(error))
        case .completed: other(.completed)
        }
      }
    } keeping: { next in
      // After a scan, a filter tests the accumulated values: a step of its own.
      scan == nil ? self.map(transform) { isIncluded($0) && next($0) } : nil
    } scanning: { start, reduce in
      scan == nil ? self.map(transform, keeping: isIncluded, scan: (start, reduce)) : nil
    }
  }

  /// Replaces every value with `value` (RAC `mapReplace:`).
  public func mapReplace<T>(_ value: T) -> Signal<T> {
    map { _ in value }
  }
}

/// One subscription of `map(_:keeping:scan:)` with a scan: its closures and accumulator in one
/// object, so that the step's closure captures one reference (one capturing each apart was
/// called through a thunk that passed them all on the stack, more than the joined call saved).
@usableFromInline final class MapScanStep<Input, T> {
  @usableFromInline let transform: (Input) -> T
  @usableFromInline let isIncluded: (T) -> Bool
  @usableFromInline let reduce: (T, T) -> T
  @usableFromInline let next: (T) -> Void
  // Unchecked exclusivity, as `StateCell`'s: a whole read or a whole write, one value at a time.
  @exclusivity(unchecked) @usableFromInline var accumulated: T

  @inlinable init(
    _ transform: @escaping (Input) -> T, _ isIncluded: @escaping (T) -> Bool, _ start: T,
    _ reduce: @escaping (T, T) -> T, _ next: @escaping (T) -> Void
  ) {
    (self.transform, self.isIncluded, self.reduce, self.next) = (
      transform, isIncluded, reduce, next
    )
    accumulated = start
  }

  /// Transforms, tests, accumulates and sends `value`.
  @inlinable func send(_ value: Input) {
    let result = transform(value)
    guard isIncluded(result) else { return }
    let sum = reduce(accumulated, result)
    accumulated = sum
    next(sum)
  }
}
