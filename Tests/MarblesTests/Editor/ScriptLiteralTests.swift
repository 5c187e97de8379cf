import Testing

@testable import Marbles
@testable import MarblesCLI
@testable import MarblesCore

/// The source `marbles test --update` writes for a value reads back, in a script, as that value.
@Suite struct ScriptLiteralTests {
  /// The value a script computes for `expression`.
  func value(_ expression: String, sourceLocation: SourceLocation = #_sourceLocation)
    -> TimelineValue?
  {
    guard
      let run = completedRun("let v = just(\(expression))\nshow v", sourceLocation: sourceLocation)
    else { return nil }
    return run.lane("v")?.events.first?.value
  }

  static let values: [TimelineValue] = [
    .int(0), .int(-42), .int(.max), .int(.min),
    .double(1.5), .double(-0.25), .double(1e-5), .double(1.2345e20),
    .double(.leastNonzeroMagnitude),
    .double(.greatestFiniteMagnitude), .double(0.1 + 0.2), .double(-.infinity), .double(.nan),
    .string(""), .string(#"a "quoted" \ back\slash"#), .string("tab\tline\nbell\u{7}é😀"),
    .bool(true), .null, .array([]), .array([.int(1), .array([.string("x")])]),
    .tuple([.int(1), .null]), .dictionary([:]),
    .dictionary(["b": .int(2), "a\"": .tuple([.bool(false), .double(2)])]),
    .errorObject(name: "Error", message: "too bad"),
    .errorObject(name: "TypeError", message: "x"), .error(.string("boom")),
    .event(.next, .int(1)), .event(.error, .string("e")), .event(.completed, nil),
  ]

  @Test(arguments: values) func readsBackAsItself(_ written: TimelineValue) throws {
    let source = try #require(ScriptLiteral.source(of: written))
    let read = try #require(value(source), "\(source)")
    #expect(read.matches(written), "\(source) reads as \(read)")
  }

  @Test func decimalsAreWrittenWithoutExponents() {
    #expect(ScriptLiteral.source(of: .double(1e-5)) == "0.00001")
    #expect(ScriptLiteral.source(of: .double(1.2345e20)) == "123450000000000000000.0")
    #expect(ScriptLiteral.source(of: .double(-2)) == "-2.0")
    #expect(ScriptLiteral.source(of: .double(0.1 + 0.2)) == "0.30000000000000004")
  }

  /// An inner signal is the `cold(…)` that plays it from its subscription, every value keyed
  /// and written as source (`test --update` adds it to a values map); its error too.
  @Test func anInnerSignalIsItsColdCall() {
    let inner = TimelineValue.signal(
      Timeline(
        subscribed: 3, unsubscribed: 6,
        events: [
          .next(.string("SWIFT"), at: 4), .next(.int(12), at: 5), .error(.string("x"), at: 6),
        ]))
    #expect(ScriptLiteral.source(of: inner) == #"cold("-ab#", a: "SWIFT", b: 12, error: "x")"#)
    #expect(
      ScriptLiteral.source(of: .signal(Timeline(subscribed: 0))) == #"cold("")"#)
  }

  @Test func valuesWithoutSourceHaveNone() {
    let opaque = TimelineValue.signal(
      Timeline(subscribed: 0, events: [.next(.opaque("Command"), at: 1)]))
    #expect(ScriptLiteral.source(of: opaque) == nil)
    #expect(ScriptLiteral.source(of: .array([.int(1), opaque])) == nil)
    #expect(ScriptLiteral.source(of: .opaque("Command")) == nil)
    #expect(ScriptLiteral.source(of: .tuple([.int(1)])) == nil)
  }
}
