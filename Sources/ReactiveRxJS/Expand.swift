import Reactive

extension Signal {
  /// Sends each value, and for each value sent subscribes the signal `transform` returns for
  /// it, whose values are sent and expanded the same way (RxJS `expand`).
  ///
  ///     self:                                    -1----|
  ///     expand { x in x < 4 ? --(2x|) : empty }: -1-2-4|
  ///
  /// The result completes once the source and every inner signal have completed; the first
  /// error disposes everything and is forwarded. A value that arrives after the result has
  /// been disposed is not expanded.
  ///
  /// With a `concurrent` limit (RxJS `expand(project, concurrent)`), at most that many inner
  /// signals run at once; a value that arrives while they all run waits, unsent, in a queue,
  /// and is sent and expanded when one of them completes, oldest first. The result then also
  /// waits for the queue to empty.
  ///
  ///     self:                                     -1----|
  ///     expand(concurrent: 1) { x in --(x+1|) }:  -1-2-3-4 …   (one inner signal at a time)
  ///
  /// - Parameters:
  ///   - concurrent: The most inner signals running at once; nil (or `Int.max`): no limit.
  ///   - probe: Told the running inner signals as lane `active`, and with a `concurrent` limit
  ///     the values waiting as lane `queue`: the ordinals (1, 2, …) of the values in the order
  ///     they arrived, `[]` at first.
  ///   - transform: Makes the signal of the values that follow a value.
  public func expand(
    concurrent: Int? = nil, probe: StateProbe? = nil,
    _ transform: @escaping (Value) -> Signal<Value>
  ) -> Signal<Value> {
    let limit = Swift.max(1, concurrent ?? .max)
    return Signal { subscriber in
      // `running`: inner signals subscribed; `waiting`: values (and ordinals) not yet sent.
      let state = Locked((running: 0, sourceDone: false))
      var waiting: [(value: Value, ordinal: Int)] = []
      let report = probe?.take()
      var arrived = 0
      var active: [Int] = []
      report?(.active, active)
      if concurrent != nil { report?(.queue, [Int]()) }
      func reportQueue() {
        if concurrent != nil { report?(.queue, waiting.map(\.ordinal)) }
      }
      func completeIfDone() {
        let done = state.withLock { $0.sourceDone && $0.running == 0 } && waiting.isEmpty
        if done { subscriber.sendCompleted() }
      }
      func arrive(_ value: Value) {
        arrived += 1
        let ordinal = arrived
        let starts = state.withLock { state -> Bool in
          guard state.running < limit else { return false }
          state.running += 1
          return true
        }
        if starts {
          send(value, ordinal)
        } else {
          waiting.append((value, ordinal))
          reportQueue()
        }
      }
      func send(_ value: Value, _ ordinal: Int) {
        subscriber.sendNext(value)
        if subscriber.isDisposed { return }
        if report != nil {
          active.append(ordinal)
          report?(.active, active)
        }
        var token: CompositeDisposable.Token?
        let inner = Subscriber<Value> { event in
          switch event {
          case .next(let next): arrive(next)
          case .error(let error): subscriber.sendError(error)
          case .completed:
            subscriber.detach(token)
            if report != nil { active.removeAll { $0 == ordinal } }
            if !waiting.isEmpty && !subscriber.isDisposed {
              // The slot passes to the oldest waiting value, which `send` reports as active.
              let next = waiting.removeFirst()
              reportQueue()
              send(next.value, next.ordinal)
            } else {
              report?(.active, active)
              state.withLock { $0.running -= 1 }
              completeIfDone()
            }
          }
        }
        token = subscriber.attachRemovable(inner)
        transform(value).subscribe(inner)
      }
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value): arrive(value)
        case .error(let error): subscriber.sendError(error)
        case .completed:
          state.withLock { $0.sourceDone = true }
          completeIfDone()
        }
      }
    }
  }
}
