import Reactive

extension RxJSOperators {
  /// Fails with `SignalError.timedOut`, or switches to `alternative`, when a value is late
  /// (RxJS `timeout({ first, each, with })`).
  ///
  ///     self:                          --a-----b--|
  ///     rxjs.timeout(each: 4, on: s):  --a---#            # = SignalError.timedOut
  ///
  ///     alternative:                   -x|
  ///     rxjs.timeout(each: 4, with: alternative, on: s):
  ///                                    --a----x|
  ///
  /// The first value must arrive within `first` ticks of the subscription (`each` when `first`
  /// is nil); each later value within `each` ticks of the previous one (no limit when `each` is
  /// nil). Unlike RAC `timeout:`, the limit is per value, not for the whole signal. On timing
  /// out the source is disposed before the alternative is subscribed. Terminal events pass.
  ///
  /// - Parameters:
  ///   - first: The limit for the first value, in ticks.
  ///   - each: The limit between values, in ticks.
  ///   - alternative: The signal to continue with instead of failing.
  ///   - scheduler: The scheduler that measures the limits.
  ///   - probe: Told the frame the running limit ends at as lane `deadline` (nil while none
  ///     runs, and once switched to `alternative`).
  public func timeout(
    first: Int? = nil, each: Int?, with alternative: Signal<Value>? = nil,
    on scheduler: any Scheduler, probe: StateProbe? = nil
  ) -> Signal<Value> {
    let source = signal
    return Signal { subscriber in
      let report = probe?.take()
      report?(.deadline, Int?.none as Any)
      let timer = SerialDisposable()
      let upstream = SerialDisposable()
      subscriber.attach(timer)
      subscriber.attach(upstream)
      let seen = Locked(0)
      func arm(_ frames: Int, generation: Int) {
        report?(.deadline, scheduler.now + frames)
        let action = scheduler.schedule(after: frames) {
          guard seen.value == generation else { return }
          upstream.swap(nil)?.dispose()
          if let alternative {
            report?(.deadline, Int?.none as Any)
            alternative.subscribe(for: subscriber, subscriber.send)
          } else {
            subscriber.sendError(SignalError.timedOut)
          }
        }
        timer.swap(action)?.dispose()
      }
      if let limit = first ?? each { arm(limit, generation: 0) }
      let inner = Subscriber<Value> { event in
        if case .next = event {
          let generation = seen.add(1)
          if let each {
            arm(each, generation: generation)
          } else {
            timer.swap(nil)?.dispose()
            report?(.deadline, Int?.none as Any)
          }
        } else {
          timer.swap(nil)?.dispose()
        }
        subscriber.send(event)
      }
      upstream.swap(inner)?.dispose()
      if subscriber.isDisposed { return nil }
      source.subscribe(inner)
      return nil
    }
  }
}
