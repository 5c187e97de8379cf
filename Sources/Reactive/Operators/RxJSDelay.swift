extension RxJSOperators {
  /// Sends each value `frames` ticks later on `scheduler`; completes as soon as the source has
  /// completed and every delayed value is out; an error is sent at once (RxJS `delay`).
  ///
  ///     self:                    --1--2|
  ///     rxjs.delay(3, on: s):    -----1--(2|)
  ///
  ///     self:                    ---|
  ///     rxjs.delay(3, on: s):    ---|          (nothing to wait for)
  ///
  /// Unlike RAC `delay:`, the completion itself is never delayed. Disposal cancels every
  /// delivery still pending.
  ///
  /// - Parameters:
  ///   - frames: The delay in ticks.
  ///   - scheduler: The scheduler that measures the delay and delivers the values.
  public func delay(_ frames: Int, on scheduler: any Scheduler) -> Signal<Value> {
    let source = signal
    return Signal { subscriber in
      let state = Locked((pending: 0, completed: false))
      return source.subscribe(for: subscriber) { event in
        switch event {
        case .next:
          state.withLock { $0.pending += 1 }
          subscriber.schedule(on: scheduler, after: frames) {
            subscriber.send(event)
            let done = state.withLock { state -> Bool in
              state.pending -= 1
              return state.pending == 0 && state.completed
            }
            if done { subscriber.sendCompleted() }
          }
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
