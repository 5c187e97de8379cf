extension Signal {
  /// On error, subscribes to the signal `handler` returns for it and forwards its events; values
  /// and completion pass (RAC `catch:`).
  ///
  ///     self:                --a--#
  ///     catch { _ in -r| }:  --a---r|
  ///
  /// A `probe` reports whether it switched to the handler's signal as lane `switched`.
  public func `catch`(
    probe: StateProbe? = nil, _ handler: @escaping (any Error) -> Signal<Value>
  ) -> Signal<Value> {
    Signal { subscriber in
      let report = probe?.take()
      report?(.switched, false)
      return self.subscribe(for: subscriber) { event in
        if case .error(let error) = event {
          report?(.switched, true)
          handler(error).subscribe(for: subscriber, subscriber.send)
        } else {
          subscriber.send(event)
        }
      }
    }
  }

  /// On error, switches to `replacement` (RAC `catchTo:`).
  ///
  ///     self:              --a--#
  ///     catchTo(empty):    --a--|
  ///
  /// A `probe` reports whether it switched to `replacement` as lane `switched`.
  public func catchTo(_ replacement: Signal<Value>, probe: StateProbe? = nil) -> Signal<Value> {
    self.catch(probe: probe) { _ in replacement }
  }

  /// Ignores this signal's values and, when it completes, subscribes to the signal `next`
  /// returns; errors pass (RAC `then:`).
  ///
  ///     self:                --a--|
  ///     then { -b| }:        ------b|
  ///
  /// A `probe` reports whether it switched to `next` as lane `switched`.
  public func then<T>(probe: StateProbe? = nil, _ next: @escaping () -> Signal<T>) -> Signal<T> {
    Signal<T> { subscriber in
      let report = probe?.take()
      report?(.switched, false)
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next: break
        case .error(let error): subscriber.sendError(error)
        case .completed:
          report?(.switched, true)
          next().subscribe(for: subscriber, subscriber.send)
        }
      }
    }
  }
}
