/// Splits a `.marble` script into tokens.
///
/// - Comments run from `//` to the end of the line (`#` is not a comment).
/// - A line break is a `.newline` token only outside brackets, parentheses and braces, so a
///   statement can continue onto following lines inside them. Runs of line breaks give one token.
///   To keep an unclosed bracket from swallowing the rest of the file, a line whose first token is
///   `let`, `show`, `expect` or `title` always starts a new statement.
/// - Problems (invalid characters, unterminated strings, bad escapes) are reported and lexing
///   goes on; an invalid character becomes an `.invalid` token that the parser skips over
///   without reporting it again. An unterminated string also closes the open brackets, so the
///   next line starts a new statement.
/// - Lines and columns are 1-based; columns count Characters; a line ends at any Character that
///   `isNewline` (as `SourceFile` splits lines).
///
/// - Complexity: O(n) in the length of the source.
struct ScriptLexer {
  private let text: String
  private var index: String.Index
  private var line = 1
  private var column = 1
  private var tokens: [ScriptToken] = []
  private var diagnostics: [Diagnostic] = []
  /// The brackets, parentheses and braces open at this point, innermost last.
  private var openBrackets: [Character] = [] {
    didSet { if openBrackets.isEmpty { openCounts = [:] } }
  }
  /// How many of each opener `openBrackets` holds, so that a closer with no opener is O(1).
  private var openCounts: [Character: Int] = [:]
  /// The first line break seen inside brackets since the last token.
  private var pendingNewline: ScriptToken?

  /// Splits `source` into tokens; the last token is always `.endOfFile`.
  ///
  /// - Returns: The tokens and the problems found, in source order.
  static func tokenize(_ source: SourceFile) -> (tokens: [ScriptToken], diagnostics: [Diagnostic]) {
    var lexer = ScriptLexer(text: source.text)
    lexer.run()
    return (lexer.tokens, lexer.diagnostics)
  }

  private init(text: String) {
    self.text = text
    self.index = text.startIndex
  }

  private var position: SourcePosition { SourcePosition(line: line, column: column) }

  private var current: Character? { index < text.endIndex ? text[index] : nil }

  private var next: Character? {
    guard index < text.endIndex else { return nil }
    let after = text.index(after: index)
    return after < text.endIndex ? text[after] : nil
  }

  /// Moves past one Character that is not a line break.
  private mutating func advance() {
    index = text.index(after: index)
    column += 1
  }

  private mutating func run() {
    if current == "\u{FEFF}" { index = text.index(after: index) }  // a byte order mark
    while let character = current {
      let start = (index: index, position: position)
      if character.isNewline {
        lexNewline()
      } else if character.isSpace {
        advance()
      } else if character == "/", next == "/" {
        while let c = current, !c.isNewline { advance() }
      } else if character == "\"" {
        lexString()
      } else if let digit = character.asciiValue, (48...57).contains(digit) {
        lexNumber()
      } else if character == "_" || character.isLetterFast {
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
      if case .keyword(let keyword) = kind, keyword.startsStatement {
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
      text: text[index..<text.index(after: index)], literal: nil)
    index = text.index(after: index)
    line += 1
    column = 1
    if openBrackets.isEmpty {
      append(token)
    } else if pendingNewline == nil {
      pendingNewline = token
    }
  }

  private mutating func updateBrackets(for character: Character) {
    let opener: Character
    switch character {
    case "(", "[", "{":
      openBrackets.append(character)
      openCounts[character, default: 0] += 1
      return
    case ")": opener = "("
    case "]": opener = "["
    case "}": opener = "{"
    default: return
    }
    // Close the innermost matching opener (and anything left open inside it); a closer with no
    // opener at all is left for the parser to report.
    guard openCounts[opener, default: 0] > 0 else { return }
    // Count down before popping: emptying `openBrackets` resets `openCounts` (its `didSet`),
    // and a decrement after that would leave a count of -1 behind, so that the next pair of
    // parentheses never closed and the next line break was swallowed.
    while let last = openBrackets.last {
      openCounts[last, default: 0] -= 1
      openBrackets.removeLast()
      if last == opener { break }
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
    case "*": return single(.operator(.star))
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
      while probe < text.endIndex, text[probe] != "'", !text[probe].isNewline {
        probe = text.index(after: probe)
        length += 1
      }
      if probe < text.endIndex, text[probe] == "'" {
        for _ in 0...length { advance() }
      }
    }
    while let character = current, !character.isSpace, startsNoToken(character) {
      advance()
    }
    let range = SourceRange(start: start.position, end: position)
    diagnostics.append(Diagnostic.ScriptSyntax.invalidCharacter(first, at: range))
    emit(.invalid, from: start)
  }

  private func startsNoToken(_ character: Character) -> Bool {
    if character == "_" || character == "\"" || character == "$" || character.isLetterFast {
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
    while let character = current,
      character == "_" || character.isLetterFast || character.isNumberFast
    {
      advance()
    }
    if let keyword = ScriptKeyword(rawValue: String(text[start.index..<index])) {
      emit(.keyword(keyword), from: start)
    } else {
      emit(.identifier, from: start)
    }
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
    while let character = current {
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
      while probe < text.endIndex, probeColumn - column < 16, text[probe] != "}",
        text[probe] != "\"", !text[probe].isNewline
      {
        probe = text.index(after: probe)
        probeColumn += 1
      }
      if probe < text.endIndex, text[probe] == "}" {
        index = text.index(after: probe)
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

/// The lexer's character classes, with a fast path for ASCII: `Character`'s Unicode property
/// lookups were a fifth of the time a 100,000-line script took to lex.
extension Character {
  /// `isWhitespace`: for ASCII, tab, line feed, vertical tab, form feed, carriage return, space.
  fileprivate var isSpace: Bool {
    if let ascii = asciiValue { return ascii == 32 || (9...13).contains(ascii) }
    return isWhitespace
  }

  /// `isLetter`: for ASCII, `A`–`Z` and `a`–`z`.
  fileprivate var isLetterFast: Bool {
    if let ascii = asciiValue { return (65...90).contains(ascii) || (97...122).contains(ascii) }
    return isLetter
  }

  /// `isNumber`: for ASCII, `0`–`9`.
  fileprivate var isNumberFast: Bool {
    if let ascii = asciiValue { return (48...57).contains(ascii) }
    return isNumber
  }
}
