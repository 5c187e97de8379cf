import Reactive

/// A probe with the lanes a script draws from it: kept by a probed signal, or as the probe's
/// context for a subject or connection (whose state all subscribers share).
final class ProbeHandle {
  // Invariant: used on the script's thread only.
  /// The hook the operator reports its state to.
  let probe: StateProbe
  /// The names of the state lanes, in the order `show s.internals` draws them.
  let laneNames: [String]
  private weak var runtime: Runtime?
  private var made: OperatorInternals?

  init(probe: StateProbe, lanes: [StateLane], runtime: Runtime) {
    self.probe = probe
    self.laneNames = lanes.map(\.name)
    self.runtime = runtime
  }

  /// The internals of `base`: one subscription of it, made once for the whole run.
  func internals(of base: Signal<ScriptValue>) -> OperatorInternals {
    if let made { return made }
    let internals = OperatorInternals(base: base, probe: probe, lanes: laneNames)
    made = internals
    runtime?.startInternals(internals)
    return internals
  }

  /// The probe handle of a value that has internals, with the signal they subscribe: a probed
  /// operator, a probed subject, a probed connection (RAC `publish()` or RxJS `publish()`).
  static func of(_ value: ScriptValue) -> (ProbeHandle, Signal<ScriptValue>)? {
    switch value {
    case .signal(let probed as ProbedSignal): return (probed.handle, probed.base)
    case .signal(let connectable as ConnectableSignal):
      return of(.connection(connectable.connection))
    case .signal(let connectable as ResettingConnectableSignal):
      let handle = connectable.connection.probe?.context as? ProbeHandle
      return handle.map { ($0, connectable.connection.signal) }
    case .signal(let subject as Subject<ScriptValue>):
      let handle = subject.attachedProbes.lazy.compactMap { $0.context as? ProbeHandle }.first
      return handle.map { ($0, subject) }
    case .connection(let connection):
      return (connection.probe?.context as? ProbeHandle).map { ($0, connection.signal) }
    default: return nil
    }
  }
}

/// A signal made by a stateful operator, with the probe that reports its state, so that
/// `s.internals` can draw it (`s.acc`, `s.taken`, …).
final class ProbedSignal: Signal<ScriptValue>, @unchecked Sendable {
  // Invariant: used on the script's thread only.
  /// The operator's signal.
  let base: Signal<ScriptValue>
  /// The probe and the lanes drawn from it.
  let handle: ProbeHandle

  init(_ base: Signal<ScriptValue>, handle: ProbeHandle) {
    self.base = base
    self.handle = handle
    super.init { subscriber in
      base.subscribe(subscriber)
      return nil
    }
  }
}

/// One subscription of a probed operator (`s.internals`): its output and its state lanes.
///
/// The state lanes are hot: they carry what the operator reports for this one subscription,
/// and complete when it ends. The subscription is made at frame 0, after the shown lanes
/// subscribe, so they see everything from the start. It ends where the windows of the `show`s
/// that draw it end (`show s.internals subscribed "^---!"`), once nothing else watches its
/// lanes.
final class OperatorInternals: @unchecked Sendable {
  // Invariant: used on the script's thread only.
  /// The operator's signal.
  private let base: Signal<ScriptValue>
  /// The hook the operator reports its state to.
  private let probe: StateProbe
  /// The operator's output, as this subscription receives it.
  let output = Subject<ScriptValue>()
  /// The state lanes, by name, in drawing order.
  let lanes: [(name: String, signal: Subject<ScriptValue>)]
  private var started = false
  /// The subscription to the operator, once started.
  private var subscriber: Subscriber<ScriptValue>?
  /// The frame the subscription is made at: 0, or the start of the window of the `show` that
  /// draws it (`show s.internals subscribed "--^"`).
  var startFrame = 0
  /// The frames the windows of the `show`s that draw it end at (`show s.internals subscribed
  /// "^--!"`): from the first, the subscription ends once nothing watches its lanes.
  private var windowEnds: [Int] = []
  /// The `show` that draws it, for messages about its subscription.
  var origin: String?

  init(base: Signal<ScriptValue>, probe: StateProbe, lanes: [String]) {
    self.base = base
    self.probe = probe
    self.lanes = lanes.map { ($0, Subject<ScriptValue>()) }
  }

  /// The names of the state lanes.
  var laneNames: [String] { lanes.map(\.name) }

  /// The state lane called `name`.
  func lane(_ name: String) -> Signal<ScriptValue>? {
    lanes.first { $0.name == name }?.signal
  }

  /// Notes a `show` that draws the internals in a window ending at `end` (`nil`: no end).
  func shown(until end: Int?) {
    if let end { windowEnds.append(end) }
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
    let subscriber = Subscriber<ScriptValue> { event in
      output.send(event)
      if event.isTerminal { for lane in lanes { lane.signal.sendCompleted() } }
    }
    self.subscriber = subscriber
    base.subscribe(subscriber)
  }

  /// Unsubscribes the operator, as a lane's `!` does, once a window that draws it has ended
  /// (`now` is at or after its end) and nothing watches its output or state lanes any longer:
  /// the lanes of the `show`s have ended, and no other lane or expectation records them
  /// (`show total subscribed "^----!"` after `let total = s.acc` keeps it until frame 5).
  func stopIfUnwatched(at now: Int) {
    guard let subscriber, let end = windowEnds.min(), now >= max(end, startFrame),
      output.subscriberCount == 0, lanes.allSatisfy({ $0.signal.subscriberCount == 0 })
    else { return }
    self.subscriber = nil
    subscriber.dispose()
  }

  /// An operator's state as a script value.
  static func value(of state: Any) -> ScriptValue {
    switch state {
    case let value as ScriptValue: return value
    case let values as [ScriptValue]: return .array(values)
    case let values as [ScriptValue?]: return .array(values.map { $0 ?? .null })
    case let rows as [[ScriptValue]]: return .array(rows.map(ScriptValue.array))
    case let numbers as [Int]: return .array(numbers.map(ScriptValue.int))
    case let keys as [GroupKey]: return .array(keys.map(\.value))
    case let number as Int: return .int(number)
    case let number as Int?: return number.map(ScriptValue.int) ?? .null
    case let flag as Bool: return .bool(flag)
    case let flags as [Bool]: return .array(flags.map(ScriptValue.bool))
    case let flag as Bool?: return flag.map(ScriptValue.bool) ?? .null
    case let indexed as (ScriptValue, Int): return indexed.0
    case let indexed as (ScriptValue, Int)?: return indexed?.0 ?? .null
    case let optional as ScriptValue?: return optional ?? .null
    default: return .string(String(describing: state))
    }
  }
}
