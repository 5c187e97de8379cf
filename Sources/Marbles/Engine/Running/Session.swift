import Reactive

/// One script's run: its statements compiled, evaluated at frame 0 (`setUp`), taken forward
/// through virtual time a piece at a time (`run(through:)`, in one piece for `ScriptEngine.run`),
/// its lanes recorded and its recording made (`makeRun`), then torn down. `Runtime` is what the
/// compiled code calls while it runs; `ScriptEngine` runs a session on its large-stack thread.
final class Session {
  /// A shown lane.
  struct Lane {
    var name: String
    var label: String
    var kind: TimelineLane.Kind = .signal
    var signal: Signal<ScriptValue>
    var recorder: LaneRecorder
    var range: SourceRange
  }

  /// An event of an expected marble, its value still waiting for inner recordings.
  struct ExpectedEvent {
    var frame: Int
    var kind: TimelineEvent.Kind
    var value: LaneRecorder.Pending?
    /// The values-map key, if the value came from the map.
    var key: String?
  }

  /// An `expect` waiting for the run to end.
  struct Expectation {
    var name: String
    var range: SourceRange
    var recorder: LaneRecorder?
    var expectedEvents: [ExpectedEvent] = []
    /// For `expect subscriptions(…)`.
    var source: MarbleSource?
    var windows: [SubscriptionLog] = []
    /// Every entry of the `expect`'s values map whose value holds no signal, used in the
    /// marble or not (for `marbles test --update`).
    var mapValues: [String: TimelineValue] = [:]
    /// The value `#` stands for in the `expect` (`error:`, or "error").
    var errorValue: TimelineValue?

    /// The expected events, inner recordings resolved.
    var expected: [TimelineEvent] {
      expectedEvents.map {
        TimelineEvent(frame: $0.frame, kind: $0.kind, value: $0.value.map(LaneRecorder.resolve))
      }
    }

    /// The values of the map's keys, for the diff's legend.
    var keys: [String: TimelineValue] {
      var keys: [String: TimelineValue] = [:]
      for event in expectedEvents {
        if let key = event.key, keys[key] == nil, let value = event.value {
          keys[key] = LaneRecorder.resolve(value)
        }
      }
      return keys
    }
  }

  let runtime: Runtime
  let statements: [CompiledStatement]
  private var title: String?
  private var lanes: [Lane] = []
  private var hasShow = false
  private var namedSources: [(name: String, source: MarbleSource)] = []
  /// The sources in `namedSources`, for an O(1) "already named?".
  private var namedSourceIDs: Set<ObjectIdentifier> = []
  private var signalLets: [(name: String, signal: Signal<ScriptValue>, range: SourceRange)] = []
  private var expectations: [Expectation] = []
  private var pendingExpectations: [(index: Int, signal: Signal<ScriptValue>)] = []

  /// Numbers the recorded events of each frame in the order they happened.
  private let sequence: SequenceClock
  /// Whether every statement was evaluated and the subscriptions scheduled.
  private(set) var isSetUp = false

  /// Set once the run has ended (nothing left to do, a limit, a budget or an error) or could
  /// not start (compile errors); the run is torn down by then.
  private(set) var outcome: ScriptOutcome?
  /// Every action at a frame up to this one has run.
  private(set) var ranThrough = Int.min

  /// Compiles and type-checks the parsed `script` on `runtime`, and schedules its set-up at
  /// frame 0; nothing runs yet. With compile errors, `outcome` says so and nothing will run.
  init(_ script: Script, syntax: [Diagnostic], on runtime: Runtime) {
    sequence = SequenceClock(runtime: runtime)
    self.runtime = runtime
    var compiler = Compiler(runtime: runtime)
    let compiled = compiler.compile(script)
    let found = Self.sortedByPosition(
      syntax + compiler.diagnostics + TypeCheck.check(script, marbles: compiler.parsedMarbles))
    if found.containsError {
      statements = []
      outcome = .failed(found)
      return
    }
    statements = compiled
    runtime.warnings = found
    runtime.scheduler.schedule(at: 0) { [self] in setUp() }
  }

  // MARK: - Running

  /// Runs every action up to and including `frame` (nil: to the end); sets `outcome` if the
  /// run ended on the way.
  func run(through frame: Int?) {
    guard outcome == nil else { return }
    let scheduler = runtime.scheduler
    var reason = RunStop.Reason.runtimeError
    do {
      if let frame {
        try scheduler.run(through: frame)
        ranThrough = max(ranThrough, frame)
        if !scheduler.isIdle { return }
      } else {
        try scheduler.run()
      }
    } catch {
      switch error {
      case .stopped, .realSchedulerInVirtualRun: break
      case .frameLimitExceeded(let limit, let nextFrame):
        if !runtime.hasFailed { reason = .frameLimit }
        runtime.fail(
          Diagnostic.Interpreter.frameLimit(
            limit: limit, nextFrame: nextFrame, lanes: activeLaneNames, at: activeLaneRange))
      case .actionLimitExceeded(let limit, let frame):
        if !runtime.hasFailed { reason = .actionLimit }
        runtime.fail(
          Diagnostic.Interpreter.actionLimit(
            limit: limit, frame: frame, lanes: activeLaneNames, at: activeLaneRange))
      }
    }
    outcome = finish(reason: reason)
  }

  /// The recording of what has run so far (no expectations checked; drawn as a run that
  /// stopped at its last action, without a stop mark), or the finished run's; nil when there
  /// is nothing to draw (compile errors, a failure while the statements were evaluated).
  var recordedSoFar: ScriptRun? {
    switch outcome {
    case .completed(let run)?, .stopped(let run)?: return run
    case .failed?: return nil
    case nil: return isSetUp ? makeRun(stoppedAt: runtime.scheduler.now) : nil
    }
  }

  /// Ends a run that has not finished (nothing more is run), so that its graph is released.
  func abandon() {
    guard outcome == nil else { return }
    tearDown()
    outcome = .failed([])
  }

  private func finish(reason stopReason: RunStop.Reason) -> ScriptOutcome {
    defer { tearDown() }
    var reason = stopReason
    let scheduler = runtime.scheduler
    if let failure = runtime.failure {
      // Failed while the statements were evaluated: nothing ran, nothing to draw.
      guard isSetUp else {
        return .failed(Self.sortedByPosition(runtime.warnings) + [failure])
      }
      if runtime.failedByBudget { reason = .budget }
      var run = makeRun(stoppedAt: scheduler.now)
      run.diagnostics = Self.sortedByPosition(runtime.warnings) + [failure]
      run.stopped = RunStop(frame: scheduler.now, reason: reason, message: failure.message)
      return .stopped(run)
    }
    return .completed(makeRun())
  }

  private static func sortedByPosition(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    diagnostics.enumerated().sorted {
      ($0.element.range.start, $0.offset) < ($1.element.range.start, $1.offset)
    }.map(\.element)
  }

  // MARK: - Teardown

  /// Ends the run in a fixed order, so that no code of the graph can run against freed state:
  /// 1. close the scheduler: waiting work is cancelled, work scheduled later is dropped;
  /// 2. dispose every subscription the run made (lanes, expectations, the script's own);
  /// 3. release the graph (lanes, sources, the `let` values).
  ///
  /// A `deinit` that sends events (a `Command` completing its lanes on `main`) then schedules
  /// into a closed scheduler, and its subscribers record into recorders that are still alive.
  func tearDown() {
    runtime.scheduler.close()
    for lane in lanes { lane.recorder.stop() }
    for expectation in expectations { expectation.recorder?.stop() }
    runtime.tearDown()
    lanes = []
    expectations = []
    pendingExpectations = []
    signalLets = []
    namedSources = []
    namedSourceIDs = []
  }

  // MARK: - Set-up (frame 0)

  /// Evaluates every statement, then schedules the subscriptions and the script's work.
  func setUp() {
    for statement in statements {
      if runtime.hasFailed { return }
      do {
        try execute(statement)
      } catch {
        runtime.report(error)
        return
      }
    }
    if !hasShow {
      for item in signalLets {
        addLane(name: item.name, label: nil, signal: item.signal, window: nil, range: item.range)
      }
    }
    // The first subscribing lane of each name and of each signal, so that matching is linear.
    var laneByName: [String: Int] = [:]
    var laneBySignal: [ObjectIdentifier: Int] = [:]
    for (index, lane) in lanes.enumerated().reversed() where !lane.recorder.isPassive {
      laneByName[lane.name] = index
      laneBySignal[ObjectIdentifier(lane.signal)] = index
    }
    for (index, signal) in pendingExpectations {
      var expectation = expectations[index]
      if let found = laneByName[expectation.name] ?? laneBySignal[ObjectIdentifier(signal)] {
        expectation.recorder = lanes[found].recorder
      } else {
        let recorder = LaneRecorder(scheduler: runtime.scheduler, clock: sequence)
        let range = expectation.range
        let origin =
          "the 'expect \(expectation.name)' at \(range.start.line):\(range.start.column)"
        runtime.atStart(of: 0) { [runtime] in
          runtime.subscribing(as: origin) { recorder.start(signal) }
        }
        expectation.recorder = recorder
      }
      expectations[index] = expectation
    }
    runtime.finishSetUp()
    isSetUp = !runtime.hasFailed
  }

  private func execute(_ statement: CompiledStatement) throws(RuntimeError) {
    switch statement {
    case .title(let text):
      title = text
    case .binding(_, let name, let node, let range):
      let value = try node.eval(.top)
      runtime.globals.append(value)
      if case .signal(let signal) = value {
        signalLets.append((name, signal, range))
        if let source = signal as? MarbleSource,
          namedSourceIDs.insert(ObjectIdentifier(source)).inserted
        {
          namedSources.append((name, source))
        }
      }
    case .show(let items):
      hasShow = true
      for item in items {
        let value = try item.node.eval(.top)
        try show(value, item: item)
      }
    case .expect(let expectation):
      try expect(expectation)
    case .expectSubscriptions(let expectation):
      let value = try expectation.subject.eval(.top)
      guard case .signal(let signal) = value, let source = signal as? MarbleSource else {
        throw Diagnostic.Interpreter.noSubscriptionLog(
          expectation.name, at: expectation.subject.range)
      }
      expectations.append(
        Expectation(
          name: "subscriptions(\(expectation.name))", range: expectation.range, recorder: nil,
          source: source,
          windows: expectation.windows.map {
            SubscriptionLog(subscribed: $0.subscribed, unsubscribed: $0.unsubscribed)
          }))
    case .expression(let node, _):
      _ = try node.eval(.top)
    }
  }

  // MARK: - show

  private func show(_ value: ScriptValue, item: CompiledShowItem) throws(RuntimeError) {
    func expand(_ box: CommandBox, _ names: [String], kind: TimelineLane.Kind) {
      for lane in names {
        guard let signal = box.lane(lane) else { continue }
        addLane(
          name: prefix(item.name) + lane, label: item.label.map { $0 + "." + lane }, kind: kind,
          signal: signal, window: item.window, range: item.range)
      }
    }
    switch value {
    case .signal(let signal):
      let isHot = (signal as? MarbleSource)?.kind == .hot
      addLane(
        name: item.name, label: item.label, kind: isHot ? .hot : .signal, signal: signal,
        window: item.window, range: item.range)
    case .commandInternals(let box):
      expand(box, CommandBox.internalLanes, kind: .internals)
    case .command(let box):
      expand(box, CommandBox.publicLanes, kind: .command)
    case .operatorInternals(let internals):
      let base = prefix(item.name)
      if let start = item.window?.subscribed {
        internals.startFrame = max(internals.startFrame, start)
      }
      internals.shown(until: item.window?.unsubscribed)
      if internals.origin == nil {
        internals.origin =
          "the 'show \(item.name)' at \(item.range.start.line):\(item.range.start.column)"
      }
      addLane(
        name: String(base.dropLast()), label: item.label, signal: internals.output,
        window: item.window, range: item.range)
      for (lane, signal) in internals.lanes {
        addLane(
          name: base + lane, label: item.label.map { $0 + "." + lane }, kind: .internals,
          signal: signal, window: item.window, range: item.range)
      }
    case .channel(let channel):
      for (lane, signal) in [("leading", channel.leading), ("following", channel.following)] {
        addLane(
          name: item.name + "." + lane, label: item.label.map { $0 + "." + lane }, kind: .channel,
          signal: signal, window: item.window, range: item.range)
      }
    case .connection(let connection):
      addLane(
        name: item.name, label: item.label, signal: connection.signal, window: item.window,
        range: item.range)
    case .recorded(let source):
      let recorder = makeRecorder(at: item.range)
      let suffix = ".recorded"
      let base = item.name.hasSuffix(suffix) ? String(item.name.dropLast(suffix.count)) : item.name
      recorder.watch(source)
      lanes.append(
        Lane(
          name: item.name, label: item.label ?? base, kind: .recorded, signal: source,
          recorder: recorder, range: item.range))
    default:
      throw Diagnostic.Interpreter.notShowable(item.name, type: value.typeName, at: item.range)
    }
  }

  /// `cmd.internals` → `cmd.`; `cmd` → `cmd.`.
  private func prefix(_ name: String) -> String {
    name.hasSuffix(".internals") ? String(name.dropLast("internals".count)) : name + "."
  }

  /// The most characters a lane's label is drawn with: every row of a diagram is as wide as
  /// its longest label (a 500,000-character label on 2,000 lanes drew a gigabyte).
  static let maximumLabelLength = 200

  /// `label` cut after `maximumLabelLength` characters, with `…`.
  static func shortened(_ label: String) -> String {
    guard label.utf8.count > maximumLabelLength, label.count > maximumLabelLength else {
      return label
    }
    return String(label.prefix(maximumLabelLength - 1)) + "…"
  }

  private func addLane(
    name: String, label: String?, kind: TimelineLane.Kind = .signal, signal: Signal<ScriptValue>,
    window: SubscriptionMarble?, range: SourceRange
  ) {
    let recorder = makeRecorder(at: range)
    lanes.append(
      Lane(
        name: name, label: Self.shortened(label ?? name), kind: kind, signal: signal,
        recorder: recorder, range: range))
    let start = window?.subscribed ?? 0
    let origin = "the 'show \(name)' at \(range.start.line):\(range.start.column)"
    runtime.atStart(of: start) { [runtime] in
      runtime.subscribing(as: origin) { recorder.start(signal) }
    }
    if let end = window?.unsubscribed {
      runtime.atStart(of: max(start, end)) { [runtime] in
        recorder.stop()
        runtime.laneWindowEnded()
      }
    }
  }

  // MARK: - expect

  private func expect(_ expectation: CompiledExpectation) throws(RuntimeError) {
    let value = try expectation.subject.eval(.top)
    guard case .signal(let signal) = value else {
      throw Diagnostic.Interpreter.notExpectable(
        expectation.name, type: value.typeName, at: expectation.subject.range)
    }
    var map: [String: ScriptValue] = [:]
    var keyed: [(String, ScriptValue)] = []
    for (key, node) in expectation.values {
      map[key] = try node.eval(.top)
      keyed.append((key, map[key] ?? .null))
    }
    runtime.noteAuthorKeys(keyed)
    let error = try expectation.error?.eval(.top) ?? .string("error")
    var expected: [ExpectedEvent] = []
    expected.reserveCapacity(expectation.diagram.events.count)
    for event in expectation.diagram.events {
      let frame = event.frame
      switch event.kind {
      case .completed:
        expected.append(ExpectedEvent(frame: frame, kind: .completed, value: nil, key: nil))
      case .error:
        expected.append(
          ExpectedEvent(
            frame: frame, kind: .error,
            value: expectedValue(error.asError.value, at: frame, for: expectation.range),
            key: nil))
      case .value(let key):
        let value = map[key] ?? Runtime.digitValue(key).map(ScriptValue.int) ?? .string(key)
        expected.append(
          ExpectedEvent(
            frame: frame, kind: .next,
            value: expectedValue(value, at: frame, for: expectation.range),
            key: map[key] != nil ? key : nil))
      }
    }
    var mapValues: [String: TimelineValue] = [:]
    for (key, value) in map {
      if !value.containsSignal {
        mapValues[key] = value.timelineValue(at: 0)
      } else if case .signal(let signal) = value, let source = signal as? MarbleSource,
        source.kind == .cold
      {
        // A cold marble, as delivered at frame 0 (the updater compares relative frames).
        mapValues[key] = .signal(source.timeline(subscribedAt: 0))
      }
    }
    expectations.append(
      Expectation(
        name: expectation.name, range: expectation.range, recorder: nil,
        expectedEvents: expected, mapValues: mapValues,
        errorValue: error.containsSignal ? nil : error.asError.value.timelineValue(at: 0)))
    pendingExpectations.append((expectations.count - 1, signal))
  }

  /// A recorder whose events count against the run's budgets, reported at `range`.
  private func makeRecorder(at range: SourceRange) -> LaneRecorder {
    LaneRecorder(
      scheduler: runtime.scheduler, clock: sequence, budget: runtime.budget, range: range)
  }

  /// An expected value as recorded data. An inner signal is what it does when subscribed at
  /// `frame`: a cold marble's events shifted to `frame` (without subscribing it), any other
  /// signal recorded from a subscription made at the start of `frame` during the run.
  private func expectedValue(_ value: ScriptValue, at frame: Int, for range: SourceRange)
    -> LaneRecorder.Pending
  {
    switch value {
    case .signal(let signal):
      if let source = signal as? MarbleSource, source.kind == .cold {
        return .ready(.signal(source.timeline(subscribedAt: frame)))
      }
      let recorder = makeRecorder(at: range)
      runtime.atStart(of: frame) { recorder.start(signal) }
      return .inner(recorder)
    case .tuple(let values):
      return .tuple(values.map { expectedValue($0, at: frame, for: range) })
    case .array(let values):
      return .array(values.map { expectedValue($0, at: frame, for: range) })
    case .error(let inner): return .error(expectedValue(inner, at: frame, for: range))
    default: return .ready(value.timelineValue(at: frame))
    }
  }

  // MARK: - After the run

  /// The names of the shown lanes whose subscriptions are still open.
  var activeLaneNames: [String] { lanes.filter { $0.recorder.isActive }.map(\.name) }

  /// Where to report a run that did not end: the first active lane's `show`.
  var activeLaneRange: SourceRange {
    lanes.first { $0.recorder.isActive }?.range ?? lanes.first?.range
      ?? SourceRange(line: 1, column: 1)
  }

  /// The recording of the run; for a run stopped at frame `stop`, what was recorded up to it
  /// (no expectations are checked).
  func makeRun(stoppedAt stop: Int? = nil) -> ScriptRun {
    let scheduler = runtime.scheduler
    var first = 0
    for source in runtime.hotSources { first = min(first, source.firstFrame) }
    var last = max(0, scheduler.now)
    for lane in lanes { last = max(last, lane.recorder.lastFrame) }
    for source in runtime.sources {
      switch source.kind {
      case .hot: last = max(last, source.endFrame - 1)
      case .cold:
        for window in source.subscriptions {
          last = max(last, window.subscribed + source.endFrame - 1, window.unsubscribed ?? 0)
        }
      }
    }
    if let stop { last = max(first, min(last, stop)) }
    let timelineLanes = lanes.map { lane in
      var timelineLane = TimelineLane(
        name: lane.name, label: lane.label, kind: lane.kind, timeline: lane.recorder.timeline,
        before: before(lane))
      timelineLane.isMarbleSource = lane.signal is MarbleSource
      if lane.kind == .recorded, let source = lane.signal as? MarbleSource {
        var marble = source.timeline(subscribedAt: 0)
        // A hot marble's events before frame 0 reach nobody.
        if source.kind == .hot { marble.events = marble.events.filter { $0.frame >= 0 } }
        timelineLane.marble = (marble, max(0, source.endFrame - 1))
      }
      if lane.kind == .recorded, let source = lane.signal as? MarbleSource, source.kind == .cold,
        source.subscriptions.count > 1
      {
        timelineLane.subscriptionRows = (source.subscriptions, lane.recorder.eventSubscriptions)
      }
      return timelineLane
    }
    var run = ScriptRun(
      file: runtime.source.name, title: title, firstFrame: first, lastFrame: last,
      lanes: timelineLanes,
      subscriptions: namedSources.map { ($0.name, $0.source.subscriptions) },
      expectations: stop == nil ? expectations.map(ExpectationChecker.check) : [],
      diagnostics: runtime.warnings)
    run.authorKeys = runtime.authorKeys
    return run
  }

  /// What a shown hot marble emitted before the lane subscribed to it.
  private func before(_ lane: Lane) -> [TimelineEvent] {
    guard lane.kind == .hot, let source = lane.signal as? MarbleSource,
      let subscribed = lane.recorder.subscribed
    else { return [] }
    // A hot source's frames are absolute: its timeline "subscribed at 0" is the marble itself.
    return source.timeline(subscribedAt: 0).events.filter { $0.frame < subscribed }
  }
}
