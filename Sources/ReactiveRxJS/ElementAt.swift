import Reactive

extension Signal {
  /// Sends the value at `index` (from 0) and completes; if the source completes first, sends
  /// `defaultValue` or fails with `SignalError.outOfRange` (RxJS `elementAt`).
  ///
  ///     self:            --a--b--c--|
  ///     elementAt(1):    -----(b|)
  ///     elementAt(5):    -----------#      # = SignalError.outOfRange
  ///
  /// - Parameters:
  ///   - index: The position of the wanted value, 0 or more.
  ///   - defaultValue: Sent when there are too few values.
  ///
  /// A `probe` reports the index of the next value as lane `index`.
  public func elementAt(
    _ index: Int, default defaultValue: Value? = nil, probe: StateProbe? = nil
  ) -> Signal<Value> {
    Signal { subscriber in
      var position = 0
      let report = probe?.take()
      report?(.index, 0)
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          defer {
            position += 1
            report?(.index, position)
          }
          guard position == index else { return }
          subscriber.sendLast(value)
        case .error:
          subscriber.send(event)
        case .completed:
          if let defaultValue {
            subscriber.sendLast(defaultValue)
          } else {
            subscriber.sendError(SignalError.outOfRange)
          }
        }
      }
    }
  }
}
