import Testing

@testable import Marbles
@testable import MarblesCore

/// The byte-scanning `ScriptLexer` against the Character-walking lexer it replaced
/// (`CharacterScriptLexer`): the same tokens (kind, range, text, literal with its escapes) and
/// the same diagnostics on scripts mixed from ASCII, non-ASCII letters, combining marks after
/// ASCII punctuation and letters, emoji of several scalars, every kind of line break and broken
/// escapes; and the caret columns of errors next to non-ASCII text, spelled out.
@Suite struct ScriptLexerEquivalenceTests {
  /// Pieces that scripts are mixed from: tokens, their non-ASCII neighbours, and the places
  /// where a byte and a Character differ (CR LF, a combining mark after `"`, `/`, `.`, `e`).
  static let pieces: [String] = [
    "let", "show", "expect", "title", "in", "as", "true", "false", "nil", "x", "_", "_a1",
    "abc", "été", "名前", "e\u{301}", "a\u{301}b", "Ωμέγα", "x٣", "1", "42", "1_000", "2.5",
    ".", "0", ".5", "$0", "$12", "$123456", "$", "$\u{301}", "(", ")", "[", "]", "{", "}", ",",
    ":", "?", "+", "-", "*", "**", "/", "%", "=", "==", "!", "!=", "<", "<=", ">", ">=", "&",
    "&&", "|", "||", " ", "  ", "\t", "\u{A0}", "\u{2003}", "\n", "\r\n", "\r", "\u{0B}",
    "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "//", "// c 👍🏽\n", "#", ";", "@", "'",
    "'a b'", "'é", "\u{7}", "\u{7F}", "\u{200B}", "\u{FEFF}", "\"", "\"a\"", "\"é👍🏽\"",
    "\"-a-|\"", "\"--👨‍👩‍👧--|\"", "\"\u{301}", "\\", "\\n", "\\t", "\\\"", "\\u{41}",
    "\\u{1F600}", "\\u{}", "\\u{ZZ}", "\\u{110000}", "\\u{123456789}", "\\u41", "\\q", "\\é",
    "/\u{301}", ".\u{301}", "=\u{301}", "&\u{301}", "(\u{301}", "1\u{301}", "_\u{301}",
    "👍🏽", "🇫🇷", "👨‍👩‍👧", "é", "\u{301}", "ﬁ", "Ａ", "\\u{Ａ}", "\\u{4\u{301}1}",
  ]

  /// A deterministic generator (SplitMix64), so a failure names a seed that reproduces it.
  struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
  }

  /// Whether both lexers give the same result for `text`, and what differs when not.
  static func difference(_ text: String) -> String? {
    let file = SourceFile(name: "t.marble", text: text)
    let new = ScriptLexer.tokenize(file)
    let old = CharacterScriptLexer.tokenize(file)
    if new.diagnostics != old.diagnostics {
      return "diagnostics \(new.diagnostics) != \(old.diagnostics)"
    }
    guard new.tokens.count == old.tokens.count else {
      return "\(new.tokens.count) tokens != \(old.tokens.count)"
    }
    for (a, b) in zip(new.tokens, old.tokens) {
      // Same text at the same place in the source, not only equal text.
      let samePlace =
        a.text.startIndex.utf16Offset(in: text) == b.text.startIndex.utf16Offset(in: text)
        && a.text.endIndex.utf16Offset(in: text) == b.text.endIndex.utf16Offset(in: text)
      if a != b || !samePlace { return "token \(a) != \(b)" }
    }
    return nil
  }

  @Test(arguments: 0..<8)
  func randomScriptsLexAsBefore(seed: Int) {
    var generator = Generator(state: UInt64(seed))
    for round in 0..<400 {
      var text = ""
      for _ in 0..<(1 + generator.below(30)) {
        text += Self.pieces[generator.below(Self.pieces.count)]
      }
      if let difference = Self.difference(text) {
        Issue.record("seed \(seed), round \(round), \(text.debugDescription): \(difference)")
        return
      }
    }
  }

  @Test(arguments: pieces)
  func everyPieceAloneAndBetweenOthers(piece: String) {
    for text in [piece, "a" + piece, piece + "a", "\"" + piece + "\"", "x(" + piece + "\ny"] {
      #expect(Self.difference(text) == nil, "\(text.debugDescription)")
    }
  }

  @Test func theExamplesLexAsBefore() {
    #expect(!FuzzTests.examples.isEmpty)
    for (name, text) in FuzzTests.examples {
      #expect(Self.difference(text) == nil, "\(name)")
    }
  }

  /// Carets of errors after non-ASCII text count Characters: an emoji of several scalars, a
  /// letter with a combining mark and a CJK name are one column each.
  @Test(arguments: [
    (#"let 名前 = cold("👍🏽-a-|") @"#, ["1:24"], "'@'"),
    ("let e\u{301}x = 1 # c", ["1:12"], "'#'"),
    (#"let a = "👨‍👩‍👧" ; "#, ["1:13"], "';'"),
    ("let a = 1 // é 👍🏽\nlet b = 'é'", ["2:9"], "'''"),
    ("let a = \"é\\q👍🏽\"", ["1:11"], "\\q"),
    ("let ß = \"\\u{ZZ}é\"\r\n@", ["1:10", "2:1"], "\\u{"),
    ("🇫🇷 x", ["1:1"], "'🇫🇷'"),
  ])
  func caretColumnsCountCharacters(source: String, starts: [String], quoted: String) {
    let diagnostics = ScriptLexer.tokenize(SourceFile(name: "t.marble", text: source))
      .diagnostics
    #expect(diagnostics.map { "\($0.range.start.line):\($0.range.start.column)" } == starts)
    #expect(diagnostics.first?.message.contains(quoted) == true, "\(diagnostics)")
    #expect(Self.difference(source) == nil)
  }
}

@Suite struct IntegerLiteralValueTests {
  /// The parser reads an integer literal's digits bytewise; `Int` of the digits without their
  /// `_` separators is what it read before, overflow included.
  @Test(arguments: [
    "0", "42", "1_000", "007", "1__2", "9223372036854775807", "9_223_372_036_854_775_807",
    "9223372036854775808", "99999999999999999999", "18446744073709551616",
  ])
  func readsAsIntDoes(literal: String) {
    #expect(ScriptParser.integerValue(Substring(literal)) == Int(literal.filter { $0 != "_" }))
  }
}

@Suite struct LaneNameBytewiseTests {
  /// A lane's name read bytewise (ASCII text) is the name read Character by Character: strings
  /// kept as written (escapes, unterminated ones up to the line break, CR LF as one), comments
  /// and whitespace dropped.
  @Test(arguments: 0..<4)
  func asciiNamesAsCharacters(seed: Int) {
    let pieces = [
      "a", "x.map", "{", "}", "$0", "*", " ", "\t", "\n", "\r\n", "\r", "\u{0B}", "\"", "\\",
      "\\\"", "/", "//", "// c\n", "\"a b\"", "(", ")", ",", "1", "\u{1F}", "\u{7F}",
    ]
    var generator = ScriptLexerEquivalenceTests.Generator(state: UInt64(seed))
    for _ in 0..<500 {
      var text = ""
      for _ in 0..<(1 + generator.below(20)) { text += pieces[generator.below(pieces.count)] }
      let bytewise = ScriptExpression.asciiLaneName(Substring(text))
      #expect(bytewise == ScriptExpression.laneName(Substring(text)), "\(text.debugDescription)")
    }
    #expect(ScriptExpression.asciiLaneName("é") == nil)
  }
}
