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
/// The lexer scans the UTF-8 bytes. An ASCII byte followed by another ASCII byte (or the end) is
/// a whole Character, except a carriage return before a line feed (CR LF is one), and is decided
/// on bytewise; only where a non-ASCII byte follows does it make a `Character` (grapheme
/// breaking), so that columns still count Characters: `é` written as `e` and a combining accent
/// is one column, as is an emoji of several scalars.
///
/// - Complexity: O(n) in the length of the source.
package struct ScriptLexer {
  private let text: String
  /// The source's UTF-8.
  private let bytes: [UInt8]
  /// The offset in `bytes` of the next Character.
  private var offset = 0
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
  /// The first line break seen inside brackets since the last token: where it is, and its
  /// bytes.
  private var pendingNewline: (position: SourcePosition, start: Int, end: Int)?
  /// Whether the last token appended is a `.newline`, or a `.dot` that ends at `lastDotEnd`
  /// (`pair.0.1`), kept apart so that nothing copies the last token to ask.
  private var lastIsNewline = false
  private var lastIsDot = false
  private var lastDotEnd = SourcePosition(line: 0, column: 0)

  /// Splits `source` into tokens; the last token is always `.endOfFile`.
  ///
  /// - Returns: The tokens and the problems found, in source order.
  package static func tokenize(_ source: SourceFile) -> (
    tokens: [ScriptToken], diagnostics: [Diagnostic]
  ) {
    var lexer = ScriptLexer(text: source.text)
    lexer.tokens.reserveCapacity(lexer.bytes.count / 4)
    lexer.run()
    return (lexer.tokens, lexer.diagnostics)
  }

  private init(text: String) {
    self.text = text
    self.bytes = Array(text.utf8)
  }

  private var position: SourcePosition { SourcePosition(line: line, column: column) }

  /// The index in `text` of the byte at `offset` (O(1) on a native string).
  @inline(__always)
  private func stringIndex(_ offset: Int) -> String.Index {
    text.utf8.index(text.utf8.startIndex, offsetBy: offset)
  }

  // MARK: - Characters

  /// The byte at `offset` when it is a whole Character by itself: ASCII, followed by ASCII or
  /// the end, and not a carriage return (which may pair with a line feed).
  @inline(__always)
  private func ascii(at offset: Int) -> UInt8? {
    guard offset < bytes.count else { return nil }
    let byte = bytes[offset]
    guard byte < 0x80, byte != 0x0D, offset &+ 1 == bytes.count || bytes[offset &+ 1] < 0x80
    else { return nil }
    return byte
  }

  /// The Character at `offset` and the offset after it, or nil at the end.
  @inline(__always)
  private func character(at offset: Int) -> (character: Character, end: Int)? {
    if let byte = ascii(at: offset) { return (Self.asciiCharacters[Int(byte)], offset &+ 1) }
    guard offset < bytes.count else { return nil }
    return slowCharacter(at: offset)
  }

  /// `character(at:)` through grapheme breaking: a non-ASCII byte, a carriage return, or an
  /// ASCII byte that a non-ASCII one follows (which may combine with it).
  @inline(never)
  private func slowCharacter(at offset: Int) -> (character: Character, end: Int) {
    let index = stringIndex(offset)
    let after = text.index(after: index)
    return (text[index], text.utf8.distance(from: text.utf8.startIndex, to: after))
  }

  /// The offset after the Character at `offset` (which is not the end).
  @inline(__always)
  private func characterEnd(_ offset: Int) -> Int {
    if ascii(at: offset) != nil { return offset &+ 1 }
    return character(at: offset)?.end ?? bytes.count
  }

  /// Whether the Character at `offset` is exactly the ASCII Character `byte`.
  @inline(__always)
  private func isCharacter(_ byte: UInt8, at offset: Int) -> Bool {
    guard offset < bytes.count, bytes[offset] == byte else { return false }
    if ascii(at: offset) != nil { return true }
    return slowCharacter(at: offset).character == Character(Unicode.Scalar(byte))
  }

  /// The 128 ASCII Characters, made once.
  private static let asciiCharacters: [Character] = (0..<128).map {
    Character(Unicode.Scalar(UInt8($0)))
  }

  private var current: Character? { character(at: offset)?.character }

  private var next: Character? { character(at: characterEnd(offset))?.character }

  /// Moves past one Character that is not a line break.
  @inline(__always)
  private mutating func advance() {
    offset = characterEnd(offset)
    column += 1
  }

  @inline(__always)
  private static func isASCIIIdentifierByte(_ byte: UInt8) -> Bool {
    byte == 95 || (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
  }

  @inline(__always)
  private static func isDigit(_ byte: UInt8) -> Bool { (48...57).contains(byte) }

  private mutating func run() {
    // A byte order mark (U+FEFF is a grapheme of its own).
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    while offset < bytes.count {
      let byte = bytes[offset]
      // A whole ASCII Character (or CR LF), decided on bytewise.
      if byte < 0x80, offset &+ 1 == bytes.count || bytes[offset &+ 1] < 0x80 {
        switch byte {
        case 32, 9:
          offset &+= 1
          column &+= 1
        case 0x0A...0x0D:
          lexNewline()
        case 95, 65...90, 97...122:
          lexIdentifier()
        case 48...57:
          lexNumber()
        case UInt8(ascii: "\""):
          lexString()
        case UInt8(ascii: "$"):
          lexImplicitParameter()
        case UInt8(ascii: "/") where isCharacter(UInt8(ascii: "/"), at: offset &+ 1):
          skipComment()
        default:
          lexPunctuationOrInvalid(byte)
        }
        continue
      }
      guard let character = current else { break }
      if character.isNewline {
        lexNewline()
      } else if character.isWhitespace {
        advance()
      } else if character == "/", next == "/" {
        skipComment()
      } else if character == "\"" {
        lexString()
      } else if let digit = character.asciiValue, Self.isDigit(digit) {
        lexNumber()
      } else if character == "_" || character.isLetter {
        lexIdentifier()
      } else if character == "$" {
        lexImplicitParameter()
      } else if let byte = character.asciiValue, character.utf8.count == 1 {
        lexPunctuationOrInvalid(byte)
      } else {
        lexInvalid()
      }
    }
    if let pending = pendingNewline { appendNewline(pending) }
    pendingNewline = nil
    emit(.endOfFile, from: (offset, position))
  }

  /// Skips a comment, from its `//` to the end of the line (not included).
  private mutating func skipComment() {
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte < 0x80, offset &+ 1 == bytes.count || bytes[offset &+ 1] < 0x80 {
        if (0x0A...0x0D).contains(byte) { return }
        offset &+= 1
        column &+= 1
      } else if let c = current, !c.isNewline {
        advance()
      } else {
        return
      }
    }
  }

  // MARK: - Tokens

  /// Appends a token that runs from `start` to the current position (any kind but `.newline`).
  private mutating func emit(
    _ kind: ScriptToken.Kind, from start: (offset: Int, position: SourcePosition)
  ) {
    if pendingNewline != nil { endPendingLine(before: kind, at: start.position) }
    lastIsNewline = false
    if case .dot = kind {
      lastIsDot = true
      lastDotEnd = position
    } else {
      lastIsDot = false
    }
    tokens.append(
      ScriptToken(
        kind: kind, range: SourceRange(start: start.position, end: position),
        text: text[stringIndex(start.offset)..<stringIndex(offset)]))
  }

  /// Before the first token after a line break inside brackets: a statement keyword first on
  /// its line gives up on the open brackets and ends the statement before it.
  private mutating func endPendingLine(before kind: ScriptToken.Kind, at start: SourcePosition) {
    guard let pending = pendingNewline else { return }
    pendingNewline = nil
    guard case .keyword(let keyword) = kind, keyword.startsStatement else { return }
    // An indented `let` inside braces is a statement of a closure's block.
    if keyword == .let, openBrackets.last == UInt8(ascii: "{"), start.column > 1 { return }
    openBrackets.removeAll()
    appendNewline(pending)
  }

  /// Appends a newline token for the line break at `newline`, folding runs of newlines (and
  /// leading ones) into none or one.
  private mutating func appendNewline(
    _ newline: (position: SourcePosition, start: Int, end: Int)
  ) {
    if tokens.isEmpty || lastIsNewline { return }
    lastIsNewline = true
    lastIsDot = false
    tokens.append(
      ScriptToken(
        kind: .newline, range: SourceRange(start: newline.position, end: newline.position),
        text: text[stringIndex(newline.start)..<stringIndex(newline.end)]))
  }

  private mutating func lexNewline() {
    let end = characterEnd(offset)
    let newline = (position: position, start: offset, end: end)
    offset = end
    line += 1
    column = 1
    if openBrackets.isEmpty {
      appendNewline(newline)
    } else if pendingNewline == nil {
      pendingNewline = newline
    }
  }

  private mutating func updateBrackets(for byte: UInt8) {
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

  /// The ASCII Character `byte` (the current one) as punctuation, or else the start of an
  /// invalid run.
  private mutating func lexPunctuationOrInvalid(_ byte: UInt8) {
    let start = (offset: offset, position: position)
    if let kind = lexPunctuation(byte) {
      emit(kind, from: start)
      updateBrackets(for: byte)
    } else {
      lexInvalid()
    }
  }

  /// Reads the punctuation or operator that the ASCII Character `byte` (the current one)
  /// starts, or returns nil (and moves nowhere) when it starts none.
  private mutating func lexPunctuation(_ byte: UInt8) -> ScriptToken.Kind? {
    func single(_ kind: ScriptToken.Kind) -> ScriptToken.Kind {
      advance()
      return kind
    }
    func pair(_ second: UInt8, _ kind: ScriptToken.Kind, else other: ScriptToken.Kind?)
      -> ScriptToken.Kind?
    {
      if isCharacter(second, at: offset &+ 1) {
        advance()
        advance()
        return kind
      }
      guard let other else { return nil }
      advance()
      return other
    }
    switch byte {
    case UInt8(ascii: "("): return single(.leftParen)
    case UInt8(ascii: ")"): return single(.rightParen)
    case UInt8(ascii: "["): return single(.leftBracket)
    case UInt8(ascii: "]"): return single(.rightBracket)
    case UInt8(ascii: "{"): return single(.leftBrace)
    case UInt8(ascii: "}"): return single(.rightBrace)
    case UInt8(ascii: ","): return single(.comma)
    case UInt8(ascii: "."): return single(.dot)
    case UInt8(ascii: ":"): return single(.colon)
    case UInt8(ascii: "?"): return single(.question)
    case UInt8(ascii: "+"): return single(.operator(.plus))
    case UInt8(ascii: "-"): return single(.operator(.minus))
    case UInt8(ascii: "*"):
      return pair(UInt8(ascii: "*"), .operator(.power), else: .operator(.star))
    case UInt8(ascii: "/"): return single(.operator(.slash))
    case UInt8(ascii: "%"): return single(.operator(.percent))
    case UInt8(ascii: "="): return pair(UInt8(ascii: "="), .operator(.equal), else: .assign)
    case UInt8(ascii: "!"):
      return pair(UInt8(ascii: "="), .operator(.notEqual), else: .operator(.bang))
    case UInt8(ascii: "<"):
      return pair(UInt8(ascii: "="), .operator(.lessOrEqual), else: .operator(.less))
    case UInt8(ascii: ">"):
      return pair(UInt8(ascii: "="), .operator(.greaterOrEqual), else: .operator(.greater))
    case UInt8(ascii: "&"): return pair(UInt8(ascii: "&"), .operator(.and), else: nil)
    case UInt8(ascii: "|"): return pair(UInt8(ascii: "|"), .operator(.or), else: nil)
    default: return nil
    }
  }

  /// A run of Characters that start no token becomes one `.invalid` token and one diagnostic.
  /// A single-quoted string (`'x'`) is one run.
  private mutating func lexInvalid() {
    let start = (offset: offset, position: position)
    let first = current ?? " "
    advance()
    if first == "'" {
      var probe = offset
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
      if Self.isDigit(ascii) { return false }
      return !"()[]{},.:?+-*/%=!<>".contains(character)
        && !(character == "&" && next == "&") && !(character == "|" && next == "|")
    }
    return true
  }

  // MARK: - Names and numbers

  private mutating func lexIdentifier() {
    let start = (offset: offset, position: position)
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte < 0x80, offset &+ 1 == bytes.count || bytes[offset &+ 1] < 0x80 {
        guard Self.isASCIIIdentifierByte(byte) else { break }
        offset &+= 1
        column &+= 1
      } else if let (character, end) = character(at: offset),
        Self.continuesIdentifier(character)
      {
        offset = end
        column &+= 1
      } else {
        break
      }
    }
    if let keyword = Self.keyword(bytes[start.offset..<offset]) {
      emit(.keyword(keyword), from: start)
    } else {
      emit(.identifier, from: start)
    }
  }

  /// The keyword spelled by `name`, if any: its bytes read as one big-endian integer (every
  /// keyword has at most 6), compared with each keyword's.
  private static func keyword(_ name: ArraySlice<UInt8>) -> ScriptKeyword? {
    guard name.count <= 6 else { return nil }
    var packed: UInt64 = 0
    for byte in name { packed = packed << 8 | UInt64(byte) }
    switch packed {
    case 0x6C_6574: return .let  // "let"
    case 0x7368_6F77: return .show  // "show"
    case 0x6578_7065_6374: return .expect  // "expect"
    case 0x74_6974_6C65: return .title  // "title"
    case 0x696E: return .in  // "in"
    case 0x6173: return .as  // "as"
    case 0x7472_7565: return .true  // "true"
    case 0x66_616C_7365: return .false  // "false"
    case 0x6E_696C: return .nil  // "nil"
    default: return nil
    }
  }

  /// Whether `character` may follow the first Character of a name: a letter, a digit or `_`
  /// (ASCII without a Unicode property lookup).
  @inline(__always)
  private static func continuesIdentifier(_ character: Character) -> Bool {
    if let ascii = character.asciiValue {
      return isASCIIIdentifierByte(ascii)
    }
    return character.isLetter || character.isNumber
  }

  /// The ASCII value of the Character at `offset` when it is a single ASCII scalar (a whole
  /// ASCII Character), and the offset after it; nil at the end.
  @inline(__always)
  private func unit(at offset: Int) -> (ascii: UInt8?, end: Int)? {
    if let byte = ascii(at: offset) { return (byte, offset &+ 1) }
    guard let (character, end) = character(at: offset) else { return nil }
    return (end &- offset == 1 ? character.asciiValue : nil, end)
  }

  private mutating func lexImplicitParameter() {
    let start = (offset: offset, position: position)
    advance()
    let digitsStart = offset
    while let (ascii, end) = unit(at: offset), let ascii, Self.isDigit(ascii) {
      offset = end
      column &+= 1
    }
    let digits = bytes[digitsStart..<offset]
    let range = SourceRange(start: start.position, end: position)
    if digits.isEmpty {
      diagnostics.append(Diagnostic.ScriptSyntax.expectedImplicitParameterNumber(at: range))
      emit(.invalid, from: start)
    } else if digits.count <= 4 {
      emit(.implicitParameter(digits.reduce(0) { $0 * 10 + Int($1 - 48) }), from: start)
    } else {
      diagnostics.append(
        Diagnostic.ScriptSyntax.implicitParameterOutOfRange(
          String(text[stringIndex(start.offset)..<stringIndex(offset)]), at: range))
      emit(.invalid, from: start)
    }
  }

  /// Digits with optional `_` separators, then optionally `.` and more digits. Right after a `.`
  /// token only the integer part is read, so that `pair.0.1` is two tuple indexes.
  private mutating func lexNumber() {
    let start = (offset: offset, position: position)
    skipDigits()
    let afterDot = lastIsDot && lastDotEnd == start.position
    if !afterDot, isCharacter(UInt8(ascii: "."), at: offset),
      let (digit, _) = unit(at: offset &+ 1), let digit, Self.isDigit(digit)
    {
      advance()
      skipDigits()
      emit(.decimal, from: start)
    } else {
      emit(.integer, from: start)
    }
  }

  private mutating func skipDigits() {
    while let (ascii, end) = unit(at: offset), let ascii, ascii == 95 || Self.isDigit(ascii) {
      offset = end
      column &+= 1
    }
  }

  // MARK: - Strings

  private mutating func lexString() {
    let start = (offset: offset, position: position)
    let firstDiagnostic = diagnostics.count
    advance()  // the opening quote
    let contentStart = position
    var value = ""
    var valueCount = 0
    var escapes: [ScriptStringLiteral.Escape] = []
    var runStart = offset
    var isTerminated = false
    while true {
      // Plain ASCII text, the bulk of a large marble, is read bytewise in one pass.
      let length = plainStringRunLength()
      offset &+= length
      column &+= length
      valueCount &+= length
      guard let (ascii, end) = unit(at: offset) else { break }
      if ascii == UInt8(ascii: "\"") {
        value += text[stringIndex(runStart)..<stringIndex(offset)]
        offset = end
        column &+= 1
        isTerminated = true
        break
      }
      if ascii == UInt8(ascii: "\\") {
        value += text[stringIndex(runStart)..<stringIndex(offset)]
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
        runStart = offset
        continue
      }
      if isNewline(at: offset) { break }
      offset = end
      column &+= 1
      valueCount &+= 1
    }
    if !isTerminated {
      // The rest of the line is lost; don't let open brackets swallow the lines after it too.
      openBrackets.removeAll()
      value += text[stringIndex(runStart)..<stringIndex(offset)]
      // Before the literal's escape problems, to keep source order.
      diagnostics.insert(
        Diagnostic.ScriptSyntax.unterminatedString(
          at: SourceRange(start: start.position, end: contentStart)),
        at: firstDiagnostic)
    }
    emit(.string, from: start)
    tokens[tokens.count - 1].literal = ScriptStringLiteral(
      value: value, range: SourceRange(start: start.position, end: position),
      contentStart: contentStart, escapes: escapes, isTerminated: isTerminated)
  }

  /// Whether the Character at `offset` is a line break (it is one when its first scalar is).
  @inline(__always)
  private func isNewline(at offset: Int) -> Bool {
    guard offset < bytes.count else { return false }
    let byte = bytes[offset]
    if byte < 0x80 { return (0x0A...0x0D).contains(byte) }
    return slowCharacter(at: offset).character.isNewline
  }

  /// The number of bytes from here that are whole ASCII Characters other than line breaks, `"`
  /// and `\` (the plain text of a string literal).
  private func plainStringRunLength() -> Int {
    var end = offset
    while end < bytes.count {
      let byte = bytes[end]
      guard byte < 0x80, !(0x0A...0x0D).contains(byte), byte != UInt8(ascii: "\""),
        byte != UInt8(ascii: "\\"), end &+ 1 == bytes.count || bytes[end &+ 1] < 0x80
      else { break }
      end &+= 1
    }
    return end &- offset
  }

  /// Reads one escape sequence, the backslash being current. Returns the scalar it stands for,
  /// or nil after reporting an invalid one.
  private mutating func lexEscape() -> Unicode.Scalar? {
    let start = (offset: offset, position: position)
    advance()  // the backslash
    guard offset < bytes.count, !isNewline(at: offset) else {
      return nil  // the literal is unterminated, which is reported
    }
    let ascii = unit(at: offset)?.ascii
    advance()
    switch ascii {
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "0"): return "\0"
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "'"): return "'"
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "u"): return lexUnicodeEscape(from: start)
    default:
      let range = SourceRange(start: start.position, end: position)
      diagnostics.append(
        Diagnostic.ScriptSyntax.invalidEscape(
          String(text[stringIndex(start.offset)..<stringIndex(offset)]), at: range))
      return nil
    }
  }

  /// Reads `{hex}` after `\u`.
  private mutating func lexUnicodeEscape(
    from start: (offset: Int, position: SourcePosition)
  ) -> Unicode.Scalar? {
    guard isCharacter(UInt8(ascii: "{"), at: offset) else {
      diagnostics.append(
        Diagnostic.ScriptSyntax.expectedUnicodeEscapeBraces(
          at: SourceRange(start: start.position, end: position)))
      return nil
    }
    advance()
    var code: UInt32 = 0
    var digitCount = 0
    while let (ascii, end) = unit(at: offset), let ascii, let digit = Self.hexValue(ascii) {
      if digitCount < 8 { code = code << 4 | digit }
      digitCount += 1
      offset = end
      column &+= 1
    }
    guard isCharacter(UInt8(ascii: "}"), at: offset), (1...8).contains(digitCount) else {
      // Skip to a closing brace close by, if any, so the rest of the literal lexes cleanly.
      // (Close by: a bounded look keeps a line full of broken escapes linear.)
      var probe = offset
      var probeColumn = column
      while let (ascii, end) = unit(at: probe), probeColumn - column < 16,
        ascii != UInt8(ascii: "}"), ascii != UInt8(ascii: "\""), !isNewline(at: probe)
      {
        probe = end
        probeColumn += 1
      }
      if let (ascii, end) = unit(at: probe), ascii == UInt8(ascii: "}") {
        offset = end
        column = probeColumn + 1
      }
      diagnostics.append(
        Diagnostic.ScriptSyntax.invalidUnicodeEscapeDigits(
          at: SourceRange(start: start.position, end: position)))
      return nil
    }
    advance()
    guard let scalar = Unicode.Scalar(code) else {
      diagnostics.append(
        Diagnostic.ScriptSyntax.invalidUnicodeScalar(
          at: SourceRange(start: start.position, end: position)))
      return nil
    }
    return scalar
  }

  /// The value of an ASCII hexadecimal digit, or nil.
  @inline(__always)
  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case 48...57: UInt32(byte - 48)
    case 65...70: UInt32(byte - 55)
    case 97...102: UInt32(byte - 87)
    default: nil
    }
  }
}
