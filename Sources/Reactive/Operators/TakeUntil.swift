extension Signal {
  /// Forwards values until `trigger` sends a value or completes, then completes (RAC `takeUntil:`).
  ///
  /// The trigger is subscribed first; if it fires synchronously, this signal is never subscribed.
  /// An error from the trigger is ignored.
  ///
  ///     self:       --a--b--c--|
  ///     trigger:    -------x
  ///     takeUntil:  --a--b-|
  ///
  /// A `probe` reports whether the trigger has sent or completed as lane `fired`.
  public func takeUntil<T>(_ trigger: Signal<T>, probe: StateProbe? = nil) -> Signal<Value> {
    Signal { subscriber in
      let report = probe?.take()
      report?(.fired, false)
      let triggerSubscriber = Subscriber<T> { event in
        if case .error = event { return }
        report?(.fired, true)
        subscriber.sendCompleted()
      }
      subscriber.attach(triggerSubscriber)
      trigger.subscribe(triggerSubscriber)
      if subscriber.isDisposed { return nil }
      return self.subscribe(for: subscriber, subscriber.send)
    }
  }
}
