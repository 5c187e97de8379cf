import Reactive

/// A signal made by a stateful operator, with the probe that reports its state, so that
/// `s.internals` can draw it (`s.acc`, `s.taken`, …).
final class ProbedSignal: Signal<Value>, @unchecked Sendable {
  // Invariant: used on the script's thread only.
  /// The operator's signal.
  let base: Signal<Value>
  /// The hook the operator reports its state to.
  let probe: StateProbe
  /// The names of the state lanes, in the order `show s.internals` draws them.
  let laneNames: [String]
  private weak var runtime: Runtime?
  private var made: OperatorInternals?

  init(_ base: Signal<Value>, probe: StateProbe, lanes: [String], runtime: Runtime) {
    self.base = base
    self.probe = probe
    self.laneNames = lanes
    self.runtime = runtime
    super.init { subscriber in
      base.subscribe(subscriber)
      return nil
    }
  }

  /// The internals of this signal: one subscription of it, made once for the whole run.
  var internals: OperatorInternals {
    if let made { return made }
    let internals = OperatorInternals(base: base, probe: probe, lanes: laneNames)
    made = internals
    runtime?.startInternals(internals)
    return internals
  }
}

/// One subscription of a probed operator (`s.internals`): its output and its state lanes.
///
/// The state lanes are hot: they carry what the operator reports for this one subscription,
/// and complete when it ends. The subscription is made at frame 0, after the shown lanes
/// subscribe, so they see everything from the start.
final class OperatorInternals: @unchecked Sendable {
  // Invariant: used on the script's thread only.
  /// The operator's signal.
  private let base: Signal<Value>
  /// The hook the operator reports its state to.
  private let probe: StateProbe
  /// The operator's output, as this subscription receives it.
  let output = Subject<Value>()
  /// The state lanes, by name, in drawing order.
  let lanes: [(name: String, signal: Subject<Value>)]
  private var started = false

  init(base: Signal<Value>, probe: StateProbe, lanes: [String]) {
    self.base = base
    self.probe = probe
    self.lanes = lanes.map { ($0, Subject<Value>()) }
  }

  /// The names of the state lanes.
  var laneNames: [String] { lanes.map(\.name) }

  /// The state lane called `name`.
  func lane(_ name: String) -> Signal<Value>? {
    lanes.first { $0.name == name }?.signal
  }

  /// Subscribes the operator, with its probe armed for this subscription.
  func start() {
    guard !started else { return }
    started = true
    let lanes = self.lanes
    let output = self.output
    probe.arm { name, state in
      lanes.first { $0.name == name }?.signal.sendNext(Self.value(of: state))
    }
    base.subscribe(
      Subscriber { event in
        output.send(event)
        if event.isTerminal { for lane in lanes { lane.signal.sendCompleted() } }
      })
  }

  /// An operator's state as a script value.
  static func value(of state: Any) -> Value {
    switch state {
    case let value as Value: return value
    case let values as [Value]: return .array(values)
    case let numbers as [Int]: return .array(numbers.map(Value.int))
    case let number as Int: return .int(number)
    case let flag as Bool: return .bool(flag)
    case let optional as Value?: return optional ?? .null
    default: return .string(String(describing: state))
    }
  }
}
