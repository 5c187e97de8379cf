extension Signal {
  /// Sends each value when the signal `duration` returns for it sends its first value;
  /// completes once the source has completed and every held value is out (RxJS `delayWhen`).
  ///
  ///     self:                         -a--b|
  ///     delayWhen { _ in ---x }:      ----a--(b|)
  ///
  /// A duration signal that completes without a value drops its value. An error from the
  /// source or a duration signal is forwarded at once.
  ///
  /// - Parameter duration: Makes the signal whose first value releases a value.
  public func delayWhen<T>(_ duration: @escaping (Value) -> Signal<T>) -> Signal<Value> {
    Signal { subscriber in
      let state = Locked((pending: 0, completed: false))
      func settle() {
        let done = state.withLock { state -> Bool in
          state.pending -= 1
          return state.pending == 0 && state.completed
        }
        if done { subscriber.sendCompleted() }
      }
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          state.withLock { $0.pending += 1 }
          let holder = SerialDisposable()
          var token: CompositeDisposable.Token?
          let release = Subscriber<T> { ending in
            switch ending {
            case .next:
              subscriber.detach(token)
              holder.dispose()
              subscriber.sendNext(value)
              settle()
            case .error(let error):
              subscriber.sendError(error)
            case .completed:
              subscriber.detach(token)
              settle()
            }
          }
          token = subscriber.attachRemovable(holder)
          holder.swap(release)?.dispose()
          duration(value).subscribe(release)
        case .error:
          subscriber.send(event)
        case .completed:
          let now = state.withLock { state -> Bool in
            state.completed = true
            return state.pending == 0
          }
          if now { subscriber.sendCompleted() }
        }
      }
    }
  }
}
