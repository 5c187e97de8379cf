import Reactive

extension Signal {
  /// At a value, waits `frames` ticks, then sends the latest value (RxJS `auditTime`).
  ///
  ///     self:                   -ab---c-----|
  ///     auditTime(3, on: s):    ----b----c--|
  ///
  /// A value starts the wait only when no wait is running; values during it replace the one to
  /// send. On completion a running wait still ends with its value, then the result completes.
  /// An error is forwarded at once and the waiting value is dropped.
  ///
  /// - Parameters:
  ///   - frames: The wait in ticks.
  ///   - scheduler: The scheduler that measures the wait.
  ///   - probe: Told the value to send when the wait ends as lane `pending` (nil while no wait
  ///     runs).
  public func auditTime(_ frames: Int, on scheduler: any Scheduler, probe: StateProbe? = nil)
    -> Signal<Value>
  {
    Signal { subscriber in
      let state = Locked((latest: Value?.none, waiting: false, completed: false))
      let report = probe?.take()
      report?(.pending, Value?.none as Any)
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          let starts = state.withLock { state -> Bool in
            state.latest = value
            if state.waiting { return false }
            state.waiting = true
            return true
          }
          report?(.pending, value)
          guard starts else { return }
          subscriber.schedule(on: scheduler, after: frames) {
            let (value, completed) = state.withLock { state in
              defer {
                state.latest = nil
                state.waiting = false
              }
              return (state.latest, state.completed)
            }
            report?(.pending, Value?.none as Any)
            if let value { subscriber.sendNext(value) }
            if completed { subscriber.sendCompleted() }
          }
        case .error:
          subscriber.send(event)
        case .completed:
          let now = state.withLock { state -> Bool in
            state.completed = true
            return !state.waiting
          }
          if now { subscriber.sendCompleted() }
        }
      }
    }
  }
}
