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
  /// `marbles serve [FOLDER]`: the workshop in a browser.
  case serve(ServeArguments)
}

/// The options of `serve`.
package struct ServeArguments: Equatable, Sendable {
  /// The folder whose `.marble` files are the exercises.
  package var folder: String
  /// The IPv4 address to listen on (`127.0.0.1`: this computer only).
  package var host: String
  /// The port (0: any free one).
  package var port: Int
  /// The virtual-time bound of every run.
  package var maxFrames: Int
  /// The other bounds of every run; `maxInput` also bounds a request's body.
  package var budgets = RunBudgets()
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
