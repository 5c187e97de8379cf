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
  /// - Parameters:
  ///   - probe: Told the running inner signals as lane `active`: the ordinals (1, 2, …) of the
  ///     values sent whose inner signals are still running, `[]` at first.
  ///   - transform: Makes the signal of the values that follow a value.
  public func expand(probe: StateProbe? = nil, _ transform: @escaping (Value) -> Signal<Value>)
    -> Signal<Value>
  {
    Signal { subscriber in
      let state = Locked((active: 1, sourceDone: false))
      let report = probe?.take()
      var sent = 0
      var running: [Int] = []
      report?("active", running)
      func finishOne() {
        let done = state.withLock { state -> Bool in
          state.active -= 1
          return state.active == 0
        }
        if done { subscriber.sendCompleted() }
      }
      func send(_ value: Value) {
        subscriber.sendNext(value)
        if subscriber.isDisposed { return }
        state.withLock { $0.active += 1 }
        var mine = 0
        if let report {
          sent += 1
          mine = sent
          running.append(mine)
          report("active", running)
        }
        var token: CompositeDisposable.Token?
        let inner = Subscriber<Value> { event in
          switch event {
          case .next(let next): send(next)
          case .error(let error): subscriber.sendError(error)
          case .completed:
            if let report {
              running.removeAll { $0 == mine }
              report("active", running)
            }
            subscriber.detach(token)
            finishOne()
          }
        }
        token = subscriber.attachRemovable(inner)
        transform(value).subscribe(inner)
      }
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value): send(value)
        case .error(let error): subscriber.sendError(error)
        case .completed: finishOne()
        }
      }
    }
  }
}
