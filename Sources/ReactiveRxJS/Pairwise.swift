import Reactive

extension Signal {
  /// Sends each value paired with the one before it, from the second value on (RxJS
  /// `pairwise`).
  ///
  ///     self:      --1--2--4--|
  ///     pairwise:  -----a--b--|   a = (1, 2), b = (2, 4)
  ///
  /// Terminal events pass. State is per subscription.
  ///
  /// A `probe` reports the previous value as lane `previous` (nil before the first).
  public func pairwise(probe: StateProbe? = nil) -> Signal<(Value, Value)> {
    Signal<(Value, Value)> { subscriber in
      var previous: Value?
      let report = probe?.take()
      report?(.previous, Value?.none as Any)
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          let last = previous
          previous = value
          report?(.previous, value)
          if let last { subscriber.sendNext((last, value)) }
        case .error(let error): subscriber.sendError(error)
        case .completed: subscriber.sendCompleted()
        }
      }
    }
  }
}
