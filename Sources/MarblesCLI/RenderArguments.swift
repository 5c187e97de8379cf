import Marbles

/// The output formats of `render` and `run`.
package enum OutputFormat: String, CaseIterable, Sendable {
  /// 7-bit ASCII timelines.
  case ascii
  /// Box-drawing timelines.
  case unicode
  /// JSON (its keys are a contract: the JSON contract tests pin them).
  case json
  /// A standalone SVG diagram.
  case svg
  /// A self-contained HTML page that steps through the diagram frame by frame.
  case html
}

/// When to color output.
package enum ColorMode: String, CaseIterable, Sendable {
  /// Only on a terminal, and only when `NO_COLOR` is unset.
  case auto
  case always
  case never
}

/// The options of `render` and `run`.
package struct RenderArguments: Equatable, Sendable {
  /// The files, `-` for standard input.
  package var files: [String]
  package var format: OutputFormat
  package var color: ColorMode
  /// Where to write (atomically), or nil for standard output.
  package var output: String?
  /// The virtual-time bound.
  package var maxFrames: Int
  /// The wrap width, or nil for the terminal's (no wrapping when not a terminal).
  package var width: Int?
  /// The colour scheme of svg and html.
  package var theme: DiagramTheme = .auto
  /// The run's other bounds (`--max-events`, `--max-subscriptions`, `--max-value-size`).
  package var budgets = RunBudgets()
  /// `--quiz`: draw the marble sources, hide the lanes derived from them (not JSON).
  package var quiz = false
  /// `--watch`: draw again after every save of the one FILE.
  package var watch = false
}
