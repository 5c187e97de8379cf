import GoldenFiles
import Testing

@testable import Marbles
@testable import MarblesCore

/// A hand-built run covering every drawing rule: inline values, groups widening a column in
/// every lane, keyed long values with a legend, inner signals with a cut-off, failure,
/// a late subscription and an unsubscription.
func sampleRun() -> ScriptRun {
  let input = TimelineLane(
    name: "input", subscription: .init(subscribed: 0, unsubscribed: nil),
    events: [.next(.string("a"), at: 2), .next(.string("b"), at: 5), .completed(at: 8)])
  let output = TimelineLane(
    name: "output", label: "map(x * 10)", subscription: .init(subscribed: 0, unsubscribed: nil),
    events: [.next(.int(10), at: 2), .next(.int(20), at: 5), .completed(at: 8)])
  let grouped = TimelineLane(
    name: "grouped", subscription: .init(subscribed: 0, unsubscribed: nil),
    events: [.next(.int(1), at: 3), .next(.int(2), at: 3), .completed(at: 3)])
  let flags = TimelineLane(
    name: "save.executing", subscription: .init(subscribed: 0, unsubscribed: nil),
    events: [.next(.bool(false), at: 0), .next(.bool(true), at: 1), .next(.bool(false), at: 4)])
  let inners = TimelineLane(
    name: "save.executionSignals", subscription: .init(subscribed: 0, unsubscribed: nil),
    events: [
      .next(
        .signal(
          Timeline(
            subscribed: 1, unsubscribed: 4,
            events: [
              .next(.string("r"), at: 3), .completed(at: 4),
            ])), at: 1),
      .next(.signal(Timeline(subscribed: 6, unsubscribed: 7, events: [])), at: 6),
    ])
  let late = TimelineLane(
    name: "late", label: "late subscriber", subscription: .init(subscribed: 2, unsubscribed: 6),
    events: [.next(.string("b"), at: 5)])
  let failing = TimelineLane(
    name: "failing", subscription: .init(subscribed: 0, unsubscribed: nil),
    events: [.next(.string("Sending request..."), at: 1), .error(.string("timeout"), at: 4)])
  return ScriptRun(
    file: "Examples/sample.marble", title: "sample", firstFrame: 0, lastFrame: 9,
    lanes: [input, output, grouped, flags, inners, late, failing],
    subscriptions: [("input", [.init(subscribed: 0, unsubscribed: 8)])],
    expectations: [
      ExpectationResult(line: 9, column: 1, lane: "output", passed: true),
      ExpectationResult(
        line: 10, column: 1, lane: "grouped", passed: false,
        expected: [.next(.int(1), at: 3)],
        actualTimeline: Timeline(subscribed: 0, events: [.next(.int(2), at: 3)]),
        mismatch: ExpectationMismatch(
          expected: [.next(.int(1), at: 3)], actual: [.next(.int(2), at: 3)],
          differences: [
            .init(
              frame: 3, kind: .valueDiffers, expected: [.next(.int(1), at: 3)],
              actual: [.next(.int(2), at: 3)])
          ])),
    ],
    diagnostics: [
      .warning(
        "value 'c' has no entry in the values map; it is the string \"c\"",
        at: SourceRange(line: 3, column: 20))
    ])
}

@Suite struct TextRendererTests {
  @Test func onlyAStretchLongerThanTheElisionLengthIsAGap() {
    let n = TimeAxis.elidedOver
    #expect(TimeAxis(first: 0, last: n + 1, busy: []).gaps == [])
    #expect(TimeAxis(first: 0, last: n + 2, busy: []).gaps == [1...(n + 1)])
    #expect(TimeAxis(first: 0, last: 3 * n, busy: [n + 1]).gaps == [(n + 2)...(3 * n - 1)])
  }

  @Test func asciiGolden() throws {
    try expectGolden(TextRenderer().render(sampleRun()), named: "sample.ascii.txt")
  }

  @Test func unicodeGolden() throws {
    let renderer = TextRenderer(options: .init(glyphs: .unicode))
    try expectGolden(renderer.render(sampleRun()), named: "sample.unicode.txt")
  }

  @Test func wrapsIntoBlocksEachWithARuler() throws {
    let lane = TimelineLane(
      name: "ticks", subscription: .init(subscribed: 0, unsubscribed: nil),
      events: (0..<40).map { .next(.int($0 % 10), at: $0) } + [.completed(at: 40)])
    let run = ScriptRun(file: "t.marble", firstFrame: 0, lastFrame: 40, lanes: [lane])
    let text = TextRenderer(options: .init(width: 30)).render(run)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.allSatisfy { $0.count <= 30 })
    #expect(lines.filter { $0.hasPrefix("ticks") }.count == 2)
    try expectGolden(text, named: "wrapped.ascii.txt")
  }

  @Test func aGroupStacksUnderItsFrameWithoutWideningTime() {
    let text = TextRenderer().render(sampleRun())
    let lines = text.split(separator: "\n").map(String.init)
    let input = lines.first { $0.hasPrefix("input") }!
    let grouped = try! #require(lines.firstIndex { $0.hasPrefix("grouped") })
    // Frame 5 ('b') is 5 columns after frame 0 although frame 3 of another lane holds '(12|)'.
    let labelWidth = "save.executionSignals".count + 2
    let bColumn = input.distance(from: input.startIndex, to: input.lastIndex(of: "b")!)
    #expect(bColumn == labelWidth + 5)
    // '1', '2' and '|' of frame 3 stand in frame 3's column, in the order they happened.
    let pad = String(repeating: " ", count: labelWidth)
    #expect(lines[grouped] == "grouped" + String(repeating: " ", count: labelWidth - 7) + "---1")
    #expect(lines[grouped + 1] == pad + "   2")
    #expect(lines[grouped + 2] == pad + "   |")
  }

  @Test func aLaneThatEndsWithAGroupIsBlankAfterwards() {
    let ended = TimelineLane(
      name: "a", subscription: .init(subscribed: 0, unsubscribed: nil),
      events: [.completed(at: 1)])
    let grouped = TimelineLane(
      name: "b", subscription: .init(subscribed: 0, unsubscribed: nil),
      events: [.next(.string("x"), at: 1), .next(.string("y"), at: 1)])
    let run = ScriptRun(file: "t.marble", firstFrame: 0, lastFrame: 2, lanes: [ended, grouped])
    let lines = TextRenderer().render(run).split(separator: "\n").map(String.init)
    #expect(lines[2] == "a  -|")
    #expect(lines[3] == "b  -x-")
    #expect(lines[4] == "    y")
  }

  @Test func colorWrapsGlyphsButKeepsAlignment() {
    let plain = TextRenderer().render(sampleRun())
    let colored = TextRenderer(options: .init(color: true)).render(sampleRun())
    #expect(colored.contains("\u{1B}[31m#"))
    let stripped = colored.replacingOccurrences(
      of: "\u{1B}\\[[0-9;]+m", with: "", options: .regularExpression)
    #expect(stripped == plain)
  }

  @Test func sameRunSameBytes() {
    #expect(TextRenderer().render(sampleRun()) == TextRenderer().render(sampleRun()))
  }

  @Test func emptyRunSaysSo() {
    #expect(TextRenderer().render(ScriptRun(file: "e.marble")) == "e.marble\n(no lanes)\n")
  }
}

@Suite struct ScriptRunJSONTests {
  @Test func jsonGolden() throws {
    try expectGolden(sampleRun().prettyJSON() + "\n", named: "sample.json")
  }

  @Test func valuesFollowTheContract() {
    #expect(TimelineValue.int(10).compactJSON == "10")
    #expect(TimelineValue.double(2.5).compactJSON == "2.5")
    #expect(TimelineValue.double(2).compactJSON == "2.0")
    #expect(TimelineValue.string("a\"b\n").compactJSON == #""a\"b\n""#)
    #expect(TimelineValue.null.compactJSON == "null")
    #expect(TimelineValue.tuple([.int(1), .bool(true)]).compactJSON == "[1, true]")
    #expect(TimelineValue.error(.string("boom")).compactJSON == #"{"error": "boom"}"#)
    #expect(TimelineValue.event(.next, .int(1)).compactJSON == #"{"event": "next", "value": 1}"#)
    #expect(
      TimelineValue.event(.error, .string("e")).compactJSON == #"{"event": "error", "error": "e"}"#
    )
    #expect(TimelineValue.event(.completed, nil).compactJSON == #"{"event": "completed"}"#)
    let inner = TimelineValue.signal(
      Timeline(
        subscribed: 3, unsubscribed: nil, events: [.next(.string("a"), at: 4)]))
    #expect(
      inner.compactJSON
        == #"{"signal": {"subscribed": 3, "unsubscribed": null, "events": [{"frame": 4, "kind": "next", "value": "a"}]}}"#
    )
    #expect(
      TimelineEvent.error(.string("e"), at: 2).compactJSON
        == #"{"frame": 2, "kind": "error", "error": "e"}"#)
  }

  @Test func numbersMatchByValue() {
    #expect(TimelineValue.int(1).matches(.double(1.0)))
    #expect(!TimelineValue.int(1).matches(.string("1")))
    #expect(TimelineValue.tuple([.int(1)]).matches(.tuple([.double(1)])))
  }
}
