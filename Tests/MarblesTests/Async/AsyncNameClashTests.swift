import Foundation
import Testing

/// `import MarblesTesting` beside the test libraries Swift developers import with it brings no
/// ambiguous name (issue: `TestClock` was one). Reads the public declarations of the target's
/// sources and of the modules it re-exports (MarblesCore, Reactive).
@Suite struct AsyncNameClashTests {
  /// Public names of swift-clocks, swift-concurrency-extras, swift-dependencies, Swift Testing
  /// and XCTest that a marble test file could meet.
  static let neighbours: Set<String> = [
    // swift-clocks
    "TestClock", "ImmediateClock", "UnimplementedClock", "AnyClock",
    // swift-concurrency-extras
    "withMainSerialExecutor", "megaYield", "ActorIsolated", "LockIsolated", "UncheckedSendable",
    "AnyHashableSendable", "MainSerialExecutor",
    // swift-dependencies
    "Dependency", "DependencyValues", "DependencyKey", "TestDependencyKey", "withDependencies",
    "prepareDependencies", "DependencyClient",
    // Swift Testing
    "Test", "Suite", "Issue", "Tag", "Trait", "Confirmation", "SourceLocation", "Attachment",
    "Comment", "Bug", "TimeLimitTrait", "ConditionTrait", "confirmation", "withKnownIssue",
    // XCTest
    "XCTestCase", "XCTestExpectation", "XCTWaiter", "XCTFail", "XCTAssertEqual",
  ]

  /// The one name that stays, and is listed in Guides/AsyncTesting.md: RxTest and
  /// combine-schedulers declare it too.
  static let documented: Set<String> = ["TestScheduler"]

  @Test func noPublicNameOfMarblesTestingClashesWithTheToolsBesideIt() throws {
    let sources = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources")
    let pattern = try Regex(
      #"public\s+(?:final\s+)?(?:struct|class|enum|protocol|actor|typealias|func|var|let)\s+(\w+)"#)
    var names: Set<String> = []
    for target in ["MarblesTesting", "MarblesCore", "Reactive"] {
      let folder = sources.appendingPathComponent(target)
      let files =
        FileManager.default.enumerator(atPath: folder.path)?
        .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
      #expect(!files.isEmpty, "no sources found in \(folder.path)")
      for file in files {
        let text = try String(
          contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        for match in text.matches(of: pattern) {
          if let name = match.output[1].substring { names.insert(String(name)) }
        }
      }
    }
    #expect(names.contains("MarbleClock") && names.contains("TestScheduler"))
    #expect(names.intersection(Self.neighbours).isEmpty)
    let guide = try String(
      contentsOf: sources.deletingLastPathComponent().appendingPathComponent(
        "Guides/AsyncTesting.md"), encoding: .utf8)
    for name in Self.documented { #expect(guide.contains("`MarblesTesting.\(name)`")) }
  }
}
