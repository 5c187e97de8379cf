/// What one run of a script may use: frames of virtual time and the other budgets; a run that
/// would go past one stops with an error.
public struct RunOptions: Sendable {
  /// The virtual-time bound (`--max-frames`): a run that would go past it stops with an error.
  public var maxFrames: Int
  /// What else the run may use before it stops with an error.
  public var budgets: RunBudgets
  /// A flag another thread may raise to stop the run early (see `RunCancellation`).
  public var cancellation: RunCancellation?

  public init(
    maxFrames: Int = 100_000, budgets: RunBudgets = RunBudgets(),
    cancellation: RunCancellation? = nil
  ) {
    self.maxFrames = maxFrames
    self.budgets = budgets
    self.cancellation = cancellation
  }
}
