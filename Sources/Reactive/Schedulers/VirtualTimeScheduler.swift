import Foundation

/// A weak reference to a scheduler, kept in a thread's dictionary.
private final class WeakScheduler: NSObject {
  weak var scheduler: VirtualTimeScheduler?
  init(_ scheduler: VirtualTimeScheduler) { self.scheduler = scheduler }
}

/// A scheduler whose clock only moves when told to: the engine of marble tests.
///
/// Time is counted in integer frames. Scheduled actions wait in a binary heap ordered by
/// (frame, insertion order), so work for one frame runs first-in, first-out and each schedule
/// or run costs O(log n). The clock jumps straight to the next frame that has work.
///
///     let scheduler = VirtualTimeScheduler()
///     scheduler.schedule(after: 3) { print(scheduler.now) }   // prints 3
///     try scheduler.run()
///
/// A run stops with `VirtualTimeError` instead of hanging: past `maxFrames`, or after
/// `maxActionsPerFrame` actions at a single frame. Single-threaded: schedule and run from one
/// thread.
public final class VirtualTimeScheduler: Scheduler, @unchecked Sendable {
  // Invariant: all state is touched from one thread only (documented above), and no access to
  // it overlaps another (an action runs between accesses, never inside one). So the hot state
  // skips the runtime's dynamic exclusivity checks, which were an eighth of a run's work.
  @exclusivity(unchecked) private var heap = ActionHeap()
  @exclusivity(unchecked) private var sequence: UInt64 = 0
  @exclusivity(unchecked) private var started = false
  @exclusivity(unchecked) private var stopRequested = false
  /// The series whose step runs now, with its action: its next step is not in the heap while
  /// `deferredPending` (it runs straight away when nothing else is due first, `continueSeries`).
  /// Anything that looks at or runs the heap while the step runs puts it there first
  /// (`flushDeferred()`), so it is never missed. Set once per `runSeries`, so that deferring a
  /// successor costs nothing per step: its frame and sequence are worked out when it is flushed.
  @exclusivity(unchecked) private var deferredSeries:
    (action: ScheduledAction, series: ActionSeries)?
  @exclusivity(unchecked) private var deferredPending = false
  /// While a series runs: the last time its next step may run at straight after its step. The
  /// heap's first entry, the end of the run and `maxFrames`, made `.min` by whatever must send
  /// the successor round the loop instead (a flush of it, `step()`, `stop()`, a zero
  /// `maxActionsPerFrame`); a push lowers it to the entry's time. One time, not a time and a
  /// sequence: an entry pushed during the series has a later sequence than all of its steps.
  @exclusivity(unchecked) @usableFromInline var seriesLimit = Int.min
  /// The frame whose actions `actionsThisFrame` counts.
  @exclusivity(unchecked) @usableFromInline var frameOfCount = Int.min
  /// The actions run at `frameOfCount`, for `maxActionsPerFrame`.
  @exclusivity(unchecked) @usableFromInline var actionsThisFrame = 0

  /// The current virtual time, in frames.
  // A getter, not a stored property: another module (a recording's subscriber, inlined into a
  // test) read the stored property directly, and such a read kept its dynamic exclusivity
  // check (swift_beginAccess, about 75 instructions per recorded event). Inlinable, so that
  // such a reader loads `clock` itself rather than calling the getter.
  @inlinable public var now: Int { clock }
  // Unchecked exclusivity: see the invariant above. Usable from inlinable code for `now` only.
  @exclusivity(unchecked) @usableFromInline var clock: Int

  /// The last frame a run may reach; work scheduled later stops the run with an error.
  public var maxFrames: Int {
    didSet { seriesLimit = .min }
  }

  /// How many actions may run at one frame before the run is considered runaway.
  public var maxActionsPerFrame: Int {
    didSet { seriesLimit = .min }
  }

  /// The total number of actions run so far.
  // Inlinable over an unchecked stored property, as `now`: a recorder reads it per event.
  @inlinable public var actionsRun: Int { actionCount }
  @exclusivity(unchecked) @usableFromInline var actionCount = 0

  /// Whether an action of this scheduler itself (not one of its queues') is running now: what
  /// a recorder asks per event, answered without retaining `currentScheduler`.
  @inlinable public var isRunningOwnAction: Bool { runsOwnAction }
  @exclusivity(unchecked) @usableFromInline var runsOwnAction = false

  /// Called with each action as it is queued (by `schedule`, `schedule(after:)`,
  /// `schedule(at:)` and the queues, not by `scheduleSeries`); what it returns runs in the
  /// action's place. The interpreter keeps an action with the subscription it was queued for
  /// (`ThrowScope.Contexts`). Nil, the default, queues actions as they are.
  package var queuedAction: ((@escaping () -> Void) -> () -> Void)?

  /// The scheduler (this one or one of its queues) whose action is running now, if any.
  @exclusivity(unchecked) public private(set) var currentScheduler: (any Scheduler)?

  /// Whether `scheduler` runs its actions only inside a virtual-time run (a virtual-time
  /// scheduler or one of its queues), so on that run's one thread.
  @usableFromInline static func runsOnlyInVirtualRun(_ scheduler: any Scheduler) -> Bool {
    scheduler is VirtualQueue || scheduler is VirtualTimeScheduler
  }

  /// Creates a scheduler at frame `now`.
  public init(now: Int = 0, maxFrames: Int = 100_000, maxActionsPerFrame: Int = 1_000_000) {
    self.clock = now
    self.maxFrames = maxFrames
    self.maxActionsPerFrame = maxActionsPerFrame
  }

  /// The virtual-time scheduler that the code running on this thread belongs to, if one
  /// claimed the thread (`TestScheduler` does when it is made, for its test): a `Command` made
  /// without a `mainScheduler` uses its `main` queue instead of the real main queue, which a
  /// virtual run never sees. Held weakly: nil once that scheduler is gone.
  public static var ofThisThread: VirtualTimeScheduler? {
    (Thread.current.threadDictionary[threadKey] as? WeakScheduler)?.scheduler
  }

  /// Makes this scheduler `ofThisThread` for the current thread (until another claims it, it
  /// gives it up, or it is deallocated).
  public func claimThisThread() {
    Thread.current.threadDictionary[Self.threadKey] = WeakScheduler(self)
  }

  /// Stops being `ofThisThread` for the current thread, if it is.
  public func releaseThisThread() {
    if Self.ofThisThread === self { Thread.current.threadDictionary[Self.threadKey] = nil }
  }

  private static let threadKey = "Reactive.VirtualTimeScheduler.ofThisThread"

  /// The virtual main queue, with RACScheduler.mainThreadScheduler semantics: scheduling on it
  /// always enqueues at the current frame, after everything already queued, never inline.
  public private(set) lazy var main = VirtualQueue(name: "main", scheduler: self)

  /// A named queue sharing this clock and heap, such as a stand-in for a background queue.
  public func makeQueue(named name: String) -> VirtualQueue {
    VirtualQueue(name: name, scheduler: self)
  }

  /// Heap comparisons made so far: a measure of scheduling cost that tests can compare.
  public var heapComparisons: Int { heap.comparisons }

  /// The number of actions waiting (cancelled ones included until they are reached).
  public var pendingCount: Int {
    flushDeferred()
    return heap.count
  }

  /// The number of waiting actions that have not been cancelled (for tests that check that an
  /// operator released its timers).
  ///
  /// - Complexity: O(n) in the number of waiting actions.
  var liveActionCount: Int {
    flushDeferred()
    return heap.storage.reduce(0) { $0 + ($1.action.isDisposed ? 0 : 1) }
  }

  /// The frame of the next waiting action, if any.
  public var nextFrame: Int? {
    flushDeferred()
    return heap.first?.time
  }

  /// Whether nothing is queued.
  public var isIdle: Bool {
    flushDeferred()
    return heap.isEmpty
  }

  /// Puts the deferred successor of a running series step on the heap, if there is one: at its
  /// frame (or now, if later) with the sequence number reserved for it.
  private func flushDeferred() {
    guard deferredPending, let (action, series) = deferredSeries else { return }
    deferredPending = false
    let step = series.step &+ 1
    push(
      .init(
        time: queueTime(series.frame(ofStep: step) &+ series.offset),
        sequence: series.sequence(ofStep: step), action: action))
    seriesLimit = .min
  }

  /// Puts `entry` on the heap; a running series' successor then runs only after it.
  private func push(_ entry: ActionHeap.Entry) {
    heap.push(entry)
    seriesLimit = Swift.min(seriesLimit, entry.time)
  }

  // MARK: - Scheduling

  /// Enqueues `action` at the current frame, after the actions already queued for it.
  @discardableResult
  public func schedule(_ action: @escaping () -> Void) -> any Disposable {
    enqueue(at: now, queue: nil, action)
  }

  /// Enqueues `action` `delay` frames from now.
  @discardableResult
  public func schedule(after delay: Int, _ action: @escaping () -> Void) -> any Disposable {
    enqueue(at: now &+ max(0, delay), queue: nil, action)
  }

  /// Enqueues `action` at absolute frame `frame`. Before the first action has run a frame may lie
  /// before `now` (hot marbles use negative frames); afterwards earlier frames mean "now".
  @discardableResult
  public func schedule(at frame: Int, _ action: @escaping () -> Void) -> any Disposable {
    enqueue(at: frame, queue: nil, action)
  }

  func enqueue(at frame: Int, queue: (any Scheduler)?, _ work: @escaping () -> Void)
    -> ScheduledAction
  {
    if isClosed { return .dropped }
    let action = ScheduledAction(work: queuedAction?(work) ?? work, queue: queue)
    sequence &+= 1
    push(.init(time: queueTime(frame), sequence: sequence, action: action))
    return action
  }

  /// Queues one action per frame of `frames[first...]`, each at its frame + `offset` (frames
  /// must not decrease), keeping only the next one in the heap: a step's successor is queued
  /// just before the step runs (so the step may still cancel it). Their sequence numbers are
  /// reserved now, so each step runs exactly where it would have run had all been queued now
  /// with `schedule(at:)`. Disposing the result cancels the steps not run yet. The cursor of
  /// marble playback (`CodedTimeline.play`).
  ///
  /// `run` is called with the series when its next step is due, with the clock at its frame;
  /// it runs step `series.step`, then asks `continueSeries` whether the next step may run at
  /// once (nothing else due before it), and runs that one too while it may:
  ///
  ///     repeat { deliver(series.step) } while scheduler.continueSeries(series)
  ///
  /// so consecutive frames play in one call, without going round the run loop.
  @usableFromInline @discardableResult
  package func scheduleSeries(
    frames: FrameRuns, offset: Int, from first: Int = 0,
    _ run: @escaping (VirtualTimeScheduler, ActionSeries) -> Void
  ) -> any Disposable {
    guard first < frames.count, !isClosed else { return ScheduledAction.dropped }
    let firstSequence = sequence &+ 1
    let series = ActionSeries(
      frames: frames, offset: offset, first: first, sequence: firstSequence, run: run)
    sequence &+= UInt64(frames.count - first)
    let action = ScheduledAction(work: ScheduledAction.seriesMarker, queue: nil)
    action.series = series
    push(
      .init(
        time: queueTime(series.frame(ofStep: first) &+ offset), sequence: firstSequence,
        action: action))
    return action
  }

  /// Queues `count` actions, step `i` at `frame(i)`, as a series (above) whose steps each call
  /// `step` with their index.
  @discardableResult
  package func scheduleSeries(
    count: Int, at frame: (Int) -> Int, _ step: @escaping (Int) -> Void
  ) -> any Disposable {
    scheduleSeries(frames: FrameRuns((0..<max(count, 0)).lazy.map(frame)), offset: 0) {
      scheduler, series in
      repeat { step(series.step) } while scheduler.continueSeries(series)
    }
  }

  /// Called by a series' `run` after step `series.step`: whether its successor may run now,
  /// that is, it is still deferred (nothing looked at the heap), not cancelled, at a later
  /// frame, and before everything else due (`seriesLimit`). If so the clock moves to its frame
  /// and `series.step` to it, with the bookkeeping the run loop does for an action; if not, it
  /// goes on the heap (`parkSeries`), and the loop takes it as any action, or reports why not.
  @inlinable @inline(__always)
  package func continueSeries(_ series: ActionSeries) -> Bool {
    actionCount &+= 1
    let step = series.step &+ 1
    guard !series.isCancelled, step < series.frames.count else { return parkSeries() }
    let time = series.frame(ofStep: step) &+ series.offset
    guard time > clock, time <= seriesLimit else { return parkSeries() }
    series.step = step
    (clock, frameOfCount, actionsThisFrame) = (time, time, 1)
    if step &+ 1 == series.frames.count { endSeries() }
    return true
  }

  /// `step()` for step `series.step`, then for each following step before index `end` that
  /// falls on the next frame and may run at once, as `continueSeries` would run it; stops
  /// before the series' last step (`continueSeries` ends the series with it). The successor's
  /// checks are two compares (`seriesLimit`, the cancellation): a run of consecutive frames
  /// (`FrameRuns`) is where one step follows another a frame later. Afterwards `series.step` is
  /// the last step run, for `continueSeries` to go on from.
  @inlinable @inline(__always)
  package func repeatSeries(_ series: ActionSeries, until end: Int, _ step: () -> Void) {
    step()
    var (index, time) = (series.step, clock)
    guard series.frame(ofStep: index) &+ series.offset == time else { return }
    let last = Swift.min(end, series.runEnd, series.frames.count &- 1)
    while index &+ 1 < last, time < seriesLimit, !series.isCancelled {
      actionCount &+= 1
      (index, time) = (index &+ 1, time &+ 1)
      series.step = index
      (clock, frameOfCount, actionsThisFrame) = (time, time, 1)
      step()
    }
  }

  /// Puts the deferred successor of the series step that ran on the heap; false.
  @usableFromInline func parkSeries() -> Bool {
    flushDeferred()
    return false
  }

  /// The last step of the running series is about to run: its action is done.
  @usableFromInline func endSeries() {
    deferredPending = false
    deferredSeries?.action.dispose()
  }

  /// The heap time of work asked for at `frame`: before the first action has run a frame may lie
  /// before `now`; afterwards earlier frames mean now.
  private func queueTime(_ frame: Int) -> Int { started ? max(frame, now) : frame }

  // MARK: - Running

  /// Runs every queued action, moving the clock forward, until nothing is left.
  public func run() throws(VirtualTimeError) {
    try runActions(through: nil)
  }

  /// Runs every action up to and including frame `frame`, then sets the clock to `frame`.
  public func advance(to frame: Int) throws(VirtualTimeError) {
    try runActions(through: frame)
    if frame > now { clock = frame }
  }

  /// Runs every action up to and including frame `frame`, leaving the clock at the last action
  /// run (`advance(to:)` moves it to `frame`): a run taken forward a piece at a time this way
  /// ends exactly where `run()` would have.
  public func run(through frame: Int) throws(VirtualTimeError) {
    try runActions(through: frame)
  }

  /// Moves the clock `frames` forward, running what falls due on the way.
  public func advance(by frames: Int) throws(VirtualTimeError) {
    try advance(to: now &+ max(0, frames))
  }

  /// Runs the current frame until nothing more is queued for it (RAC specs' `toEventually`).
  public func drain() throws(VirtualTimeError) {
    try runActions(through: now)
  }

  /// Runs the next action, if any; returns whether one ran.
  @discardableResult
  public func step() throws(VirtualTimeError) -> Bool {
    flushDeferred()
    while let entry = heap.first {
      if entry.action.isDisposed {
        _ = heap.pop()
        continue
      }
      try runActions(through: entry.time, once: true)
      return true
    }
    return false
  }

  /// Asks a run in progress to stop before its next action; the run throws `.stopped`.
  public func stop() {
    stopRequested = true
    seriesLimit = .min
  }

  /// Set when a real scheduler was asked for work inside a run (`refuseRealScheduler()`): the
  /// run stops before its next action (or at its end) with `.realSchedulerInVirtualRun`.
  @exclusivity(unchecked) private var realSchedulerFrame: Int?

  /// Called by `QueueScheduler` when asked to schedule work while this scheduler runs an action
  /// on the current thread: the work is dropped and the run stops before its next action with
  /// `VirtualTimeError.realSchedulerInVirtualRun`, naming the fix.
  func refuseRealScheduler() {
    if realSchedulerFrame == nil { realSchedulerFrame = now }
    stopRequested = true
    seriesLimit = .min
  }

  /// Ends the scheduler's life: every waiting action is cancelled and released, and work
  /// scheduled from now on (by a `deinit` that sends its last events, say) is dropped.
  ///
  /// The first step of a run's teardown: after it, disposing subscriptions and releasing the
  /// graph can no longer run any of the graph's code.
  public func close() {
    isClosed = true
    stopRequested = true
    seriesLimit = .min
    flushDeferred()
    while let entry = heap.pop() { entry.action.dispose() }
  }

  /// Whether `close()` was called.
  public private(set) var isClosed = false

  /// `once`: only the next action (a series' due step alone), for `step()`.
  private func runActions(through end: Int?, once: Bool = false) throws(VirtualTimeError) {
    flushDeferred()
    let previous = CurrentScheduler.stored
    if previous === self {
      try loop(through: end, once: once)
      return
    }
    var failure: VirtualTimeError?
    CurrentScheduler.$stored.withValue(self) {
      do throws(VirtualTimeError) {
        try loop(through: end, once: once)
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
  }

  private func loop(through end: Int?, once: Bool) throws(VirtualTimeError) {
    while let entry = heap.first {
      if let end, entry.time > end { break }
      if stopRequested {
        stopRequested = false
        if let frame = realSchedulerFrame {
          realSchedulerFrame = nil
          throw .realSchedulerInVirtualRun(frame: frame)
        }
        throw .stopped(frame: now)
      }
      _ = heap.pop()
      guard let work = entry.action.work else { continue }
      if entry.time > maxFrames {
        push(entry)
        throw .frameLimitExceeded(limit: maxFrames, nextFrame: entry.time)
      }
      if entry.time != frameOfCount {
        frameOfCount = entry.time
        actionsThisFrame = 0
      }
      actionsThisFrame += 1
      if actionsThisFrame > maxActionsPerFrame {
        push(entry)
        throw .actionLimitExceeded(limit: maxActionsPerFrame, frame: entry.time)
      }
      started = true
      clock = entry.time
      let outer = currentScheduler
      let outerOwn = runsOwnAction
      currentScheduler = entry.action.queue ?? self
      runsOwnAction = entry.action.queue == nil
      if let series = entry.action.series {
        runSeries(series, of: entry.action, through: end, once: once)
      } else {
        entry.action.work = nil
        work()
        actionCount += 1
      }
      currentScheduler = outer
      runsOwnAction = outerOwn
      if once { break }
    }
    if let frame = realSchedulerFrame {
      // The refused work was the last: nothing else is due, but the run still failed.
      realSchedulerFrame = nil
      stopRequested = false
      throw .realSchedulerInVirtualRun(frame: frame)
    }
  }

  /// Runs the due step of `series` and, through `continueSeries`, the following ones for as
  /// long as the loop's next action would be the series' next step anyway: the playback of
  /// consecutive frames when nothing else is due; `once`: only the due step.
  ///
  /// Each step's successor is deferred (`deferredPending`), with the sequence number reserved for
  /// it: the step may cancel it, and whatever looks at or runs the heap during the step (a nested
  /// run, `pendingCount`, `close()`) first puts it on the heap, where the loop takes it as any
  /// action. A successor still deferred after its step runs straight away only when it would be
  /// first in the heap and every check of the loop (`stop()`, the end frame, `maxFrames`,
  /// `maxActionsPerFrame`) lets it run (`seriesLimit`); otherwise it goes on the heap, and the
  /// loop takes it, or reports why not.
  private func runSeries(
    _ series: ActionSeries, of action: ScheduledAction, through end: Int?, once: Bool
  ) {
    // A series step may run a nested run, and that run a series of its own: each keeps its
    // own action for the deferred successor while it runs (the nested run flushed this one's).
    let outer = deferredSeries
    deferredSeries = (action, series)
    defer { deferredSeries = outer }
    var bound = Int.max
    if let next = heap.first {
      // Before an entry with an earlier sequence (all of its steps' are on one side of it).
      bound = next.sequence > series.sequence(ofStep: series.step &+ 1) ? next.time : next.time &- 1
      if next.time == .min { bound = .min }
    }
    seriesLimit = Swift.min(bound, end ?? .max, maxFrames)
    if once || stopRequested || maxActionsPerFrame < 1 { seriesLimit = .min }
    let first = series.step &+ 1
    series.step = first
    deferredPending = true
    if first &+ 1 == series.frames.count { endSeries() }
    series.run(self, series)
    flushDeferred()
    seriesLimit = .min
  }
}

/// The state of a `scheduleSeries`: its steps' frames and the step that runs now. Its action
/// holds it; it holds nothing back, so nothing of a series outlives its place in the heap.
@usableFromInline package final class ActionSeries {
  /// Each step's frame, before `offset`; the steps are the indices from the first given.
  @usableFromInline let frames: FrameRuns
  @usableFromInline let offset: Int
  /// The sequence number of step 0 (wrapping: the steps may start later).
  let sequenceOfZero: UInt64
  let run: (VirtualTimeScheduler, ActionSeries) -> Void
  /// The step that runs now, or ran last: the next to run is the one after it.
  // Unchecked exclusivity: only touched by the scheduler's thread, one access at a time.
  @exclusivity(unchecked) @usableFromInline package var step: Int
  /// Set when the series' action is disposed: no further step runs.
  @exclusivity(unchecked) @usableFromInline var isCancelled = false
  /// The run of `frames` looked up last: its steps are `runStart..<runEnd`, step `i` of it at
  /// frame `runBase + i`, so that stepping through a run reads no array.
  @exclusivity(unchecked) @usableFromInline var runStart = 0
  @exclusivity(unchecked) @usableFromInline var runEnd = 0
  @exclusivity(unchecked) @usableFromInline var runBase = 0
  /// The action's own, kept between its steps: a playback's run of codes (`CodeRuns`).
  @exclusivity(unchecked) @usableFromInline package var mark = 0

  init(
    frames: FrameRuns, offset: Int, first: Int, sequence: UInt64,
    run: @escaping (VirtualTimeScheduler, ActionSeries) -> Void
  ) {
    (self.frames, self.offset, self.step, self.run) = (frames, offset, first &- 1, run)
    sequenceOfZero = sequence &- UInt64(first)
  }

  /// The sequence number reserved for step `step`.
  func sequence(ofStep step: Int) -> UInt64 { sequenceOfZero &+ UInt64(step) }

  /// The frame of step `step` (before `offset`).
  @inlinable @inline(__always) package func frame(ofStep step: Int) -> Int {
    step >= runStart && step < runEnd ? runBase &+ step : frame(seeking: step)
  }

  /// The frame of step `step`, its run looked up and kept.
  @usableFromInline func frame(seeking step: Int) -> Int {
    let run = frames.run(containing: step)
    runStart = frames.starts[run]
    runEnd = run &+ 1 < frames.starts.count ? frames.starts[run &+ 1] : frames.count
    runBase = frames.firsts[run] &- runStart
    return runBase &+ step
  }
}
