import Foundation
import Testing

/// The one golden-file check of the test targets: compares `actual` with the file at `url`, or,
/// with `RECORD_SNAPSHOTS=1` in the environment, (re)writes the file and passes. A missing file is
/// an issue that says how to record it.
package func expectGolden(
  _ actual: String, at url: URL, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let name = url.lastPathComponent
  if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try actual.write(to: url, atomically: true, encoding: .utf8)
    return
  }
  guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
    Issue.record(
      "missing golden file \(name); run with RECORD_SNAPSHOTS=1 to record it",
      sourceLocation: sourceLocation)
    return
  }
  #expect(
    actual == expected, "golden file \(name) differs; RECORD_SNAPSHOTS=1 re-records it",
    sourceLocation: sourceLocation)
}

/// `expectGolden` for `Snapshots/<name>` beside the test target of the calling file (the folder
/// above the caller's folder).
package func expectGolden(
  _ actual: String, named name: String, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let directory = URL(fileURLWithPath: filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Snapshots")
  try expectGolden(
    actual, at: directory.appendingPathComponent(name), sourceLocation: sourceLocation)
}
