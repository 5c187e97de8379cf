extension Signal {
  /// Maps each value to a signal and forwards it, ignoring the values that arrive while the
  /// current inner signal is still running (RxJS `exhaustMap`).
  ///
  ///     self:                        -a--b----c--|
  ///     exhaustMap(x -> --x-x|):     ---a-a----c-c|      (b arrived while a's was running)
  ///
  /// The result completes once the source and the running inner signal have completed; the
  /// first error from either disposes everything and is forwarded.
  ///
  /// - Parameter transform: Makes the inner signal of a value that is not ignored.
  public func exhaustMap<T>(_ transform: @escaping (Value) -> Signal<T>) -> Signal<T> {
    Signal<T> { subscriber in
      let state = Locked((busy: false, outerDone: false))
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          let starts = state.withLock { state -> Bool in
            if state.busy { return false }
            state.busy = true
            return true
          }
          guard starts else { return }
          var token: CompositeDisposable.Token?
          let inner = Subscriber<T> { innerEvent in
            guard case .completed = innerEvent else { return subscriber.send(innerEvent) }
            subscriber.detach(token)
            let done = state.withLock { state -> Bool in
              state.busy = false
              return state.outerDone
            }
            if done { subscriber.sendCompleted() }
          }
          token = subscriber.attachRemovable(inner)
          transform(value).subscribe(inner)
        case .error(let error):
          subscriber.sendError(error)
        case .completed:
          let done = state.withLock { state -> Bool in
            state.outerDone = true
            return !state.busy
          }
          if done { subscriber.sendCompleted() }
        }
      }
    }
  }

  /// Forwards an inner signal only when no other is running (RxJS `exhaustAll`).
  ///
  ///     outer:       -x--y----|        x = --a|, y = -b|
  ///     exhaustAll:  ---a-----|        (y arrived while x was running)
  public func exhaustAll<T>() -> Signal<T> where Value == Signal<T> {
    exhaustMap { $0 }
  }
}
