/// Options for running a script.
public struct RunOptions: Sendable {
  /// The virtual-time bound (`--max-frames`): a run that would go past it stops with an error.
  public var maxFrames: Int

  /// Creates options.
  public init(maxFrames: Int = 100_000) {
    self.maxFrames = maxFrames
  }
}

/// What running a script produced.
public enum ScriptOutcome: Sendable {
  /// The script ran to the end (its expectations may still have failed).
  case completed(ScriptRun)
  /// The script could not run, or stopped: syntax errors, unknown names, a runtime error, the
  /// frame bound. The diagnostics include at least one error.
  case failed([Diagnostic])

  /// The diagnostics (errors and warnings).
  public var diagnostics: [Diagnostic] {
    switch self {
    case .completed(let run): return run.diagnostics
    case .failed(let diagnostics): return diagnostics
    }
  }
}

/// The entry points the `marbles` executable uses: run a script, explain an operator.
public enum ScriptEngine {
  /// Runs `source` to the end of virtual time.
  public static func run(_ source: SourceFile, options: RunOptions = RunOptions()) -> ScriptOutcome {
    .failed([.error("the script interpreter is not built yet", at: SourceRange(line: 1, column: 1))])
  }

  /// The operator catalogue (`nil`) or one operator's explanation.
  public static func explain(_ name: String?) -> (text: String, found: Bool) {
    ("the operator catalogue is not built yet\n", false)
  }
}
