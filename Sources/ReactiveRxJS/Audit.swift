import Reactive

extension Signal {
  /// At a value, subscribes the signal `duration` returns for it; at that signal's first value,
  /// sends the latest value (RxJS `audit`).
  ///
  ///     self:                    -ab---c-----|
  ///     audit { _ in ---x }:     ----b----c--|
  ///
  /// A value starts a duration only when none is running; values meanwhile replace the one to
  /// send. A duration that completes without a value ends without sending, and the held value
  /// waits for the next duration. On completion a running duration still ends with its value,
  /// then the result completes. An error from the source or a duration is forwarded.
  ///
  /// - Parameters:
  ///   - probe: Told the value to send when the duration ends as lane `pending` (nil while
  ///     none is held).
  ///   - duration: Makes the signal whose first value ends the wait.
  public func audit<T>(probe: StateProbe? = nil, _ duration: @escaping (Value) -> Signal<T>)
    -> Signal<Value>
  {
    Signal { subscriber in
      let state = Locked((latest: Value?.none, running: false, completed: false))
      let report = probe?.take()
      report?(.pending, Value?.none as Any)
      let timer = SerialDisposable()
      subscriber.attach(timer)
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          let starts = state.withLock { state -> Bool in
            state.latest = value
            if state.running { return false }
            state.running = true
            return true
          }
          report?(.pending, value)
          guard starts else { return }
          let ender = Subscriber<T> { ending in
            switch ending {
            case .next:
              timer.swap(nil)?.dispose()
              let (value, completed) = state.withLock { state in
                defer {
                  state.latest = nil
                  state.running = false
                }
                return (state.latest, state.completed)
              }
              report?(.pending, Value?.none as Any)
              if let value { subscriber.sendNext(value) }
              if completed { subscriber.sendCompleted() }
            case .error(let error): subscriber.sendError(error)
            case .completed:
              let completed = state.withLock { state -> Bool in
                state.running = false
                return state.completed
              }
              if completed { subscriber.sendCompleted() }
            }
          }
          timer.swap(ender)?.dispose()
          duration(value).subscribe(ender)
        case .error:
          subscriber.send(event)
        case .completed:
          let now = state.withLock { state -> Bool in
            state.completed = true
            return !state.running || state.latest == nil
          }
          if now { subscriber.sendCompleted() }
        }
      }
    }
  }
}

extension Signal {
  /// At a value, waits `frames` ticks, then sends the latest value (RxJS `auditTime`).
  ///
  ///     self:                   -ab---c-----|
  ///     auditTime(3, on: s):    ----b----c--|
  ///
  /// A value starts the wait only when no wait is running; values during it replace the one to
  /// send. On completion a running wait still ends with its value, then the result completes.
  /// An error is forwarded at once and the waiting value is dropped. As in RxJS, this is
  /// `audit` with a timer for each wait.
  ///
  /// - Parameters:
  ///   - frames: The wait in ticks.
  ///   - scheduler: The scheduler that measures the wait.
  ///   - probe: Told the value to send when the wait ends as lane `pending` (nil while no wait
  ///     runs).
  public func auditTime(_ frames: Int, on scheduler: any Scheduler, probe: StateProbe? = nil)
    -> Signal<Value>
  {
    audit(probe: probe) { _ in Signal<Int>.timer(frames, on: scheduler) }
  }
}
