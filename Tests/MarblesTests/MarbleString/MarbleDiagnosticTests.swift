import Marbles
import Testing

@testable import MarblesTesting

/// Every marble-string message, with its full rendered text (listed in Guides/Diagnostics.md).
@Suite struct MarbleDiagnosticTests {
  enum Parse: Sendable {
    case cold, hot, subscription, pulls
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var marble: String
    var parse: Parse = .cold
    var rendered: String
    var testDescription: String { marble }
  }

  static func render(_ example: Case) -> String {
    let source = SourceFile(name: "marble", text: example.marble)
    switch example.parse {
    case .cold:
      return MarbleParser.parse(example.marble, kind: .cold).diagnostics.render(in: source)
    case .hot: return MarbleParser.parse(example.marble, kind: .hot).diagnostics.render(in: source)
    case .subscription:
      return MarbleParser.parseSubscription(example.marble).diagnostics.render(in: source)
    case .pulls: return MarbleParser.parsePulls(example.marble).diagnostics.render(in: source)
    }
  }

  static let cases: [Case] = [
    Case(
      marble: "--(ab",
      rendered: """
        marble:1:3: error: group is never closed; expected ')'
        --(ab
          ^

        """),
    Case(
      marble: "-((ab))",
      rendered: """
        marble:1:3: error: groups cannot be nested; close the open group first
        -((ab))
          ^
        marble:1:2: note: group opened here
        -((ab))
         ^

        """),
    Case(
      marble: "a-()",
      rendered: """
        marble:1:3: error: group is empty; put at least one event inside '()' or remove it
        a-()
          ^~

        """),
    Case(
      marble: "a-)",
      rendered: """
        marble:1:3: error: unexpected ')'; no group is open
        a-)
          ^

        """),
    Case(
      marble: "--a-(b-c)-|",
      rendered: """
        marble:1:7: error: '-' cannot appear inside a group; time does not advance within a group
        --a-(b-c)-|
              ^

        """),
    Case(
      marble: "(a 10ms b)",
      rendered: """
        marble:1:4: error: time progression '10ms' cannot appear inside a group; time does not advance within a group
        (a 10ms b)
           ^~~~

        """),
    Case(
      marble: "--a|-x",
      rendered: """
        marble:1:6: error: value 'x' after completion '|' is never delivered
        --a|-x
             ^

        """),
    Case(
      marble: "-#-a",
      rendered: """
        marble:1:4: error: value 'a' after failure '#' is never delivered
        -#-a
           ^

        """),
    Case(
      marble: "(a|#)",
      rendered: """
        marble:1:4: error: failure '#' after completion '|' is never delivered
        (a|#)
           ^

        """),
    Case(
      marble: "#|",
      rendered: """
        marble:1:2: error: completion '|' after failure '#' is never delivered
        #|
         ^

        """),
    Case(
      marble: "-|^",
      parse: .hot,
      rendered: """
        marble:1:3: error: subscription point '^' after completion '|'; only '-', spaces and time progressions may follow the end of a marble
        -|^
          ^

        """),
    Case(
      marble: "-^-^-a",
      parse: .hot,
      rendered: """
        marble:1:4: error: second subscription point '^'; a marble has at most one
        -^-^-a
           ^
        marble:1:2: note: first '^' is here
        -^-^-a
         ^

        """),
    Case(
      marble: "--^-a",
      rendered: """
        marble:1:3: error: a cold marble cannot have a subscription point '^'; it starts when subscribed, use a hot marble instead
        --^-a
          ^

        """),
    Case(
      marble: "-a-!",
      parse: .hot,
      rendered: """
        marble:1:4: error: unsubscription point '!' is only allowed in subscription marbles
        -a-!
           ^

        """),
    Case(
      marble: "a 10msb",
      rendered: """
        marble:1:3: error: time progression '10ms' must be followed by a space or the end of the marble
        a 10msb
          ^~~~

        """),
    Case(
      marble: "a-10ms",
      rendered: """
        marble:1:3: warning: '10ms' is read as the values '1', '0', 'm', 's'; put a space before it to make it a time progression
        a-10ms
          ^~~~

        """),
    Case(
      marble: "a 1.5ms b",
      rendered: """
        marble:1:3: error: time progression '1.5ms' is not a whole number of frames; one frame is 1 ms
        a 1.5ms b
          ^~~~~

        """),
    Case(
      marble: "a 20000m",
      rendered: """
        marble:1:3: error: time progression '20000m' is too long; at most 1000000000 frames
        a 20000m
          ^~~~~~

        """),
    Case(
      marble: "^-a-!",
      parse: .subscription,
      rendered: """
        marble:1:3: error: value 'a' cannot appear in a subscription marble; use only '-', spaces, time progressions, groups, '^' and '!'
        ^-a-!
          ^

        """),
    Case(
      marble: "^--|",
      parse: .subscription,
      rendered: """
        marble:1:4: error: completion '|' cannot appear in a subscription marble; use only '-', spaces, time progressions, groups, '^' and '!'
        ^--|
           ^

        """),
    Case(
      marble: "---!",
      parse: .subscription,
      rendered: """
        marble:1:1: error: subscription marble has no subscription point '^'; mark the subscribe frame
        ---!
        ^~~~

        """),
    Case(
      marble: "-!-^",
      parse: .subscription,
      rendered: """
        marble:1:2: error: unsubscription point '!' comes before the subscription point '^'
        -!-^
         ^

        """),
    Case(
      marble: "^-!-!",
      parse: .subscription,
      rendered: """
        marble:1:5: error: second unsubscription point '!'; a marble has at most one
        ^-!-!
            ^
        marble:1:3: note: first '!' is here
        ^-!-!
          ^

        """),
    Case(
      marble: "^-^",
      parse: .subscription,
      rendered: """
        marble:1:3: error: second subscription point '^'; a marble has at most one
        ^-^
          ^
        marble:1:1: note: first '^' is here
        ^-^
        ^

        """),
    Case(
      marble: "p-x-p",
      parse: .pulls,
      rendered: """
        marble:1:3: error: value 'x' cannot appear in a pull marble; use only 'p' (a call to next()), '-', spaces, time progressions and groups
        p-x-p
          ^

        """),
    Case(
      marble: "p--|",
      parse: .pulls,
      rendered: """
        marble:1:4: error: completion '|' cannot appear in a pull marble; use only 'p' (a call to next()), '-', spaces, time progressions and groups
        p--|
           ^

        """),
    Case(
      marble: "^-p-!",
      parse: .pulls,
      rendered: """
        marble:1:1: error: subscription point '^' cannot appear in a pull marble; the recording starts and is cancelled by its 'subscription:' marble
        ^-p-!
        ^
        marble:1:5: error: unsubscription point '!' cannot appear in a pull marble; the recording starts and is cancelled by its 'subscription:' marble
        ^-p-!
            ^

        """),
    Case(
      marble: "---",
      parse: .pulls,
      rendered: """
        marble:1:1: error: pull marble has no pull 'p'; mark the frame of each call to next() with 'p'
        ---
        ^~~

        """),
  ]

  @Test(arguments: cases)
  func rendersDiagnostic(_ example: Case) {
    #expect(Self.render(example) == example.rendered)
  }

  @Test func warnsAboutAKeyWithoutEntryWhenAValuesMapIsGiven() {
    let timeline = ParsedMarble("a-c-1|", values: ["a": "x"])
    #expect(
      timeline.diagnostics.render(in: SourceFile(name: "marble", text: "a-c-1|")) == """
        marble:1:3: warning: value 'c' has no entry in the values map; it is the string "c"
        a-c-1|
          ^

        """)
    #expect(
      timeline.events.map(\.description) == ["next(x)@0", "next(c)@2", "next(1)@4", "completed@5"])
  }

  @Test func reportsAKeyThatStandsForNoValueOfTheType() {
    let timeline = ParsedMarble<Int>("-1-a-a|")
    #expect(
      timeline.diagnostics.render(in: SourceFile(name: "marble", text: "-1-a-a|")) == """
        marble:1:4: error: value 'a' has no entry in the values map and no default 'Int' value; add 'a' to the values map
        -1-a-a|
           ^

        """)
    #expect(timeline.events.map(\.description) == ["next(1)@1", "completed@6"])
  }

  @Test func namesTheTypeOfTheDefaultInTheWarning() {
    let timeline = ParsedMarble<Character>("ab", values: ["a": "x"])
    #expect(
      timeline.diagnostics.map(\.message) == [
        #"value 'b' has no entry in the values map; it is the 'Character' "b""#
      ])
  }
}
