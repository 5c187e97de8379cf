/// A replay subject of capacity one that starts with a value (RACBehaviorSubject).
///
///     BehaviorSubject(value: 0):   0 … then whatever is sent
///     sub at 3 after a at 1:       ^a…
public final class BehaviorSubject<Value>: ReplaySubject<Value>, @unchecked Sendable {
  /// Creates a subject whose subscribers first receive `value`, until another value is sent.
  public init(value: Value) {
    super.init(capacity: 1, recordsCurrent: true)
    send(.next(value))
  }

  override func reportState(to probe: StateProbe) {
    super.reportState(to: probe)
    if let value { probe.record(.current, value) }
  }

  /// The latest value.
  public var value: Value? { bufferedValues.last }
}
