extension Signal {
  /// Drops each value that `isEquivalent` finds equal to the previous value; the first value
  /// passes. State is per subscription (RAC `distinctUntilChanged`).
  ///
  ///     self:                  --a--a--b--a--|
  ///     distinctUntilChanged:  --a-----b--a--|
  ///
  /// A `probe` reports each new previous value as lane `previous`.
  public func distinctUntilChanged(
    probe: StateProbe? = nil, by isEquivalent: @escaping (Value, Value) -> Bool
  ) -> Signal<Value> {
    Signal { subscriber in
      var previous: Value?
      let report = probe?.take()
      return self.subscribe(for: subscriber) { event in
        if case .next(let value) = event {
          if let last = previous, isEquivalent(last, value) { return }
          previous = value
          report?("previous", value)
        }
        subscriber.send(event)
      }
    }
  }
}

extension Signal where Value: Equatable {
  /// Drops each value equal to the previous one; the first value passes (RAC
  /// `distinctUntilChanged`).
  ///
  ///     self:                  --a--a--b--a--|
  ///     distinctUntilChanged:  --a-----b--a--|
  public func distinctUntilChanged() -> Signal<Value> {
    distinctUntilChanged(by: ==)
  }
}
