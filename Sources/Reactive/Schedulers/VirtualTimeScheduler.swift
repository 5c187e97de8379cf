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
  @exclusivity(unchecked) private var actionsThisFrame = 0
  @exclusivity(unchecked) private var frameOfCount = Int.min
  /// The successor of the series step running now, not yet in the heap: `runSeries` runs it
  /// straight away when nothing else is due first. Anything that looks at or runs the heap
  /// while the step runs puts it there first (`flushDeferred()`), so it is never missed.
  @exclusivity(unchecked) private var deferred: (time: Int, sequence: UInt64)?
  /// The action of the series whose step runs now, for `deferred`: set once per `runSeries`, so
  /// that deferring a successor retains nothing per step.
  @exclusivity(unchecked) private var deferredAction: ScheduledAction?

  /// The current virtual time, in frames.
  // A getter, not a stored property: another module (a recording's subscriber, inlined into a
  // test) read the stored property directly, and such a read kept its dynamic exclusivity
  // check (swift_beginAccess, about 75 instructions per recorded event). Inlinable, so that
  // such a reader loads `clock` itself rather than calling the getter.
  @inlinable public var now: Int { clock }
  // Unchecked exclusivity: see the invariant above. Usable from inlinable code for `now` only.
  @exclusivity(unchecked) @usableFromInline var clock: Int

  /// The last frame a run may reach; work scheduled later stops the run with an error.
  public var maxFrames: Int

  /// How many actions may run at one frame before the run is considered runaway.
  public var maxActionsPerFrame: Int

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

  /// Puts the deferred successor of a running series step on the heap, if there is one.
  private func flushDeferred() {
    guard let slot = deferred, let action = deferredAction else { return }
    deferred = nil
    heap.push(.init(time: slot.time, sequence: slot.sequence, action: action))
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
    heap.push(.init(time: queueTime(frame), sequence: sequence, action: action))
    return action
  }

  /// Queues `count` actions, step 0 at `frame(0)`, step 1 at `frame(1)`, … (frames must not
  /// decrease), keeping only the next one in the heap: the run loop queues a step's successor
  /// just before it runs the step (so the step may still cancel it). Their sequence numbers are reserved now, so each step runs exactly where it would
  /// have run had all been queued now with `schedule(at:)`. Disposing the result cancels the
  /// steps not run yet. The cursor of marble playback (`CodedTimeline.play`).
  @usableFromInline @discardableResult
  package func scheduleSeries(
    count: Int, at frame: @escaping (Int) -> Int, _ step: @escaping (Int) -> Void
  ) -> any Disposable {
    guard count > 0, !isClosed else { return ScheduledAction.dropped }
    let series = ActionSeries(count: count, firstSequence: sequence &+ 1, frame: frame, step: step)
    sequence &+= UInt64(count)
    let action = ScheduledAction(work: ScheduledAction.seriesMarker, queue: nil)
    action.series = series
    heap.push(.init(time: queueTime(frame(0)), sequence: series.firstSequence, action: action))
    return action
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
      try runActions(through: entry.time, limit: 1)
      return true
    }
    return false
  }

  /// Asks a run in progress to stop before its next action; the run throws `.stopped`.
  public func stop() {
    stopRequested = true
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
  }

  /// Ends the scheduler's life: every waiting action is cancelled and released, and work
  /// scheduled from now on (by a `deinit` that sends its last events, say) is dropped.
  ///
  /// The first step of a run's teardown: after it, disposing subscriptions and releasing the
  /// graph can no longer run any of the graph's code.
  public func close() {
    isClosed = true
    stopRequested = true
    flushDeferred()
    while let entry = heap.pop() { entry.action.dispose() }
  }

  /// Whether `close()` was called.
  public private(set) var isClosed = false

  private func runActions(through end: Int?, limit: Int = .max) throws(VirtualTimeError) {
    flushDeferred()
    let previous = CurrentScheduler.stored
    if previous === self {
      try loop(through: end, limit: limit)
      return
    }
    var failure: VirtualTimeError?
    CurrentScheduler.$stored.withValue(self) {
      do throws(VirtualTimeError) {
        try loop(through: end, limit: limit)
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
  }

  private func loop(through end: Int?, limit: Int) throws(VirtualTimeError) {
    var ran = 0
    while ran < limit, let entry = heap.first {
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
        heap.push(entry)
        throw .frameLimitExceeded(limit: maxFrames, nextFrame: entry.time)
      }
      if entry.time != frameOfCount {
        frameOfCount = entry.time
        actionsThisFrame = 0
      }
      actionsThisFrame += 1
      if actionsThisFrame > maxActionsPerFrame {
        heap.push(entry)
        throw .actionLimitExceeded(limit: maxActionsPerFrame, frame: entry.time)
      }
      started = true
      clock = entry.time
      let outer = currentScheduler
      let outerOwn = runsOwnAction
      currentScheduler = entry.action.queue ?? self
      runsOwnAction = entry.action.queue == nil
      if let series = entry.action.series {
        ran += runSeries(series, of: entry.action, through: end, limit: limit - ran)
      } else {
        entry.action.work = nil
        work()
        actionCount += 1
        ran += 1
      }
      currentScheduler = outer
      runsOwnAction = outerOwn
    }
    if let frame = realSchedulerFrame {
      // The refused work was the last: nothing else is due, but the run still failed.
      realSchedulerFrame = nil
      stopRequested = false
      throw .realSchedulerInVirtualRun(frame: frame)
    }
  }

  /// Runs the due step of `series`, then, for as long as the loop's next action would be the
  /// series' next step anyway, that step too, without going round the loop or through the heap:
  /// the playback of consecutive frames when nothing else is due. Returns the number of steps
  /// run (at least one, at most `limit`).
  ///
  /// Each step's successor is made before the step runs, with the sequence number reserved for
  /// it, and kept in `deferred` (its action in `deferredAction`): the step may cancel it, and
  /// whatever looks at or runs the heap during the step (a nested run, `pendingCount`,
  /// `close()`) first puts it on the heap, where the loop takes it as any action. A successor
  /// still deferred after its step runs here only when it would be first in the heap and every
  /// check of the loop (`stop()`, the end frame, `maxFrames`, `maxActionsPerFrame`) lets it run;
  /// otherwise it goes on the heap, and the loop takes it, or reports why not.
  private func runSeries(
    _ series: ActionSeries, of action: ScheduledAction, through end: Int?, limit: Int
  ) -> Int {
    // A series step may run a nested run, and that run a series of its own: each keeps its
    // own action for `deferred` while it runs.
    let outerAction = deferredAction
    deferredAction = action
    defer { deferredAction = outerAction }
    var ran = 0
    while true {
      let step = series.next
      series.next += 1
      if series.next < series.count {
        deferred = (
          queueTime(series.frame(series.next)), series.firstSequence &+ UInt64(series.next)
        )
      } else {
        action.dispose()
      }
      series.step(step)
      actionCount += 1
      ran += 1
      guard let next = deferred else { return ran }
      deferred = nil
      let count = next.time == frameOfCount ? actionsThisFrame : 0
      guard ran < limit, !stopRequested, action.work != nil, next.time <= maxFrames,
        end.map({ next.time <= $0 }) ?? true, count < maxActionsPerFrame,
        heap.first.map({ (next.time, next.sequence) < ($0.time, $0.sequence) }) ?? true
      else {
        heap.push(.init(time: next.time, sequence: next.sequence, action: action))
        return ran
      }
      frameOfCount = next.time
      actionsThisFrame = count + 1
      clock = next.time
    }
  }
}

/// The state of a `scheduleSeries`: its steps' frames and which step runs next. Its action holds
/// it; it holds nothing back, so nothing of a series outlives its place in the heap.
final class ActionSeries {
  let count: Int
  let firstSequence: UInt64
  let frame: (Int) -> Int
  let step: (Int) -> Void
  // Unchecked exclusivity: only touched by the scheduler's loop, one access at a time.
  @exclusivity(unchecked) var next = 0

  init(
    count: Int, firstSequence: UInt64, frame: @escaping (Int) -> Int,
    step: @escaping (Int) -> Void
  ) {
    self.count = count
    self.firstSequence = firstSequence
    self.frame = frame
    self.step = step
  }
}
