import Foundation
import MarblesCore
import Reactive

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The Swift-concurrency side of one test scheduler: the jobs of its tasks, the tasks that record
/// sequences, and the driver that runs both with the scheduler's marble events in virtual time.
///
/// One run per test scheduler, driven in one go (`ts.run()`) or a piece at a time
/// (`ts.advance(by:)`, then more pieces or `ts.run()`). The driver is a thread of its own while
/// it drives: it takes the next action of the virtual-time scheduler (a marble event, a clock
/// deadline, a subscription window), runs it, then runs every job that became ready, first in
/// first out, jobs made ready by those jobs included, before it takes the next action. Time moves
/// only when no job is ready. Between pieces (paused) the jobs that become ready wait for the
/// next piece. So one test gives one order of events, whatever else the process runs meanwhile.
///
/// The run's own tasks prefer the run's task executor (`executor`), so their jobs come here
/// without any runtime hook; the hooks (`RuntimeHooks`) bring the rest: unstructured tasks, the
/// main actor's jobs, and the test's tasks while it sets up.
package final class AsyncRun: @unchecked Sendable {
  // Invariant: the fields under "locked" are only touched with `condition` held; the others
  // only on the driver thread while driving (or on the test's thread while not driving).

  /// What the run is doing.
  package enum Phase: Equatable, Sendable {
    /// Before the first piece; `paused` between pieces (`ts.advance(by:)`).
    case notStarted, running, paused, finished
  }

  /// A job the run holds, and whether it is a main-actor job.
  private struct Job {
    let job: UnownedJob
    let onMain: Bool
    /// Held from the test's task, not yet driven (`SetupRouting`).
    var fromSetup = false
  }

  /// The run that the current task belongs to (inherited by every task started in the run).
  @TaskLocal static var current: AsyncRun?

  let scheduler: VirtualTimeScheduler
  private let condition = NSCondition()
  /// The task executor that the run's own tasks prefer: their jobs come to the run through it.
  let executor = RunExecutor()

  // locked
  private var jobs: [Job] = []
  private var head = 0
  private var inbox: [() -> Void] = []
  private var phaseLocked = Phase.notStarted
  private var frameLocked = 0
  private var waitingForOutside = false
  private var realClockUse: (frame: Int, delay: String?)?
  private var parked: [UnownedJob] = []
  private var holdsSetupJobs = false
  private var setupReleased = false
  private var setupReleasedLate = false
  /// The pieces driven so far (for the release timer).
  private var pieces = 0
  /// Whether the test has called `run()` or `advance(by:)`, which is on its way to the driver
  /// (a busy machine may take long to get it there): held jobs are not let go meanwhile.
  private var driveRequested = false
  /// Whether the run holds the runtime hooks (`RuntimeHooks.acquire`).
  private var holdsHooks = false
  /// The task that made the test scheduler, by id (see `SetupRouting`); written once, by `init`.
  private(set) var setupTask: UInt64?
  /// The ids of the tasks whose jobs the hooks gave to this run: a job the test's task enqueues
  /// for one of them between pieces is the run's (`holdSetupJob`).
  private var memberTasks: Set<UInt64> = []
  /// Whether the run notes `memberTasks`: not during a piece that runs to the end (no pause
  /// follows it, so nothing asks), which spares a set insertion per routed job.
  private var tracksMembers = true
  /// Uses of `ts.clock` before the run started (a sleep whose error the app may swallow).
  private var earlyClockUses: [String] = []
  /// Jobs of the test's task (`setupTask`) that wait in the main queue now: it is on its way,
  /// not stuck awaiting what the run holds, so the release timer waits for it (see
  /// `MainRouter.sendToMainQueue`).
  private var setupTaskQueued = 0
  /// How many times a job of the test's task was queued there or began to run there: a task that
  /// moved since the release timer was set is not stuck (nor one that has just begun to run).
  private var setupTaskHops = 0
  /// Seconds (real time) that held jobs of the test's task wait for the run to go on
  /// (`SetupRouting.releaseDelay`; tests shorten it, before they start tasks).
  package var setupReleaseDelay = SetupRouting.releaseDelay

  // driver only
  /// Whether the driver is running a main-actor job (for `MainActor.assumeIsolated`).
  private(set) var isRunningMainJob = false
  /// The tasks that record sequences (and tasks started with `task(at:)`), in start order.
  private var consumers: [Consumer] = []
  /// Whether a marble source still has a subscriber: then a waiting consumer waits on virtual
  /// time (the source has nothing more to say), not on the world outside.
  var hasOpenSubscription: () -> Bool = { false }
  /// The most jobs one frame may run before the run fails as a busy loop.
  package var maxJobsPerFrame = 100_000
  /// How long (real time) the driver waits for a job from outside (an actor with its own
  /// executor, say) when nothing is ready and a consumer still waits on something else.
  package var outsideWaitLimit: Duration = .seconds(1)
  /// The run's failures, in the order they happened (the first `reportedFailures` of them
  /// reported already, by an earlier piece).
  package private(set) var failures: [String] = []
  package var reportedFailures = 0
  package var reportedViolations = 0
  /// Broken `AsyncSequence` contracts seen by the recorders, with the location of each `record`.
  package private(set) var contractViolations: [(message: String, location: CallLocation)] = []
  /// Whether the driver has taken its first turn (the hot sources are scheduled then).
  private var hasStarted = false
  /// Work for the end of the current frame: when no job is ready and nothing more is scheduled
  /// for the frame (observers read the state there, once per frame).
  private var frameEnd: [() -> Void] = []

  /// Runs `work` at the end of the current frame (on the driver).
  func atFrameEnd(_ work: @escaping () -> Void) {
    frameEnd.append(work)
  }

  init(scheduler: VirtualTimeScheduler) {
    self.scheduler = scheduler
    executor.run = self
    // Before the test starts tasks: they are routed from the first one on.
    setupTask = SetupRouting.register(self)
    if setupTask != nil { holdsHooks = RuntimeHooks.acquire() }
  }

  deinit {
    if let setupTask { SetupRouting.unregister(setupTask, of: self) }
    if holdsHooks { RuntimeHooks.release() }
  }

  /// Whether the calling thread is this run's driver (`onThisThread === self`, compared as
  /// pointers: no retain and release of the run, which has weak references and so a slow
  /// reference count; a recorder asks once per element).
  private var isOnItsDriver: Bool {
    pthread_getspecific(AsyncRun.driverKey) == Unmanaged.passUnretained(self).toOpaque()
  }

  /// Where the run is.
  package var phase: Phase { condition.withLock { phaseLocked } }

  /// The current frame, readable from any thread.
  var frame: Int {
    if isOnItsDriver { return scheduler.now }
    return condition.withLock { frameLocked }
  }

  /// Notes that the test asked for a piece of the run (called on the test's own executor,
  /// before it hops anywhere).
  package func willDrive() {
    condition.withLock { driveRequested = true }
  }

  /// Notes a use of `ts.clock` before the run started; the run reports it when it starts.
  func noteEarlyClockUse(_ message: String) {
    condition.withLock {
      if !earlyClockUses.contains(message) { earlyClockUses.append(message) }
    }
  }

  /// Gives back the runtime hooks (once).
  private func releaseHooks() {
    let held = condition.withLock {
      defer { holdsHooks = false }
      return holdsHooks
    }
    if held { RuntimeHooks.release() }
  }

  /// Ends a run that will not be driven again (its test scheduler is gone): the jobs it holds go
  /// to the real executors, and the hooks are given back.
  package func abandon() {
    let held: [Job] = condition.withLock {
      guard phaseLocked != .finished, phaseLocked != .running else { return [] }
      phaseLocked = .finished
      let held = Array(jobs[head...])
      jobs = []
      head = 0
      return held
    }
    if let setupTask { SetupRouting.unregister(setupTask, of: self) }
    releaseToRealExecutors(held)
    for consumer in consumers {
      consumer.gate.resume(CancellationError())
      if consumer.isObserver { consumer.task?.cancel() }
    }
    releaseHooks()
  }

  // MARK: - Routing

  /// The run of the driver thread this code runs on, if any (package: tests ask where a task ran).
  package static var onThisThread: AsyncRun? {
    guard let pointer = pthread_getspecific(driverKey) else { return nil }
    return Unmanaged<AsyncRun>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// The run a job enqueued here and now belongs to: the driver thread's, or the enqueuing
  /// task's until its run has finished.
  package static func routing() -> AsyncRun? {
    if let run = onThisThread { return run }
    if let run = current, run.phase != .finished { return run }
    return nil
  }

  /// Gives `job`, enqueued here and now, to the run it belongs to, if any: as `routing()`, or
  /// the run that the enqueuing task is setting up (see `SetupRouting`). False when it belongs
  /// to none.
  static func take(_ job: UnownedJob, onMain: Bool) -> Bool {
    if let run = routing() {
      run.enqueue(job, onMain: onMain, routed: true)
      return true
    }
    guard let (run, task) = SetupRouting.owner(for: job) else { return false }
    return run.holdSetupJob(job, task: task, onMain: onMain)
  }

  /// Holds a job that the test's task enqueues (setting up, or between pieces) for the run when
  /// it is the run's: the first job of a task the test's task creates now, or a job of a task of
  /// the run (`memberTasks`). Any other job (a continuation of another test's task that this one
  /// resumed) is not held. Nothing is held while the run is driven or after it let such jobs go;
  /// the first job held while not driven starts the release timer.
  private func holdSetupJob(_ job: UnownedJob, task: UInt64, onMain: Bool) -> Bool {
    let isMember = task != 0 && condition.withLock { memberTasks.contains(task) }
    guard isMember || (task != 0 && TaskCreation.isInProgress()) else { return false }
    let timer: Int?? = condition.withLock {
      guard phaseLocked == .notStarted || phaseLocked == .paused, !setupReleased else {
        return nil
      }
      memberTasks.insert(task)
      jobs.append(Job(job: job, onMain: onMain, fromSetup: true))
      defer { holdsSetupJobs = true }
      return .some(holdsSetupJobs ? nil : pieces)
    }
    guard let timer else { return false }
    if let piece = timer { armSetupRelease(piece: piece) }
    return true
  }

  /// Lets the held jobs go `setupReleaseDelay` from now unless the run goes on before.
  private func armSetupRelease(piece: Int) {
    let (delay, hops) = condition.withLock { (setupReleaseDelay, setupTaskHops) }
    DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [weak self] in
      self?.releaseSetupJobs(late: true, piece: piece, hops: hops)
    }
  }

  /// Notes that a job of the test's task was queued on the main queue (`+1`) or began to run
  /// there (`-1`). A test's task runs its hops there when another tool sends every job to the
  /// main actor (`withMainSerialExecutor`): `ts.run()` itself hops before it can say the run is
  /// about to be driven, and a main thread busy with other tests can keep it waiting long.
  func noteSetupTaskQueued(_ delta: Int) {
    condition.withLock {
      setupTaskQueued += delta
      setupTaskHops += 1
    }
  }

  /// Lets the jobs held from the test's task go to the real executors, when the run is not being
  /// driven: the synchronous `run()` drives no tasks, and a test that awaits them before the run
  /// (or between pieces) would wait forever. `late`: the run did not go on in time (the next
  /// piece reports it); `piece`: the pieces driven when the timer was set (a timer of an earlier
  /// pause does nothing).
  package func releaseSetupJobs(late: Bool, piece: Int? = nil, hops: Int? = nil) {
    var waitMore = false
    let held: [Job]? = condition.withLock {
      guard phaseLocked == .notStarted || phaseLocked == .paused, !setupReleased,
        piece == nil || piece == pieces, !(late && driveRequested)
      else { return nil }
      // The test's task waits for a thread, not for what the run holds: wait for it again.
      if late, setupTaskQueued > 0 || hops.map({ $0 != setupTaskHops }) == true {
        waitMore = true
        return nil
      }
      setupReleased = true
      setupReleasedLate = late && holdsSetupJobs
      let all = jobs[head...]
      // Without the synchronous run's consumers, the run's own tasks wait for the next piece.
      let held = all.filter { $0.fromSetup || !late }
      jobs = all.filter { !$0.fromSetup && late }
      head = 0
      return held
    }
    if waitMore, let piece { armSetupRelease(piece: piece) }
    guard let held else { return }
    if let setupTask { SetupRouting.unregister(setupTask, of: self) }
    releaseToRealExecutors(held)
  }

  private func releaseToRealExecutors(_ held: [Job]) {
    for job in held {
      if job.onMain {
        MainRouter.shared.sendToMainQueue(job.job)
      } else {
        executor.runOutside(job.job)
      }
    }
  }

  private static let driverKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  // MARK: - Jobs

  /// Queues `job` (called by the hooks and the run's executor, on any thread); `routed`: a hook
  /// routed it here, so its task is noted as a task of the run (while a pause may follow).
  func enqueue(_ job: UnownedJob, onMain: Bool, routed: Bool = false) {
    let taken = condition.withLock {
      guard phaseLocked != .finished else { return false }
      if routed, tracksMembers {
        let member = SetupRouting.taskID(of: job)
        if member != 0 { memberTasks.insert(member) }
      }
      jobs.append(Job(job: job, onMain: onMain))
      if waitingForOutside { condition.signal() }
      return true
    }
    // After the run: the task goes on on the real executors.
    guard !taken else { return }
    releaseToRealExecutors([Job(job: job, onMain: onMain)])
  }

  /// Keeps a job that a real clock would have run later: virtual time never reaches it, so the
  /// run fails, naming the frame.
  func parkRealClockJob(_ job: UnownedJob, delay: String?) {
    condition.withLock {
      parked.append(job)
      if realClockUse == nil { realClockUse = (frameLocked, delay) }
      if waitingForOutside { condition.signal() }
    }
  }

  /// Runs `work` on the driver: now when called there, else in the driver's next turn.
  func perform(_ work: @escaping () -> Void) {
    if isOnItsDriver {
      work()
      return
    }
    condition.withLock {
      inbox.append(work)
      if waitingForOutside { condition.signal() }
    }
  }

  /// What the driver's next turn does: the next ready job, else the requests from other
  /// threads, else the report of a real-clock sleep, else its own work (`idle`).
  private enum Turn {
    case job(Job)
    case inbox([() -> Void])
    case realClock(frame: Int, delay: String?)
    case idle
  }

  /// Takes the next turn's work, and publishes the current frame (`frame` from other threads),
  /// under one lock: a driver takes a turn after every job and every scheduler step.
  private func nextTurn() -> Turn {
    let now = scheduler.now
    return condition.withLock {
      frameLocked = now
      if head < jobs.count {
        let job = jobs[head]
        head += 1
        if head == jobs.count {
          jobs.removeAll(keepingCapacity: true)
          head = 0
        }
        return .job(job)
      }
      if !inbox.isEmpty {
        let work = inbox
        inbox = []
        return .inbox(work)
      }
      if let use = realClockUse { return .realClock(frame: use.frame, delay: use.delay) }
      return .idle
    }
  }

  // MARK: - Consumers

  /// A task of the run that the run waits for: a recorder, an observer, or a task started with
  /// `task(at:)`.
  final class Consumer: @unchecked Sendable {
    // Invariant: touched on the driver only (the run's tasks run there), or by the test's task
    // before the run.
    /// What the task is, for messages (`record(…) at Tests/File.swift:12:5`).
    let label: String
    /// What the task is doing, for messages: `is still waiting for element 3 (asked for at
    /// frame 7)`.
    var doing: String {
      if let asked {
        return "is still waiting for element \(asked.count) (asked for at frame \(asked.frame))"
      }
      return "is still \(state)"
    }
    /// What the task is doing when it is not asking for an element (`running`).
    var state = "running"
    /// The element a recorder's task asked for and the frame it asked at (kept as numbers: the
    /// text is made only for a message).
    var asked: (count: Int, frame: Int)?
    /// Whether its window has opened (the task's work has begun).
    var isStarted = false
    var isFinished = false
    var task: Task<Void, Never>?
    /// Opened by its window: the task waits on it from the moment it is made.
    let gate = AsyncRun.Sleeper()

    /// Whether it watches rather than waits (`ts.observe`): the run does not wait for it, and
    /// cancels it when it ends.
    var isObserver = false

    /// Whether the run waits for it: started and not finished.
    var isWaiting: Bool { isStarted && !isFinished && !isObserver }

    init(label: String) {
      self.label = label
    }
  }

  /// Registers a consumer (before the run or on the driver).
  func add(_ consumer: Consumer) {
    consumers.append(consumer)
  }

  /// Notes a broken `AsyncSequence` contract.
  func violation(_ message: String, at location: CallLocation) {
    contractViolations.append((message, location))
  }

  // MARK: - Driving

  /// How a piece of the run ended.
  package enum PieceEnd: Equatable, Sendable {
    /// Paused at the frame asked for; more pieces may follow.
    case paused
    /// Nothing is left, or the run failed: it is over.
    case finished
  }

  /// Drives the run on a driver thread of its own, through frame `through` (paused there, the
  /// clock set to it) or, with nil, to its end; returns when the piece has ended.
  ///
  /// - Parameter start: Work for the driver's first turn of the run (scheduling the hot
  ///   sources).
  func drive(through target: Int? = nil, start: @escaping @Sendable () -> Void) async -> PieceEnd {
    let (releasedLate, early) = condition.withLock {
      phaseLocked = .running
      tracksMembers = target != nil
      frameLocked = scheduler.now
      pieces += 1
      holdsSetupJobs = false
      // Held jobs of the test's task are now the run's, as any other.
      for index in jobs.indices { jobs[index].fromSetup = false }
      defer {
        setupReleasedLate = false
        earlyClockUses = []
      }
      return (setupReleasedLate, earlyClockUses)
    }
    let needsHooks = condition.withLock { !self.holdsHooks }
    let hooked = needsHooks ? RuntimeHooks.acquire() : true
    if needsHooks { condition.withLock { self.holdsHooks = hooked } }
    failures += early.map { "frame 0: \($0)" }
    if releasedLate {
      failures.append(
        "frame \(scheduler.now): tasks started by the test's task while the run was not being driven waited \(setupReleaseDelay) s and then ran outside virtual time: start the run (ts.run() or ts.advance(by:)) before awaiting what they do"
      )
    }
    guard hooked else {
      failures.append(
        "ts.run() cannot drive Swift concurrency here: the runtime's executor hooks were not found")
      finish()
      return .finished
    }
    replacementsAtStart = RuntimeHooks.replacementCount
    let first = !hasStarted
    hasStarted = true
    let end: PieceEnd = await withUnsafeContinuation { done in
      let thread = Thread { [self] in
        pthread_setspecific(AsyncRun.driverKey, Unmanaged.passUnretained(self).toOpaque())
        let end = AsyncRun.$current.withValue(self) { () -> PieceEnd in
          if first { start() }
          return loop(through: target)
        }
        if end == .paused {
          condition.withLock {
            phaseLocked = .paused
            driveRequested = false
          }
        } else {
          finish()
        }
        pthread_setspecific(AsyncRun.driverKey, nil)
        // Resumed outside the run's context: the caller's task goes to the real executor.
        done.resume(returning: end)
      }
      thread.name = "Marbles virtual-time driver"
      thread.start()
    }
    return end
  }

  /// The count of hook replacements when the piece started (see `RuntimeHooks`).
  private var replacementsAtStart = 0

  private func finish() {
    condition.withLock { phaseLocked = .finished }
    // After the phase: their last jobs go to the real executors.
    for consumer in consumers where consumer.isObserver { consumer.task?.cancel() }
    if let setupTask { SetupRouting.unregister(setupTask, of: self) }
    releaseHooks()
  }

  private func loop(through target: Int?) -> PieceEnd {
    var frame = scheduler.now
    var jobsThisFrame = 0
    while true {
      RuntimeHooks.reassert()
      switch nextTurn() {
      case .job(let job):
        if scheduler.now != frame {
          frame = scheduler.now
          jobsThisFrame = 0
        }
        jobsThisFrame += 1
        if jobsThisFrame > maxJobsPerFrame {
          failures.append(
            "frame \(frame): \(maxJobsPerFrame) jobs ran without virtual time moving: a task loops without waiting on virtual time (`while true { await Task.yield() }`?)\(consumerSummary())"
          )
          return .finished
        }
        run(job)
        continue
      case .inbox(let work):
        for item in work { item() }
        continue
      case .realClock(let useFrame, let useDelay):
        let delay = useDelay.map { " (for \($0))" } ?? ""
        failures.append(
          "frame \(useFrame): a task of the run slept on a real clock\(delay), which virtual time never reaches: pass ts.clock to the code under test (Task.sleep(for:clock:), clock.sleep(for:))\(consumerSummary())"
        )
        return .finished
      case .idle:
        break
      }
      if !frameEnd.isEmpty, scheduler.nextFrame.map({ $0 > scheduler.now }) ?? true {
        let work = frameEnd
        frameEnd = []
        for item in work { item() }
        continue
      }
      if let next = scheduler.nextFrame, target.map({ next <= $0 }) ?? true {
        do throws(VirtualTimeError) {
          try scheduler.step()
        } catch {
          failures.append("frame \(scheduler.now): \(error)\(consumerSummary())")
          return .finished
        }
        // The next turn publishes the frame.
        continue
      }
      if let target {
        // Everything due through the target has run: the clock stands at the target.
        do throws(VirtualTimeError) {
          try scheduler.advance(to: target)
        } catch {
          failures.append("frame \(scheduler.now): \(error)\(consumerSummary())")
          return .finished
        }
        condition.withLock { frameLocked = scheduler.now }
        return .paused
      }
      // Nothing ready, nothing scheduled.
      let waiting = consumers.filter(\.isWaiting)
      if waiting.isEmpty || hasOpenSubscription() { return .finished }
      if waitForOutsideWork() { continue }
      failures.append(
        "frame \(scheduler.now): nothing is scheduled and no task waits on ts.clock or a marble source, yet \(waiting.map { "\($0.label) \($0.doing)" }.joined(separator: "; ")). It waits on something outside virtual time (a real clock, I/O, an actor with its own executor) or on a sequence that never ends: end the recording with `!` in its subscription marble, or finish the sequence\(hookReplacementNote())"
      )
      return .finished
    }
  }

  /// What other tools did to the runtime hooks during this piece, for a failure message.
  private func hookReplacementNote() -> String {
    guard RuntimeHooks.replacementCount != replacementsAtStart,
      let last = RuntimeHooks.replacementsSeen.last
    else { return "" }
    return
      ". Meanwhile another tool replaced a runtime hook (\(last)); jobs enqueued before the run put its own back may have run outside virtual time"
  }

  private func run(_ job: Job) {
    if job.onMain {
      isRunningMainJob = true
      job.job.runSynchronously(on: MainRouter.shared.asUnownedSerialExecutor())
      isRunningMainJob = false
    } else {
      executor.runOnDriver(job.job)
    }
  }

  /// Waits (real time, up to `outsideWaitLimit`) for a job or request from another thread.
  private func waitForOutsideWork() -> Bool {
    let deadline = Date(timeIntervalSinceNow: outsideWaitLimit.seconds)
    return condition.withLock {
      waitingForOutside = true
      defer { waitingForOutside = false }
      while head == jobs.count, inbox.isEmpty, realClockUse == nil {
        if !condition.wait(until: deadline) { return false }
      }
      return true
    }
  }

  private func consumerSummary() -> String {
    let waiting = consumers.filter(\.isWaiting)
    guard !waiting.isEmpty else { return "" }
    let shown = waiting.prefix(5).map { "\($0.label) \($0.doing)" }
    let more = waiting.count > 5 ? "; and \(waiting.count - 5) more" : ""
    let next = scheduler.nextFrame.map { "; next scheduled frame: \($0)" } ?? "; nothing scheduled"
    return " (\(shown.joined(separator: "; "))\(more)\(next))"
  }
}

/// The executor of a run's own tasks: their task executor preference (SE-0417), and the serial
/// executor that the driver runs the run's nonisolated jobs as.
///
/// A job given to it goes to its run; once the run has finished (or was never driven), it runs on
/// a real thread.
final class RunExecutor: SerialExecutor, @unchecked Sendable {
  // Invariant: `run` is written once, by the run's `init`, before the executor is shared.
  weak var run: AsyncRun?

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    if let run {
      run.enqueue(job, onMain: false)
    } else {
      runOutside(job)
    }
  }

  /// Runs `job` on the calling thread (the driver's).
  func runOnDriver(_ job: UnownedJob) {
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
      job.runSynchronously(on: asUnownedTaskExecutor())
    } else {
      job.runSynchronously(on: asUnownedSerialExecutor())
    }
  }

  /// Runs `job` on a real thread: after its run, a task of the run goes on in real time.
  func runOutside(_ job: UnownedJob) {
    let work: @Sendable () -> Void = { [self] in runOnDriver(job) }
    DispatchQueue.global().async(execute: work)
  }

  /// Starts `operation` as a task that prefers this executor (where the platform has task
  /// executors; elsewhere the global hook routes it).
  func task(_ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
      return Task(executorPreference: self, operation: operation)
    }
    return Task(operation: operation)
  }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension RunExecutor: TaskExecutor {}
