/// What running a script produced.
public enum ScriptOutcome: Sendable {
  /// The script ran to the end (its expectations may still have failed).
  case completed(ScriptRun)
  /// The script could not run: syntax errors, unknown names, bad arguments or marbles found
  /// before the run. The diagnostics include at least one error.
  case failed([Diagnostic])
  /// The run started but stopped early (a runtime error, the frame or action bound): what was
  /// recorded up to the stop, with `run.stopped` set and the error last in `run.diagnostics`.
  case stopped(ScriptRun)

  /// The diagnostics (errors and warnings).
  public var diagnostics: [Diagnostic] {
    switch self {
    case .completed(let run), .stopped(let run): return run.diagnostics
    case .failed(let diagnostics): return diagnostics
    }
  }

  /// The recording, complete or partial; nil when the script could not run.
  public var run: ScriptRun? {
    switch self {
    case .completed(let run), .stopped(let run): return run
    case .failed: return nil
    }
  }
}
