import Marbles
import Testing

@testable import MarblesTesting
@testable import Reactive

@Suite struct ParsedMarbleTests {
  private func values<Value>(_ timeline: ParsedMarble<Value>) -> [Value] {
    timeline.events.compactMap(\.event.value)
  }

  @Test func keysStandForThemselvesPerType() {
    #expect(values(ParsedMarble<Int>("1-2")) == [1, 2])
    #expect(values(ParsedMarble<Double>("1-2")) == [1.0, 2.0])
    #expect(values(ParsedMarble<String>("1-b")) == ["1", "b"])
    #expect(values(ParsedMarble<Character>("👍🏽b")) == ["👍🏽", "b"])
    #expect(values(ParsedMarble<AnyHashable>("1b")) == [AnyHashable(1), AnyHashable("b")])
  }

  @Test func valuesMapEntriesWin() {
    let timeline = ParsedMarble("a1|", values: ["a": 10, "1": 100])
    #expect(values(timeline) == [10, 100])
    #expect(timeline.diagnostics.isEmpty)
  }

  @Test func digitsWithoutEntryAreNoWarning() {
    let timeline = ParsedMarble("a1", values: ["a": 10])
    #expect(values(timeline) == [10, 1])
    #expect(timeline.diagnostics.isEmpty)
  }

  @Test func typesWithoutDefaultsNeedEveryKey() {
    let timeline = ParsedMarble("t-f", values: ["t": true])
    #expect(values(timeline) == [true])
    #expect(timeline.hasErrors)
  }

  @Test func failureCarriesTheErrorValue() {
    let timeline = ParsedMarble<Int>("-#", error: MarbleError("timeout"))
    #expect(timeline.events.map(\.description) == [#"error(MarbleError("timeout"))@1"#])
  }

  @Test func hotTimelinesUseFramesFromTheSubscriptionPoint() {
    let timeline = ParsedMarble<String>("a^b", kind: .hot)
    #expect(timeline.events.map(\.frame) == [-1, 1])
    #expect(timeline.diagram.firstFrame == -1)
  }

  /// The events made from the parser's plain runs (`MarbleParse`) are the diagram's, each key
  /// looked up: frames, order, values and the ranges of lookup problems, for runs that span
  /// lines, follow a `^`, sit between groups, progressions and non-ASCII keys.
  @Test func eventsReadFromPlainRunsAreTheDiagramsEvents() {
    let marbles: [(String, MarbleKind)] = [
      ("--a--b--|", .cold), ("ab-^-cd-(ef)-g|", .hot), ("a 10ms b\n  c-d e\r\nf#", .cold),
      ("x-é-e\u{301}-y 1.5s z", .cold), ("-a-b-c-a-b-c-q-", .cold), ("(ab)-c-(d|)", .cold),
      ("a-🇫🇷-b--^--c", .hot), ("1-2-3 5m 4|", .cold), ("", .cold), ("----", .cold),
      ("aaab-bbaa--ccca|", .cold),
    ]
    for (marble, kind) in marbles {
      let parsed = ParsedMarble<String>(marble, kind: kind, values: ["a": "A", "c": "C"])
      let diagram = MarbleParser.parse(marble, kind: kind).diagram
      #expect(parsed.diagram == diagram, "\(marble)")
      let expected = diagram.events.map { event -> String in
        switch event.kind {
        case .value(let key): return "next(\(["a": "A", "c": "C"][key] ?? key))@\(event.frame)"
        case .error: return "error(MarbleError(\"error\"))@\(event.frame)"
        case .completed: return "completed@\(event.frame)"
        }
      }
      #expect(parsed.events.map(\.description) == expected, "\(marble)")
    }
    // A key that stands for nothing is left out, and reported where it is, once.
    let flags = ParsedMarble<Bool>("--t-t-x-t-x|", values: ["t": true])
    #expect(
      flags.events.map(\.description) == [
        "next(true)@2", "next(true)@4", "next(true)@8", "completed@11",
      ])
    #expect(flags.diagnostics.map(\.range) == [SourceRange(line: 1, column: 7)])
    // Repeated, in a run of the same key around it.
    let repeated = ParsedMarble<Bool>("ttxxtt|", values: ["t": true])
    #expect(repeated.events.map(\.frame) == [0, 1, 4, 5, 6])
    #expect(repeated.diagnostics.map(\.range) == [SourceRange(line: 1, column: 3)])
  }

  /// A group's events are one batch of the source's timeline (the parser says which frames are
  /// shared, so the timeline does not look), as when the timeline reads its frames itself.
  @Test func groupsAreTheTimelinesBatches() {
    let marbles: [(String, MarbleKind)] = [
      ("--a--b--|", .cold), ("(ab)-c-(d|)", .cold), ("a-^-(bc)", .hot),
      ("x 5ms (yz) 2ms (w#)", .cold),
    ]
    for (marble, kind) in marbles {
      let parsed = ParsedMarble<String>(marble, kind: kind)
      let read = CodedTimeline(parsed.events.map { (frame: $0.frame, event: $0.event) })
      #expect(parsed.timeline.starts == read.starts, "\(marble)")
      #expect(parsed.timeline.batchCount == Set(parsed.events.map(\.frame)).count, "\(marble)")
    }
    #expect(ParsedMarble<String>("(ab)-c-(d|)").timeline.starts == [0, 2, 3, 5])
  }
}
