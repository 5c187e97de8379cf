import Foundation
import Marbles

/// What the `marbles` tool needs from the outside world; injected so the tool runs the same in
/// the executable and in tests.
package struct ToolEnvironment: Sendable {
  /// Runs one script.
  package var run: @Sendable (SourceFile, RunOptions) -> ScriptOutcome
  /// The catalogue (`nil`) or one operator's explanation; `found` is false for an unknown name.
  package var explain: @Sendable (String?) -> (text: String, found: Bool)
  /// Environment variables (`NO_COLOR`).
  package var variables: [String: String]
  package var stdoutIsTerminal: Bool
  /// The terminal's width, when standard output is a terminal.
  package var terminalWidth: Int?
  /// Reads all of standard input, at most the number of bytes given (else it throws why).
  package var readStandardInput: @Sendable (_ limit: Int) throws -> Data
  /// The keyboard and screen of `marbles step`, when both standard input and output are a
  /// terminal; nil prints every step once instead.
  package var stepTerminal: StepTerminal?
  /// Writes to standard output as the tool goes (failing with the stream's reason); nil keeps
  /// standard output for `ToolResult.stdout`.
  package var writeOutput: (@Sendable (String) throws(IOFailure) -> Void)?
  /// The file watching of `marbles render --watch`; nil where files cannot be watched.
  package var watcher: FileWatcher?

  package init(
    run: @escaping @Sendable (SourceFile, RunOptions) -> ScriptOutcome,
    explain: @escaping @Sendable (String?) -> (text: String, found: Bool),
    variables: [String: String] = [:],
    stdoutIsTerminal: Bool = false,
    terminalWidth: Int? = nil,
    readStandardInput: @escaping @Sendable (_ limit: Int) throws -> Data = { _ in Data() },
    stepTerminal: StepTerminal? = nil,
    writeOutput: (@Sendable (String) throws(IOFailure) -> Void)? = nil,
    watcher: FileWatcher? = nil
  ) {
    self.watcher = watcher
    self.stepTerminal = stepTerminal
    self.writeOutput = writeOutput
    self.run = run
    self.explain = explain
    self.variables = variables
    self.stdoutIsTerminal = stdoutIsTerminal
    self.terminalWidth = terminalWidth
    self.readStandardInput = readStandardInput
  }
}

/// What `marbles render --watch` needs: a wait for the next save, and a screen to redraw.
package struct FileWatcher: Sendable {
  /// Waits until the file at the path changes (a save); false when watching should stop (the
  /// file is gone).
  package var waitForChange: @Sendable (String) -> Bool
  /// Replaces the screen with a drawing (standard output) and its messages (standard error).
  package var show: @Sendable (_ output: String, _ errors: String) -> Void

  package init(
    waitForChange: @escaping @Sendable (String) -> Bool,
    show: @escaping @Sendable (_ output: String, _ errors: String) -> Void
  ) {
    self.waitForChange = waitForChange
    self.show = show
  }
}
