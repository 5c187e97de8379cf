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
    debounce(
      probe: probe, releasedBy: nil as ((Value) -> Signal<Void>)?, after: (frames, scheduler))
  }

  /// Sends a value once the signal `duration` makes for it sends, unless a newer value came
  /// first: RxJS `debounce` (documented there); with no `duration`, once `delay` passes (a
  /// scheduled action a value, no signal or subscriber: `throttle`).
  package func debounce<T>(
    probe: StateProbe?, releasedBy duration: ((Value) -> Signal<T>)?,
    after delay: (frames: Int, on: any Scheduler)? = nil
  ) -> Signal<Value> {
    Signal { subscriber in
      let state = Locked((pending: Value?.none, generation: 0))
      let timer = SerialDisposable()
      subscriber.attach(timer)
      let report = probe?.take()
      report?(.pending, Value?.none as Any)
      func flush(_ generation: Int?) {
        let value = state.withLock { state -> Value? in
          if let generation, generation != state.generation { return nil }
          defer { state.pending = nil }
          return state.pending
        }
        if let value {
          report?(.pending, Value?.none as Any)
          subscriber.sendNext(value)
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
          if let delay {
            timer.swap(delay.on.schedule(after: delay.frames) { flush(generation) })?.dispose()
            return
          }
          let ender = Subscriber<T> { ending in
            switch ending {
            case .next:
              timer.swap(nil)?.dispose()
              flush(generation)
            case .error(let error): subscriber.sendError(error)
            case .completed: break
            }
          }
          timer.swap(ender)?.dispose()
          duration?(value).subscribe(ender)
        case .error:
          subscriber.send(event)
        case .completed:
          timer.swap(nil)?.dispose()
          flush(nil)
          subscriber.sendCompleted()
        }
      }
    }
  }
}
