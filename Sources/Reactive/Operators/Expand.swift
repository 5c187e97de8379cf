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
  /// - Parameter transform: Makes the signal of the values that follow a value.
  public func expand(_ transform: @escaping (Value) -> Signal<Value>) -> Signal<Value> {
    Signal { subscriber in
      let state = Locked((active: 1, sourceDone: false))
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
        var token: CompositeDisposable.Token?
        let inner = Subscriber<Value> { event in
          switch event {
          case .next(let next): send(next)
          case .error(let error): subscriber.sendError(error)
          case .completed:
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
