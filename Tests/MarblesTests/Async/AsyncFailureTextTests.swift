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
  }
}
