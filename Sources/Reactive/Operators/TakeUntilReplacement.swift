extension Signal {
  /// Forwards values until `replacement` sends any event, then unsubscribes this signal and
  /// forwards the replacement's events instead (RAC `takeUntilReplacement:`).
  ///
  ///     self:                  --a--b--c--|
  ///     replacement:           -------x--y|
  ///     takeUntilReplacement:  --a--b-x--y|
  ///
  /// The replacement is subscribed first and for the whole subscription: each of its events is
  /// forwarded, so its completion or error ends the result. This signal's error is forwarded;
  /// its completion is not (the result goes on until the replacement ends). If the replacement
  /// sends while it is subscribed, this signal is never subscribed.
  ///
  /// A `probe` reports whether the replacement has taken over as lane `replaced`.
  public func takeUntilReplacement(_ replacement: Signal<Value>, probe: StateProbe? = nil)
    -> Signal<Value>
  {
    Signal { subscriber in
      let report = probe?.take()
      report?(.replaced, false)
      let replaced = Locked(false)
      let own = SerialDisposable()
      subscriber.attach(own)
      let replacer = Subscriber<Value> { event in
        let first = replaced.withLock { taken in
          defer { taken = true }
          return !taken
        }
        if first {
          own.dispose()
          report?(.replaced, true)
        }
        subscriber.send(event)
      }
      subscriber.attach(replacer)
      replacement.subscribe(replacer)
      if replaced.value || subscriber.isDisposed { return nil }
      let upstream = Subscriber<Value> { event in
        if case .completed = event { return }
        subscriber.send(event)
      }
      own.inner = upstream
      self.subscribe(upstream)
      return nil
    }
  }
}
