import Reactive

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
  ///
  /// A `probe` reports the running inner signal as lane `active`: the ordinal (1, 2, …) of
  /// the value that made it, or none.
  public func exhaustMap<T>(probe: StateProbe? = nil, _ transform: @escaping (Value) -> Signal<T>)
    -> Signal<T>
  {
    Signal<T> { subscriber in
      let state = Locked((busy: false, outerDone: false))
      let report = probe?.take()
      report?(.active, [Int]())
      var values = 0
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          values += 1
          let starts = state.withLock { state -> Bool in
            if state.busy { return false }
            state.busy = true
            return true
          }
          guard starts else { return }
          report?(.active, [values])
          var token: CompositeDisposable.Token?
          let inner = Subscriber<T> { innerEvent in
            guard case .completed = innerEvent else { return subscriber.send(innerEvent) }
            subscriber.detach(token)
            report?(.active, [Int]())
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
  ///
  /// A `probe` reports the running inner signal as lane `active` (see `exhaustMap`).
  public func exhaustAll<T>(probe: StateProbe? = nil) -> Signal<T> where Value == Signal<T> {
    exhaustMap(probe: probe) { $0 }
  }
}
