extension Signal {
  /// Sends a value only once `frames` ticks pass without another value: a debounce (RAC
  /// `throttle:`).
  ///
  ///     self:                 -12---3-----4|
  ///     throttle(3, on: s):   -----2---3---(4|)
  ///
  /// Each value replaces the pending one and restarts the quiet period. On completion the
  /// pending value, if any, is sent at once, then the completion (RAC flushes it). An error is
  /// forwarded at once and the pending value is dropped.
  ///
  /// - Parameters:
  ///   - frames: The quiet period in ticks.
  ///   - scheduler: The scheduler that measures the quiet period and sends the values.
  ///
  /// A `probe` reports the value held back as lane `pending` (nil while the window is closed).
  public func throttle(_ frames: Int, on scheduler: any Scheduler, probe: StateProbe? = nil)
    -> Signal<Value>
  {
    Signal { subscriber in
      let state = Locked(ThrottleState<Value>())
      let timer = SerialDisposable()
      subscriber.attach(timer)
      let report = probe?.take()
      report?(.pending, Value?.none as Any)
      func flush(generation: Int?) {
        let pending = state.withLock { state -> Value? in
          if let generation, generation != state.generation { return nil }
          defer { state.pending = nil }
          return state.pending
        }
        if let pending {
          report?(.pending, Value?.none as Any)
          subscriber.sendNext(pending)
        }
      }
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          let generation = state.withLock { state -> Int in
            state.pending = value
            state.generation &+= 1
            return state.generation
          }
          report?(.pending, value)
          timer.swap(scheduler.schedule(after: frames) { flush(generation: generation) })?
            .dispose()
        case .error(let error):
          subscriber.sendError(error)
        case .completed:
          timer.swap(nil)?.dispose()
          flush(generation: nil)
          subscriber.sendCompleted()
        }
      }
    }
  }
}

/// The value `throttle` holds back.
private struct ThrottleState<Value> {
  /// The latest value not sent yet.
  var pending: Value?
  /// Counts values, so that a timer started for an older value sends nothing.
  var generation = 0
}
