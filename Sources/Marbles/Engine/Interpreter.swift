import Foundation
import Reactive

/// Runs a `.marble` script: parse, compile (all problems reported), evaluate the statements at
/// frame 0, run virtual time to the end, and record what the shown lanes did.
package enum Interpreter {
  /// More actions than this at one frame stop the run (a loop that never lets time move); a
  /// script of more statements gets `actionsPerStatement` each, since a script of many `let`s
  /// and lanes legitimately does that much at frame 0.
  static let maximumActionsPerFrame = 200_000
  static let actionsPerStatement = 8

  /// Runs `source` on a thread with a large stack, so that deep signal chains never overflow
  /// the caller's (possibly small) stack.
  package static func run(_ source: SourceFile, options: RunOptions) -> ScriptOutcome {
    onLargeStack { runHere(source, options: options) }
  }

  /// Runs `script`, already parsed from `source` with the diagnostics `syntax`, as `run(_:options:)`
  /// would (the language server parses each text once, for its own use and for the run).
  package static func run(
    _ script: Script, syntax: [Diagnostic], of source: SourceFile, options: RunOptions
  ) -> ScriptOutcome {
    if syntax.containsError { return .failed(syntax) }
    return onLargeStack { run(script, syntax: syntax, on: runtime(for: source, script, options)) }
  }

  /// `body` run on a thread with a large stack; the caller waits for it.
  private static func onLargeStack(_ body: @escaping @Sendable () -> ScriptOutcome) -> ScriptOutcome
  {
    let box = OutcomeBox()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      box.outcome = body()
      done.signal()
    }
    thread.stackSize = 64 << 20
    thread.start()
    done.wait()
    return box.outcome
      ?? .failed([.error("the script could not be run", at: SourceRange(line: 1, column: 1))])
  }

  /// Runs `source` on the current thread.
  static func runHere(_ source: SourceFile, options: RunOptions) -> ScriptOutcome {
    let (script, syntax) = ScriptParser.parse(source)
    if syntax.containsError { return .failed(syntax) }
    return run(script, syntax: syntax, on: runtime(for: source, script, options))
  }

  /// A runtime for `script` on a fresh scheduler, its action limit scaled to the script's size.
  static func runtime(for source: SourceFile, _ script: Script, _ options: RunOptions) -> Runtime {
    let scheduler = VirtualTimeScheduler(
      maxFrames: options.maxFrames,
      maxActionsPerFrame: max(
        maximumActionsPerFrame, actionsPerStatement * script.statements.count))
    return Runtime(source: source, scheduler: scheduler, options: options)
  }

  /// Compiles, type-checks and runs the parsed `script` on `runtime`.
  static func run(_ script: Script, syntax: [Diagnostic], on runtime: Runtime) -> ScriptOutcome {
    let run = RunInProgress(script, syntax: syntax, on: runtime)
    run.run(through: nil)
    return run.outcome
      ?? .failed([.error("the script could not be run", at: SourceRange(line: 1, column: 1))])
  }
}

/// Carries the outcome back from the interpreter's thread.
private final class OutcomeBox: @unchecked Sendable {
  // Invariant: written once on the worker thread before the semaphore is signalled, read after.
  var outcome: ScriptOutcome?
}
