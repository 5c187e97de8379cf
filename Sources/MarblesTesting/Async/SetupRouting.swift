import Foundation
import MarblesCore
import Reactive

/// The tasks that made a test scheduler, and the run each belongs to until that run starts.
///
/// App code often starts its tasks before the run: an `AsyncStream` whose build closure starts a
/// `Task`, a view model whose `init` does. Those tasks are started by the test's own task, before
/// `ts.run()`. So a test scheduler made in a task notes that task here; the jobs that task
/// enqueues for other tasks (not its own hops) are held by the run, in order, and are the first
/// jobs it runs. If the run does not start within `releaseDelay` (real time) — the test awaits
/// such a task before the run, or uses only the synchronous `run()` — they are let go to the real
/// executor, and a run started later reports it.
enum SetupRouting {
  // Invariant: `owners` is only touched with `lock` held. (An unlocked "may have owners" flag
  // was a data race ThreadSanitizer reported; an uncontended lock costs a few nanoseconds a job.)
  private static let lock = NSLock()
  nonisolated(unsafe) private static var owners: [UInt: Owner] = [:]
  /// Seconds: long enough that a busy test process (its cooperative pool held by other tests'
  /// synchronous work) never trips it before the run starts, short enough that a test that
  /// awaits too early fails instead of hanging.
  static let releaseDelay: Double = 10

  private struct Owner {
    weak var run: AsyncRun?
  }

  /// The address of the current task, if any.
  static var currentTask: UInt? {
    withUnsafeCurrentTask { task in task.map { UInt(bitPattern: unsafeBitCast($0, to: Int.self)) } }
  }

  /// Notes the current task (if any) as the one setting up `run`.
  static func register(_ run: AsyncRun) -> UInt? {
    guard let task = currentTask else { return nil }
    lock.withLock {
      owners[task] = Owner(run: run)
    }
    return task
  }

  /// Forgets `task`.
  static func unregister(_ task: UInt) {
    lock.withLock {
      owners[task] = nil
    }
  }

  /// The run that a job enqueued now by the current task belongs to: the current task is setting
  /// up a run that has not started, and the job is not the task's own.
  static func run(for job: UnownedJob) -> AsyncRun? {
    guard let task = currentTask, UInt(bitPattern: unsafeBitCast(job, to: Int.self)) != task
    else { return nil }
    return lock.withLock { owners.isEmpty ? nil : owners[task]?.run }
  }
}
