/// What one run of a script may use: frames of virtual time and the other budgets; a run that
/// would go past one stops with an error.
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
