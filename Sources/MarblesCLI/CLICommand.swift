import Marbles

/// A parsed `marbles` command line.
package enum CLICommand: Equatable, Sendable {
  /// `marbles render FILE…` / `marbles run FILE…`.
  case render(RenderArguments)
  /// `marbles test PATH…`.
  case test(TestArguments)
  /// `marbles check FILE...`: a student's predictions (`expect` lines) against the run.
  case check(TestArguments)
  /// `marbles step FILE`.
  case step(StepArguments)
  /// `marbles explain [OPERATOR]`.
  case explain(String?)
  /// `marbles --help`, `marbles help [COMMAND]`, `marbles COMMAND --help`.
  case help(String?)
  /// `marbles --version`.
  case version
  /// `marbles format FILE… [--check]`.
  case format(FormatArguments)
  /// `marbles lsp`: the language server on standard input and output.
  case lsp(LSPArguments)
}

/// The options of `format`.
package struct FormatArguments: Equatable, Sendable {
  /// The files (and folders, searched for `*.marble`); `-` formats standard input to standard
  /// output.
  package var paths: [String]
  /// Only report the files that are not formatted (exit 1), writing nothing.
  package var check: Bool
}

/// The options of `lsp`: the bounds of every run the server makes.
package struct LSPArguments: Equatable, Sendable {
  /// The virtual-time bound.
  package var maxFrames: Int
  /// The run's other bounds.
  package var budgets = RunBudgets()
}
