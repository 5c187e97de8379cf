import Reactive

extension Signal {
  /// Drops values until `notifier` sends a value, then forwards everything (RxJS `skipUntil`).
  ///
  ///     self:                --1--2--3--4--|
  ///     notifier:            ------x
  ///     skipUntil(notifier): --------3--4--|
  ///
  /// The notifier is subscribed first and disposed at its first value; its completion without
  /// a value changes nothing (no value is ever forwarded then); its error is forwarded.
  ///
  /// - Parameter notifier: The signal whose first value opens the gate.
  ///
  /// A `probe` reports whether the notifier has sent as lane `fired`.
  public func skipUntil<T>(_ notifier: Signal<T>, probe: StateProbe? = nil) -> Signal<Value> {
    Signal { subscriber in
      let open = Locked(false)
      let gate = SerialDisposable()
      subscriber.attach(gate)
      let report = probe?.take()
      report?(.fired, false)
      let watcher = Subscriber<T> { event in
        switch event {
        case .next:
          open.withLock { $0 = true }
          report?(.fired, true)
          gate.swap(nil)?.dispose()
        case .error(let error): subscriber.sendError(error)
        case .completed: break
        }
      }
      gate.swap(watcher)?.dispose()
      notifier.subscribe(watcher)
      if subscriber.isDisposed { return nil }
      return self.subscribe(for: subscriber) { event in
        if case .next = event, !open.value { return }
        subscriber.send(event)
      }
    }
  }
}
