import Reactive

extension Signal {
  /// Sends a value, then ignores values for `frames` ticks (RxJS `throttleTime`, not RAC's
  /// `throttle`). With `trailing`, the last value of a window is sent when it closes and opens
  /// a new window; without `leading`, the value that opens a window is held back.
  ///
  ///     self:                                   -a-x-y----b---x-cx---|
  ///     throttleTime(5, on: s):                 -a--------b-----c----|
  ///     throttleTime(5, trailing: true, on: s): -a----y----b----x----(x|)
  ///
  /// The window closes by an action on `scheduler`, so a value at exactly the closing frame is
  /// ignored when the source scheduled it earlier (as in RxJS marble tests). An error passes at
  /// once; completion waits for a trailing value still to be sent.
  ///
  /// - Parameters:
  ///   - frames: The length of the silent window in ticks.
  ///   - leading: Send the value that opens a window.
  ///   - trailing: Send the latest value of a window when it closes.
  ///   - scheduler: The scheduler that measures the window.
  ///   - probe: Told whether the silent window is open (lane `windowOpen`) and the value held for
  ///     it (lane `pending`, nil when none).
  public func throttleTime(
    _ frames: Int, leading: Bool = true, trailing: Bool = false, on scheduler: any Scheduler,
    probe: StateProbe? = nil
  ) -> Signal<Value> {
    Signal { subscriber in
      let state = Locked(ThrottleTimeState<Value>())
      let timer = SerialDisposable()
      subscriber.attach(timer)
      let report = probe?.take()
      report?(.windowOpen, false)
      report?(.pending, Value?.none as Any)
      func openWindow() {
        state.withLock { $0.windowOpen = true }
        report?(.windowOpen, true)
        timer.swap(scheduler.schedule(after: frames) { closeWindow() })?.dispose()
      }
      func closeWindow() {
        let (value, completed) = state.withLock { state -> (Value?, Bool) in
          state.windowOpen = false
          defer { state.pending = nil }
          return (trailing ? state.pending : nil, state.completed)
        }
        report?(.windowOpen, false)
        report?(.pending, Value?.none as Any)
        if let value {
          subscriber.sendNext(value)
          if !completed { openWindow() }
        }
        if completed { subscriber.sendCompleted() }
      }
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          let opens = state.withLock { state -> Bool in
            state.pending = value
            return !state.windowOpen
          }
          guard opens else { return report?(.pending, value) ?? () }
          if leading {
            state.withLock { $0.pending = nil }
            subscriber.sendNext(value)
          } else {
            report?(.pending, value)
          }
          openWindow()
        case .error:
          subscriber.send(event)
        case .completed:
          let waits = state.withLock { state -> Bool in
            state.completed = true
            return trailing && state.windowOpen && state.pending != nil
          }
          if !waits { subscriber.sendCompleted() }
        }
      }
    }
  }
}

/// What `throttleTime` keeps between values.
private struct ThrottleTimeState<Value> {
  /// Whether a silent window is running.
  var windowOpen = false
  /// The latest value not sent yet (sent at the window's end when trailing).
  var pending: Value?
  var completed = false
}
