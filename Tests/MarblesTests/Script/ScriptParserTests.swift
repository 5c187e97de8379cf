import Testing

@testable import Marbles
@testable import MarblesCore

/// Statements: each statement form, parsed to the tree (`Script.dump`).
@Suite struct ScriptParserTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let source: String
    let dump: String
    var testDescription: String { source.debugDescription }
  }

  static let statements: [Case] = [
    .init(
      source: #"title "RACCommand: execute while executing""#,
      dump: #"title "RACCommand: execute while executing""#),
    .init(
      source: #"let clicks = hot("--x-----x--x--|")"#,
      dump: #"let clicks = (call hot "--x-----x--x--|")"#),
    .init(
      source: #"let input = cold("--a--b--|", a: 1, b: 2)"#,
      dump: #"let input = (call cold "--a--b--|" a: 1 b: 2)"#),
    .init(
      source: #"let failing = cold("--#", error: "timeout")"#,
      dump: #"let failing = (call cold "--#" error: "timeout")"#),
    .init(
      source: "let output = input.map { x in x * 10 }",
      dump: "let output = (call (. input map) trailing: (closure [x] (* x 10)))"),
    .init(
      source: "let _ = save.execute(1, at: 4)",
      dump: "let _ = (call (. save execute) 1 at: 4)"),
    .init(source: "show clicks, output", dump: "show clicks, output"),
    .init(source: #"show output as "map(x * 10)""#, dump: #"show output as "map(x * 10)""#),
    .init(
      source: #"show output subscribed "--^------!""#,
      dump: #"show output subscribed "--^------!""#),
    .init(
      source: #"show a subscribed "^-!" as "A", b as "B""#,
      dump: #"show a as "A" subscribed "^-!", b as "B""#),
    .init(
      source: "show save.executionSignals, save.executing, save.enabled, save.errors",
      dump: "show (. save executionSignals), (. save executing), (. save enabled), (. save errors)"),
    .init(source: "show save.internals", dump: "show (. save internals)"),
    .init(
      source: #"expect output == "--x--y--|", x: 10, y: 20"#,
      dump: #"expect output == "--x--y--|", x: 10, y: 20"#),
    .init(
      source: #"expect failing == "--#", error: "timeout""#,
      dump: #"expect failing == "--#", error: "timeout""#),
    .init(
      source: #"expect r == "-(ab)|", error: e, a: 1, b: cold("-a|")"#,
      dump: #"expect r == "-(ab)|", a: 1, b: (call cold "-a|"), error: e"#),
    .init(
      source: #"expect input.map { $0 * 2 } == "-a|", a: 2"#,
      dump: #"expect (call (. input map) trailing: (closure $1 (* $0 2))) == "-a|", a: 2"#),
    .init(source: #"expect a + b == "-a|""#, dump: #"expect (+ a b) == "-a|""#),
    .init(
      source: #"expect subscriptions(input) == "^-------!""#,
      dump: #"expect subscriptions(input) == "^-------!""#),
    .init(
      source: #"expect subscriptions(input) == ["^---!", "--^-!",]"#,
      dump: #"expect subscriptions(input) == ["^---!", "--^-!"]"#),
    .init(
      source: "expect subscriptions(input) == []",
      dump: "expect subscriptions(input) == []"),
    .init(source: "save.execute(clicks)", dump: "(call (. save execute) clicks)"),
    .init(source: "save.execute(1, at: 4)", dump: "(call (. save execute) 1 at: 4)"),
    .init(source: "a.subscribe(ch.leading)", dump: "(call (. a subscribe) (. ch leading))"),
    .init(
      source: "ch.leading.subscribe(other.following)",
      dump: "(call (. (. ch leading) subscribe) (. other following))"),
    .init(
      source: """
        let save = Command(
          enabled: valid,                     // optional
          allowsConcurrentExecution: false
        ) { input in
          cold("--r|", r: input)
        }
        """,
      dump: """
        let save = (call Command enabled: valid allowsConcurrentExecution: false \
        trailing: (closure [input] (call cold "--r|" r: input)))
        """),
    .init(
      source: "show f(\n  a,\n  b\n), c\nshow [\n a\n]",
      dump: "show (call f a b), c\nshow (array a)"),
  ]

  @Test(arguments: statements)
  func statement(_ testCase: Case) {
    let (script, diagnostics, file) = parseScript(testCase.source)
    #expect(diagnostics.render(in: file) == "")
    #expect(script.dump == testCase.dump)
  }

  @Test func theExampleScriptOfTheDesignParses() {
    let (script, diagnostics, file) = parseScript(
      """
      title "RACCommand: execute while executing"        // optional, first statement

      let clicks  = hot("--x-----x--x--|")                // a source
      let input   = cold("--a--b--|", a: 1, b: 2)         // values map as labelled arguments
      let output  = input.map { x in x * 10 }             // any expression

      show clicks, output                                 // lanes to render, in this order
      expect output == "--x--y--|", x: 10, y: 20          // expected timeline
      expect subscriptions(input) == "^-------!"          // one string
      """)
    #expect(diagnostics.render(in: file) == "")
    #expect(script.statements.count == 7)
    #expect(script.title?.value == "RACCommand: execute while executing")
  }

  @Test func statementRangesCoverTheirTokens() {
    let (script, _, _) = parseScript("  let a = f(\n  1)  // c\nshow a")
    #expect(
      script.statements.map(\.range) == [
        SourceRange(start: .init(line: 1, column: 3), end: .init(line: 2, column: 5)),
        SourceRange(line: 3, column: 1, length: 6),
      ])
  }

  @Test func showItemsKnowTheirLaneNames() throws {
    let (script, _, _) = parseScript(
      #"show save . enabled, input.map { x in "a b" + x }, f(a, // one"# + "\n b)")
    guard case .show(let items) = try #require(script.statements.first).kind else {
      Issue.record("not a show statement")
      return
    }
    #expect(items.map(\.name) == ["save.enabled", #"input.map{xin"a b"+x}"#, "f(a,b)"])
    #expect(
      items.map(\.expression.text) == [
        "save . enabled", #"input.map { x in "a b" + x }"#, "f(a, // one\n b)",
      ])
  }

  @Test func expectationsKeepTheirLiterals() throws {
    let (script, _, _) = parseScript(#"expect out == "--a|", a: 1, error: "e""#)
    guard case .expect(let expectation) = try #require(script.statements.first).kind else {
      Issue.record("not an expect statement")
      return
    }
    #expect(expectation.marble.value == "--a|")
    #expect(expectation.marble.contentStart == SourcePosition(line: 1, column: 16))
    #expect(expectation.values.map { $0.label?.name } == ["a"])
    #expect(expectation.error?.value.dump == #""e""#)
    #expect(expectation.range == SourceRange(line: 1, column: 8, length: 31))
  }

  @Test func aScriptWithoutTitleHasNone() {
    #expect(parseScript("let a = 1").script.title == nil)
  }
}
