import Testing

@testable import Marbles
@testable import MarblesCore

@Suite struct ScriptLexerTests {
  struct TokenCase: CustomTestStringConvertible, Sendable {
    let id: String
    let source: String
    let tokens: String
    var testDescription: String { id }
  }

  static let tokenCases: [TokenCase] = [
    .init(
      id: "identifiers", source: "abc _ _x x1 été $0 $12",
      tokens: "id(abc) id(_) id(_x) id(x1) id(été) $0 $12 eof"),
    .init(
      id: "keywords", source: "let show expect title in as true false nil",
      tokens: "kw(let) kw(show) kw(expect) kw(title) kw(in) kw(as) kw(true) kw(false) kw(nil) eof"),
    .init(
      id: "contextual words are names", source: "subscribed subscriptions map error",
      tokens: "id(subscribed) id(subscriptions) id(map) id(error) eof"),
    .init(
      id: "integers and decimals", source: "0 42 1_000 2.5 10.25",
      tokens: "int(0) int(42) int(1_000) dec(2.5) dec(10.25) eof"),
    .init(
      id: "tuple indexes are integers", source: "t.0.1",
      tokens: "id(t) . int(0) . int(1) eof"),
    .init(
      id: "member of an integer", source: "1.x",
      tokens: "int(1) . id(x) eof"),
    .init(
      id: "strings", source: #""" "a b" "\"q\"" "\\" "a\nb" "\t\r\0\'" "\u{41}\u{1F600}""#,
      tokens:
        #"str("") str("a b") str("\"q\"") str("\\") str("a\nb") str("\t\r\0\'") str("A😀") eof"#),
    .init(
      id: "comment markers inside strings", source: #""// # x""#,
      tokens: #"str("// # x") eof"#),
    .init(
      id: "punctuation", source: "( ) [ ] { } , . : = ?",
      tokens: "( ) [ ] { } , . : = ? eof"),
    .init(
      id: "operators", source: "+ - * / % ! == != < <= > >= && ||",
      tokens: "+ - * / % ! == != < <= > >= && || eof"),
    .init(
      id: "operators without spaces", source: "a==-b!=!c<=d",
      tokens: "id(a) == - id(b) != ! id(c) <= id(d) eof"),
    .init(
      id: "comments run to the end of the line", source: "a // comment ( [\nb",
      tokens: "id(a) ⏎ id(b) eof"),
    .init(
      id: "hash is not a comment", source: "#x",
      tokens: "invalid(#) id(x) eof"),
    .init(
      id: "newlines fold, leading ones vanish", source: "\n\na\n\n\nb\n",
      tokens: "id(a) ⏎ id(b) ⏎ eof"),
    .init(
      id: "CRLF and CR line breaks", source: "a\r\nb\rc",
      tokens: "id(a) ⏎ id(b) ⏎ id(c) eof"),
    .init(
      id: "newlines inside brackets are whitespace", source: "f(\n1,\n[\n2\n]\n)\nx",
      tokens: "id(f) ( int(1) , [ int(2) ] ) ⏎ id(x) eof"),
    .init(
      id: "newlines inside braces are whitespace", source: "m { x in\n x\n}\ny",
      tokens: "id(m) { id(x) kw(in) id(x) } ⏎ id(y) eof"),
    .init(
      id: "a statement keyword first on a line closes open brackets", source: "f(\nlet x",
      tokens: "id(f) ( ⏎ kw(let) id(x) eof"),
    .init(
      id: "a newline inside open brackets ends the file's last statement", source: "f(\n",
      tokens: "id(f) ( ⏎ eof"),
    .init(
      id: "an unterminated string closes open brackets", source: "f(\"a\nb",
      tokens: #"id(f) ( str("a") ⏎ id(b) eof"#),
    .init(
      id: "invalid characters form one run", source: "a @@^~ b",
      tokens: "id(a) invalid(@@^~) id(b) eof"),
    .init(
      id: "a single-quoted string is one invalid token", source: "'a b' c",
      tokens: "invalid('a b') id(c) eof"),
    .init(
      id: "lone ampersand and bar", source: "a & b | c",
      tokens: "id(a) invalid(&) id(b) invalid(|) id(c) eof"),
    .init(
      id: "byte order mark", source: "\u{FEFF}a",
      tokens: "id(a) eof"),
    .init(id: "empty", source: "", tokens: "eof"),
  ]

  @Test(arguments: tokenCases)
  func tokens(_ testCase: TokenCase) {
    #expect(describeTokens(testCase.source) == testCase.tokens)
  }

  /// The byte-level fast paths (ASCII Characters in the lexer, ASCII lines in `SourceFile`)
  /// agree with the Character-level definitions, including CR LF, combining marks after ASCII
  /// letters and the other line breaks.
  @Test(arguments: [
    "let a = 1\nshow a", "a\r\nb\rc\n\nd\n", "\r\n", "x\u{0B}y\u{0C}z", "",
    "let e\u{301} = \"e\u{301}\"\nshow e\u{301}", "a\u{2028}b\u{85}c", "é\r\nx",
  ])
  func fastPathsAgreeWithCharacters(source: String) {
    let file = SourceFile(name: "t", text: source)
    #expect(
      file.lines
        == source.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline))
    let tokens = ScriptLexer.tokenize(file).tokens
    #expect(tokens.map(\.text).joined().count <= source.count)
    for token in tokens where token.kind == .identifier {
      #expect(token.text.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber })
    }
  }

  @Test func tokensCarryRangesAndExactText() {
    let file = SourceFile(name: "t.marble", text: "let é = \"a\\tb\" // c\n  y.0")
    let tokens = ScriptLexer.tokenize(file).tokens
    let summary = tokens.map { "\($0.range.start)-\($0.range.end) \($0.text.debugDescription)" }
    #expect(
      summary == [
        #"1:1-1:4 "let""#, #"1:5-1:6 "é""#, #"1:7-1:8 "=""#, #"1:9-1:15 "\"a\\tb\"""#,
        #"1:20-1:20 "\n""#, #"2:3-2:4 "y""#, #"2:4-2:5 ".""#, #"2:5-2:6 "0""#,
        #"2:6-2:6 """#,
      ])
  }

  @Test func displayNamesOfTokens() {
    let tokens = ScriptLexer.tokenize(SourceFile(name: "t", text: "x \"s\" ==\n\u{7}")).tokens
    #expect(
      tokens.map(\.displayName) == [
        "'x'", "string literal", "'=='", "newline", #"'\u{7}'"#,
        "end of file",
      ])
  }
}

@Suite struct ScriptStringLiteralTests {
  private func firstLiteral(_ source: String) -> ScriptStringLiteral? {
    ScriptLexer.tokenize(SourceFile(name: "t", text: source)).tokens.first?.literal
  }

  @Test func offsetsWithoutEscapesMapOneToOne() throws {
    let literal = try #require(firstLiteral("   \"--(ab\""))
    #expect(literal.escapes.isEmpty)
    #expect(literal.contentStart == SourcePosition(line: 1, column: 5))
    #expect(literal.range == SourceRange(line: 1, column: 4, length: 7))
    #expect(
      (0...5).map { literal.sourcePosition(ofCharacterAt: $0).column } == [5, 6, 7, 8, 9, 10])
  }

  @Test func escapesMapToTheirBackslash() throws {
    // value: a ⇥ b A c ; source columns: " a \t b \u{41} c "
    let literal = try #require(firstLiteral(#""a\tb\u{41}c""#))
    #expect(literal.value == "a\tbAc")
    #expect(!literal.escapes.isEmpty)
    #expect(
      (0...5).map { literal.sourcePosition(ofCharacterAt: $0).column } == [2, 3, 5, 6, 12, 13])
  }

  @Test func invalidEscapesAddNothingToTheValue() throws {
    let literal = try #require(firstLiteral(#""a\qb""#))
    #expect(literal.value == "ab")
    #expect((0...2).map { literal.sourcePosition(ofCharacterAt: $0).column } == [2, 5, 6])
  }

  @Test func aMarbleDiagnosticLandsUnderItsScriptColumn() throws {
    let text = "let a = cold(\"--(ab--|\")"
    let literal = try #require(
      ScriptLexer.tokenize(SourceFile(name: "t", text: text)).tokens.compactMap(\.literal).first)
    // What a marble parser would report for the value: column 3, relative to the marble.
    let marbleDiagnostic = Diagnostic(
      .error, "group is never closed; expected ')'", at: SourceRange(line: 1, column: 3),
      notes: [Diagnostic(.note, "group opened here", at: SourceRange(line: 1, column: 3))])
    let mapped = literal.mapping(marbleDiagnostic)
    #expect(
      mapped.render(in: SourceFile(name: "bad.marble", text: text)) == """
        bad.marble:1:17: error: group is never closed; expected ')'
        let a = cold("--(ab--|")
                        ^
        bad.marble:1:17: note: group opened here
        let a = cold("--(ab--|")
                        ^

        """)
    #expect(marbleDiagnostic.offset(by: literal.contentStart).range == mapped.range)
  }

  @Test func laterValueLinesMapIntoTheLiteral() throws {
    let literal = try #require(firstLiteral(#""ab\ncd""#))
    // value "ab⏎cd": line 2 column 2 is "d", value offset 4; in the source `"ab\ncd"` it is
    // column 7
    let range = literal.sourceRange(of: SourceRange(line: 2, column: 2))
    #expect(range.start == SourcePosition(line: 1, column: 7))
  }
}
