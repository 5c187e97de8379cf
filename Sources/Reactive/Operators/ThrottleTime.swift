extension Signal {
  /// Sends a value, then ignores values for `frames` ticks; the next value after that window
  /// is sent and opens a new one (RxJS `throttleTime`, leading edge; not RAC's `throttle`).
  ///
  ///     self:                     -a-x-y----b---x-cx---|
  ///     throttleTime(5, on: s):   -a--------b-----c----|
  ///
  /// The window closes by an action on `scheduler`, so a value at exactly the closing frame is
  /// ignored when the source scheduled it earlier (as in RxJS marble tests). Terminal events
  /// pass at once.
  ///
  /// - Parameters:
  ///   - frames: The length of the silent window in ticks.
  ///   - scheduler: The scheduler that measures the window.
  public func throttleTime(_ frames: Int, on scheduler: any Scheduler) -> Signal<Value> {
    Signal { subscriber in
      let windowOpen = Locked(false)
      let timer = SerialDisposable()
      subscriber.attach(timer)
      return self.subscribe(for: subscriber) { event in
        guard case .next = event else { return subscriber.send(event) }
        let opens = windowOpen.withLock { open -> Bool in
          if open { return false }
          open = true
          return true
        }
        guard opens else { return }
        timer.swap(scheduler.schedule(after: frames) { windowOpen.withLock { $0 = false } })?
          .dispose()
        subscriber.send(event)
      }
    }
  }
}
