/// Options for running a script.
public struct RunOptions: Sendable {
  /// The virtual-time bound (`--max-frames`): a run that would go past it stops with an error.
  public var maxFrames: Int
  /// What else the run may use before it stops with an error.
  public var budgets: RunBudgets

  public init(maxFrames: Int = 100_000, budgets: RunBudgets = RunBudgets()) {
    self.maxFrames = maxFrames
    self.budgets = budgets
  }
}

/// What a run may use besides virtual time, so that any script stops in seconds and within about
/// a gigabyte of memory by default. Going past one stops the run with a located error that
/// names the frame and the flag that raises it.
public struct RunBudgets: Equatable, Sendable {
  /// The largest `--max-frames` accepted: about 11.5 days of virtual time in 1 ms frames.
  public static let maximumFrames = 1_000_000_000

  /// Events in the whole run (`--max-events`): values, errors and completions that marble
  /// sources send, calls of closures by operators, subscriptions, and recorded events.
  public var maxEvents: Int
  /// Subscriptions open at the same time (`--max-subscriptions`).
  public var maxSubscriptions: Int
  /// The longest string (in characters) and the most elements a value may hold, nested ones
  /// included (`--max-value-size`).
  public var maxValueSize: Int

  /// The bytes the tool may write to standard output or to `-o FILE` in one invocation
  /// (`--max-output`), checked as it writes.
  public var maxOutput: Int
  /// The largest script the tool reads, in bytes (`--max-input`), checked before it reads.
  public var maxInput: Int

  /// Creates budgets; the defaults bound any script of 1 MB to seconds and about 1 GB.
  public init(
    maxEvents: Int = 10_000_000, maxSubscriptions: Int = 10_000, maxValueSize: Int = 1_000_000,
    maxOutput: Int = 100_000_000, maxInput: Int = 10 * 1024 * 1024
  ) {
    self.maxEvents = maxEvents
    self.maxSubscriptions = maxSubscriptions
    self.maxValueSize = maxValueSize
    self.maxOutput = maxOutput
    self.maxInput = maxInput
  }
}

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

/// The entry points the `marbles` executable uses: run a script, explain an operator.
public enum ScriptEngine {
  /// Runs `source` to the end of virtual time.
  ///
  /// Syntax errors, then errors found before the run (unknown names, operators and arguments,
  /// bad marbles), then the first runtime error stop the run with `.failed`; otherwise the
  /// recording comes back, with any warnings, whether or not its expectations held.
  public static func run(_ source: SourceFile, options: RunOptions = RunOptions()) -> ScriptOutcome
  {
    Interpreter.run(source, options: options)
  }

  /// The operator catalogue (`nil`) or one operator's explanation.
  ///
  /// With no name: the catalogue as a table. With a name (or an alias): its description, its
  /// ReactiveObjC and RxJS names, the example script and the example's live diagram; an unknown
  /// name gives a "did you mean" and `found == false`.
  public static func explain(_ name: String?) -> (text: String, found: Bool) {
    Explainer.explain(name)
  }
}
