import Foundation
import MarblesCore
import Reactive
// The runtime asks a task's executor to run a real-clock sleep later (see the end of the file).
@_spi(ExperimentalScheduling) import _Concurrency

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The concurrency runtime's hooks that marble runs set: the one place they are written.
///
/// ## Contract
///
/// **What does not use a hook.** The tasks a run starts itself — the tasks of `ts.task(at:)`,
/// `ts.record`'s consumers and `ts.observe` — prefer the run's task executor (SE-0417), and so do
/// their child tasks (task groups, `async let`) and the default actors they call: their jobs
/// reach the run through that executor whatever hooks the process has.
///
/// **Which hooks, what they route.** Five, all read through `dlsym`:
/// - `swift_task_enqueueGlobal_hook`: a job of an unstructured task (`Task {}`,
///   `Task.detached {}`) started by a run's task, or by the test's task while it sets up a run,
///   goes to that run (see `AsyncRun.routing(_:)`); any other job goes to the hook that was in
///   place before (another tool's), else to the runtime's global executor.
/// - `swift_task_enqueueGlobalWithDelay_hook`, `swift_task_enqueueGlobalWithDeadline_hook`: a
///   real-clock sleep of a run's task is parked, and the run fails naming the frame; any other
///   goes on as before.
/// - `swift_task_getMainExecutor_hook`: the main actor's executor is `MainRouter`, which sends a
///   run's `@MainActor` jobs to the run and any other one to the main queue.
/// - `swift_task_enqueueMainExecutor_hook`: the same routing for jobs handed to the main actor
///   directly (`MainActor.shared.enqueue`). This is where a tool that sends every global job to
///   the main actor (swift-concurrency-extras' `withMainSerialExecutor`) sends a run's jobs while
///   its hook has replaced ours: they come back to the run.
///
/// **When.** Installed when the first live run in the process needs them (a test scheduler made
/// in a task: from then on its test may start tasks that belong to the run) and removed when the
/// last live run ends (it finished, let its tasks go, or was released). Installing keeps the
/// hooks found in place and calls them for the jobs that are not a run's. Removing puts back what
/// was found only where our hook is still in place: a hook another tool wrote over ours stays.
///
/// **Replaced while live.** Another tool may overwrite the global hooks while a run is live (and
/// leave its own in place for good). Each turn of a run's driver puts ours back, keeping the other
/// for jobs that are not a run's and noting its name for messages. Until then (or `ts.run()`, for
/// a test setting up) a run's job goes where the slot sends it: `withMainSerialExecutor`'s hook
/// sends it back through the main actor; where the hook was removed, it runs outside virtual time.
enum RuntimeHooks {
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

  /// One hook variable of the runtime: its name, where it is, and our function for it.
  private struct Slot {
    let name: String
    let address: UnsafeMutablePointer<UnsafeRawPointer?>
    let ours: UnsafeRawPointer
  }

  private enum Index: Int, CaseIterable {
    case enqueue, delay, deadline, getMain, enqueueMain
  }

  /// The runtime's hook variables, nil where it lacks one. Never changes once made.
  nonisolated(unsafe) private static let slots: [Slot]? = makeSlots()

  // Invariant: the variables below are only touched with `lock` held.
  private static let lock = NSLock()
  /// For each slot, the hook that was in place when ours went in (or that replaced ours since):
  /// the one to call for jobs that are not a run's.
  nonisolated(unsafe) private static var previous: [UnsafeRawPointer?] = Array(
    repeating: nil, count: Index.allCases.count)
  nonisolated(unsafe) private static var leases = 0
  /// The other hooks found over ours while a run was live, by name, for messages.
  nonisolated(unsafe) private static var replacements: [String] = []
  nonisolated(unsafe) private static var replacementTotal = 0

  private static func makeSlots() -> [Slot]? {
    guard let handle = dlopen(nil, RTLD_NOW) else { return nil }
    func slot(_ name: String, _ ours: UnsafeRawPointer) -> Slot? {
      guard let address = dlsym(handle, name) else { return nil }
      return Slot(
        name: name, address: address.assumingMemoryBound(to: UnsafeRawPointer?.self), ours: ours)
    }
    let enqueue: EnqueueHook = { job, original in
      if AsyncRun.take(job, onMain: false) {
        return
      } else if let previous = RuntimeHooks.previous(.enqueue) {
        unsafeBitCast(previous, to: EnqueueHook.self)(job, original)
      } else {
        original(job)
      }
    }
    let delay: DelayHook = { nanoseconds, job, original in
      if let run = AsyncRun.routing() {
        run.parkRealClockJob(job, delay: "\(Duration.nanoseconds(Int64(clamping: nanoseconds)))")
      } else if let previous = RuntimeHooks.previous(.delay) {
        unsafeBitCast(previous, to: DelayHook.self)(nanoseconds, job, original)
      } else {
        original(nanoseconds, job)
      }
    }
    let deadline: DeadlineHook = {
      seconds, nanoseconds, leeway, leewayNanoseconds, clock, job, original in
      if let run = AsyncRun.routing() {
        run.parkRealClockJob(job, delay: nil)
      } else if let previous = RuntimeHooks.previous(.deadline) {
        unsafeBitCast(previous, to: DeadlineHook.self)(
          seconds, nanoseconds, leeway, leewayNanoseconds, clock, job, original)
      } else {
        original(seconds, nanoseconds, leeway, leewayNanoseconds, clock, job)
      }
    }
    let getMain: MainHook = { _ in MainRouter.shared.asUnownedSerialExecutor() }
    let enqueueMain: EnqueueHook = { job, original in
      if AsyncRun.take(job, onMain: true) { return }
      // A test's task setting up a run waits on the main queue where its run can see it.
      if SetupRouting.setupRun(ofTaskOf: job) != nil {
        MainRouter.shared.sendToMainQueue(job)
      } else {
        original(job)
      }
    }
    let made = [
      slot("swift_task_enqueueGlobal_hook", unsafeBitCast(enqueue, to: UnsafeRawPointer.self)),
      slot(
        "swift_task_enqueueGlobalWithDelay_hook", unsafeBitCast(delay, to: UnsafeRawPointer.self)),
      slot(
        "swift_task_enqueueGlobalWithDeadline_hook",
        unsafeBitCast(deadline, to: UnsafeRawPointer.self)),
      slot("swift_task_getMainExecutor_hook", unsafeBitCast(getMain, to: UnsafeRawPointer.self)),
      slot(
        "swift_task_enqueueMainExecutor_hook",
        unsafeBitCast(enqueueMain, to: UnsafeRawPointer.self)),
    ]
    let found = made.compactMap { $0 }
    return found.count == made.count ? found : nil
  }

  /// The hook to call for a job that is not a run's.
  private static func previous(_ index: Index) -> UnsafeRawPointer? {
    lock.withLock { previous[index.rawValue] }
  }

  /// Installs the hooks if no live run has (else puts ours back where another tool wrote over
  /// them: a run made now is about to see its test start tasks); false where the runtime has
  /// none. Each `true` is matched by one `release()`.
  static func acquire() -> Bool {
    guard let slots else { return false }
    lock.withLock {
      if leases == 0 {
        for (index, slot) in slots.enumerated() {
          let found = slot.address.pointee
          previous[index] = found == slot.ours ? nil : found
          slot.address.pointee = slot.ours
        }
      } else {
        reassertLocked(slots)
      }
      leases += 1
    }
    return true
  }

  /// Ends one lease; the last one removes the hooks that are still ours.
  static func release() {
    guard let slots else { return }
    lock.withLock {
      guard leases > 0 else { return }
      leases -= 1
      guard leases == 0 else { return }
      for (index, slot) in slots.enumerated() where slot.address.pointee == slot.ours {
        slot.address.pointee = previous[index]
        previous[index] = nil
      }
    }
  }

  /// Puts our hooks back where another tool wrote over them while runs are live (called at each
  /// turn of a driver: five loads when nothing changed).
  static func reassert() {
    guard let slots, slots.contains(where: { $0.address.pointee != $0.ours }) else { return }
    lock.withLock { if leases > 0 { reassertLocked(slots) } }
  }

  /// `reassert()`'s work, with `lock` held and runs live.
  private static func reassertLocked(_ slots: [Slot]) {
    for (index, slot) in slots.enumerated() {
      let found = slot.address.pointee
      guard found != slot.ours else { continue }
      previous[index] = found
      slot.address.pointee = slot.ours
      let name = found.map(symbolName) ?? "nothing (the hook was removed)"
      let note = "\(slot.name) was replaced by \(name)"
      replacementTotal += 1
      if !replacements.contains(note) { replacements.append(note) }
    }
  }

  /// The hooks other tools wrote over ours while runs were live (for messages).
  static var replacementsSeen: [String] { lock.withLock { replacements } }

  /// How many times ours were found replaced and put back.
  static var replacementCount: Int { lock.withLock { replacementTotal } }

  /// The symbol at `address` (`$s17ConcurrencyExtras…` for swift-concurrency-extras), or the
  /// address.
  private static func symbolName(_ address: UnsafeRawPointer) -> String {
    // `dladdr` through `dlsym` (Glibc's module does not export it); its `Dl_info` is four
    // pointers: file name, file base, symbol name, symbol address.
    typealias DladdrFunction = @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Int32
    if let handle = dlopen(nil, RTLD_NOW), let function = dlsym(handle, "dladdr") {
      let dladdr = unsafeBitCast(function, to: DladdrFunction.self)
      var info:
        (UnsafePointer<CChar>?, UnsafeRawPointer?, UnsafePointer<CChar>?, UnsafeRawPointer?) =
          (nil, nil, nil, nil)
      if withUnsafeMutablePointer(to: &info, { dladdr(address, $0) }) != 0, let name = info.2 {
        return String(cString: name)
      }
    }
    return "the function at \(address)"
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
    if !AsyncRun.take(job, onMain: true) { sendToMainQueue(job) }
  }

  /// Runs `job` on the main queue, as this executor (as without the hooks). A job of a test's
  /// task setting up a run is noted on that run while it waits there (see
  /// `AsyncRun.noteSetupTaskQueued`).
  func sendToMainQueue(_ job: UnownedJob) {
    let waiting = SetupRouting.setupRun(ofTaskOf: job)
    waiting?.noteSetupTaskQueued(1)
    // A nonisolated closure: the main queue runs it on the main thread, as this executor.
    let work: @Sendable () -> Void = {
      waiting?.noteSetupTaskQueued(-1)
      job.runSynchronously(on: MainRouter.shared.asUnownedSerialExecutor())
    }
    DispatchQueue.main.async(execute: work)
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
/// An executor of a run: it parks a real-clock sleep in the run (`scheduleLater`).
@available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *)
protocol ParkingExecutor: SchedulingExecutor {
  /// Whether the executor's jobs run on the main actor (`MainRouter`).
  static var isMain: Bool { get }
}

@available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *)
extension ParkingExecutor {
  func enqueue<C: Clock>(
    _ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C
  ) {
    scheduleLater(UnownedJob(job), after: delay, onMain: Self.isMain)
  }

  func enqueue<C: Clock>(
    _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
  ) {
    scheduleLater(UnownedJob(job), after: clock.now.duration(to: instant), onMain: Self.isMain)
  }
}

@available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *)
extension RunExecutor: ParkingExecutor { static var isMain: Bool { false } }

@available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *)
extension MainRouter: ParkingExecutor { static var isMain: Bool { true } }

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
      globalConcurrentExecutor.enqueue(ExecutorJob(job))
    }
  }
  (onMain ? DispatchQueue.main : DispatchQueue.global()).asyncAfter(
    deadline: .now() + seconds, execute: work)
}
