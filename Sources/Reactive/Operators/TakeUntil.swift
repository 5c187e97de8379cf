extension Signal {
  /// Forwards values until `trigger` sends a value or completes, then completes (RAC `takeUntil:`).
  ///
  /// The trigger is subscribed first; if it fires synchronously, this signal is never subscribed.
  /// An error from the trigger is ignored.
  ///
  ///     self:       --a--b--c--|
  ///     trigger:    -------x
  ///     takeUntil:  --a--b-|
  public func takeUntil<T>(_ trigger: Signal<T>) -> Signal<Value> {
    Signal { subscriber in
      let triggerSubscriber = Subscriber<T> { event in
        if case .error = event { return }
        subscriber.sendCompleted()
      }
      subscriber.attach(triggerSubscriber)
      trigger.subscribe(triggerSubscriber)
      if subscriber.isDisposed { return nil }
      return self.subscribe(for: subscriber, subscriber.send)
    }
  }
}
