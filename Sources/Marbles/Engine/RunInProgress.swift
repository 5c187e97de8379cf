import Foundation
import Reactive

/// One compiled script run, taken forward through virtual time a piece at a time
/// (`run(through:)`), its recording so far readable at any point (`recordedSoFar`).
///
/// `Interpreter` runs every script through it, in one piece; `marbles step` in as many as its
/// steps need, so a step costs the frames up to it and not the whole run.
final class RunInProgress {
  let runtime: Runtime
  private let session: Session?
  /// Set once the run has ended (nothing left to do, a limit, a budget or an error) or could
  /// not start (compile errors); the run is torn down by then.
  private(set) var outcome: ScriptOutcome?
  /// Every action at a frame up to this one has run.
  private(set) var ranThrough = Int.min

  /// Compiles and type-checks the parsed `script` on `runtime`, and schedules its set-up at
  /// frame 0; nothing runs yet.
  init(_ script: Script, syntax: [Diagnostic], on runtime: Runtime) {
    self.runtime = runtime
    var compiler = Compiler(runtime: runtime)
    let statements = compiler.compile(script)
    let found = Self.sortedByPosition(
      syntax + compiler.diagnostics + TypeCheck.check(script, marbles: compiler.parsedMarbles))
    if found.containsError {
      outcome = .failed(found)
      session = nil
      return
    }
    runtime.warnings = found
    let session = Session(runtime: runtime, statements: statements)
    self.session = session
    runtime.scheduler.schedule(at: 0) { session.setUp() }
  }

  /// Runs every action up to and including `frame` (nil: to the end); sets `outcome` if the
  /// run ended on the way.
  func run(through frame: Int?) {
    guard outcome == nil, let session else { return }
    let scheduler = runtime.scheduler
    var reason = RunStop.Reason.runtimeError
    do {
      if let frame {
        try scheduler.run(through: frame)
        ranThrough = max(ranThrough, frame)
        if !scheduler.isIdle { return }
      } else {
        try scheduler.run()
      }
    } catch {
      switch error {
      case .stopped, .realSchedulerInVirtualRun: break
      case .frameLimitExceeded(let limit, let nextFrame):
        if !runtime.hasFailed { reason = .frameLimit }
        runtime.fail(
          Diagnostic.Interpreter.frameLimit(
            limit: limit, nextFrame: nextFrame, lanes: session.activeLaneNames,
            at: session.activeLaneRange))
      case .actionLimitExceeded(let limit, let frame):
        if !runtime.hasFailed { reason = .actionLimit }
        runtime.fail(
          Diagnostic.Interpreter.actionLimit(
            limit: limit, frame: frame, lanes: session.activeLaneNames,
            at: session.activeLaneRange))
      }
    }
    outcome = finish(session, reason: reason)
  }

  /// The recording of what has run so far (no expectations checked; drawn as a run that
  /// stopped at its last action, without a stop mark), or the finished run's; nil when there
  /// is nothing to draw (compile errors, a failure while the statements were evaluated).
  var recordedSoFar: ScriptRun? {
    switch outcome {
    case .completed(let run)?, .stopped(let run)?: return run
    case .failed?: return nil
    case nil:
      guard let session, session.isSetUp else { return nil }
      return session.makeRun(stoppedAt: runtime.scheduler.now)
    }
  }

  /// Ends a run that has not finished (nothing more is run), so that its graph is released.
  func abandon() {
    guard outcome == nil, let session else { return }
    session.tearDown()
    outcome = .failed([])
  }

  private func finish(_ session: Session, reason stopReason: RunStop.Reason) -> ScriptOutcome {
    defer { session.tearDown() }
    var reason = stopReason
    let scheduler = runtime.scheduler
    if let failure = runtime.failure {
      // Failed while the statements were evaluated: nothing ran, nothing to draw.
      guard session.isSetUp else {
        return .failed(Self.sortedByPosition(runtime.warnings) + [failure])
      }
      if runtime.failedByBudget { reason = .budget }
      var run = session.makeRun(stoppedAt: scheduler.now)
      run.diagnostics = Self.sortedByPosition(runtime.warnings) + [failure]
      run.stopped = RunStop(frame: scheduler.now, reason: reason, message: failure.message)
      return .stopped(run)
    }
    return .completed(session.makeRun())
  }

  private static func sortedByPosition(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    diagnostics.enumerated().sorted {
      ($0.element.range.start, $0.offset) < ($1.element.range.start, $1.offset)
    }.map(\.element)
  }
}
