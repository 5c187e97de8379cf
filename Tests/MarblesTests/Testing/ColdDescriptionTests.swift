import Testing

@testable import Marbles
@testable import MarblesCore
@testable import MarblesTesting

/// How a Swift test's failure names an inner signal (`Timeline.coldDescription`): the `cold(…)`
/// call that plays it, keyed first come first served, or a list of events.
@Suite struct ColdDescriptionTests {
  func text<Value: Equatable>(_ events: [Recorded<Value>]) -> String {
    Timeline(subscribed: 0, events: events).coldDescription
  }

  @Test func valuesThatPrintAsOneCharacterAreTheirOwnKeys() {
    #expect(
      text([.next(5, at: 1), .next(12, at: 2), .next(5, at: 3), .completed(at: 4)])
        == #"cold("-5a5|", a: 12)"#)
    // A one-character string is drawn as itself, with its value spelled out.
    #expect(
      text([.next("x", at: 0), .next("long", at: 1), .error(MarbleError("timeout"), at: 2)])
        == #"cold("xa#", x: "x", a: "long", error: MarbleError("timeout"))"#)
  }

  @Test func aKeyAlreadyTakenGoesToTheNextLetter() {
    #expect(text([.next("long", at: 0), .next("a", at: 1)]) == #"cold("ab", a: "long", b: "a")"#)
    let mixed: [Recorded<AnyHashable>] = [.next(1, at: 0), .next("1", at: 1)]
    #expect(text(mixed) == #"cold("1a", a: "1")"#)
    // Past `z` the letters run out: the events are a list, which reads back, rather than a
    // marble whose keys repeat.
    let many = (0..<28).map { Recorded.next(10 + $0, at: $0) }
    #expect(
      text(many) == "signal[" + (0..<28).map { "next(\(10 + $0))@\($0)" }.joined(separator: ", ")
        + "]")
  }

  @Test func eventsWithoutAMarbleAreAList() {
    #expect(
      text([.next(1, at: 0), .next(2, at: 0), .next(3, at: 1)])
        == "signal[next(1)@0, next(2)@0, next(3)@1]")
    // `1ms` would read back as a time progression.
    let progression: [Recorded<AnyHashable>] = [
      .next(1, at: 0), .next("m", at: 1), .next("s", at: 2),
    ]
    #expect(text(progression) == "signal[next(1)@0, next(m)@1, next(s)@2]")
  }
}
