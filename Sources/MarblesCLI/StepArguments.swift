import Marbles

/// The options of `step`.
package struct StepArguments: Equatable, Sendable {
  /// The script (`-` for standard input).
  package var file: String
  /// The glyph set: `ascii` or `unicode`.
  package var format: OutputFormat
  package var color: ColorMode
  /// The virtual-time bound.
  package var maxFrames: Int
  /// The run's other bounds (`--max-events`, `--max-subscriptions`, `--max-value-size`).
  package var budgets = RunBudgets()
  /// `--quiz`: draw the marble sources, hide the lanes derived from them.
  package var quiz = false
}
