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

  /// Why output past `maxOutput` was refused, in the words every command uses (without the
  /// `error: ` prefix and the newline): `render`, `format` and the language server's responses.
  public func outputRefusal() -> String {
    "the output went past its budget of \(maxOutput) bytes; raise it with "
      + "'--max-output N' if it needs more"
  }
}
