extension Signal {
  /// Pairs up the values of `signals` by position: the nth output holds each input's nth value
  /// (RAC `+zip:`).
  ///
  /// Inputs are subscribed in array order. Values wait in a buffer per input until every input
  /// has one. The result completes as soon as some input has completed and its buffer is empty
  /// (no more full rows can form); the first error from any input terminates. An empty array
  /// gives `empty`.
  ///
  ///     a:    --1--2-----3--|
  ///     b:    -----x--y-----|
  ///     zip:  -----p--q-----|   p = [1, x], q = [2, y]
  ///
  /// - Parameters:
  ///   - signals: The inputs, of one value type.
  ///   - probe: Told the values waiting of each input as lane `queues` (one array per input).
  /// - Returns: A signal of rows, one element per input, in input order.
  public static func zip(_ signals: [Signal<Value>], probe: StateProbe? = nil) -> Signal<[Value]> {
    guard !signals.isEmpty else { return .empty }
    return Signal<[Value]> { subscriber in
      let state = Locked(ZipState<Value>(count: signals.count))
      let report = probe?.take()
      report?(.queues, state.withLock { $0.waiting })
      for (index, signal) in signals.enumerated() {
        if subscriber.isDisposed { break }
        signal.subscribe(for: subscriber) { event in
          switch event {
          case .next(let value):
            let (row, done) = state.withLock { $0.push(value, at: index) }
            if let report { report(.queues, state.withLock { $0.waiting }) }
            if let row { subscriber.sendNext(row) }
            if done { subscriber.sendCompleted() }
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

  /// Pairs up the values of `signals` by position (RAC `+zip:`); see `zip(_:)` with an array.
  ///
  ///     a:    --1--2--|
  ///     b:    -x--y--z|
  ///     zip:  --p--q--|   p = [1, x], q = [2, y]
  public static func zip(_ signals: Signal<Value>...) -> Signal<[Value]> {
    zip(signals)
  }

  /// Pairs up the values of this signal and `other` by position (RAC `zipWith:`).
  ///
  /// Completes once either side has completed and its buffered values are used up.
  ///
  ///     self:   --1--2-----3--|
  ///     other:  -----x--y-----|
  ///     zip:    -----p--q-----|   p = (1, x), q = (2, y)
  ///
  /// - Parameter other: The second input, subscribed after this one.
  /// - Returns: A signal of pairs.
  public func zip<T>(with other: Signal<T>) -> Signal<(Value, T)> {
    let left = map { Either<Value, T>.left($0) }
    let right = other.map { Either<Value, T>.right($0) }
    return Signal<Either<Value, T>>.zip([left, right]).eitherPairs()
  }
}

extension Signal {
  /// Turns rows `[.left(a), .right(b)]` into pairs `(a, b)`; other rows cannot occur.
  func eitherPairs<A, B>() -> Signal<(A, B)> where Value == [Either<A, B>] {
    Signal<(A, B)> { subscriber in
      self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let row):
          if row.count == 2, case .left(let a) = row[0], case .right(let b) = row[1] {
            subscriber.sendNext((a, b))
          }
        case .error(let error): subscriber.sendError(error)
        case .completed: subscriber.sendCompleted()
        }
      }
    }
  }
}

/// The buffers of `zip`: one FIFO queue of values per input.
struct ZipState<Value> {
  /// The waiting values of each input; `heads[i]` indexes the oldest one of `queues[i]`.
  private var queues: [[Value]]
  private var heads: [Int]
  /// Which inputs have completed.
  private var completed: [Bool]

  init(count: Int) {
    queues = Array(repeating: [], count: count)
    heads = Array(repeating: 0, count: count)
    completed = Array(repeating: false, count: count)
  }

  /// Buffers `value`; returns the next full row, if one formed, and whether zip is now done.
  mutating func push(_ value: Value, at index: Int) -> (row: [Value]?, done: Bool) {
    queues[index].append(value)
    guard queues.indices.allSatisfy({ queues[$0].count > heads[$0] }) else {
      return (nil, false)
    }
    var row: [Value] = []
    row.reserveCapacity(queues.count)
    for input in queues.indices {
      row.append(queues[input][heads[input]])
      heads[input] += 1
      if heads[input] == queues[input].count {
        queues[input].removeAll(keepingCapacity: true)
        heads[input] = 0
      } else if heads[input] > 32 && heads[input] * 2 > queues[input].count {
        queues[input].removeFirst(heads[input])
        heads[input] = 0
      }
    }
    return (row, isDone)
  }

  /// Marks an input completed; returns whether zip is now done.
  mutating func complete(_ index: Int) -> Bool {
    completed[index] = true
    return isDone
  }

  /// The values waiting, per input, oldest first.
  var waiting: [[Value]] { queues.indices.map { Array(queues[$0][heads[$0]...]) } }

  /// Some input has completed and has nothing left to pair.
  private var isDone: Bool {
    queues.indices.contains { completed[$0] && queues[$0].count == heads[$0] }
  }
}
