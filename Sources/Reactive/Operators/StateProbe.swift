/// A hook that reports an operator's internal state, for diagrams (`show s.internals`).
///
/// A stateful operator given a probe asks it, once per subscription, for an observer
/// (`take()`); only the subscription that finds one reports, so state is drawn for exactly the
/// subscription that armed the probe. Without a probe, or with an unarmed one, the operator
/// pays one nil check per event.
///
///     let probe = StateProbe()
///     let sums = input.scan(0, probe: probe, +)
///     probe.arm { lane, value in print(lane, value) }   // "acc 0", "acc 1", "acc 3", …
///     sums.subscribe(next: { _ in })
public final class StateProbe: @unchecked Sendable {
  // Invariant: armed and taken on the thread that subscribes.
  private var observer: ((String, Any) -> Void)?

  /// Creates an unarmed probe.
  public init() {}

  /// Makes the next subscription of the probed operator report each state change to
  /// `observer` as (lane name, new value).
  public func arm(_ observer: @escaping (_ lane: String, _ value: Any) -> Void) {
    self.observer = observer
  }

  /// The observer for a new subscription, if armed; disarms the probe.
  @usableFromInline func take() -> ((String, Any) -> Void)? {
    defer { observer = nil }
    return observer
  }
}
