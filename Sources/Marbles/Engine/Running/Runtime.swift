import Reactive

/// The state of one script run: the scheduler, the `let` values, the first runtime error, and
/// the work the script schedules.
///
/// Statements are evaluated inside the run's first action, at frame 0. While they are
/// (`isSettingUp`), effects that the script schedules are collected rather than done, so that
/// they happen in a fixed order: first the subscriptions at the start of frames
/// (`show` lanes, `expect` recordings, `a.subscribe(b)`, `cmd.execute(signal)`), then, in script
/// order, the script's own work (hot timelines, `execute(v, at: F)`, `connect()`).
final class Runtime {
  /// How deeply events may nest through subjects before it counts as a feedback loop.
  static let maximumNesting = 1000

  /// The script's text, for diagnostics.
  let source: SourceFile
  /// The one scheduler of the run; its `main` queue is the script's `main`.
  let scheduler: VirtualTimeScheduler
  /// The current subscriptions of the run's `ThrowScope`s. Made with the first scope, which
  /// is when the scheduler starts keeping them with each action queued.
  private(set) lazy var throwContexts: ThrowScope.Contexts = {
    let contexts = ThrowScope.Contexts()
    self.scheduler.queuedAction = contexts.keep
    return contexts
  }()
  /// The value of each `let`, by slot.
  var globals: [ScriptValue] = []
  /// The first runtime error, which stops the run.
  private(set) var failure: Diagnostic? {
    didSet {
      hasFailed = failure != nil
      stopFlag.isSet = hasFailed
    }
  }
  /// `hasFailed`, shared with the run's `SequenceClock`, which asks for every recorded event:
  /// a strong reference to this small box, where a weak one to the runtime cost a side-table
  /// load, a retain and a slow release per event.
  let stopFlag = RunStopFlag()
  /// Whether `failure` is a budget being exceeded (`--max-events`, …), not a script error.
  private(set) var failedByBudget = false
  /// Warnings found before and during the run.
  var warnings: [Diagnostic] = []
  /// Whether statements are still being evaluated (effects are collected, not done).
  private(set) var isSettingUp = true
  /// Subscriptions at the start of frames, collected while setting up.
  private var startWork: [() -> Void] = []
  /// Script-scheduled work, in script order, collected while setting up.
  private var scriptWork: [() -> Void] = []
  /// The `hot` sources made while setting up (their negative frames widen the diagram).
  private(set) var hotSources: [MarbleSource] = []
  /// The `cold` and `hot` sources, for the diagram's extent.
  private(set) var sources: [MarbleSource] = []
  /// The keys the script's sources gave values, each key once (its first value), at most
  /// `maxAuthorKeys`: the pictures draw those values with them.
  private(set) var authorKeys: [ScriptRun.AuthorKey] = []
  private var authorKeyNames: Set<String> = []
  static let maxAuthorKeys = 256
  /// What is subscribing now, for the subscription logs of marble sources (see `subscribing`).
  private(set) var subscriptionOrigin: String?
  /// Whether the script closure called last threw (its result is a placeholder; see
  /// `ScriptFunction`).
  var closureThrew = false
  /// How deeply deliveries into subjects are nested right now.
  var nesting = 0
  /// The run's budgets: nesting depth, events, subscriptions, value size.
  let budget: Budget
  /// Whether the script starts with `use rxjs`: colliding operator names have RxJS's
  /// semantics, and operators that send several values together send arrays, not tuples.
  var usesRxJS = false
  /// The subscriptions the script made itself (`a.subscribe(b)`, `cmd.execute(…)`), disposed
  /// at teardown.
  private var subscriptions: [any Disposable] = []
  /// Whether the run was torn down: the graph is released and nothing more is reported.
  private(set) var isTornDown = false
  /// The signals a sharing operator made (`replay()`, `publish().autoconnect()`, `share()`, …),
  /// by identity, each kept alive until teardown so that its identity is not reused: one value
  /// they send reaches every subscriber, and each delivery is work (see `counted`).
  private var sharedSignals: [ObjectIdentifier: Signal<ScriptValue>] = [:]

  init(source: SourceFile, scheduler: VirtualTimeScheduler, options: RunOptions = RunOptions()) {
    self.source = source
    self.scheduler = scheduler
    self.budget = Budget(limits: options.budgets, cancellation: options.cancellation)
    budget.runtime = self
  }

  /// Whether a runtime error has happened: `failure != nil`, kept as a flag because every
  /// recorded event asks (one load, not a copy of the diagnostic).
  // Unchecked exclusivity: the run's state is only touched on the run's thread.
  @exclusivity(unchecked) private(set) var hasFailed = false

  /// Keeps a subscription the script made, so that teardown can dispose it.
  func track(_ subscription: any Disposable) {
    if isTornDown {
      subscription.dispose()
    } else {
      subscriptions.append(subscription)
    }
  }

  /// Steps 2 and 3 of a run's teardown (the scheduler is already closed): disposes the
  /// subscriptions the script made, then releases the `let` values and sources, which breaks
  /// the cycles between the graph's closures and this runtime. A `deinit` that sends events
  /// during this finds a closed scheduler and a runtime that no longer reports.
  func tearDown() {
    isTornDown = true
    let made = subscriptions
    subscriptions = []
    for subscription in made { subscription.dispose() }
    startWork = []
    scriptWork = []
    hotSources = []
    sources = []
    globals = []
    allInternals = []
    sharedSignals = [:]
  }

  /// Notes that `value`, made by a sharing operator, sends each value to all its subscribers.
  func markShared(_ value: ScriptValue) {
    guard !isTornDown, case .signal(let signal) = value else { return }
    sharedSignals[ObjectIdentifier(signal)] = signal
  }

  /// Whether `signal` sends one value to many subscribers: a subject (the script's, or a
  /// connection's `signal`) or a signal a sharing operator made.
  func isShared(_ signal: Signal<ScriptValue>) -> Bool {
    signal is Subject<ScriptValue> || sharedSignals[ObjectIdentifier(signal)] != nil
  }

  /// Records `error` as the run's error (if it is the first), naming the current frame, and
  /// asks the scheduler to stop.
  func report(_ error: RuntimeError, byBudget: Bool = false) {
    guard failure == nil, !isTornDown else { return }
    failedByBudget = byBudget || error.isBudget
    var text = "\(error.message) at frame \(scheduler.now)"
    if let hint = error.hint { text += "; " + hint }
    failure = .error(text, at: error.range)
    scheduler.stop()
  }

  /// Records a diagnostic that stops the run (the frame bound).
  func fail(_ diagnostic: Diagnostic) {
    guard failure == nil, !isTornDown else { return }
    failure = diagnostic
    scheduler.stop()
  }

  // MARK: - Scheduling script work

  /// Does `work` at the start of frame `frame`: before the sources' events of that frame.
  func atStart(of frame: Int, _ work: @escaping () -> Void) {
    if isSettingUp {
      startWork.append { [scheduler] in scheduler.schedule(at: frame, work) }
    } else if frame <= scheduler.now {
      work()
    } else {
      scheduler.schedule(at: frame, work)
    }
  }

  /// Does `work` at frame `frame`, in script order with the script's other work for that frame.
  func atFrame(_ frame: Int, _ work: @escaping () -> Void) {
    if isSettingUp {
      scriptWork.append { [scheduler] in scheduler.schedule(at: frame, work) }
    } else {
      scheduler.schedule(at: frame, work)
    }
  }

  /// The operator internals (`s.internals`) asked for while setting up, started at frame 0
  /// after the shown lanes subscribe (or where their windows start).
  private var internalsWork: [OperatorInternals] = []

  /// Every operator internals of the run, to end their subscriptions with their windows.
  private var allInternals: [OperatorInternals] = []

  /// Starts `internals`' subscription: at frame 0 after the lanes while setting up, now later.
  func startInternals(_ internals: OperatorInternals) {
    allInternals.append(internals)
    if isSettingUp {
      internalsWork.append(internals)
    } else {
      internals.start()
    }
  }

  /// After a lane's window ended (its `!`): ends the subscription of each operator internals
  /// whose own window has ended and whose lanes nothing watches any longer.
  func laneWindowEnded() {
    for internals in allInternals { internals.stopIfUnwatched(at: scheduler.now) }
  }

  /// Ends the set-up: schedules the collected subscriptions, then the script's work.
  func finishSetUp() {
    for internals in internalsWork {
      startWork.append { [scheduler, weak self] in
        scheduler.schedule(at: internals.startFrame) {
          guard let self else { return internals.start() }
          self.subscribing(as: internals.origin ?? "the internals lanes") { internals.start() }
        }
      }
    }
    internalsWork = []
    isSettingUp = false
    let start = startWork
    let script = scriptWork
    startWork = []
    scriptWork = []
    for work in start { work() }
    for work in script { work() }
  }

  // MARK: - Sources

  /// A `cold` or `hot` source for `diagram`, its value keys looked up in `values` (a digit
  /// without an entry is that integer, any other character the one-character string).
  func makeSource(
    _ diagram: MarbleDiagram, values: [(label: String, value: ScriptValue)], error: ScriptValue,
    at range: SourceRange
  ) -> MarbleSource {
    var map: [String: ScriptValue] = [:]
    for (label, value) in values { map[label] = value }
    // A source made while the script runs (in a closure: `cold("--s|", s: n)`) gives its key
    // to each run's value, not to one value: only the script's own sources name values.
    if isSettingUp { noteAuthorKeys(values.map { ($0.label, $0.value) }) }
    let source = MarbleSource(
      kind: diagram.kind,
      timeline: MarbleSource.playback(of: diagram, values: map, error: error),
      firstFrame: diagram.firstFrame,
      endFrame: diagram.endFrame, scheduler: scheduler, budget: budget, range: range)
    source.currentOrigin = { [weak self] in self?.subscriptionOrigin }
    sources.append(source)
    if diagram.kind == .hot {
      if isSettingUp {
        hotSources.append(source)
        scriptWork.append { source.scheduleTimeline() }
      } else {
        source.scheduleTimeline()
      }
    }
    return source
  }

  /// Keeps the keys the script gives values (a source's, an `expect`'s), each key's first
  /// value only, values that are not signals.
  func noteAuthorKeys(_ pairs: [(String, ScriptValue)]) {
    for (key, value) in pairs where !value.containsSignal && authorKeys.count < Self.maxAuthorKeys {
      // An error is drawn as a cross with its payload, not with a key.
      if case .error = value { continue }
      if authorKeyNames.insert(key).inserted {
        authorKeys.append(.init(key: key, value: value.timelineValue(at: 0)))
      }
    }
  }

  /// Runs `work` (a `show` or `expect` subscribing) with `origin` as what marble sources
  /// record as the maker of the subscriptions it makes.
  func subscribing(as origin: String, _ work: () -> Void) {
    let outer = subscriptionOrigin
    subscriptionOrigin = origin
    work()
    subscriptionOrigin = outer
  }

  /// The integer a one-digit key stands for.
  static func digitValue(_ key: String) -> Int? {
    guard key.count == 1, let character = key.first, character.isASCII,
      let digit = character.wholeNumberValue
    else { return nil }
    return digit
  }

  // MARK: - Feeding observers

  /// Subscribes `signal` into `observer` (a subject or a channel terminal), guarding against
  /// events that feed back into their own source forever.
  func feed<O: Observer>(_ signal: Signal<ScriptValue>, into observer: O, at range: SourceRange)
  where O.Value == ScriptValue {
    let subscriber = Subscriber<ScriptValue> { [weak self, observer] event in
      self?.nested(at: range) { observer.send(event) }
    }
    observer.attach(subscriber)
    track(signal.subscribe(subscriber))
  }

  /// Runs `delivery` (a send into a subject or terminal), unless deliveries are already nested
  /// so deeply that they must be feeding back into themselves: then reports the loop.
  func nested(at range: SourceRange, _ delivery: () -> Void) {
    if nesting >= Runtime.maximumNesting {
      report(Diagnostic.Interpreter.feedbackLoop(at: range))
      return
    }
    nesting += 1
    delivery()
    nesting -= 1
  }

  /// `signal`, each subscription to it counted as one level of nesting (see `Budget`), so that a
  /// chain of subscriptions (a long chain of `let`s, a `defer` returning a `defer` of itself)
  /// stops with an error at `range` instead of overflowing the stack. The receivers and signal
  /// arguments of operators, and the signals their closures return, are counted.
  ///
  /// Each subscription is an event (`--max-events`). With `isOpen`, for the signals an operator
  /// subscribes besides its receiver (arguments, closures' results: where fan-out multiplies),
  /// it also counts as open until it ends (`--max-subscriptions`), and each event it delivers
  /// is an event too. So is each event a shared signal (`isShared`) delivers to a receiver's
  /// subscription: a `publish()` read by 9,000 inner `collect()`s delivers each value 9,000
  /// times, and a `replay()` replays all it kept to each late subscriber.
  func counted(_ signal: Signal<ScriptValue>, at range: SourceRange, isOpen: Bool = true)
    -> Signal<ScriptValue>
  {
    let chargesEvents = isOpen || isShared(signal)
    return Signal { [weak self] subscriber in
      guard let self, !self.hasFailed else { return nil }
      let budget = self.budget
      if isOpen {
        guard budget.opened(at: range) else { return nil }
        subscriber.attach { [weak budget] in budget?.closed() }
      } else {
        guard budget.spend(at: range) else { return nil }
      }
      do throws(RuntimeError) {
        try budget.enter(at: range)
      } catch {
        self.report(error)
        return nil
      }
      let level = budget.depth
      if chargesEvents {
        // Each event delivered counts too: a replayed signal (`replay()`, `shareReplay`) sends
        // all it kept to every new subscriber at once, work that no source counted.
        let forward = Subscriber<ScriptValue> { event in
          guard budget.spend(at: range) else { return }
          subscriber.send(event)
        }
        subscriber.attach(forward)
        signal.subscribe(forward)
      } else {
        signal.subscribe(subscriber)
      }
      budget.depth = level - 1
      return nil
    }
  }

  /// `signal`, with each event's delivery counted as a nested delivery (see `nested`).
  func guarded(_ signal: Signal<ScriptValue>, at range: SourceRange) -> Signal<ScriptValue> {
    Signal { [weak self] subscriber in
      signal.subscribe(
        Subscriber { event in
          guard let self else { return }
          self.nested(at: range) { subscriber.send(event) }
        })
    }
  }
}
