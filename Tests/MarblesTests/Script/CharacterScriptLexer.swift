@testable import Marbles
@testable import MarblesCore

// The script lexer as it was before it scanned UTF-8 bytes (it walked `Character`s, with an
// ASCII shortcut), kept unchanged as the oracle of `ScriptLexerEquivalenceTests`: the byte lexer
// must give the same tokens, ranges, texts, literals and diagnostics on any text.

/// Splits a `.marble` script into tokens.
///
/// - Comments run from `//` to the end of the line (`#` is not a comment).
/// - A line break is a `.newline` token only outside brackets, parentheses and braces, so a
///   statement can continue onto following lines inside them. Runs of line breaks give one token.
///   To keep an unclosed bracket from swallowing the rest of the file, a line whose first token is
///   `let`, `show`, `expect` or `title` always starts a new statement, except an indented `let`
///   inside braces (a statement of a closure's block).
/// - Problems (invalid characters, unterminated strings, bad escapes) are reported and lexing
///   goes on; an invalid character becomes an `.invalid` token that the parser skips over
///   without reporting it again. An unterminated string also closes the open brackets, so the
///   next line starts a new statement.
/// - Lines and columns are 1-based; columns count Characters; a line ends at any Character that
///   `isNewline` (as `SourceFile` splits lines).
///
/// - Complexity: O(n) in the length of the source.
struct CharacterScriptLexer {
  private let text: String
  private var index: String.Index
  private var line = 1
  private var column = 1
  private var tokens: [ScriptToken] = []
  private var diagnostics: [Diagnostic] = []
  /// The brackets, parentheses and braces open at this point, innermost last.
  private var openBrackets: [UInt8] = [] {
    didSet { if openBrackets.isEmpty { openCounts = (0, 0, 0) } }
  }
  /// How many of `(`, `[` and `{` `openBrackets` holds, so that a closer with no opener is O(1).
  private var openCounts = (0, 0, 0)
  /// The first line break seen inside brackets since the last token.
  private var pendingNewline: ScriptToken?

  /// Splits `source` into tokens; the last token is always `.endOfFile`.
  ///
  /// - Returns: The tokens and the problems found, in source order.
  static func tokenize(_ source: SourceFile) -> (
    tokens: [ScriptToken], diagnostics: [Diagnostic]
  ) {
    var lexer = CharacterScriptLexer(text: source.text)
    lexer.tokens.reserveCapacity(source.text.utf8.count / 4)
    lexer.run()
    return (lexer.tokens, lexer.diagnostics)
  }

  private init(text: String) {
    self.text = text
    self.index = text.startIndex
  }

  private var position: SourcePosition { SourcePosition(line: line, column: column) }

  private var current: Character? { character(at: index)?.character }

  private var next: Character? {
    guard let after = character(at: index)?.end else { return nil }
    return character(at: after)?.character
  }

  /// The Character at `position` and the index after it, or nil at the end.
  ///
  /// An ASCII byte followed by another ASCII byte (or the end) is a whole Character, except a
  /// carriage return (CR LF is one); that fast path reads bytes and skips the grapheme breaking
  /// that `text[position]` and `text.index(after:)` do, which dominated lexing a large script.
  @inline(__always)
  private func character(at position: String.Index) -> (character: Character, end: String.Index)? {
    let utf8 = text.utf8
    guard position < utf8.endIndex else { return nil }
    let byte = utf8[position]
    if byte < 0x80, byte != 0x0D {
      let after = utf8.index(after: position)
      if after == utf8.endIndex || utf8[after] < 0x80 {
        return (Self.asciiCharacters[Int(byte)], after)
      }
    }
    return (text[position], text.index(after: position))
  }

  /// The 128 ASCII Characters, made once (making one from its byte each time showed up in
  /// profiles).
  private static let asciiCharacters: [Character] = (0..<128).map {
    Character(Unicode.Scalar(UInt8($0)))
  }

  /// The index after the Character at `position` (which is not the end).
  @inline(__always)
  private func index(after position: String.Index) -> String.Index {
    let utf8 = text.utf8
    guard position < utf8.endIndex else { return text.endIndex }
    let byte = utf8[position]
    if byte < 0x80, byte != 0x0D {
      let after = utf8.index(after: position)
      if after == utf8.endIndex || utf8[after] < 0x80 { return after }
    }
    return text.index(after: position)
  }

  /// Moves past one Character that is not a line break.
  private mutating func advance() {
    index = index(after: index)
    column += 1
  }

  /// The current byte when it is a whole ASCII Character other than a line break: letters,
  /// digits, spaces and punctuation, decided on without making a Character.
  @inline(__always)
  private var plainASCII: UInt8? {
    let utf8 = text.utf8
    guard index < utf8.endIndex else { return nil }
    let byte = utf8[index]
    guard byte < 0x80, !(0x0A...0x0D).contains(byte) else { return nil }
    let after = utf8.index(after: index)
    guard after == utf8.endIndex || utf8[after] < 0x80 else { return nil }
    return byte
  }

  /// Moves past the current byte, which `plainASCII` returned.
  @inline(__always)
  private mutating func advanceASCII() {
    index = text.utf8.index(after: index)
    column += 1
  }

  @inline(__always)
  private static func isASCIIIdentifierByte(_ byte: UInt8) -> Bool {
    byte == 95 || (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
  }

  private mutating func run() {
    if current == "\u{FEFF}" { index = index(after: index) }  // a byte order mark
    while index < text.endIndex {
      if let byte = plainASCII {  // the common cases first, bytewise, without a Character
        if byte == 32 || byte == 9 {
          advanceASCII()
          continue
        }
        if Self.isASCIIIdentifierByte(byte), !(48...57).contains(byte) {
          lexIdentifier()
          continue
        }
        let start = (index: index, position: position)
        if byte != UInt8(ascii: "/"), byte != UInt8(ascii: "\""), byte != UInt8(ascii: "$"),
          let character = current, let kind = lexPunctuation(character)
        {
          emit(kind, from: start)
          updateBrackets(for: character)
          continue
        }
      }
      guard let character = current else { break }
      let start = (index: index, position: position)
      if character.isNewline {
        lexNewline()
      } else if character.isWhitespace {
        advance()
      } else if character == "/", next == "/" {
        while true {
          if plainASCII != nil {
            advanceASCII()
          } else if let c = current, !c.isNewline {
            advance()
          } else {
            break
          }
        }
      } else if character == "\"" {
        lexString()
      } else if let digit = character.asciiValue, (48...57).contains(digit) {
        lexNumber()
      } else if character == "_" || character.isLetter {
        lexIdentifier()
      } else if character == "$" {
        lexImplicitParameter()
      } else if let kind = lexPunctuation(character) {
        emit(kind, from: start)
        updateBrackets(for: character)
      } else {
        lexInvalid()
      }
    }
    if let pending = pendingNewline { append(pending) }
    emit(.endOfFile, from: (index, position))
  }

  // MARK: - Tokens

  /// Appends a token that runs from `start` to the current position.
  private mutating func emit(
    _ kind: ScriptToken.Kind, from start: (index: String.Index, position: SourcePosition),
    literal: ScriptStringLiteral? = nil
  ) {
    let token = ScriptToken(
      kind: kind, range: SourceRange(start: start.position, end: position),
      text: text[start.index..<index], literal: literal)
    if let pending = pendingNewline {
      pendingNewline = nil
      // An indented `let` inside braces is a statement of a closure's block.
      let isBlockLet =
        kind == .keyword(.let) && openBrackets.last == UInt8(ascii: "{")
        && start.position.column > 1
      if case .keyword(let keyword) = kind, keyword.startsStatement, !isBlockLet {
        // A statement keyword first on its line: give up on the open brackets.
        openBrackets.removeAll()
        append(pending)
      }
    }
    append(token)
  }

  /// Appends a token, folding runs of newlines (and leading ones) into none or one.
  private mutating func append(_ token: ScriptToken) {
    if token.kind == .newline, tokens.last?.kind == .newline || tokens.isEmpty { return }
    tokens.append(token)
  }

  private mutating func lexNewline() {
    let token = ScriptToken(
      kind: .newline, range: SourceRange(start: position, end: position),
      text: text[index..<index(after: index)], literal: nil)
    index = index(after: index)
    line += 1
    column = 1
    if openBrackets.isEmpty {
      append(token)
    } else if pendingNewline == nil {
      pendingNewline = token
    }
  }

  private mutating func updateBrackets(for character: Character) {
    guard let byte = character.asciiValue else { return }
    let opener: UInt8
    switch byte {
    case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
      openBrackets.append(byte)
      count(of: byte, by: 1)
      return
    case UInt8(ascii: ")"): opener = UInt8(ascii: "(")
    case UInt8(ascii: "]"): opener = UInt8(ascii: "[")
    case UInt8(ascii: "}"): opener = UInt8(ascii: "{")
    default: return
    }
    // Close the innermost matching opener (and anything left open inside it); a closer with no
    // opener at all is left for the parser to report.
    guard count(of: opener, by: 0) > 0 else { return }
    // Count down before popping: emptying `openBrackets` resets `openCounts` (its `didSet`),
    // and a decrement after that would leave a count of -1 behind, so that the next pair of
    // parentheses never closed and the next line break was swallowed.
    while let last = openBrackets.last {
      count(of: last, by: -1)
      openBrackets.removeLast()
      if last == opener { break }
    }
  }

  /// Adds `delta` to the open count of `opener` and returns the new count.
  @discardableResult
  private mutating func count(of opener: UInt8, by delta: Int) -> Int {
    switch opener {
    case UInt8(ascii: "("):
      openCounts.0 += delta
      return openCounts.0
    case UInt8(ascii: "["):
      openCounts.1 += delta
      return openCounts.1
    default:
      openCounts.2 += delta
      return openCounts.2
    }
  }

  private mutating func lexPunctuation(_ character: Character) -> ScriptToken.Kind? {
    func single(_ kind: ScriptToken.Kind) -> ScriptToken.Kind {
      advance()
      return kind
    }
    func pair(_ second: Character, _ kind: ScriptToken.Kind, else other: ScriptToken.Kind?)
      -> ScriptToken.Kind?
    {
      if next == second {
        advance()
        advance()
        return kind
      }
      guard let other else { return nil }
      advance()
      return other
    }
    switch character {
    case "(": return single(.leftParen)
    case ")": return single(.rightParen)
    case "[": return single(.leftBracket)
    case "]": return single(.rightBracket)
    case "{": return single(.leftBrace)
    case "}": return single(.rightBrace)
    case ",": return single(.comma)
    case ".": return single(.dot)
    case ":": return single(.colon)
    case "?": return single(.question)
    case "+": return single(.operator(.plus))
    case "-": return single(.operator(.minus))
    case "*": return pair("*", .operator(.power), else: .operator(.star))
    case "/": return single(.operator(.slash))
    case "%": return single(.operator(.percent))
    case "=": return pair("=", .operator(.equal), else: .assign)
    case "!": return pair("=", .operator(.notEqual), else: .operator(.bang))
    case "<": return pair("=", .operator(.lessOrEqual), else: .operator(.less))
    case ">": return pair("=", .operator(.greaterOrEqual), else: .operator(.greater))
    case "&": return pair("&", .operator(.and), else: nil)
    case "|": return pair("|", .operator(.or), else: nil)
    default: return nil
    }
  }

  /// A run of Characters that start no token becomes one `.invalid` token and one diagnostic.
  /// A single-quoted string (`'x'`) is one run.
  private mutating func lexInvalid() {
    let start = (index: index, position: position)
    let first = current ?? " "
    advance()
    if first == "'" {
      var probe = index
      var length = 0
      while let (c, end) = character(at: probe), c != "'", !c.isNewline {
        probe = end
        length += 1
      }
      if character(at: probe)?.character == "'" {
        for _ in 0...length { advance() }
      }
    }
    while let character = current, !character.isWhitespace, startsNoToken(character) {
      advance()
    }
    let range = SourceRange(start: start.position, end: position)
    diagnostics.append(Diagnostic.ScriptSyntax.invalidCharacter(first, at: range))
    emit(.invalid, from: start)
  }

  private func startsNoToken(_ character: Character) -> Bool {
    if character == "_" || character == "\"" || character == "$" || character.isLetter {
      return false
    }
    if let ascii = character.asciiValue {
      if (48...57).contains(ascii) { return false }
      return !"()[]{},.:?+-*/%=!<>".contains(character)
        && !(character == "&" && next == "&") && !(character == "|" && next == "|")
    }
    return true
  }

  // MARK: - Names and numbers

  private mutating func lexIdentifier() {
    let start = (index: index, position: position)
    while true {
      if let byte = plainASCII {
        guard Self.isASCIIIdentifierByte(byte) else { break }
        advanceASCII()
      } else if let character = current, Self.continuesIdentifier(character) {
        advance()
      } else {
        break
      }
    }
    if let keyword = Self.keyword(text.utf8[start.index..<index]) {
      emit(.keyword(keyword), from: start)
    } else {
      emit(.identifier, from: start)
    }
  }

  /// The keywords as bytes, so that a name is told from a keyword without making a String.
  private static let keywords = ScriptKeyword.allCases.map {
    (bytes: Array($0.rawValue.utf8), keyword: $0)
  }
  private static let longestKeyword = keywords.map(\.bytes.count).max() ?? 0

  /// The keyword spelled by `name`, if any.
  private static func keyword(_ name: Substring.UTF8View) -> ScriptKeyword? {
    let count = name.count
    guard count <= longestKeyword else { return nil }
    for entry in keywords where entry.bytes.count == count && entry.bytes.elementsEqual(name) {
      return entry.keyword
    }
    return nil
  }

  /// Whether `character` may follow the first Character of a name: a letter, a digit or `_`
  /// (ASCII without a Unicode property lookup).
  @inline(__always)
  private static func continuesIdentifier(_ character: Character) -> Bool {
    if let ascii = character.asciiValue {
      return ascii == 95 || (48...57).contains(ascii) || (65...90).contains(ascii)
        || (97...122).contains(ascii)
    }
    return character.isLetter || character.isNumber
  }

  private mutating func lexImplicitParameter() {
    let start = (index: index, position: position)
    advance()
    var digits = ""
    while let character = current, let ascii = character.asciiValue, (48...57).contains(ascii) {
      digits.append(character)
      advance()
    }
    let range = SourceRange(start: start.position, end: position)
    if digits.isEmpty {
      diagnostics.append(Diagnostic.ScriptSyntax.expectedImplicitParameterNumber(at: range))
      emit(.invalid, from: start)
    } else if digits.count <= 4, let number = Int(digits) {
      emit(.implicitParameter(number), from: start)
    } else {
      diagnostics.append(
        Diagnostic.ScriptSyntax.implicitParameterOutOfRange(
          String(text[start.index..<index]), at: range))
      emit(.invalid, from: start)
    }
  }

  /// Digits with optional `_` separators, then optionally `.` and more digits. Right after a `.`
  /// token only the integer part is read, so that `pair.0.1` is two tuple indexes.
  private mutating func lexNumber() {
    let start = (index: index, position: position)
    skipDigits()
    let afterDot = tokens.last?.kind == .dot && tokens.last?.range.end == start.position
    if !afterDot, current == ".", let digit = next?.asciiValue, (48...57).contains(digit) {
      advance()
      skipDigits()
      emit(.decimal, from: start)
    } else {
      emit(.integer, from: start)
    }
  }

  private mutating func skipDigits() {
    while let character = current,
      character == "_" || (character.asciiValue.map { (48...57).contains($0) } ?? false)
    {
      advance()
    }
  }

  // MARK: - Strings

  private mutating func lexString() {
    let start = (index: index, position: position)
    let firstDiagnostic = diagnostics.count
    advance()  // the opening quote
    let contentStart = position
    var value = ""
    var valueCount = 0
    var escapes: [ScriptStringLiteral.Escape] = []
    var runStart = index
    var isTerminated = false
    while true {
      // Plain ASCII text, the bulk of a large marble, is read bytewise in one pass.
      if let length = plainStringRunLength() {
        index = text.utf8.index(index, offsetBy: length)
        column += length
        valueCount += length
      } else {
        while let byte = plainASCII, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
          advanceASCII()
          valueCount += 1
        }
      }
      guard let character = current else { break }
      if character.isNewline { break }
      if character == "\"" {
        value += text[runStart..<index]
        advance()
        isTerminated = true
        break
      }
      if character == "\\" {
        value += text[runStart..<index]
        let escapeColumn = column
        let decoded = lexEscape()
        escapes.append(
          .init(
            valueOffset: valueCount, valueLength: decoded == nil ? 0 : 1, column: escapeColumn,
            length: column - escapeColumn))
        if let decoded {
          value.unicodeScalars.append(decoded)
          valueCount += 1
        }
        runStart = index
        continue
      }
      advance()
      valueCount += 1
    }
    if !isTerminated {
      // The rest of the line is lost; don't let open brackets swallow the lines after it too.
      openBrackets.removeAll()
      value += text[runStart..<index]
      // Before the literal's escape problems, to keep source order.
      diagnostics.insert(
        Diagnostic.ScriptSyntax.unterminatedString(
          at: SourceRange(start: start.position, end: contentStart)),
        at: firstDiagnostic)
    }
    let literal = ScriptStringLiteral(
      value: value, range: SourceRange(start: start.position, end: position),
      contentStart: contentStart, escapes: escapes, isTerminated: isTerminated)
    emit(.string, from: start, literal: literal)
  }

  /// The number of bytes from here that `plainASCII` reads one by one inside a string literal
  /// (whole ASCII Characters other than line breaks, `"` and `\`), counted on the contiguous
  /// UTF-8 in one pass; nil when the text is not contiguous UTF-8.
  private func plainStringRunLength() -> Int? {
    let utf8 = text.utf8
    let start = utf8.distance(from: utf8.startIndex, to: index)
    return utf8.withContiguousStorageIfAvailable { bytes in
      var offset = start
      while offset < bytes.count {
        let byte = bytes[offset]
        guard byte < 0x80, !(0x0A...0x0D).contains(byte), byte != UInt8(ascii: "\""),
          byte != UInt8(ascii: "\\"), offset &+ 1 == bytes.count || bytes[offset &+ 1] < 0x80
        else { break }
        offset &+= 1
      }
      return offset - start
    }
  }

  /// Reads one escape sequence, the backslash being current. Returns the scalar it stands for,
  /// or nil after reporting an invalid one.
  private mutating func lexEscape() -> Unicode.Scalar? {
    let start = (index: index, position: position)
    advance()  // the backslash
    guard let character = current, !character.isNewline else {
      return nil  // the literal is unterminated, which is reported
    }
    advance()
    switch character {
    case "n": return "\n"
    case "t": return "\t"
    case "r": return "\r"
    case "0": return "\0"
    case "\"": return "\""
    case "'": return "'"
    case "\\": return "\\"
    case "u": return lexUnicodeEscape(from: start)
    default:
      let range = SourceRange(start: start.position, end: position)
      diagnostics.append(
        Diagnostic.ScriptSyntax.invalidEscape(String(text[start.index..<index]), at: range))
      return nil
    }
  }

  /// Reads `{hex}` after `\u`.
  private mutating func lexUnicodeEscape(
    from start: (index: String.Index, position: SourcePosition)
  ) -> Unicode.Scalar? {
    guard current == "{" else {
      diagnostics.append(
        Diagnostic.ScriptSyntax.expectedUnicodeEscapeBraces(
          at: SourceRange(start: start.position, end: position)))
      return nil
    }
    advance()
    var digits = ""
    while let character = current, character.isHexDigit, character.isASCII {
      digits.append(character)
      advance()
    }
    guard current == "}", (1...8).contains(digits.count) else {
      // Skip to a closing brace close by, if any, so the rest of the literal lexes cleanly.
      // (Close by: a bounded look keeps a line full of broken escapes linear.)
      var probe = index
      var probeColumn = column
      while let (c, end) = character(at: probe), probeColumn - column < 16, c != "}", c != "\"",
        !c.isNewline
      {
        probe = end
        probeColumn += 1
      }
      if let (c, end) = character(at: probe), c == "}" {
        index = end
        column = probeColumn + 1
      }
      diagnostics.append(
        Diagnostic.ScriptSyntax.invalidUnicodeEscapeDigits(
          at: SourceRange(start: start.position, end: position)))
      return nil
    }
    advance()
    guard let code = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(code) else {
      diagnostics.append(
        Diagnostic.ScriptSyntax.invalidUnicodeScalar(
          at: SourceRange(start: start.position, end: position)))
      return nil
    }
    return scalar
  }
}
