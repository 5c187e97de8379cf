/// A hook that reports an operator's internal state, for diagrams (`show s.internals`).
///
/// A stateful operator given a probe asks it, once per subscription, for an observer
/// (`take()`); only the subscription that finds one reports, so state is drawn for exactly the
/// subscription that armed the probe. Without a probe, or with an unarmed one, the operator
/// pays one nil check per event.
///
/// State shared by every subscriber (a subject's replay buffer, a connection's `connected`) is
/// reported with `record(_:_:)` instead: the probe keeps the latest value of each lane, hands
/// it to an observer when it is armed, and keeps that observer for the object's whole life.
///
///     let probe = StateProbe()
///     let sums = input.scan(0, probe: probe, +)
///     probe.arm { lane, value in print(lane, value) }   // "acc 0", "acc 1", "acc 3", …
///     sums.subscribe(next: { _ in })
public final class StateProbe: @unchecked Sendable {
  // Invariant: armed, taken and recorded on the thread that subscribes.
  private var observer: ((StateLane, Any) -> Void)?
  /// The latest value of each shared lane, in the order first recorded.
  private var latest: [(lane: StateLane, value: Any)] = []

  /// Whatever the diagram layer keeps with this probe (the lanes it draws).
  public var context: AnyObject?

  /// Creates an unarmed probe.
  public init() {}

  /// Makes the next subscription of the probed operator report each state change to
  /// `observer` as (lane name, new value). Shared state recorded so far is reported at once.
  public func arm(_ observer: @escaping (_ lane: String, _ value: Any) -> Void) {
    armWithLanes { observer($0.name, $1) }
  }

  /// `arm(_:)` with the lanes as reported, for a probe that forwards to another probe.
  public func armWithLanes(_ observer: @escaping (_ lane: StateLane, _ value: Any) -> Void) {
    self.observer = observer
    for (lane, value) in latest { observer(lane, value) }
  }

  /// The observer for a new subscription, if armed; disarms the probe.
  public func take() -> ((StateLane, Any) -> Void)? {
    defer { observer = nil }
    return observer
  }

  /// Records a change of state that belongs to the object, not to one subscription; the armed
  /// observer (if any) sees it, and one armed later starts from it.
  package func record(_ lane: StateLane, _ value: Any) {
    if let index = latest.firstIndex(where: { $0.lane == lane }) {
      latest[index].value = value
    } else {
      latest.append((lane, value))
    }
    observer?(lane, value)
  }
}
