import Marbles
import Testing

@testable import MarblesTesting

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
}
