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
      let previous = PreviousValue<Value>()
      let report = probe?.take()
      return self.subscribe(for: subscriber) { event in
        if case .next(let value) = event {
          if let last = previous.value, isEquivalent(last, value) { return }
          previous.value = value
          report?(.previous, value)
        }
        subscriber.send(event)
      }
    }
  }
}

/// The previous value of one `distinctUntilChanged` subscription. A class rather than a
/// captured `var`, whose every access was checked for exclusivity at run time.
private final class PreviousValue<Value> {
  // Invariant: touched only by the subscription's handler, which its subscriber calls for one
  // event at a time; each access is a plain read or write, so accesses never overlap.
  @exclusivity(unchecked) var value: Value?
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
