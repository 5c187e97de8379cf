import Reactive

extension RxJSOperators {
  /// Sends a value, then ignores values until the signal `duration` returns for it sends a
  /// value (RxJS `throttle`; RAC's `throttle:` is a debounce). With `trailing`, the latest value
  /// of a window is sent when it ends and opens a new window; without `leading`, the value that
  /// opens a window is held back.
  ///
  ///     self:                              -abc---d--|
  ///     rxjs.throttle { _ in ---x }:       -a-----d--|
  ///     rxjs.throttle(trailing: true) { _ in ---x }:
  ///                                        -a--c--d--|
  ///
  /// A duration signal that completes without a value ends the window without a trailing
  /// value. An error from the source or a duration signal is forwarded; completion waits for
  /// a trailing value still to be sent.
  ///
  /// - Parameters:
  ///   - leading: Send the value that opens a window.
  ///   - trailing: Send the latest value of a window when it ends.
  ///   - duration: Makes the signal whose first value ends the window opened by a value.
  ///
  /// A `probe` reports whether a window is open as lane `windowOpen` and the value held for
  /// it as lane `pending`.
  public func throttle<T>(
    leading: Bool = true, trailing: Bool = false, probe: StateProbe? = nil,
    _ duration: @escaping (Value) -> Signal<T>
  ) -> Signal<Value> {
    let source = signal
    return Signal { subscriber in
      let state = Locked(RxJSThrottleState<Value>())
      let window = SerialDisposable()
      subscriber.attach(window)
      let report = probe?.take()
      report?(.windowOpen, false)
      report?(.pending, Value?.none as Any)
      func startWindow(_ value: Value) {
        let generation = state.withLock { state -> Int in
          state.generation += 1
          state.throttling = true
          return state.generation
        }
        report?(.windowOpen, true)
        let ender = Subscriber<T> { event in
          let current = state.withLock { $0.generation == generation && $0.throttling }
          guard current else { return }
          switch event {
          case .next:
            window.swap(nil)?.dispose()
            state.withLock { $0.throttling = false }
            report?(.windowOpen, false)
            if trailing {
              send()
              if state.withLock({ $0.completed }) { subscriber.sendCompleted() }
            }
          case .error(let error):
            subscriber.sendError(error)
          case .completed:
            let completed = state.withLock { state -> Bool in
              state.throttling = false
              return state.completed
            }
            report?(.windowOpen, false)
            if completed { subscriber.sendCompleted() }
          }
        }
        window.swap(ender)?.dispose()
        duration(value).subscribe(ender)
      }
      func send() {
        let (value, completed) = state.withLock { state in
          defer { state.pending = nil }
          return (state.pending, state.completed)
        }
        guard let value else { return }
        report?(.pending, Value?.none as Any)
        subscriber.sendNext(value)
        if !completed { startWindow(value) }
      }
      return source.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          let throttling = state.withLock { state -> Bool in
            state.pending = value
            return state.throttling
          }
          report?(.pending, value)
          guard !throttling else { return }
          if leading { send() } else { startWindow(value) }
        case .error:
          subscriber.send(event)
        case .completed:
          let waits = state.withLock { state -> Bool in
            state.completed = true
            return trailing && state.pending != nil && state.throttling
          }
          if !waits { subscriber.sendCompleted() }
        }
      }
    }
  }
}

/// What `rxjs.throttle` keeps between values.
private struct RxJSThrottleState<Value> {
  /// The latest value not sent yet.
  var pending: Value?
  /// Whether a window is open.
  var throttling = false
  /// Counts windows, so that a stale duration signal is ignored.
  var generation = 0
  var completed = false
}
