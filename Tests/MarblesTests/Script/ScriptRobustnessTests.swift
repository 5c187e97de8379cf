import Testing

@testable import Marbles
@testable import MarblesCore

/// The parser recovers, reports every statement's error, and never crashes or hangs.
@Suite struct ScriptRobustnessTests {
  @Test(arguments: ["", "\n\n\n", "   \t  ", "// only a comment", "// one\n\n  // two\n// three\n"])
  func emptyScriptsHaveNoStatementsAndNoDiagnostics(_ text: String) {
    let (script, diagnostics, _) = parseScript(text)
    #expect(script.statements.isEmpty)
    #expect(diagnostics.isEmpty)
  }

  @Test func everyStatementsErrorIsReported() {
    let (script, diagnostics, file) = parseScript(
      """
      let a = cold("--a|")
      let b = a.map { x in x * }
      show a b
      let c = merge(a, b
      expect a == "--a|"
      """)
    #expect(script.dump == #"let a = (call cold "--a|")"# + "\n" + #"expect a == "--a|""#)
    #expect(
      diagnostics.render(in: file) == """
        t.marble:2:26: error: expected expression after '*'
        let b = a.map { x in x * }
                                 ^
        t.marble:3:8: error: consecutive statements on a line must be separated by a newline
        show a b
               ^
        t.marble:4:19: error: expected ')' to close '('
        let c = merge(a, b
                          ^
        t.marble:4:14: note: '(' opened here
        let c = merge(a, b
                     ^

        """)
  }

  @Test func lexerAndParserErrorsAreMergedInSourceOrder() {
    let (_, diagnostics, _) = parseScript("let a = 1 +\nlet b = @\nlet c = (\nlet d = \"x")
    #expect(
      diagnostics.map(\.description) == [
        "1:12: error: expected expression after '+'",
        "2:9: error: invalid character '@' in script",
        "3:10: error: expected ')' to close '('",
        "4:9: error: unterminated string literal",
      ])
  }

  @Test func anUnclosedBracketDoesNotSwallowTheNextStatement() {
    let (script, diagnostics, _) = parseScript("let a = f(1,\n  2\nshow a\nexpect a == \"-|\"")
    #expect(diagnostics.map(\.message) == ["expected ')' to close '('"])
    #expect(script.dump == "show a\nexpect a == \"-|\"")
  }

  @Test func unterminatedStringAtEndOfFile() {
    let (script, diagnostics, file) = parseScript("show a\nlet b = cold(\"--a")
    #expect(script.dump == "show a")
    #expect(
      diagnostics.render(in: file) == """
        t.marble:2:14: error: unterminated string literal
        let b = cold("--a
                     ^

        """)
  }

  @Test func unclosedBraceAtEndOfFile() {
    let (script, diagnostics, file) = parseScript("let b = a.map { x in\n  x * 2\n\n")
    #expect(script.statements.isEmpty)
    #expect(
      diagnostics.render(in: file) == """
        t.marble:2:8: error: expected '}' to close '{'
          x * 2
               ^
        t.marble:1:15: note: '{' opened here
        let b = a.map { x in
                      ^

        """)
  }

  @Test(arguments: [
    ("(", ")"), ("[", "]"), ("f(", ")"), ("{ ", " }"), ("{ x in ", " }"), ("-", ""),
    ("!", ""), ("a ? b : ", ""), ("x.map { ", " }"),
  ])
  func deepNestingIsOneDiagnostic(open: String, close: String) {
    let depth = 10_000
    let text =
      "let a = " + String(repeating: open, count: depth) + "1"
      + String(repeating: close, count: depth) + "\nshow a"
    let (script, diagnostics, _) = parseScript(text)
    #expect(
      diagnostics.map(\.message) == [
        "expression is nested too deeply; the limit is \(ScriptParser.maximumDepth) levels"
      ])
    #expect(script.dump == "show a")
  }

  @Test(arguments: [("(", ")"), ("[", "]"), ("f(", ")"), ("{ ", " }"), ("-", ""), ("a ? b : ", "")])
  func nestingBelowTheLimitParses(open: String, close: String) {
    let depth = ScriptParser.maximumDepth - 1
    let text =
      "let a = " + String(repeating: open, count: depth) + "1"
      + String(repeating: close, count: depth)
    let (script, diagnostics, _) = parseScript(text)
    #expect(diagnostics.isEmpty)
    #expect(script.statements.count == 1)
  }

  @Test(arguments: [" + 1", ".x", ".f()", " && b"])
  func longChainsAreCappedInHeight(link: String) {
    let (script, diagnostics, _) = parseScript(
      "let a = 1" + String(repeating: link, count: 10_000) + "\nshow a")
    #expect(
      diagnostics.map(\.message) == [
        "expression is nested too deeply; the limit is \(ScriptParser.maximumDepth) levels"
      ])
    #expect(script.dump == "show a")
  }

  @Test func aMillionCharacterMarbleStringParses() throws {
    let marble = String(repeating: "-a", count: 499_999) + "-|"
    let (script, diagnostics, _) = parseScript("let a = cold(\"\(marble)\", a: 1)\nshow a")
    #expect(diagnostics.isEmpty)
    guard case .binding(_, let value) = try #require(script.statements.first).kind,
      case .call(_, let arguments, nil) = value.kind,
      case .string(let literal) = arguments.first?.value.kind
    else {
      Issue.record("unexpected tree")
      return
    }
    #expect(literal.value.count == 1_000_000)
    #expect(literal.sourcePosition(ofCharacterAt: 999_999).column == 15 + 999_999)
  }

  @Test func tenThousandLinesParse() {
    var text = ""
    for line in 0..<10_000 {
      text +=
        "let v\(line) = cold(\"--a--b--|\", a: \(line)).map { x in x * 10 }.filter { $0 > 2 }\n"
    }
    text += "show v0, v9999\n"
    let (script, diagnostics, _) = parseScript(text)
    #expect(diagnostics.isEmpty)
    #expect(script.statements.count == 10_001)
  }

  /// A named generated script, so that test output stays short.
  struct Generated: CustomTestStringConvertible, Sendable {
    let id: String
    let text: String
    var testDescription: String { id }
  }

  /// Lines built to trip a lexer or parser into quadratic work: they must finish quickly.
  static let pathological: [Generated] = [
    .init(
      id: "broken unicode escapes", text: "let a = \"" + String(repeating: "\\u{", count: 100_000)),
    .init(
      id: "overlong unicode escapes",
      text: "let a = \"" + String(repeating: "\\u{12345678", count: 50_000)),
    .init(id: "single quotes", text: String(repeating: "'", count: 100_001)),
    .init(
      id: "nested closures with lists", text: "let a = " + String(repeating: "{ a, ", count: 50_000)
    ),
    .init(
      id: "closure parameter list", text: "let a = { " + String(repeating: "a, ", count: 100_000)),
    .init(
      id: "parenthesized closure parameters",
      text: "let a = { (" + String(repeating: "a, ", count: 100_000) + ") }"),
    .init(id: "long array", text: "let a = [" + String(repeating: "1, ", count: 100_000) + "]"),
    .init(
      id: "many labels", text: "let a = f(" + String(repeating: "x: 1, ", count: 100_000) + ")"),
    .init(id: "many statements", text: String(repeating: "show a\n", count: 50_000)),
    .init(id: "many misspelled statements", text: String(repeating: "lett a\n", count: 20_000)),
    .init(id: "dollars", text: String(repeating: "$", count: 100_000)),
    .init(id: "large implicit parameters", text: String(repeating: "$99999999", count: 20_000)),
    .init(
      id: "mismatched closers",
      text: "let a = " + String(repeating: "(", count: 50_000)
        + String(repeating: "]", count: 50_000)),
    .init(id: "prefix minus", text: "let a = " + String(repeating: "-", count: 100_000)),
  ]

  @Test(arguments: pathological)
  func pathologicalLinesFinish(_ generated: Generated) {
    checkSurvives(generated.text)
  }

  @Test(arguments: 0..<40)
  func randomBytesNeverCrash(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let bytes = (0..<Int(random.next() % 2_000)).map { _ in UInt8(truncatingIfNeeded: random.next())
    }
    checkSurvives(String(decoding: bytes, as: UTF8.self))
  }

  @Test(arguments: 0..<40)
  func randomScriptFragmentsNeverCrash(seed: UInt64) {
    let fragments = [
      "let", "show", "expect", "title", "in", "as", "subscribed", "subscriptions", "map", "x",
      "$0", "$", "1", "2.5", "\"--a|\"", "\"", "\\", "\\u{", "(", ")", "[", "]", "{", "}", ",",
      ".", ":", "=", "==", "?", "+", "-", "*", "!", "&&", "||", "<", " ", " ", "\n", "\t", "//",
      "#", "@", "é", "\u{301}", "\r\n", "'",
    ]
    var random = SplitMix64(seed: seed)
    var text = ""
    for _ in 0..<Int(random.next() % 400) {
      text += fragments[Int(random.next() % UInt64(fragments.count))]
    }
    checkSurvives(text)
  }

  @Test func errorsStopAtTheLimit() {
    let text = String(repeating: "let = 1\n", count: 150)
    let (_, diagnostics, file) = parseScript(text)
    #expect(diagnostics.count == ScriptParser.maximumErrors + 1)
    #expect(
      diagnostics.last?.render(in: file) == """
        t.marble:101:5: error: too many errors emitted, stopping now; the limit is 100
        let = 1
            ^

        """)
  }

  /// Parses `text` and checks that every diagnostic points into the text and renders.
  private func checkSurvives(_ text: String) {
    let (_, diagnostics, file) = parseScript(text)
    for diagnostic in diagnostics {
      #expect(diagnostic.range.start.line >= 1)
      #expect(diagnostic.range.start.column >= 1)
      #expect(diagnostic.range.start.line <= file.lines.count)
      #expect(!diagnostic.render(in: file).isEmpty)
    }
  }
}

@Suite struct ScriptSpellingTests {
  @Test(
    arguments: [
      ("lett", "let"), ("shwo", "show"), ("sho", "show"), ("expct", "expect"), ("titel", "title"),
      ("xyz", nil), ("l", nil), ("let", nil),
    ] as [(String, String?)])
  func suggestions(name: String, suggestion: String?) {
    #expect(
      ScriptSpelling.suggestion(for: name, among: ["let", "show", "expect", "title"]) == suggestion)
  }
}
