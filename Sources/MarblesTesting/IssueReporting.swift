import Foundation
import MarblesCore
import Reactive
import Testing
import XCTest

/// Reports `issues` at the caller's location: through Swift Testing inside a Swift Testing test
/// (warnings as warning issues), otherwise through XCTest (`XCTFail`, which has no column and no
/// warnings; warnings are printed to standard error instead). In Swift Testing a failed
/// timeline comparison also attaches its picture, `expected-vs-actual.svg`, to the test (kept
/// with `swift test --attachments-path DIR`, shown by IDEs).
func report(
  _ issues: [MarbleIssue], fileID: String, filePath: StaticString, line: UInt, column: UInt
) {
  for issue in issues {
    if Test.current != nil {
      let location = Testing.SourceLocation(
        fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column))
      Issue.record(
        Comment(rawValue: issue.message), severity: issue.severity == .error ? .error : .warning,
        sourceLocation: location)
      #if compiler(>=6.2)
        if let picture = issue.picture {
          Attachment.record(picture, named: "expected-vs-actual.svg", sourceLocation: location)
        }
      #endif
    } else if issue.severity == .error {
      XCTFail(issue.message, file: filePath, line: line)
    } else {
      let text = "\(filePath):\(line): warning: \(issue.message)\n"
      FileHandle.standardError.write(Data(text.utf8))
    }
  }
}

/// Reports `message` as an error at `site`, a place found at run time (`SleepSite`): through
/// Swift Testing inside a Swift Testing test, otherwise through XCTest with the place first in
/// the message (XCTest takes only a compile-time file).
func report(_ message: String, at site: SleepSite) {
  if Test.current != nil {
    Issue.record(
      Comment(rawValue: message),
      sourceLocation: Testing.SourceLocation(
        fileID: site.fileID, filePath: site.path, line: site.line, column: site.column))
  } else {
    XCTFail("\(site.path):\(site.line): \(message)")
  }
}
