import Foundation

/// A script run that goes only as far through virtual time as it is asked (`run(through:)`),
/// its recording so far readable between the pieces (`recordedSoFar`): what `marbles step`
/// draws from, so that its first step costs the frames up to it, not the whole run.
///
/// Run in pieces, a script does exactly what `ScriptEngine.run` does in one (same events, same
/// budgets, the same located message at the same frame); `outcome` is set once it has ended.
/// The engine's work happens on a thread of its own with a large stack (as
/// `ScriptEngine.run`'s does); each call waits for it.
public final class IncrementalRun: @unchecked Sendable {
  // Invariant: `holder.run` is touched only by jobs on `worker`'s thread, and each
  // caller waits for its job; the public properties are copies made by those jobs.
  private let worker = LargeStackWorker()
  private let holder = Holder()
  private final class Holder: @unchecked Sendable {
    var run: RunInProgress?
  }
  /// How the run ended (or could not start); nil while it can go on.
  public private(set) var outcome: ScriptOutcome?
  /// Every action at a frame up to this one has run (`Int.min` before the first piece).
  public private(set) var ranThrough = Int.min
  /// How many scheduler actions have run so far: the run's work, for tests and benchmarks.
  public private(set) var actionsRun = 0
  /// The warnings found before the run (what a finished run's `diagnostics` start with).
  public private(set) var warnings: [Diagnostic] = []

  /// Parses and compiles `source`; nothing runs until `run(through:)`.
  public init(_ source: SourceFile, options: RunOptions = RunOptions()) {
    worker.perform { [self] in
      let (script, syntax) = ScriptParser.parse(source)
      if syntax.containsError {
        outcome = .failed(syntax)
        return
      }
      let started = RunInProgress(
        script, syntax: syntax, on: Interpreter.runtime(for: source, script, options))
      holder.run = started
      outcome = started.outcome
      warnings = started.runtime.warnings
    }
  }

  deinit {
    // The graph released on the worker's thread too.
    let holder = holder
    worker.perform {
      holder.run?.abandon()
      holder.run = nil
    }
    worker.close()
  }

  /// Runs every action up to and including `frame`; afterwards `outcome` says whether the run
  /// ended on the way (then nothing more runs).
  public func run(through frame: Int) {
    guard outcome == nil else { return }
    worker.perform { [self] in
      guard let run = holder.run else { return }
      run.run(through: frame)
      outcome = run.outcome
      ranThrough = run.ranThrough
      actionsRun = run.runtime.scheduler.actionsRun
    }
  }

  /// The recording of what has run so far: the lanes as recorded up to the last frame that
  /// did something, no expectations checked, no stop mark; once the run has ended, its
  /// recording (as `ScriptEngine.run` returns it). Nil when there is nothing to draw.
  public var recordedSoFar: ScriptRun? {
    var recorded: ScriptRun?
    worker.perform { [self] in recorded = holder.run?.recordedSoFar }
    return recorded
  }
}

/// A thread with a 64 MB stack that runs the jobs it is given, one at a time, each while its
/// caller waits (deep signal chains never overflow the caller's possibly small stack).
final class LargeStackWorker: @unchecked Sendable {
  // Invariant: `job` and `isClosed` are read and written only under `condition`.
  private let condition = NSCondition()
  private var job: (() -> Void)?
  private var isClosed = false

  init() {
    let thread = Thread { [self] in serve() }
    thread.stackSize = 64 << 20
    thread.start()
  }

  private func serve() {
    while true {
      condition.lock()
      while job == nil, !isClosed { condition.wait() }
      guard var work = job else {
        condition.unlock()
        return
      }
      condition.unlock()
      work()
      // The job's captures are released here, while its caller still waits and holds the run:
      // a release after the broadcast could be the last one, and a deinit on this thread would
      // wait for this thread.
      work = {}
      condition.lock()
      job = nil
      condition.broadcast()
      condition.unlock()
    }
  }

  /// Runs `work` on the worker's thread and returns when it has finished.
  func perform(_ work: @escaping () -> Void) {
    condition.lock()
    while job != nil { condition.wait() }
    job = work
    condition.broadcast()
    while job != nil { condition.wait() }
    condition.unlock()
  }

  /// Lets the thread end once its current job is done.
  func close() {
    condition.lock()
    isClosed = true
    condition.broadcast()
    condition.unlock()
  }
}
