extension Signal {
  /// Maps each value to a signal and merges them, running at most `limit` inner signals at
  /// once; the values that arrive meanwhile wait in order (RxJS `mergeMap(f, concurrent)`).
  ///
  ///     self:                                --a-b-c----|
  ///     mergeMap(concurrency: 1, x -> x--|): --a--b--c--|    (one at a time: concatMap)
  ///
  /// The result completes once the source and every inner signal have completed; the first
  /// error disposes everything and is forwarded.
  ///
  /// - Parameters:
  ///   - limit: The most inner signals subscribed at once, at least 1.
  ///   - probe: Told the running inner signals as lane `active` and the values waiting for a
  ///     free slot as lane `queue`, both as the ordinals (1, 2, …) of the values.
  ///   - transform: Makes each value's inner signal.
  public func mergeMap<T>(
    concurrency limit: Int, probe: StateProbe? = nil,
    _ transform: @escaping (Value) -> Signal<T>
  ) -> Signal<T> {
    let limit = Swift.max(1, limit)
    return Signal<T> { subscriber in
      let state = Locked(MergeState<Value>())
      let report = probe?.take()
      // With a probe: the ordinals of the values running and of those waiting.
      var ordinal = 0
      var running: [Int] = []
      var queued: [Int] = []
      report?(.active, running)
      report?(.queue, queued)
      func start(_ value: Value) {
        var token: CompositeDisposable.Token?
        let mine = running.last ?? 0
        let inner = Subscriber<T> { innerEvent in
          guard case .completed = innerEvent else { return subscriber.send(innerEvent) }
          subscriber.detach(token)
          let (next, done) = state.withLock { state -> (Value?, Bool) in
            if !state.waiting.isEmpty { return (state.waiting.removeFirst(), false) }
            state.active -= 1
            return (nil, state.active == 0 && state.outerDone)
          }
          if let report {
            running.removeAll { $0 == mine }
            if next != nil { running.append(queued.removeFirst()) }
            report(.active, running)
            if next != nil { report(.queue, queued) }
          }
          if let next { start(next) }
          if done { subscriber.sendCompleted() }
        }
        token = subscriber.attachRemovable(inner)
        transform(value).subscribe(inner)
      }
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          let starts = state.withLock { state -> Bool in
            guard state.active < limit else {
              state.waiting.append(value)
              return false
            }
            state.active += 1
            return true
          }
          if let report {
            ordinal += 1
            if starts {
              running.append(ordinal)
              report(.active, running)
            } else {
              queued.append(ordinal)
              report(.queue, queued)
            }
          }
          if starts { start(value) }
        case .error(let error):
          subscriber.sendError(error)
        case .completed:
          let done = state.withLock { state -> Bool in
            state.outerDone = true
            return state.active == 0
          }
          if done { subscriber.sendCompleted() }
        }
      }
    }
  }
}

/// What `mergeMap(concurrency:)` keeps.
private struct MergeState<Value> {
  /// Inner signals running.
  var active = 0
  /// Values waiting for a free slot, oldest first.
  var waiting: [Value] = []
  /// Whether the source has completed.
  var outerDone = false
}
