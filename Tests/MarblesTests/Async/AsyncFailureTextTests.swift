import Foundation
import MarblesTesting
import Testing

/// A failure at app timescale reads in a terminal: every line fits 120 columns, long empty
/// stretches are time progressions at the same columns on both sides, and the first line says
/// what differs.
@Suite struct AsyncFailureTextTests {
  @Test func aDebounceThatRegressedFrom300To250MsFitsATerminal() async throws {
    let ts = TestScheduler()
    let queries = ts.hot("s 99ms w 999ms i|", values: ["s": "s", "w": "sw", "i": "swi"])
    // The regression: 250 ms where the app meant 300.
    let results = ts.record(queries.values.debounce(for: .milliseconds(250), clock: ts.clock))
    try await ts.run()
    let texts = Log()
    withKnownIssue("a deliberate failure: this test checks its text") {
      expectMarbles(results, "400ms x 700ms (y|)", values: ["x": "sw", "y": "swi"])
    } matching: { issue in
      texts.append(issue.comments.map(\.rawValue).joined(separator: "\n"))
      return true
    }
    let text = try #require(texts.all.first)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      lines.first
        == "expectMarbles: 2 events differ (frames 350, 400); picture: expected-vs-actual.svg, kept with --attachments-path DIR"
    )
    #expect(lines.allSatisfy { $0.count <= 120 }, "\(text)")
    // Both differing frames are drawn: the rows hold their events, with carets under them.
    let expected = try #require(lines.first { $0.hasPrefix("expected") })
    let actual = try #require(lines.first { $0.hasPrefix("actual") })
    #expect(expected.contains("ms ") && actual.contains("ms "))
    #expect(text.contains("frame 350:") && text.contains("frame 400:"))
    // Guides/AsyncTesting.md shows this failure in full: it is this text.
    let guide = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Guides/AsyncTesting.md").standardized,
      encoding: .utf8)
    let shown = guide.split(separator: "\n", omittingEmptySubsequences: false)
      .drop { !$0.hasPrefix("✘ Test aDebounceThatRegressedFrom300To250MsFitsATerminal()") }
      .dropFirst().prefix { $0 != "```" }
    #expect(shown.map { $0.dropFirst(2) }.joined(separator: "\n") == text)
  }

  /// The text of the one issue `body` records.
  static func failureText(_ body: () -> Void) throws -> String {
    let texts = Log()
    withKnownIssue("a deliberate failure: this test checks its text") {
      body()
    } matching: { issue in
      texts.append(issue.comments.map(\.rawValue).joined(separator: "\n"))
      return true
    }
    #expect(texts.all.count == 1)
    return try #require(texts.all.first)
  }

  @Test func subscriptionRowsAreCompressedOverLongQuietStretches() async throws {
    let ts = TestScheduler()
    let queries = ts.hot("s 99ms w 999ms i|", values: ["s": "s", "w": "sw", "i": "swi"])
    let results = ts.record(queries.values.debounce(for: .milliseconds(300), clock: ts.clock))
    try await ts.run()
    expectMarbles(results, "400ms x 700ms (y|)", values: ["x": "sw", "y": "swi"])
    // The source is let go at 1101, when it completes; the test expected 1200.
    let text = try Self.failureText { expectSubscriptions(queries, "^ 1199ms !") }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    // The drawing fits (the header and the `subscription 1:` line say frames in words).
    #expect(lines.dropFirst().allSatisfy { $0.count <= 120 }, "\(text)")
    let expected = try #require(lines.first { $0.hasPrefix("expected") })
    let actual = try #require(lines.first { $0.hasPrefix("actual") })
    // The quiet stretch is one progression, at the same columns in both rows.
    #expect(expected.contains("ms ") && actual.contains("ms "), "\(text)")
    #expect(
      expected.firstRange(of: "ms ")?.lowerBound.utf16Offset(in: expected)
        == actual.firstRange(of: "ms ")?.lowerBound.utf16Offset(in: actual))
    // Both ends are drawn, with a caret under each.
    let carets = try #require(lines.last { $0.hasPrefix("  ") && $0.contains("^") })
    #expect(carets.filter { $0 == "^" }.count == 2, "\(text)")
    #expect(text.contains("'!' at frame 1200, got '^' at frame 0 and '!' at frame 1101"))
  }

  @Test func aLongValueIsCutAroundWhereItDiffers() async throws {
    let ts = TestScheduler()
    let prefix = String(repeating: "item, ", count: 50)
    let sent = prefix + "swift"
    let wanted = prefix + "swing"
    let results = ts.record(ts.cold("-x|", values: ["x": sent]).values)
    try await ts.run()
    let text = try Self.failureText { expectMarbles(results, "-x|", values: ["x": wanted]) }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.allSatisfy { $0.count <= 120 }, "\(text)")
    // The frame's line keeps where the values differ, and says how long they are.
    let start = try #require(text.range(of: "frame 1:"))
    // The line as one (a line too wide is folded, its continuations indented).
    let frame = text[start.lowerBound...].replacing("\n    ", with: " ")
    #expect(frame.contains("swing\")") && frame.contains("swift\")"), "\(text)")
    #expect(frame.contains("…tem, item") && frame.contains("(313 characters)"), "\(text)")
    #expect(!text.contains(prefix))
  }

  @Test func manyLongValuesFoldIntoTheWidth() async throws {
    let ts = TestScheduler()
    let values = Dictionary(
      uniqueKeysWithValues: "abcdef".map {
        (String($0), String(repeating: String($0), count: 90) + "!")
      })
    let results = ts.record(ts.cold("-abcdef|", values: values).values)
    try await ts.run()
    let text = try Self.failureText {
      expectMarbles(results, "-abcde-f|", values: values)
    }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.allSatisfy { $0.count <= 120 }, "\(text)")
    #expect(text.contains("frame 6:") && text.contains("frame 7:"), "\(text)")
  }

  @Test func thePictureTakesTheScaleOfTheText() async throws {
    let ts = TestScheduler()
    let queries = ts.hot("s 99ms w 999ms i|", values: ["s": "s", "w": "sw", "i": "swi"])
    let results = ts.record(queries.values.debounce(for: .milliseconds(250), clock: ts.clock))
    try await ts.run()
    let issues = MarbleExpectation.check(
      results.events, matches: "400ms x 700ms (y|)", values: ["x": "sw", "y": "swi"])
    let issue = try #require(issues.first)
    let picture = try #require(issue.picture)
    // The stretches the text writes as progressions are progressions in the picture too.
    for gap in ["349ms", "49ms", "700ms"] {
      #expect(issue.message.contains(" \(gap) "), "\(issue.message)")
      #expect(picture.contains(">\(gap)</text>"), "\(gap) is not in the picture")
    }
    // A diff that fits a terminal frame by frame keeps a picture frame by frame.
    let short = MarbleExpectation.check(
      [Recorded(frame: 2, event: .next(1))], matches: "-1", values: ["1": 1])
    #expect(try #require(short.first?.picture).contains("num gap") == false)
  }
}
