import Marbles
import Testing

@Suite struct MarbleStringTests {
  func render(_ events: [Recorded<String>], progressionsFrom: Int? = nil) throws -> String {
    try marbleString(of: events, timeProgressionsFrom: progressionsFrom) { $0 }
  }

  @Test func writesValuesGroupsAndTerminals() throws {
    #expect(try render([]) == "")
    #expect(
      try render([.next("a", at: 2), .next("b", at: 5), .next("c", at: 5), .completed(at: 9)])
        == "--a--(bc)|")
    #expect(try render([.next("a", at: 0), .error(MarbleError("x"), at: 1)]) == "a#")
    #expect(try render([.next("a", at: 1), .completed(at: 1)]) == "-(a|)")
    #expect(try render([.next("👍🏽", at: 0), .next("é", at: 1)]) == "👍🏽é")
  }

  @Test func writesLongGapsAsTimeProgressions() throws {
    #expect(
      try render([.next("a", at: 0), .next("b", at: 10), .next("c", at: 12)], progressionsFrom: 5)
        == "a 9ms b-c")
    #expect(try render([.next("a", at: 20)], progressionsFrom: 5) == "20ms a")
  }

  @Test func avoidsValuesThatWouldReadAsATimeProgression() throws {
    // After ' 9ms ' the values '1', 's' would read as the progression '1s': use dashes there.
    let events: [Recorded<String>] = [.next("a", at: 0), .next("1", at: 10), .next("s", at: 11)]
    #expect(try render(events, progressionsFrom: 5) == "a---------1s")
  }

  @Test func mapsValuesToKeys() throws {
    let events: [Recorded<Int>] = [.next(10, at: 1), .next(20, at: 2)]
    let text = try marbleString(of: events) { $0 == 10 ? "x" : $0 == 20 ? "y" : nil }
    #expect(text == "-xy")
  }

  struct Unrenderable: CustomTestStringConvertible, Sendable {
    var events: [Recorded<String>]
    var reason: String
    var testDescription: String { reason }
  }

  static let unrenderable: [Unrenderable] = [
    .init(events: [.next("a", at: -1)], reason: "the event at frame -1 is before frame 0"),
    .init(
      events: [.next("a", at: 3), .next("b", at: 2)],
      reason: "the event at frame 2 comes after one at frame 3"),
    .init(
      events: [.next("ab", at: 1)],
      reason: "the key 'ab' at frame 1 is not a single character other than whitespace and "
        + "'-', '|', '#', '(', ')', '^', '!'"),
    .init(
      events: [.next("-", at: 1)],
      reason: "the key '-' at frame 1 is not a single character other than whitespace and "
        + "'-', '|', '#', '(', ')', '^', '!'"),
    .init(
      events: [.completed(at: 1), .next("a", at: 2)],
      reason: "the event at frame 2 comes after the timeline terminated"),
    .init(
      events: [.error(MarbleError("x"), at: 1), .next("a", at: 3)],
      reason: "the event at frame 3 comes after the timeline terminated"),
    .init(
      events: [.next("a", at: 1), .completed(at: 1), .next("b", at: 1)],
      reason: "the event at frame 1 comes after the timeline terminated"),
    .init(
      events: [.completed(at: 0), .error(MarbleError("x"), at: 0)],
      reason: "the event at frame 0 comes after the timeline terminated"),
    .init(
      events: [.next("a", at: 1), .next("b", at: 1), .next("c", at: 3)],
      reason: "the event at frame 3 falls inside the group at frame 1, which spans frames 1–4"),
    .init(
      events: [.next("1", at: 0), .next("m", at: 1)],
      reason: "the values from frame 0 would read as the time progression '1m'"),
  ]

  @Test(arguments: unrenderable)
  func explainsWhatCannotBeWritten(_ example: Unrenderable) {
    do {
      let text = try render(example.events)
      Issue.record("rendered as \(text)")
    } catch {
      #expect("\(error)" == example.reason)
    }
  }

  @Test func explainsAValueWithoutKey() {
    let events: [Recorded<Int>] = [.next(42, at: 4)]
    #expect(throws: MarbleRenderError.missingKey(frame: 4, value: "42")) {
      try marbleString(of: events) { _ in nil }
    }
  }

  /// `parse(render(x)) == x` over many random timelines.
  @Test func parsingARenderedTimelineGivesItBack() throws {
    let keys = ["a", "b", "x", "Z", "0", "7", "1", "m", "s", "*", "é", "👍🏽", "🇫🇷"]
    var rng = SplitMix64(seed: 0x4D41_5242_4C45)
    var unrenderable = 0
    for _ in 0..<2_000 {
      var events: [Recorded<String>] = []
      var frame = Int.random(in: 0...3, using: &rng)
      for _ in 0..<Int.random(in: 0...10, using: &rng) {
        let size = Int.random(in: 0...5, using: &rng) == 0 ? Int.random(in: 2...3, using: &rng) : 1
        for _ in 0..<size {
          events.append(.next(keys.randomElement(using: &rng) ?? "a", at: frame))
        }
        frame += (size == 1 ? 1 : size + 2) + Int.random(in: 0...12, using: &rng)
      }
      switch Int.random(in: 0...3, using: &rng) {
      case 0: events.append(.completed(at: frame))
      case 1: events.append(.error(MarbleError("error"), at: frame))
      default: break
      }
      let threshold = Bool.random(using: &rng) ? Int.random(in: 1...6, using: &rng) : nil

      let rendered = Result { () throws(MarbleRenderError) in
        try marbleString(of: events, timeProgressionsFrom: threshold) { $0 }
      }
      guard case .success(let text) = rendered else {
        // Only a digit at the very start followed by 'm' or 's' cannot be written.
        let digitFirst = events.first.map { $0.frame == 0 && Int($0.event.value ?? "") != nil }
        #expect(digitFirst == true, "\(rendered)")
        unrenderable += 1
        continue
      }
      let (diagram, diagnostics) = MarbleParser.parse(text, kind: .cold)
      #expect(!diagnostics.containsError, "\(text)")
      let parsed: [Recorded<String>] = diagram.events.map { event in
        switch event.kind {
        case .value(let key): return .next(key, at: event.frame)
        case .error: return .error(MarbleError("error"), at: event.frame)
        case .completed: return .completed(at: event.frame)
        }
      }
      #expect(parsed == events, "\(text)")
    }
    #expect(unrenderable < 100)
  }
}
