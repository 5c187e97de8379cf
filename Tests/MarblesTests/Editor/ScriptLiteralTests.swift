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

  @Test func valuesWithoutSourceHaveNone() {
    let inner = TimelineValue.signal(Timeline(subscribed: 0))
    #expect(ScriptLiteral.source(of: inner) == nil)
    #expect(ScriptLiteral.source(of: .array([.int(1), inner])) == nil)
    #expect(ScriptLiteral.source(of: .opaque("Command")) == nil)
    #expect(ScriptLiteral.source(of: .tuple([.int(1)])) == nil)
  }
}
