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

/// The tasks that made a test scheduler, and the run each belongs to until that run starts.
///
/// App code often starts its tasks before the run: an `AsyncStream` whose build closure starts a
/// `Task`, a view model whose `init` does. Those tasks are started by the test's own task, before
/// `ts.run()`. So a test scheduler made in a task notes that task here, and the run holds, in
/// order, the jobs that task enqueues for (see `AsyncRun.holdSetupJob`):
/// - a task it creates (the job is enqueued from inside the runtime's task creation), or
/// - a task of the run (between pieces, the test may resume a continuation one of them awaits).
///
/// Any other job it enqueues — it resumed a continuation of another test's task, say, or an
/// actor's — is not the run's and goes on as if there were no run. Owners are known by task id,
/// which the runtime never reuses (a task's address is reused once it ends). If the run does not
/// start within `releaseDelay` (real time) — the test awaits such a task before the run, or uses
/// only the synchronous `run()` — the held jobs are let go to the real executor, and a run
/// started later reports it.
/// The runtime's id of a job's task (0 for a job that is not a task); unique in the process.
/// (A free function: a `@_silgen_name` method would be called with the method convention.)
@_silgen_name("swift_task_getJobTaskId")
private func runtimeTaskID(_ job: UnownedJob) -> UInt64

enum SetupRouting {
  // Invariant: `owners` is only touched with `lock` held. (An unlocked "may have owners" flag
  // was a data race ThreadSanitizer reported; an uncontended lock costs a few nanoseconds a job.)
  private static let lock = NSLock()
  nonisolated(unsafe) private static var owners: [UInt64: Owner] = [:]
  /// Seconds: long enough that a busy test process (its cooperative pool held by other tests'
  /// work) does not trip it while a test awaits something between starting its tasks and
  /// starting its run (2 s was tripped that way at load 14, with 64 runs in flight), short
  /// enough that a test that awaits such a task too early fails instead of hanging.
  static let releaseDelay: Double = 10

  /// A class, not a struct: a struct with a `weak` field, read out of the dictionary through
  /// optional chaining, was miscompiled by Swift 6.3 (double frees, a run freed while in use).
  private final class Owner {
    weak var run: AsyncRun?
    /// The run, to tell it from a later one of the same task (`weak` reads nil in its `deinit`).
    let id: ObjectIdentifier

    init(_ run: AsyncRun) {
      self.run = run
      id = ObjectIdentifier(run)
    }
  }

  /// The id of `job`'s task, 0 when the job is not a task.
  static func taskID(of job: UnownedJob) -> UInt64 { runtimeTaskID(job) }

  /// The id of the current task, if any.
  static var currentTask: UInt64? {
    // A task is a job: its pointer is what the runtime's job functions take.
    withUnsafeCurrentTask { task in
      task.map { runtimeTaskID(unsafeBitCast($0, to: UnownedJob.self)) }
    }
  }

  /// Notes the current task (if any) as the one setting up `run`.
  static func register(_ run: AsyncRun) -> UInt64? {
    guard let task = currentTask else { return nil }
    lock.withLock {
      owners[task] = Owner(run)
    }
    return task
  }

  /// Forgets `task` as the owner of `run` (not of a later run the same task made).
  static func unregister(_ task: UInt64, of run: AsyncRun) {
    let id = ObjectIdentifier(run)
    lock.withLock {
      if let owner = owners[task], owner.id == id { owners.removeValue(forKey: task) }
    }
  }

  /// The run whose test's task is `job`'s task, while that run has not ended (nil fast when no
  /// run is being set up).
  static func setupRun(ofTaskOf job: UnownedJob) -> AsyncRun? {
    let jobTask = taskID(of: job)
    guard jobTask != 0 else { return nil }
    return lock.withLock { owners.isEmpty ? nil : owners[jobTask]?.run }
  }

  /// The run that the current task is setting up, when the job it enqueues now is not its own
  /// (its own hops are not the run's); with the id of the job's task. Whether the run holds the
  /// job is the run's decision (`AsyncRun.holdSetupJob`).
  static func owner(for job: UnownedJob) -> (run: AsyncRun, jobTask: UInt64)? {
    guard let task = currentTask else { return nil }
    let jobTask = taskID(of: job)
    guard jobTask != task,
      let owner = lock.withLock({ owners.isEmpty ? nil : owners[task] }), let run = owner.run
    else { return nil }
    return (run, jobTask)
  }
}

/// Whether the calling thread is inside the runtime's task creation: a job enqueued now is the
/// first job of a task the current task is creating (`Task {}`, `Task.detached {}`, a child),
/// not a continuation it resumed. Read from the return addresses on the stack (a few
/// microseconds), so only asked for the few jobs a test's task enqueues while it sets up a run.
enum TaskCreation {
  private typealias Backtrace =
    @convention(c) (
      UnsafeMutablePointer<UnsafeMutableRawPointer?>, Int32
    ) -> Int32
  private typealias Dladdr = @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Int32

  /// `backtrace`, `dladdr` and the entry addresses of the runtime's task-creating functions;
  /// nil where one is missing (then every job counts as created: the rule before task ids).
  nonisolated(unsafe) private static let tools:
    (backtrace: Backtrace, dladdr: Dladdr, entries: [UnsafeRawPointer])? = {
      guard let handle = dlopen(nil, RTLD_NOW), let backtrace = dlsym(handle, "backtrace"),
        let dladdr = dlsym(handle, "dladdr")
      else { return nil }
      let names: [String] = ["swift_task_create", "swift_task_create_common"]
      let entries = names.compactMap { name in dlsym(handle, name).map { UnsafeRawPointer($0) } }
      guard !entries.isEmpty else { return nil }
      return (
        unsafeBitCast(backtrace, to: Backtrace.self), unsafeBitCast(dladdr, to: Dladdr.self),
        entries
      )
    }()

  /// Frames looked at: the hook is a few calls below the creation (more through `MainRouter`).
  private static let depth = 24

  /// Whether a caller on this thread's stack is one of the runtime's task-creating functions.
  static func isInProgress() -> Bool {
    guard let tools else { return true }
    return withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer?.self, capacity: depth) {
      frames in
      guard let base = frames.baseAddress else { return true }
      let count = Int(tools.backtrace(base, Int32(depth)))
      for index in 0..<count {
        // `Dl_info`: file name, file base, symbol name, symbol address.
        var info:
          (UnsafePointer<CChar>?, UnsafeRawPointer?, UnsafePointer<CChar>?, UnsafeRawPointer?) =
            (nil, nil, nil, nil)
        guard withUnsafeMutablePointer(to: &info, { tools.dladdr(frames[index], $0) }) != 0,
          let symbol = info.3
        else { continue }
        if tools.entries.contains(symbol) { return true }
      }
      return false
    }
  }
}
