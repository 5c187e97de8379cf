import Foundation
import MarblesCore
import Reactive

/// Waiting in virtual time: a task suspended until the run reaches a frame (`ts.clock`'s sleeps,
/// a recorder's pull frames), resumed by an action of the virtual-time scheduler on the driver.
extension AsyncRun {
  /// Suspends the calling task until the run reaches `frame` (the current frame: after what is
  /// already queued for it). Cancellation ends the wait at once with `CancellationError` when
  /// `cancellable`.
  ///
  /// A sleep where virtual time does not move throws `MarbleClockError`. Before the run, or from
  /// the test's own task while the run is paused, it is reported as well (the app may swallow
  /// the error with `try?`): at `caller` when the sleep was `ts.clock.sleep(for:)`, else at the
  /// line that slept, read from the stack (`SleepSite`), else by the run when it starts. After
  /// the run it is reported only at `caller`.
  func wait(untilFrame frame: Int, cancellable: Bool, caller: CallLocation? = nil) async throws {
    let phase = phase
    guard phase == .running || phase == .paused else {
      let message =
        phase == .notStarted
        ? "ts.clock was used before ts.run() started: virtual time moves only during the run (start the work from a task of the run: a recorded sequence, or ts.task(at:))"
        : "ts.clock was used after ts.run() ended at frame \(self.frame): nothing moves virtual time any more"
      await reportMisuse(message, caller: caller, fromStack: phase == .notStarted)
      throw MarbleClockError(message: message)
    }
    if phase == .paused, let setupTask, SetupRouting.currentTask == setupTask {
      let message =
        "ts.clock was used by the test's own task while the run was paused at frame \(self.frame): virtual time moves only in ts.advance(by:) and ts.run(), which this task would never reach; sleep in a task of the run instead (Task { }, ts.task(at:))"
      await reportMisuse(message, caller: caller, fromStack: true)
      throw MarbleClockError(message: message)
    }
    if cancellable { try Task.checkCancellation() }
    let sleeper = Sleeper()
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { continuation in
        guard sleeper.install(continuation) else { return }
        perform { [scheduler] in
          // Past frames mean now: after the actions already queued for this frame.
          _ = scheduler.schedule(at: max(frame, scheduler.now)) { sleeper.resume(nil) }
        }
      }
    } onCancel: {
      if cancellable { sleeper.resume(CancellationError()) }
    }
  }

  /// Reports a sleep that throws `MarbleClockError` (see `wait(untilFrame:cancellable:caller:)`).
  private func reportMisuse(_ message: String, caller: CallLocation?, fromStack: Bool) async {
    if let caller {
      report(
        [MarbleIssue(.error, message)], fileID: caller.fileID, filePath: caller.filePath,
        line: caller.line, column: caller.column)
    } else if fromStack, let site = await SleepSite.caller() {
      report(message, at: site)
    } else if phase == .notStarted {
      noteEarlyClockUse(message)
    }
  }

  /// One suspended sleep: resumed once, by its deadline or by cancellation.
  final class Sleeper: @unchecked Sendable {
    /// Suspends until resumed (at once when resumed already); throws the error it was resumed
    /// with.
    func wait() async throws {
      try await withUnsafeThrowingContinuation { continuation in
        _ = install(continuation)
      }
    }

    // Invariant: `continuation` and `outcome` are only touched with `lock` held.
    private let lock = NSLock()
    private var continuation: UnsafeContinuation<Void, any Error>?
    private var outcome: (any Error)??

    /// Stores the continuation; false (and resumed) when it was cancelled already.
    func install(_ continuation: UnsafeContinuation<Void, any Error>) -> Bool {
      let earlier: (any Error)?? = lock.withLock {
        if outcome == nil { self.continuation = continuation }
        return outcome
      }
      guard let earlier else { return true }
      if let error = earlier { continuation.resume(throwing: error) } else { continuation.resume() }
      return false
    }

    func resume(_ error: (any Error)?) {
      let continuation: UnsafeContinuation<Void, any Error>? = lock.withLock {
        guard outcome == nil else { return nil }
        outcome = .some(error)
        defer { self.continuation = nil }
        return self.continuation
      }
      guard let continuation else { return }
      if let error { continuation.resume(throwing: error) } else { continuation.resume() }
    }
  }
}
