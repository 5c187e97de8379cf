import Marbles

/// The options of `test`.
package struct TestArguments: Equatable, Sendable {
  /// Files and folders (searched for `*.marble`).
  package var paths: [String]
  package var color: ColorMode
  /// The virtual-time bound.
  package var maxFrames: Int
  /// Where to write the results as JUnit XML (`--junit FILE`), if anywhere.
  package var junit: String? = nil
  /// The glyphs of the failure diffs (`--format ascii|unicode`).
  package var format: OutputFormat = .ascii
  /// The run's other bounds (`--max-events`, `--max-subscriptions`, `--max-value-size`).
  package var budgets = RunBudgets()
  /// `--update`: rewrite each failing `expect`'s marble with the actual timeline.
  package var update = false
}
