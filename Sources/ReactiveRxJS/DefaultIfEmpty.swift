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
    ifEmpty(probe: probe) { subscriber in
      subscriber.sendLast(value)
    }
  }

  /// Forwards everything, but fails with `error` if the source completes without a value (RxJS
  /// `throwIfEmpty`).
  ///
  ///     self:            ----|        --a--|
  ///     throwIfEmpty():  ----#        --a--|
  ///
  /// - Parameter error: The failure for an empty source; `SignalError.noElements` by default.
  ///
  /// A `probe` reports whether a value arrived as lane `arrived`.
  public func throwIfEmpty(_ error: any Error = SignalError.noElements, probe: StateProbe? = nil)
    -> Signal<Value>
  {
    ifEmpty(probe: probe) { $0.sendError(error) }
  }

  /// Forwards everything; a completion without a value before it is replaced by `end`.
  private func ifEmpty(probe: StateProbe?, _ end: @escaping (Subscriber<Value>) -> Void)
    -> Signal<Value>
  {
    Signal { subscriber in
      var sawValue = false
      let report = probe?.take()
      report?(.arrived, false)
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next:
          if !sawValue { report?(.arrived, true) }
          sawValue = true
        case .completed where !sawValue: return end(subscriber)
        default: break
        }
        subscriber.send(event)
      }
    }
  }
}
