import MarblesCore
import Reactive

/// Where a test called an API, for messages (`Tests/SearchTests.swift:12:5`).
package struct CallLocation: Sendable, CustomStringConvertible {
  package var fileID: String
  package var filePath: StaticString
  package var line: UInt
  package var column: UInt

  package init(fileID: String, filePath: StaticString, line: UInt, column: UInt) {
    (self.fileID, self.filePath, self.line, self.column) = (fileID, filePath, line, column)
  }

  package var description: String { "\(fileID):\(line):\(column)" }
}

/// Reports `issues` at `location` (see `report(_:fileID:filePath:line:column:)`).
func report(_ issues: [MarbleIssue], at location: CallLocation) {
  report(
    issues, fileID: location.fileID, filePath: location.filePath, line: location.line,
    column: location.column)
}

extension Duration {
  /// The duration in seconds, as a floating-point number.
  var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
