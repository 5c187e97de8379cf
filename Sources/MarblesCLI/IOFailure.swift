import Marbles

/// Why a read or write failed, in the tool's words: the system's reason, lowercased ("no space
/// left on device"), or the tool's own ("it is the script being read").
package struct IOFailure: Error, Sendable {
  package var reason: String
  package init(_ reason: String) { self.reason = reason }

  /// The one message of a failed write: `error: cannot write 'PATH': REASON`, newline-ended,
  /// the path escaped for the terminal. Every writer reports with it.
  package func writeMessage(_ path: String) -> String {
    "error: cannot write '\(TerminalText.escaped(path))': \(reason)\n"
  }

  /// The one message of a failed read: `error: cannot read 'PATH': REASON`.
  package func readMessage(_ path: String) -> String {
    "error: cannot read '\(TerminalText.escaped(path))': \(reason)\n"
  }
}
