import Marbles
import Testing

/// `a@2 b@5 |@8`: a compact form of a diagram's events.
private func summary(_ diagram: MarbleDiagram) -> String {
  diagram.events.map { event in
    switch event.kind {
    case .value(let key): return "\(key)@\(event.frame)"
    case .error: return "#@\(event.frame)"
    case .completed: return "|@\(event.frame)"
    }
  }.joined(separator: " ")
}

@Suite struct MarbleParserTests {
  struct GrammarCase: CustomTestStringConvertible, Sendable {
    var marble: String
    var kind: MarbleKind = .cold
    var events: String
    var firstFrame = 0
    var length: Int
    var rule: String
    var testDescription: String { "\(rule): \(marble)" }
  }

  static let grammar: [GrammarCase] = [
    .init(marble: "", events: "", length: 0, rule: "empty marble never emits"),
    .init(marble: "--a", events: "a@2", length: 3, rule: "'-' is one frame"),
    .init(marble: "- - a", events: "a@2", length: 3, rule: "spaces take no time"),
    .init(marble: "-\t-\ta", events: "a@2", length: 3, rule: "tabs take no time"),
    .init(marble: "ab", events: "a@0 b@1", length: 2, rule: "a value takes a frame"),
    .init(marble: "-1-2|", events: "1@1 2@3 |@4", length: 5, rule: "digits are values"),
    .init(marble: "--|", events: "|@2", length: 3, rule: "'|' is completion"),
    .init(marble: "-#", events: "#@1", length: 2, rule: "'#' is failure"),
    .init(marble: "*@%", events: "*@0 @@1 %@2", length: 3, rule: "any other character is a value"),
    .init(
      marble: "👍🏽-e\u{301}🇫🇷", events: "👍🏽@0 é@2 🇫🇷@3", length: 4,
      rule: "a grapheme cluster is one value"),
    .init(marble: "(ab)c", events: "a@0 b@0 c@4", length: 5, rule: "a group spans its width"),
    .init(marble: "-(a|)", events: "a@1 |@1", length: 5, rule: "a group may end the marble"),
    .init(
      marble: "( a b )c", events: "a@0 b@0 c@4", length: 5,
      rule: "spaces in a group take no time"),
    .init(marble: "a 9ms b", events: "a@0 b@10", length: 11, rule: "a value then 9 ms"),
    .init(marble: "a 10ms", events: "a@0", length: 11, rule: "a time progression may end"),
    .init(marble: "10ms a", events: "a@10", length: 11, rule: "a time progression may start"),
    .init(marble: "a 1.5s b", events: "a@0 b@1501", length: 1502, rule: "seconds, decimal"),
    .init(marble: "2m a", events: "a@120000", length: 120_001, rule: "minutes"),
    .init(marble: "0.25s a", events: "a@250", length: 251, rule: "fractions of seconds"),
    .init(marble: "0ms a", events: "a@0", length: 1, rule: "zero time"),
    .init(
      marble: "a1msb", events: "a@0 1@1 m@2 s@3 b@4", length: 5,
      rule: "glued digits and units are values (RxJS)"),
    .init(
      marble: "--^--a", kind: .hot, events: "a@3", firstFrame: -2, length: 6,
      rule: "hot: frame 0 is the '^'"),
    .init(
      marble: "a-^-b", kind: .hot, events: "a@-2 b@2", firstFrame: -2, length: 5,
      rule: "hot: frames before '^' are negative"),
    .init(
      marble: "-a - ^-b--|", kind: .hot, events: "a@-2 b@2 |@5", firstFrame: -3, length: 9,
      rule: "hot: '^' frame is virtual time, not the character index"),
    .init(
      marble: "a 5ms ^b", kind: .hot, events: "a@-6 b@1", firstFrame: -6, length: 8,
      rule: "hot: time progressions before '^' count"),
    .init(
      marble: "-(^a)b", kind: .hot, events: "a@0 b@4", firstFrame: -1, length: 6,
      rule: "hot: '^' in a group is the group's frame"),
    .init(
      marble: "--a--", kind: .hot, events: "a@2", length: 5,
      rule: "hot without '^': frame 0 is the first character"),
  ]

  @Test(arguments: grammar)
  func parsesFrames(_ example: GrammarCase) {
    let (diagram, diagnostics) = MarbleParser.parse(example.marble, kind: example.kind)
    #expect(diagnostics.isEmpty)
    #expect(summary(diagram) == example.events)
    #expect(diagram.firstFrame == example.firstFrame)
    #expect(diagram.length == example.length)
    #expect(diagram.endFrame == example.firstFrame + example.length)
  }

  /// Pull marbles: a `p` at the frame of each call to `next()`, with the grammar's time and
  /// groups.
  @Test(arguments: [
    ("p---p---p", [0, 4, 8]),
    ("p", [0]),
    ("--p", [2]),
    ("(pp)--p", [0, 0, 6]),
    ("p 3ms p", [0, 4]),
    ("p 10ms p", [0, 11]),
    ("p---p--p", [0, 4, 7]),
    ("p - - p", [0, 3]),
    ("-(ppp)", [1, 1, 1]),
  ])
  func readsAPullMarble(_ marble: String, _ frames: [Int]) {
    let (pulls, diagnostics) = MarbleParser.parsePulls(marble)
    #expect(diagnostics.isEmpty)
    #expect(pulls == frames)
  }

  @Test func aPullMarbleKeepsThePullsItCanReadWhenItHasErrors() {
    let (pulls, diagnostics) = MarbleParser.parsePulls("p-x-p|")
    #expect(pulls == [0, 4])
    #expect(diagnostics.map(\.range.start.column) == [3, 6])
  }

  @Test func recordsRangesOfEvents() {
    let (diagram, _) = MarbleParser.parse("-👍🏽 (ab)", kind: .cold)
    #expect(diagram.events.map(\.range.start.column) == [2, 5, 6])
    #expect(diagram.events.map(\.range.end.column) == [3, 6, 7])
  }

  @Test func recordsTheSubscriptionPoint() {
    let (diagram, _) = MarbleParser.parse("--^-a", kind: .hot)
    #expect(diagram.subscriptionPoint == SourceRange(line: 1, column: 3))
    #expect(diagram.kind == .hot)
  }

  @Test func listsValueKeysInOrder() {
    let (diagram, _) = MarbleParser.parse("ba(ab)c|", kind: .cold)
    #expect(diagram.valueKeys == ["b", "a", "c"])
  }

  @Test func countsLinesInMultilineMarbles() {
    let (_, diagnostics) = MarbleParser.parse("a\n-(b", kind: .cold)
    #expect(diagnostics.map(\.description) == ["2:2: error: group is never closed; expected ')'"])
  }

  @Test func movesDiagnosticsIntoAScript() {
    let (_, diagnostics) = MarbleParser.parse("--(ab", kind: .cold)
    let moved = diagnostics.map { $0.offset(by: SourcePosition(line: 3, column: 15)) }
    let script = SourceFile(name: "flow.marble", text: "\n\nlet a = cold(\"--(ab\")")
    #expect(
      moved.render(in: script) == """
        flow.marble:3:17: error: group is never closed; expected ')'
        let a = cold("--(ab")
                        ^

        """)
  }

  @Test func collectsEveryProblem() {
    let (diagram, diagnostics) = MarbleParser.parse("a)|b(", kind: .cold)
    #expect(diagnostics.count == 3)
    #expect(summary(diagram) == "a@0 |@2")
  }
}
