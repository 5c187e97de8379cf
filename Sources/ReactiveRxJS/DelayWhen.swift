import Reactive

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
  /// - Parameters:
  ///   - probe: Told the values held, oldest first, as lane `pending`.
  ///   - duration: Makes the signal whose first value releases a value.
  public func delayWhen<T>(probe: StateProbe? = nil, _ duration: @escaping (Value) -> Signal<T>)
    -> Signal<Value>
  {
    Signal { subscriber in
      let state = Locked((pending: 0, completed: false))
      let report = probe?.take()
      // The values held (drawn only), by arrival number.
      let held = Locked<[(Int, Value)]>([])
      report?(.pending, [Value]())
      func settle(_ number: Int) {
        if let report {
          report(
            .pending,
            held.withLock {
              $0.removeAll { $0.0 == number }
              return $0.map(\.1)
            })
        }
        let done = state.withLock { state -> Bool in
          state.pending -= 1
          return state.pending == 0 && state.completed
        }
        if done { subscriber.sendCompleted() }
      }
      var arrivals = 0
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          state.withLock { $0.pending += 1 }
          arrivals += 1
          let number = arrivals
          if let report {
            report(
              .pending,
              held.withLock {
                $0.append((number, value))
                return $0.map(\.1)
              })
          }
          let holder = SerialDisposable()
          var token: CompositeDisposable.Token?
          let release = Subscriber<T> { ending in
            switch ending {
            case .next:
              subscriber.detach(token)
              holder.dispose()
              subscriber.sendNext(value)
              settle(number)
            case .error(let error):
              subscriber.sendError(error)
            case .completed:
              subscriber.detach(token)
              settle(number)
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
