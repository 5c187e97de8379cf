import Reactive

extension Signal {
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
    Signal { subscriber in
      var sawValue = false
      let report = probe?.take()
      report?(.arrived, false)
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next:
          if !sawValue { report?(.arrived, true) }
          sawValue = true
        case .completed where !sawValue: return subscriber.sendError(error)
        default: break
        }
        subscriber.send(event)
      }
    }
  }
}
