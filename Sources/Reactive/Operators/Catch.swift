extension Signal {
  /// On error, subscribes to the signal `handler` returns for it and forwards its events; values
  /// and completion pass (RAC `catch:`).
  ///
  ///     self:                --a--#
  ///     catch { _ in -r| }:  --a---r|
  public func `catch`(_ handler: @escaping (any Error) -> Signal<Value>) -> Signal<Value> {
    Signal { subscriber in
      self.subscribe(for: subscriber) { event in
        if case .error(let error) = event {
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
  public func catchTo(_ replacement: Signal<Value>) -> Signal<Value> {
    self.catch { _ in replacement }
  }

  /// Ignores this signal's values and, when it completes, subscribes to the signal `next`
  /// returns; errors pass (RAC `then:`).
  ///
  ///     self:                --a--|
  ///     then { -b| }:        ------b|
  public func then<T>(_ next: @escaping () -> Signal<T>) -> Signal<T> {
    Signal<T> { subscriber in
      self.subscribe(for: subscriber) { event in
        switch event {
        case .next: break
        case .error(let error): subscriber.sendError(error)
        case .completed: next().subscribe(for: subscriber, subscriber.send)
        }
      }
    }
  }
}
