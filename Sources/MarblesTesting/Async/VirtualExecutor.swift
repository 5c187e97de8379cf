import Foundation
// The runtime asks a task's executor to run a real-clock sleep later (see the end of the file).
@_spi(ExperimentalScheduling) import _Concurrency

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Sends the concurrency runtime's jobs to the marble run they belong to, and every other job to
/// the real executor at once.
///
/// The runtime offers hook variables for the global executor (`swift_task_enqueueGlobal_hook`,
/// and the two delayed forms that real clocks use) and for the main executor
/// (`swift_task_getMainExecutor_hook`: since Swift 6.2 main-actor jobs are enqueued on the main
/// executor object itself, so the hook hands out `MainRouter` as the main actor's executor).
/// They are installed once per process, the first time a run starts, and stay: a job belongs to
/// a run when it is enqueued on the run's driver thread, or by a task that carries the run's
/// task-local marker (every task started inside the run, unstructured ones included, inherits
/// it). Anything else goes where it would have gone without the hooks, so tests that do not use
/// marbles run as before, in parallel with marble runs.
enum VirtualExecutor {
  typealias EnqueueOriginal = @convention(thin) (UnownedJob) -> Void
  typealias EnqueueHook = @convention(thin) (UnownedJob, EnqueueOriginal) -> Void
  typealias DelayOriginal = @convention(thin) (UInt64, UnownedJob) -> Void
  typealias DelayHook = @convention(thin) (UInt64, UnownedJob, DelayOriginal) -> Void
  typealias DeadlineOriginal =
    @convention(thin) (Int64, Int64, Int64, Int64, Int32, UnownedJob) -> Void
  typealias DeadlineHook =
    @convention(thin) (Int64, Int64, Int64, Int64, Int32, UnownedJob, DeadlineOriginal) -> Void
  typealias MainOriginal = @convention(thin) () -> UnownedSerialExecutor
  typealias MainHook = @convention(thin) (MainOriginal) -> UnownedSerialExecutor

  /// The hooks that were installed before ours (another tool's), called for the jobs that are
  /// not a run's.
  // Written once, by `install`, before any of our hooks can run.
  nonisolated(unsafe) private static var previousEnqueue: EnqueueHook?
  nonisolated(unsafe) private static var previousDelay: DelayHook?
  nonisolated(unsafe) private static var previousDeadline: DeadlineHook?

  /// Whether the hooks are in place (installing them on first use; false where the runtime has
  /// none, and then runs fail with a message rather than run nondeterministically).
  static let isInstalled: Bool = install()

  private static func install() -> Bool {
    guard let handle = dlopen(nil, RTLD_NOW) else { return false }
    func slot<Hook>(_ name: String, _: Hook.Type) -> UnsafeMutablePointer<Hook?>? {
      dlsym(handle, name)?.assumingMemoryBound(to: Hook?.self)
    }
    guard let enqueue = slot("swift_task_enqueueGlobal_hook", EnqueueHook.self),
      let delay = slot("swift_task_enqueueGlobalWithDelay_hook", DelayHook.self),
      let deadline = slot("swift_task_enqueueGlobalWithDeadline_hook", DeadlineHook.self),
      let main = slot("swift_task_getMainExecutor_hook", MainHook.self)
    else { return false }
    previousEnqueue = enqueue.pointee
    previousDelay = delay.pointee
    previousDeadline = deadline.pointee
    enqueue.pointee = { job, original in
      if let run = AsyncRun.routing(job) {
        run.enqueue(job, onMain: false)
      } else if let previous = VirtualExecutor.previousEnqueue {
        previous(job, original)
      } else {
        original(job)
      }
    }
    delay.pointee = { nanoseconds, job, original in
      if let run = AsyncRun.routing() {
        run.parkRealClockJob(job, delay: "\(Duration.nanoseconds(Int64(clamping: nanoseconds)))")
      } else if let previous = VirtualExecutor.previousDelay {
        previous(nanoseconds, job, original)
      } else {
        original(nanoseconds, job)
      }
    }
    deadline.pointee = {
      seconds, nanoseconds, toleranceSeconds, toleranceNanoseconds, clock, job,
      original in
      if let run = AsyncRun.routing() {
        run.parkRealClockJob(job, delay: nil)
      } else if let previous = VirtualExecutor.previousDeadline {
        previous(
          seconds, nanoseconds, toleranceSeconds, toleranceNanoseconds, clock, job, original)
      } else {
        original(seconds, nanoseconds, toleranceSeconds, toleranceNanoseconds, clock, job)
      }
    }
    // Called on each use of the main actor's executor; the router forwards what is not a run's.
    main.pointee = { _ in MainRouter.shared.asUnownedSerialExecutor() }
    return true
  }
}

/// The main actor's executor while the hooks are installed: a main-actor job enqueued by a run
/// goes to that run (which runs it on its driver thread, in its turn); any other one goes to the
/// main queue, as it would have without the hooks.
final class MainRouter: SerialExecutor, @unchecked Sendable {
  // Stateless: safe from any thread.
  static let shared = MainRouter()

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    if let run = AsyncRun.routing(job) {
      run.enqueue(job, onMain: true)
    } else {
      // A nonisolated closure: the main queue runs it on the main thread, as this executor.
      let work: @Sendable () -> Void = {
        job.runSynchronously(on: MainRouter.shared.asUnownedSerialExecutor())
      }
      DispatchQueue.main.async(execute: work)
    }
  }

  /// Whether the caller may assume the main actor: on the main thread, or while a run's driver
  /// runs one of the run's main-actor jobs.
  var isIsolatingCaller: Bool {
    Thread.isMainThread || AsyncRun.onThisThread?.isRunningMainJob == true
  }

  func checkIsolated() {
    guard isIsolatingCaller else {
      // The runtime's own answer to a broken `assumeIsolated` / `assertIsolated`.
      fatalError("Incorrect actor executor assumption; expected the main actor's executor.")
    }
  }

  func isIsolatingCurrentContext() -> Bool? { isIsolatingCaller }
}

// Since Swift 6.2 a task sleeping on a real clock (`Task.sleep(for:)`, `ContinuousClock`) asks
// its current executor to run it later, when that executor can schedule (an SPI protocol), and
// the global hooks never see it. The run's executors take such a job, and the run fails naming
// the frame, rather than letting real time in; outside a run the job runs after its delay.
@available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *)
extension DriverExecutor: SchedulingExecutor {
  func enqueue<C: Clock>(
    _ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C
  ) {
    scheduleLater(UnownedJob(job), after: delay, onMain: false)
  }

  func enqueue<C: Clock>(
    _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
  ) {
    scheduleLater(UnownedJob(job), after: clock.now.duration(to: instant), onMain: false)
  }
}

@available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *)
extension MainRouter: SchedulingExecutor {
  func enqueue<C: Clock>(
    _ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C
  ) {
    scheduleLater(UnownedJob(job), after: delay, onMain: true)
  }

  func enqueue<C: Clock>(
    _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
  ) {
    scheduleLater(UnownedJob(job), after: clock.now.duration(to: instant), onMain: true)
  }
}

/// Parks `job` in its run as a real-clock sleep, or (outside a run) runs it after `delay`.
private func scheduleLater(_ job: UnownedJob, after delay: some DurationProtocol, onMain: Bool) {
  if let run = AsyncRun.routing() {
    run.parkRealClockJob(job, delay: "\(delay)")
    return
  }
  let seconds = (delay as? Duration).map { max(0, $0.seconds) } ?? 0
  let work: @Sendable () -> Void = {
    if onMain {
      job.runSynchronously(on: MainRouter.shared.asUnownedSerialExecutor())
    } else {
      job.runSynchronously(on: DriverExecutor.shared.asUnownedSerialExecutor())
    }
  }
  (onMain ? DispatchQueue.main : DispatchQueue.global()).asyncAfter(
    deadline: .now() + seconds, execute: work)
}
