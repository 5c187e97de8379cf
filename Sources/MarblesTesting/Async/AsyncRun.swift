import Foundation
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
/// One run per test scheduler. The driver is a thread of its own: it takes the next action of the
/// virtual-time scheduler (a marble event, a clock deadline, a subscription window), runs it, then
/// runs every job that became ready, first in first out, jobs made ready by those jobs included,
/// before it takes the next action. Time moves only when no job is ready. So one test gives one
/// order of events, whatever else the process runs meanwhile.
package final class AsyncRun: @unchecked Sendable {
  // Invariant: the fields under "locked" are only touched with `condition` held; the others
  // only on the driver thread while running (or on the test's thread before the run starts).

  /// What the run is doing.
  package enum Phase: Equatable, Sendable {
    case notStarted, running, finished
  }

  /// A job the run holds, and whether it is a main-actor job.
  private struct Job {
    let job: UnownedJob
    let onMain: Bool
  }

  /// The run that the current task belongs to (inherited by every task started in the run).
  @TaskLocal static var current: AsyncRun?

  let scheduler: VirtualTimeScheduler
  private let condition = NSCondition()

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
  /// The task that made the test scheduler (see `SetupRouting`); written once, by `init`.
  private var setupTask: UInt?

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
  /// The run's failures, in the order they happened.
  package private(set) var failures: [String] = []
  /// Broken `AsyncSequence` contracts seen by the recorders, with the location of each `record`.
  package private(set) var contractViolations: [(message: String, location: CallLocation)] = []

  init(scheduler: VirtualTimeScheduler) {
    self.scheduler = scheduler
    // Before the test starts tasks: they are routed from the first one on.
    _ = VirtualExecutor.isInstalled
    setupTask = SetupRouting.register(self)
  }

  deinit {
    if let setupTask { SetupRouting.unregister(setupTask) }
  }

  /// Where the run is.
  package var phase: Phase { condition.withLock { phaseLocked } }

  /// The current frame, readable from any thread.
  var frame: Int {
    if AsyncRun.onThisThread === self { return scheduler.now }
    return condition.withLock { frameLocked }
  }

  // MARK: - Routing

  /// The run of the driver thread this code runs on, if any.
  static var onThisThread: AsyncRun? {
    guard let pointer = pthread_getspecific(driverKey) else { return nil }
    return Unmanaged<AsyncRun>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// The run a job enqueued here and now belongs to: the driver thread's, or the enqueuing
  /// task's while its run is running.
  package static func routing() -> AsyncRun? {
    if let run = onThisThread { return run }
    if let run = current, run.phase == .running { return run }
    return nil
  }

  /// The run `job`, enqueued here and now, belongs to: as `routing()`, or the run that the
  /// enqueuing task is setting up (see `SetupRouting`).
  static func routing(_ job: UnownedJob) -> AsyncRun? {
    if let run = routing() { return run }
    if let run = SetupRouting.run(for: job), run.holdSetupJob() { return run }
    return nil
  }

  /// Whether a job from the test's setup may wait for the run (it has not started and has not
  /// let its setup jobs go); the first one starts the release timer.
  private func holdSetupJob() -> Bool {
    let first: Bool? = condition.withLock {
      guard phaseLocked == .notStarted, !setupReleased else { return nil }
      defer { holdsSetupJobs = true }
      return !holdsSetupJobs
    }
    guard let first else { return false }
    if first {
      DispatchQueue.global().asyncAfter(deadline: .now() + SetupRouting.releaseDelay) {
        [weak self] in self?.releaseSetupJobs(late: true)
      }
    }
    return true
  }

  /// Lets the jobs held from the test's setup go to the real executor, when the run has not
  /// started: the synchronous `run()` drives no tasks, and a test that awaits them before the
  /// run would wait forever. `late`: the run did not start in time (a later run reports it).
  package func releaseSetupJobs(late: Bool) {
    let held: [Job]? = condition.withLock {
      guard phaseLocked == .notStarted, !setupReleased else { return nil }
      setupReleased = true
      setupReleasedLate = late && holdsSetupJobs
      let held = Array(jobs[head...])
      jobs = []
      head = 0
      return held
    }
    if let setupTask { SetupRouting.unregister(setupTask) }
    for job in held ?? [] {
      if job.onMain {
        MainRouter.shared.enqueue(ExecutorJob(job.job))
      } else {
        globalConcurrentExecutor.enqueue(ExecutorJob(job.job))
      }
    }
  }

  private static let driverKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  // MARK: - Jobs

  /// Queues `job` (called by the hooks, on any thread).
  func enqueue(_ job: UnownedJob, onMain: Bool) {
    condition.withLock {
      jobs.append(Job(job: job, onMain: onMain))
      if waitingForOutside { condition.signal() }
    }
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
    if AsyncRun.onThisThread === self {
      work()
      return
    }
    condition.withLock {
      inbox.append(work)
      if waitingForOutside { condition.signal() }
    }
  }

  private func nextJob() -> Job? {
    condition.withLock {
      guard head < jobs.count else { return nil }
      let job = jobs[head]
      head += 1
      if head == jobs.count {
        jobs.removeAll(keepingCapacity: true)
        head = 0
      }
      return job
    }
  }

  private func takeInbox() -> [() -> Void] {
    condition.withLock {
      let work = inbox
      inbox = []
      return work
    }
  }

  // MARK: - Consumers

  /// A task of the run that the run waits for: a recorder, or a task started with `task(at:)`.
  final class Consumer: @unchecked Sendable {
    // Invariant: touched on the driver only (the run's tasks run there).
    /// What the task is, for messages (`record(…) at Tests/File.swift:12:5`).
    let label: String
    /// What the task is doing, for messages (`waiting for element 3 (asked for at frame 7)`).
    var doing: String {
      if let asked {
        return "waiting for element \(asked.count) (asked for at frame \(asked.frame))"
      }
      return state
    }
    /// What the task is doing when it is not asking for an element.
    var state = "not started"
    /// The element a recorder's task asked for and the frame it asked at (kept as numbers: the
    /// text is made only for a message).
    var asked: (count: Int, frame: Int)?
    var isFinished = false
    var task: Task<Void, Never>?

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

  /// Runs the run to its end on a driver thread of its own; returns when it has ended.
  ///
  /// - Parameter start: Work for the driver's first turn (scheduling the hot sources).
  func drive(start: @escaping @Sendable () -> Void) async {
    let releasedLate = condition.withLock {
      phaseLocked = .running
      frameLocked = scheduler.now
      return setupReleasedLate
    }
    if let setupTask { SetupRouting.unregister(setupTask) }
    if releasedLate {
      failures.append(
        "frame 0: tasks started before ts.run() waited \(SetupRouting.releaseDelay) s for it and then ran outside virtual time: call ts.run() before awaiting what they do"
      )
    }
    guard VirtualExecutor.isInstalled else {
      failures.append(
        "ts.run() cannot drive Swift concurrency here: the runtime's executor hooks were not found")
      finish()
      return
    }
    await withUnsafeContinuation { (done: UnsafeContinuation<Void, Never>) in
      let thread = Thread { [self] in
        pthread_setspecific(AsyncRun.driverKey, Unmanaged.passUnretained(self).toOpaque())
        AsyncRun.$current.withValue(self) {
          start()
          loop()
        }
        finish()
        pthread_setspecific(AsyncRun.driverKey, nil)
        // Resumed outside the run's context: the caller's task goes to the real executor.
        done.resume()
      }
      thread.name = "Marbles virtual-time driver"
      thread.start()
    }
  }

  private func finish() {
    condition.withLock { phaseLocked = .finished }
  }

  private func loop() {
    var frame = scheduler.now
    var jobsThisFrame = 0
    while true {
      if let job = nextJob() {
        if scheduler.now != frame {
          frame = scheduler.now
          jobsThisFrame = 0
        }
        jobsThisFrame += 1
        if jobsThisFrame > maxJobsPerFrame {
          failures.append(
            "frame \(frame): \(maxJobsPerFrame) jobs ran without virtual time moving: a task loops without waiting on virtual time (`while true { await Task.yield() }`?)\(consumerSummary())"
          )
          return
        }
        run(job)
        continue
      }
      let work = takeInbox()
      if !work.isEmpty {
        for item in work { item() }
        continue
      }
      if let use = condition.withLock({ realClockUse }) {
        let delay = use.delay.map { " (for \($0))" } ?? ""
        failures.append(
          "frame \(use.frame): a task of the run slept on a real clock\(delay), which virtual time never reaches: pass ts.clock to the code under test (Task.sleep(for:clock:), clock.sleep(for:))\(consumerSummary())"
        )
        return
      }
      if scheduler.nextFrame != nil {
        do throws(VirtualTimeError) {
          try scheduler.step()
        } catch {
          failures.append("frame \(scheduler.now): \(error)\(consumerSummary())")
          return
        }
        condition.withLock { frameLocked = scheduler.now }
        continue
      }
      // Nothing ready, nothing scheduled.
      let waiting = consumers.filter { !$0.isFinished && $0.task != nil }
      if waiting.isEmpty || hasOpenSubscription() { return }
      if waitForOutsideWork() { continue }
      failures.append(
        "frame \(scheduler.now): nothing is scheduled and no task waits on ts.clock or a marble source, yet \(waiting.map { "\($0.label) is still \($0.doing)" }.joined(separator: "; ")). It waits on something outside virtual time (a real clock, I/O, an actor with its own executor) or on a sequence that never ends: end the recording with `!` in its subscription marble, or finish the sequence"
      )
      return
    }
  }

  private func run(_ job: Job) {
    if job.onMain {
      isRunningMainJob = true
      job.job.runSynchronously(on: MainRouter.shared.asUnownedSerialExecutor())
      isRunningMainJob = false
    } else {
      job.job.runSynchronously(on: DriverExecutor.shared.asUnownedSerialExecutor())
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
    let waiting = consumers.filter { !$0.isFinished && $0.task != nil }
    guard !waiting.isEmpty else { return "" }
    let shown = waiting.prefix(5).map { "\($0.label) is \($0.doing)" }
    let more = waiting.count > 5 ? "; and \(waiting.count - 5) more" : ""
    let next = scheduler.nextFrame.map { "; next scheduled frame: \($0)" } ?? "; nothing scheduled"
    return " (\(shown.joined(separator: "; "))\(more)\(next))"
  }
}

/// The serial executor the driver runs the run's nonisolated jobs on: a job that asks for it
/// (a task resuming after a hop) comes back to the run through the global hook.
final class DriverExecutor: SerialExecutor, @unchecked Sendable {
  // Stateless: safe from any thread.
  static let shared = DriverExecutor()

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    if let run = AsyncRun.routing() {
      run.enqueue(job, onMain: false)
    } else {
      // After its run ended: the task goes on on the real executor.
      globalConcurrentExecutor.enqueue(ExecutorJob(job))
    }
  }
}
