extension Signal {
  /// Combines the latest values of `signals`, subscribed in array order (RAC `+combineLatest:`).
  ///
  /// Emits once every input has sent a value, then on every value of any input, with no
  /// de-duplication. Any error terminates; completes only when every input has completed.
  ///
  ///     a:              --1-----2---|
  ///     b:              -----x----y-|
  ///     combineLatest:  -----p--q-r-|   p = [1, x], q = [2, x], r = [2, y]
  ///
  /// A `probe` reports the latest value of each input as lane `latest` (nil for an input that
  /// has not sent yet).
  public static func combineLatest(_ signals: [Signal<Value>], probe: StateProbe? = nil)
    -> Signal<[Value]>
  {
    guard !signals.isEmpty else { return .empty }
    return Signal<[Value]> { subscriber in
      let state = Locked(CombineState<Value>(count: signals.count))
      let report = probe?.take()
      report?(.latest, state.withLock { $0.latest })
      for (index, signal) in signals.enumerated() {
        if subscriber.isDisposed { break }
        signal.subscribe(for: subscriber) { event in
          switch event {
          case .next(let value):
            let combined = state.withLock { $0.update(index, with: value) }
            if let report { report(.latest, state.withLock { $0.latest }) }
            if let combined { subscriber.sendNext(combined) }
          case .error(let error):
            subscriber.sendError(error)
          case .completed:
            if state.withLock({ $0.complete(index) }) { subscriber.sendCompleted() }
          }
        }
      }
      return nil
    }
  }

  /// Combines the latest values of `signals` (RAC `+combineLatest:`); see `combineLatest(_:)`
  /// with an array.
  ///
  ///     a:              --1-----2---|
  ///     b:              -----x----y-|
  ///     combineLatest:  -----p--q-r-|   p = [1, x], q = [2, x], r = [2, y]
  public static func combineLatest(_ signals: Signal<Value>...) -> Signal<[Value]> {
    combineLatest(signals)
  }

  /// Combines the latest values of this signal and `other` as pairs (RAC `combineLatestWith:`).
  ///
  ///     self:   --1-----2---|
  ///     other:  -----x----y-|
  ///     result: -----p--q-r-|   p = (1, x), q = (2, x), r = (2, y)
  public func combineLatest<T>(with other: Signal<T>) -> Signal<(Value, T)> {
    let left = map { Either<Value, T>.left($0) }
    let right = other.map { Either<Value, T>.right($0) }
    return Signal<Either<Value, T>>.combineLatest([left, right]).eitherPairs()
  }
}

/// One of two types, used to combine heterogeneous signals through the array form.
enum Either<A, B> {
  case left(A)
  case right(B)
}

struct CombineState<Value> {
  /// The latest value of each input, nil until it sends.
  private(set) var latest: [Value?]
  private var missing: Int
  private var running: Int

  init(count: Int) {
    latest = Array(repeating: nil, count: count)
    missing = count
    running = count
  }

  /// Stores a value; returns the combination once every input has a value.
  mutating func update(_ index: Int, with value: Value) -> [Value]? {
    if latest[index] == nil { missing -= 1 }
    latest[index] = value
    return missing == 0 ? latest.compactMap { $0 } : nil
  }

  /// Marks an input completed; returns whether all have.
  mutating func complete(_ index: Int) -> Bool {
    running -= 1
    return running == 0
  }
}

extension Signal where Value == [Bool] {
  /// The logical AND of each array of Bools (RAC `and` on a tuple of Bools).
  ///
  ///     self:  --a--b--|   a = [t, t], b = [t, f]
  ///     and:   --t--f--|
  public func and() -> Signal<Bool> { map { $0.allSatisfy { $0 } } }

  /// The logical OR of each array of Bools (RAC `or`).
  ///
  ///     self:  --a--b--|   a = [f, f], b = [t, f]
  ///     or:    --f--t--|
  public func or() -> Signal<Bool> { map { $0.contains(true) } }
}

extension Signal where Value == Bool {
  /// Negates each Bool (RAC `not`).
  ///
  ///     self:  --t--f--|
  ///     not:   --f--t--|
  public func not() -> Signal<Bool> { map { !$0 } }
}
