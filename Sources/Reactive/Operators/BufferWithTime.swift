extension Signal {
  /// Collects values into arrays, each sent `frames` ticks after its first value (RAC
  /// `bufferWithTime:onScheduler:`).
  ///
  ///     self:                        -12--3------4-|
  ///     bufferWithTime(3, on: s):    ----a---b-----(c|)   a = [1, 2], b = [3], c = [4]
  ///
  /// The timer starts at the first value of each buffer, so no empty arrays are sent. On
  /// completion a non-empty buffer is sent at once, then the completion. An error is forwarded
  /// at once and the buffer is dropped.
  ///
  /// - Parameters:
  ///   - frames: How long a buffer stays open after its first value, in ticks.
  ///   - scheduler: The scheduler that measures the time and sends the arrays.
  ///   - probe: Told the buffer being filled as lane `buffered` (empty while no window is
  ///     open).
  public func bufferWithTime(_ frames: Int, on scheduler: any Scheduler, probe: StateProbe? = nil)
    -> Signal<[Value]>
  {
    Signal<[Value]> { subscriber in
      let buffer = Locked<[Value]>([])
      let timer = SerialDisposable()
      subscriber.attach(timer)
      let report = probe?.take()
      report?(.buffered, [Value]())
      func flush() {
        timer.swap(nil)?.dispose()
        let values = buffer.withLock { values -> [Value] in
          defer { values = [] }
          return values
        }
        if !values.isEmpty {
          report?(.buffered, [Value]())
          subscriber.sendNext(values)
        }
      }
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          let first = buffer.withLock { values -> Bool in
            values.append(value)
            return values.count == 1
          }
          if let report { report(.buffered, buffer.withLock { $0 }) }
          if first { timer.swap(scheduler.schedule(after: frames) { flush() })?.dispose() }
        case .error(let error):
          subscriber.sendError(error)
        case .completed:
          flush()
          subscriber.sendCompleted()
        }
      }
    }
  }
}
