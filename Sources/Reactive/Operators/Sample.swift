extension Signal {
  /// Sends this signal's latest value each time `trigger` sends a value (RAC `sample:`).
  ///
  ///     self:      --1---2-3-----|
  ///     trigger:   ----x---x--x----
  ///     sample:    ----1---3--3--|
  ///
  /// Nothing is sent for a trigger before the first value. As in RAC, the latest value is kept
  /// after sampling, so it can be sent again. This signal is subscribed first, then `trigger`.
  /// The result completes when either completes and fails when either fails.
  ///
  /// - Parameters:
  ///   - trigger: The signal whose values cause a sample.
  ///   - probe: Reports the latest value kept as lane `latest` (nil until the first value).
  public func sample<T>(_ trigger: Signal<T>, probe: StateProbe? = nil) -> Signal<Value> {
    sample(trigger, probe: probe, once: false)
  }

  /// `sample(_:probe:)`, or with `once` RxJS `sample`: a value is sent at most once (it is
  /// dropped when sent, and `probe` then reports nil), and `trigger`'s completion does not
  /// complete the result.
  package func sample<T>(_ trigger: Signal<T>, probe: StateProbe?, once: Bool) -> Signal<Value> {
    Signal { subscriber in
      let latest = Locked<Value?>(nil)
      let report = probe?.take()
      report?(.latest, Value?.none as Any)
      self.subscribe(for: subscriber) { event in
        if case .next(let value) = event {
          latest.withLock { $0 = value }
          report?(.latest, value)
        } else {
          subscriber.send(event)
        }
      }
      if subscriber.isDisposed { return nil }
      return trigger.subscribe(for: subscriber) { event in
        switch event {
        case .next:
          let value = latest.withLock { latest -> Value? in
            defer { if once { latest = nil } }
            return latest
          }
          guard let value else { return }
          if once { report?(.latest, Value?.none as Any) }
          subscriber.sendNext(value)
        case .error(let error): subscriber.sendError(error)
        case .completed: if !once { subscriber.sendCompleted() }
        }
      }
    }
  }
}
