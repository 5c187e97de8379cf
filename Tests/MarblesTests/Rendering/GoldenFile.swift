import Foundation
import Testing

/// Compares `actual` with the golden file `Tests/MarblesTests/Snapshots/<name>`; with
/// `RECORD_SNAPSHOTS=1` in the environment it (re)writes the file instead.
func expectGolden(
  _ actual: String, named name: String, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let directory = URL(fileURLWithPath: filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Snapshots")
  let url = directory.appendingPathComponent(name)
  if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try actual.write(to: url, atomically: true, encoding: .utf8)
    return
  }
  guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
    Issue.record(
      "missing golden file \(name); run with RECORD_SNAPSHOTS=1 to record it",
      sourceLocation: sourceLocation)
    return
  }
  #expect(actual == expected, "golden file \(name) differs", sourceLocation: sourceLocation)
}
