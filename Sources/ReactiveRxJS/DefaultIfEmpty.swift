import Reactive

extension Signal {
  /// Sends `value` before completing if this signal completes without sending any value (RxJS
  /// `defaultIfEmpty`).
  ///
  ///     self:              -----|          --1--|
  ///     defaultIfEmpty(d): -----(d|)       --1--|
  ///
  /// Errors pass unchanged.
  ///
  /// - Parameter value: The value sent in place of nothing.
  ///
  /// A `probe` reports whether a value arrived as lane `arrived`.
  public func defaultIfEmpty(_ value: Value, probe: StateProbe? = nil) -> Signal<Value> {
    Signal { subscriber in
      var sawValue = false
      let report = probe?.take()
      report?(.arrived, false)
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next:
          if !sawValue { report?(.arrived, true) }
          sawValue = true
        case .completed: if !sawValue { subscriber.sendNext(value) }
        case .error: break
        }
        subscriber.send(event)
      }
    }
  }
}
