import Reactive

/// Records one subscription to a signal: its window and its events at their frames, in delivery
/// order. A value that is (or contains) a signal is recorded RxJS-style: the inner signal is
/// subscribed at the frame it arrives, and recorded in turn, with absolute frames.
///
/// The window and the events are kept in the package's one recording storage (`RecordLog`),
/// each event in 24 bytes (`LaneEvent`), their frames as runs. Appending an event costs O(1);
/// values are converted to recorded data as they arrive, except for inner signals, which are
/// resolved when the run ends (`timeline`).
final class LaneRecorder {
  /// A recorded value that still contains live inner recordings.
  indirect enum Pending {
    case ready(TimelineValue)
    case inner(LaneRecorder)
    case tuple([Pending])
    case array([Pending])
    case error(Pending)
    case event(TimelineEvent.Kind, Pending?)
  }

  private let scheduler: VirtualTimeScheduler
  /// The subscription's window and the events so far, compact; values holding signals are
  /// placeholders until the run ends (`timeline`). Only this recorder appends to it
  /// (`appendUnshared`): `timeline` updates a copy.
  // Unchecked exclusivity: appended to on the run's thread, one access at a time.
  @exclusivity(unchecked) private var log = RecordLog<LaneEvent>()
  /// The values recorded that are not numbers, Booleans or `nil` (`RecordedValue.Stored`).
  private var others: [TimelineValue] = []
  /// The names of the queues whose actions delivered events (`LaneEvent.queue`).
  private var queues: [String] = []
  private var pending: [(index: Int, value: Pending)] = []
  private var subscriber: Subscriber<ScriptValue>?
  /// The source a passive lane watches (`show input.recorded`), if this is one.
  private var watched: MarbleSource?

  /// The frame of the subscription, once made.
  var subscribed: Int? { log.window?.subscribed }

  /// Numbers the events of one frame across every recorder of the run.
  private let clock: SequenceClock
  /// The run's budget: each recorded event counts (`--max-events`), values are checked
  /// (`--max-value-size`, nesting), reported at `range` (the `show` or `expect`).
  private let budget: Budget?
  private let range: SourceRange
  /// How deeply this recording is nested in others (0 for a lane).
  private let level: Int

  init(
    scheduler: VirtualTimeScheduler, clock: SequenceClock, budget: Budget? = nil,
    range: SourceRange = SourceRange(line: 1, column: 1), level: Int = 0
  ) {
    self.scheduler = scheduler
    self.clock = clock
    self.budget = budget
    self.range = range
    self.level = level
  }

  deinit { subscriber?.dispose() }

  /// Whether this lane watches a source instead of subscribing (`show input.recorded`).
  var isPassive: Bool { watched != nil }

  /// Whether the subscription is made and has not ended.
  var isActive: Bool { watched == nil && log.isActive }

  /// The sequence number taken when the hot source this lane records began to send its
  /// current event (before any subscriber heard it), and the frame it was taken at.
  private var reserved: (frame: Int, sequence: Int)?

  /// Subscribes to `signal` now.
  func start(_ signal: Signal<ScriptValue>) {
    guard log.window == nil else { return }
    log.start(at: scheduler.now)
    // A hot source's subscribers hear each event in the order they subscribed, so an operator
    // that subscribed before this lane would record its effects first. The lane takes its
    // number when the source starts to send: the cause is listed before its effects.
    if let source = signal as? MarbleSource, source.kind == .hot {
      source.watch { [weak self] _, _ in
        guard let self, !self.clock.hasStopped else { return }
        self.reserved = (self.scheduler.now, self.clock.next(at: self.scheduler.now))
      }
    }
    // Not weak: a weak `self` cost a side-table load, a retain and a slow release per recorded
    // event; unretained, not `unowned(unsafe)`, which still retained and released it per event.
    // Invariant: a subscriber without a lock (made during the virtual run, so only ever sent to
    // on the run's thread) calls these handlers only while the recorder lives, since `deinit`
    // disposes it, which drops the handlers before the recorder's memory goes
    // (`LaneRecorderTests`). A subscriber with a lock could be sent to from another thread: it
    // holds `self` weakly. Values have a handler of their own, which the chain's last step
    // calls with the value alone.
    let recorder = Unmanaged.passUnretained(self)
    var subscriber = Subscriber<ScriptValue>(
      values: { value in recorder._withUnsafeGuaranteedRef { $0.record(value) } },
      other: { event in recorder._withUnsafeGuaranteedRef { $0.record(event) } })
    if subscriber.confinedHandler == nil {
      subscriber = Subscriber { [weak self] event in self?.record(event) }
    }
    self.subscriber = subscriber
    signal.subscribe(subscriber)
  }

  /// Records what `source` delivers to its subscribers, without subscribing to it: the lane of
  /// `show input.recorded`. Inner cold marbles among its values are drawn without subscribing.
  func watch(_ source: MarbleSource) {
    guard watched == nil, log.window == nil else { return }
    watched = source
    source.watch { [weak self] event, subscription in
      self?.record(event, subscription: subscription)
    }
  }

  /// For a lane watching a cold source: the index of the source's subscription each recorded
  /// event was delivered to, in event order (empty otherwise).
  private(set) var eventSubscriptions: [Int] = []

  /// Ends the subscription now (the `!` of a subscription marble).
  func stop() {
    subscriber?.dispose()
    log.end(at: scheduler.now)
  }

  /// `record(.next(value))` for a subscribing lane, a scalar without making the event.
  @inline(__always)
  private func record(_ value: ScriptValue) {
    guard !clock.hasStopped else { return }
    if let scalar = Self.scalar(value) { return recordScalar(scalar) }
    record(.next(value))
  }

  private func record(_ event: Event<ScriptValue>, subscription: Int? = nil) {
    guard !clock.hasStopped else { return }
    if subscription == nil, case .next(let value) = event, let scalar = Self.scalar(value) {
      return recordScalar(scalar)
    }
    let frame = scheduler.now
    // A `next`'s value, an `error`'s error value, nil for a completion.
    let value = event.value ?? event.error.map { ScriptValue.payload(of: $0) }
    if let budget {
      guard budget.spend(Budget.recordedEventCost, at: range) else { return }
      if let value { guard budget.checkRecorded(value, at: range) else { return } }
    }
    let sequence = takeSequence(at: frame)
    let (turn, queue) = currentAction
    if let subscription { eventSubscriptions.append(subscription) }
    let kind: TimelineEvent.Kind = !event.isTerminal ? .next : value == nil ? .completed : .error
    // A value holding signals is resolved when the run ends; a `next` stores a placeholder.
    let inner = value?.containsSignal == true
    if let value, inner { pending.append((log.count, pend(value, at: frame))) }
    let stored = value.map { inner && kind == .next ? .null : store($0, at: frame) } ?? .none
    // A passive lane's window is its source's: its events do not end it.
    log.append(
      LaneEvent(sequence: sequence, turn: turn, value: stored, kind: kind, queue: queue),
      at: frame, terminal: watched == nil && kind != .next)
  }

  /// `record` of a value that is a number, a Boolean or `nil` (what most lanes record), for a
  /// subscribing lane: the same entry, without the checks such a value always passes (its
  /// size, the signals inside it).
  @inline(__always)
  private func recordScalar(_ value: RecordedValue.Stored) {
    let frame = scheduler.now
    if let budget {
      guard budget.spend(Budget.recordedEventCost, at: range) else { return }
    }
    let sequence = takeSequence(at: frame)
    let (turn, queue) = currentAction
    log.appendUnshared(
      LaneEvent(sequence: sequence, turn: turn, value: value, kind: .next, queue: queue),
      at: frame)
  }

  /// The sequence number of an event recorded at `frame`: the one reserved for it, if any,
  /// else the clock's next.
  @inline(__always)
  private func takeSequence(at frame: Int) -> Int {
    defer { reserved = nil }
    if let reserved, reserved.frame == frame { return reserved.sequence }
    return clock.next(at: frame)
  }

  /// A number, a Boolean or `nil` as recorded data; nil for any other value.
  @inline(__always)
  private static func scalar(_ value: ScriptValue) -> RecordedValue.Stored? {
    switch value {
    case .int(let value): return .int(value)
    case .double(let value): return .double(value)
    case .bool(let value): return .bool(value)
    case .null: return .null
    default: return nil
    }
  }

  /// `value` as stored data, numbers and Booleans unboxed, any other value appended to `others`.
  private func store(_ value: ScriptValue, at frame: Int) -> RecordedValue.Stored {
    if let scalar = Self.scalar(value) { return scalar }
    others.append(value.timelineValue(at: frame))
    return .other(others.count - 1)
  }

  /// The scheduler action running now (-1 outside any) and its queue (0 for the scheduler,
  /// else 1 + its index in `queues`; `main` for a command's hop).
  private var currentAction: (turn: Int, queue: Int32) {
    // The common case, inline and asked without retaining the current scheduler.
    @inline(__always) get {
      scheduler.isRunningOwnAction ? (scheduler.actionsRun, 0) : otherAction
    }
  }

  /// `currentAction` when the scheduler's own action is not the one running.
  @inline(never) private var otherAction: (turn: Int, queue: Int32) {
    guard let current = scheduler.currentScheduler else { return (-1, 0) }
    guard current !== scheduler, let name = (current as? VirtualQueue)?.name else {
      return (scheduler.actionsRun, 0)
    }
    if let index = queues.firstIndex(of: name) { return (scheduler.actionsRun, Int32(index + 1)) }
    queues.append(name)
    return (scheduler.actionsRun, Int32(queues.count))
  }

  /// Starts recordings for the signals inside `value`.
  private func pend(_ value: ScriptValue, at frame: Int) -> Pending {
    switch value {
    case .signal(let signal):
      if watched != nil, let source = signal as? MarbleSource, source.kind == .cold {
        return .ready(.signal(source.timeline(subscribedAt: frame)))
      }
      let inner = LaneRecorder(
        scheduler: scheduler, clock: clock, budget: budget, range: range, level: level + 1)
      if level + 1 < Budget.maximumValueNesting {
        inner.start(signal)
      } else {
        budget?.failNesting(at: range)
      }
      return .inner(inner)
    case .tuple(let values): return .tuple(values.map { pend($0, at: frame) })
    case .array(let values): return .array(values.map { pend($0, at: frame) })
    case .error(let value): return .error(pend(value, at: frame))
    case .event(let event):
      switch event {
      case .next(let value): return .event(.next, pend(value, at: frame))
      case .error(let error): return .event(.error, pend(ScriptValue.payload(of: error), at: frame))
      case .completed: return .event(.completed, nil)
      }
    default: return .ready(value.timelineValue(at: frame))
    }
  }

  /// The subscription window (frame 0, open, if never subscribed).
  var window: SubscriptionLog {
    if let watched { return watched.watchedWindow }
    return log.window ?? SubscriptionLog(subscribed: 0)
  }

  /// What was recorded, every inner signal resolved: the events as stored, and the window.
  var timeline: Timeline<TimelineValue> {
    var (resolved, others) = (log, others)
    for (index, value) in pending {
      resolved.update(index) { $0.value = RecordedValue(Self.resolve(value)).stored(in: &others) }
    }
    return Timeline(
      subscription: window, storage: LaneStorage(log: resolved, others: others, queues: queues))
  }

  static func resolve(_ pending: Pending) -> TimelineValue {
    switch pending {
    case .ready(let value): return value
    case .inner(let recorder): return .signal(recorder.timeline)
    case .tuple(let values): return .tuple(values.map(resolve))
    case .array(let values): return .array(values.map(resolve))
    case .error(let value): return .error(resolve(value))
    case .event(let kind, let value): return .event(kind, value.map(resolve))
    }
  }

  /// The last frame this recording (and its inner recordings) touched.
  var lastFrame: Int {
    let window = self.window
    var last = max(window.subscribed, window.unsubscribed ?? 0, log.lastFrame ?? 0)
    for (_, value) in pending { last = max(last, Self.lastFrame(of: value)) }
    return last
  }

  private static func lastFrame(of pending: Pending) -> Int {
    switch pending {
    case .ready: return 0
    case .inner(let recorder): return recorder.lastFrame
    case .tuple(let values), .array(let values): return values.map(lastFrame).max() ?? 0
    case .error(let value): return lastFrame(of: value)
    case .event(_, let value): return value.map(lastFrame) ?? 0
    }
  }
}

/// Hands out the in-frame sequence numbers of one run: 0, 1, 2, … within a frame, restarting
/// at every new frame (virtual time only moves forward).
final class SequenceClock {
  // Unchecked exclusivity: only touched on the run's thread, one access at a time.
  @exclusivity(unchecked) private var frame = Int.min
  @exclusivity(unchecked) private var count = 0
  /// Set when the run fails (`Runtime.stopFlag`); never for a clock made without a run.
  private let stopFlag: RunStopFlag

  /// A clock for the run of `runtime` (none: recording never stops).
  init(runtime: Runtime? = nil) {
    self.stopFlag = runtime?.stopFlag ?? RunStopFlag()
  }

  /// Whether the run has failed: what happens after the error (values a failed closure left
  /// behind) is not recorded.
  var hasStopped: Bool { stopFlag.isSet }

  /// The number of the next event recorded at `frame`.
  func next(at frame: Int) -> Int {
    if frame != self.frame { (self.frame, count) = (frame, 0) }
    defer { count += 1 }
    return count
  }
}

/// Whether a run has failed, in a box of its own: the runtime sets it, and its recorders'
/// clock reads it for every recorded event without holding the runtime.
final class RunStopFlag {
  // Unchecked exclusivity: only touched on the run's thread, one access at a time.
  @exclusivity(unchecked) var isSet = false
}
