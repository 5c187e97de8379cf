import Foundation
import Reactive

/// Runs `.marble` scripts: the entry point a program that embeds scripts calls.
///
/// `ScriptEngine.run` runs a script to the end in one call. An instance is one script's run that
/// goes only as far through virtual time as it is asked (`run(through:)`), its recording so far
/// readable between the pieces (`recordedSoFar`): what `marbles step` draws from, so that its
/// first step costs the frames up to it, not the whole run. In pieces or in one, a script does
/// exactly the same (same events, same budgets, the same located message at the same frame).
///
/// The work happens on a thread of the engine's own with a large stack (`LargeStackWorker`), so
/// that deep signal chains never overflow the caller's possibly small stack; each call waits.
/// Called on such a thread already (`ScriptEngine.withLargeStack`), it works inline.
public final class ScriptEngine: @unchecked Sendable {
  // Invariant: `holder.run` is touched only by jobs on `worker`'s thread, and each caller waits
  // for its job; the public properties are copies made by those jobs.
  private let worker = LargeStack()
  private let holder = Holder()
  private final class Holder: @unchecked Sendable {
    var run: Session?
  }
  /// How the run ended (or could not start); nil while it can go on.
  public private(set) var outcome: ScriptOutcome?
  /// Every action at a frame up to this one has run (`Int.min` before the first piece).
  public private(set) var ranThrough = Int.min
  /// How many scheduler actions have run so far: the run's work, for tests and benchmarks.
  public private(set) var actionsRun = 0
  /// The warnings found before the run (what a finished run's `diagnostics` start with).
  public private(set) var warnings: [Diagnostic] = []

  /// More actions than this at one frame stop the run (a loop that never lets time move); a
  /// script of more statements gets `actionsPerStatement` each, since a script of many `let`s
  /// and lanes legitimately does that much at frame 0.
  static let maximumActionsPerFrame = 200_000
  static let actionsPerStatement = 8
  /// The outcome of a run that could not be made to end (never expected).
  static let notRun = ScriptOutcome.failed([
    .error("the script could not be run", at: SourceRange(line: 1, column: 1))
  ])

  /// Runs `source` to the end of virtual time.
  ///
  /// Syntax errors, then errors found before the run (unknown names, operators and arguments,
  /// bad marbles), then the first runtime error stop the run with `.failed`; otherwise the
  /// recording comes back, with any warnings, whether or not its expectations held.
  public static func run(_ source: SourceFile, options: RunOptions = RunOptions()) -> ScriptOutcome
  {
    let engine = ScriptEngine(source, options: options)
    engine.run(through: nil)
    return engine.outcome ?? notRun
  }

  /// Runs `script`, already parsed from `source` with the diagnostics `syntax`, as
  /// `run(_:options:)` would (the language server parses each text once, for itself and the run).
  package static func run(
    _ script: Script, syntax: [Diagnostic], of source: SourceFile, options: RunOptions
  ) -> ScriptOutcome {
    runCountingActions(script, syntax: syntax, of: source, options: options).outcome
  }

  /// Parses and compiles `source`; nothing runs until `run(through:)`.
  public convenience init(_ source: SourceFile, options: RunOptions = RunOptions()) {
    self.init(source, options: options, parsed: nil)
  }

  /// With `parsed`, `source` is not parsed again.
  private init(_ source: SourceFile, options: RunOptions, parsed: (Script, [Diagnostic])?) {
    worker.perform { [self] in
      let (script, syntax) = parsed ?? ScriptParser.parse(source)
      if syntax.containsError {
        outcome = .failed(syntax)
        return
      }
      let started = Session(
        script, syntax: syntax, on: Self.runtime(for: source, script, options))
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

  /// Runs every action up to and including `frame` (nil: to the end of virtual time);
  /// afterwards `outcome` says whether the run ended on the way (then nothing more runs).
  public func run(through frame: Int?) {
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

  /// Runs `body` on a thread with a large stack, where engines made and run inside it work
  /// inline, without a thread of their own (what `marbles test` does for its whole loop).
  package static func withLargeStack<T>(_ body: () -> T) -> T {
    LargeStack.run(body)
  }

  /// A runtime for `script` on a fresh scheduler, its action limit scaled to the script's size.
  static func runtime(for source: SourceFile, _ script: Script, _ options: RunOptions) -> Runtime {
    let scheduler = VirtualTimeScheduler(
      maxFrames: options.maxFrames,
      maxActionsPerFrame: actionLimit(statements: script.statements.count))
    return Runtime(source: source, scheduler: scheduler, options: options)
  }
}

extension ScriptEngine {
  /// `run(_:syntax:of:options:)`, with the number of scheduler actions the run took: the
  /// language server runs a script's independent pieces apart and adds their actions up
  /// against `actionLimit(statements:)`, the per-frame bound of the whole script.
  package static func runCountingActions(
    _ script: Script, syntax: [Diagnostic], of source: SourceFile, options: RunOptions
  ) -> (outcome: ScriptOutcome, actions: Int) {
    let engine = ScriptEngine(source, options: options, parsed: (script, syntax))
    engine.run(through: nil)
    return (engine.outcome ?? notRun, engine.actionsRun)
  }

  /// The most scheduler actions one frame of a script of `statements` statements may take.
  package static func actionLimit(statements: Int) -> Int {
    max(maximumActionsPerFrame, actionsPerStatement * statements)
  }

  /// The most keys a run keeps in `ScriptRun.authorKeys`.
  package static var maximumAuthorKeys: Int { Runtime.maxAuthorKeys }
}
