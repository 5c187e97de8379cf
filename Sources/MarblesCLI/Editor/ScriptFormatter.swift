import Marbles

/// The one canonical layout of a `.marble` script, for `marbles format` and the language
/// server's formatting request.
///
/// - Every line keeps its tokens and its comments; runs of blank lines become one, and the file
///   ends with one newline.
/// - Indentation is two spaces for each line that left brackets, parentheses or braces open; a
///   line that starts by closing one goes back to the indentation of the line that opened it.
/// - Spacing inside a line: one space around binary operators, `=`, `?` and a ternary `:`, after
///   `,` and a label's `:`, inside `{ … }`; none inside `( … )` and `[ … ]`, around `.`, before
///   `,` and `:`, after a prefix `-` or `!`, or before the `(` of a call.
/// - Consecutive one-line `let`s align their `=`; consecutive one-line `expect`s align their
///   `==` (so their marble strings line up frame by frame); consecutive trailing comments
///   align, two spaces after the longest line.
/// - Layout is bounded, so that the formatted text stays within a small factor of the script:
///   a name longer than `maximumAlignedWidth` is not aligned (and ends its run), a line longer
///   than `maximumCommentColumn` does not align its comment with others, indentation stops at
///   `maximumIndent` columns, and a script whose layout would still grow it more than
///   `maximumGrowth` times is given back unchanged.
///
/// Formatting never changes what a script means: the formatted text must lex to the same tokens
/// (line breaks between statements included), or the text is given back unchanged. A script with
/// syntax errors is not formatted.
package enum ScriptFormatter {
  /// The widest text before an aligned `=` or `==`: a longer one is written unaligned (one
  /// 20,000-character name once padded 2,000 `let`s after it to its width: 51 KB became 40 MB).
  static let maximumAlignedWidth = 40
  /// The widest line whose trailing comment aligns with its neighbours'.
  static let maximumCommentColumn = 100
  /// The deepest indentation, in columns (brackets nest up to `ScriptParser.maximumDepth`).
  static let maximumIndent = 40
  /// How many times its script's size (plus 4 KB) the formatted text may be; past it the
  /// script is given back unchanged.
  static let maximumGrowth = 8

  /// The syntax errors that keep a script from being formatted.
  package struct Failure: Error {
    package var diagnostics: [Diagnostic]
  }

  /// The formatted text of `source`, or the syntax errors that keep it from being formatted.
  package static func format(_ source: SourceFile) -> Result<String, Failure> {
    let (script, syntax, tokens) = ScriptParser.parseKeepingTokens(source)
    if syntax.containsError {
      return .failure(Failure(diagnostics: syntax.filter { $0.severity == .error }))
    }
    let formatted = layout(source, script: script, tokens: tokens)
    guard formatted.utf8.count <= maximumGrowth * source.text.utf8.count + 4096 else {
      return .success(source.text)
    }
    let (_, checkSyntax, check) = ScriptParser.parseKeepingTokens(
      SourceFile(name: source.name, text: formatted))
    guard !checkSyntax.containsError, sameTokens(tokens, check) else {
      return .success(source.text)
    }
    return .success(formatted)
  }

  /// Whether two token lists are the same apart from the spacing, the number of line breaks in
  /// one newline token, and line breaks at the very end (the layout ends every file with one).
  /// Two tokens that touch in `a` (the `+` and `=` of `+=`) must touch in `b` too.
  static func sameTokens(_ a: [ScriptToken], _ b: [ScriptToken]) -> Bool {
    let a = withoutTrailingNewlines(a)
    let b = withoutTrailingNewlines(b)
    guard a.count == b.count else { return false }
    for index in a.indices {
      let (x, y) = (a[index], b[index])
      guard x.kind == y.kind else { return false }
      switch x.kind {
      case .newline, .endOfFile: continue
      default: if x.text != y.text { return false }
      }
      if index > 0, touches(a[index - 1], x) != touches(b[index - 1], y) { return false }
    }
    return true
  }

  /// `tokens` without the newline tokens just before the end of the file.
  private static func withoutTrailingNewlines(_ tokens: [ScriptToken]) -> [ScriptToken] {
    var end = tokens.endIndex
    if end > 0, case .endOfFile = tokens[end - 1].kind { end -= 1 }
    var kept = end
    while kept > 0, case .newline = tokens[kept - 1].kind { kept -= 1 }
    return Array(tokens[..<kept]) + Array(tokens[end...])
  }

  /// Whether `second` starts where `first` ends, for the pairs whose meaning depends on it
  /// (`+=`, `-=`, `*=`: an operator right before `=`).
  private static func touches(_ first: ScriptToken, _ second: ScriptToken) -> Bool {
    guard case .operator = first.kind, case .assign = second.kind else { return false }
    return first.range.end == second.range.start
  }

  /// One source line: its tokens and its trailing comment.
  private struct Line {
    var tokens: [ScriptToken] = []
    var comment: String?
    /// The statement that starts on this line and ends on it, for alignment.
    var single: ScriptStatement?
    /// The formatted code (without indentation and comment).
    var code = ""
    var indent = 0
    /// For alignment: the text before the aligned operator, and after it.
    var alignHead: String?
    var alignTail = ""
    var alignKind = 0
  }

  private static func layout(_ source: SourceFile, script: Script, tokens: [ScriptToken]) -> String
  {
    var lines = source.lines.map { _ in Line() }
    for token in tokens {
      switch token.kind {
      case .newline, .endOfFile: continue
      default: break
      }
      let index = token.range.start.line - 1
      if index >= 0 && index < lines.count { lines[index].tokens.append(token) }
    }
    for index in lines.indices {
      let text = source.lines[index]
      var rest = text[...]
      if let last = lines[index].tokens.last {
        // The token's text is a slice of the source: the rest of the line follows it.
        rest = text[last.text.endIndex...]
      }
      if let slashes = rest.range(of: "//") {
        var comment = String(rest[slashes.lowerBound...])
        while comment.last?.isWhitespace == true { comment.removeLast() }
        lines[index].comment = comment
      }
    }
    for statement in script.statements where statement.range.start.line == statement.range.end.line
    {
      let index = statement.range.start.line - 1
      if index >= 0 && index < lines.count { lines[index].single = statement }
    }

    // Indentation and spacing.
    var openers: [Int] = []  // the indentation of the line that opened each bracket
    var questions: [Int] = [0]  // ternaries waiting for their ':' at each depth
    for index in lines.indices {
      let line = lines[index]
      if let first = line.tokens.first,
        [.rightParen, .rightBracket, .rightBrace].contains(first.kind)
      {
        lines[index].indent = openers.last ?? 0
      } else {
        lines[index].indent = min(openers.last.map { $0 + 2 } ?? 0, maximumIndent)
      }
      var code = ""
      var previous: ScriptToken?
      var previousBefore: ScriptToken?
      for (position, token) in line.tokens.enumerated() {
        var isTernaryColon = false
        if case .colon = token.kind, (questions.last ?? 0) > 0 {
          questions[questions.count - 1] -= 1
          isTernaryColon = true
        }
        if let previous {
          if spaced(previous, token, before: previousBefore, ternaryColon: isTernaryColon) {
            code += " "
          }
        }
        if let single = line.single, lines[index].alignHead == nil, position > 0 {
          var alignKind: Int?
          if case .binding = single.kind, case .assign = token.kind, position == 2 {
            alignKind = 1
          } else if isExpect(single), case .operator(.equal) = token.kind,
            questions.count == 1, openers.isEmpty
          {
            alignKind = 2
          }
          if let alignKind {
            lines[index].alignHead = code.hasSuffix(" ") ? String(code.dropLast()) : code
            lines[index].alignKind = alignKind
            code = ""
            previousBefore = previous
            previous = token
            continue
          }
        }
        code += token.text
        switch token.kind {
        case .leftParen, .leftBracket, .leftBrace:
          openers.append(lines[index].indent)
          questions.append(0)
        case .rightParen, .rightBracket, .rightBrace:
          if !openers.isEmpty { openers.removeLast() }
          if questions.count > 1 { questions.removeLast() }
        case .question:
          questions[questions.count - 1] += 1
        default: break
        }
        previousBefore = previous
        previous = token
      }
      if lines[index].alignHead != nil {
        lines[index].alignTail = String(code.drop { $0 == " " })
        lines[index].code = ""
      } else {
        lines[index].code = code
      }
    }

    // Alignment of '=' and '==' in runs of consecutive one-line statements.
    var start = 0
    while start < lines.count {
      let kind = lines[start].alignKind
      guard kind != 0 else {
        start += 1
        continue
      }
      func fits(_ index: Int) -> Bool {
        (lines[index].alignHead?.count ?? 0) <= maximumAlignedWidth
      }
      var end = start
      while fits(end), end + 1 < lines.count, lines[end + 1].alignKind == kind, fits(end + 1) {
        end += 1
      }
      let width = fits(start) ? (start...end).map { lines[$0].alignHead?.count ?? 0 }.max() ?? 0 : 0
      for index in start...end {
        let head = lines[index].alignHead ?? ""
        let pad = String(repeating: " ", count: max(0, width - head.count))
        lines[index].code =
          head + pad + (kind == 1 ? " = " : " == ") + lines[index].alignTail
      }
      start = end + 1
    }

    // Trailing comments, aligned in runs of consecutive lines that have code and a comment.
    var texts = lines.map { String(repeating: " ", count: $0.indent) + $0.code }
    func aligns(_ index: Int) -> Bool {
      lines[index].comment != nil && !lines[index].tokens.isEmpty
        && texts[index].count <= maximumCommentColumn
    }
    var index = 0
    while index < lines.count {
      guard aligns(index) else {
        if let comment = lines[index].comment, !lines[index].tokens.isEmpty {
          texts[index] += "  " + comment
          index += 1
          continue
        }
        if let comment = lines[index].comment {
          texts[index] = String(repeating: " ", count: lines[index].indent) + comment
        }
        index += 1
        continue
      }
      var end = index
      while end + 1 < lines.count, aligns(end + 1) { end += 1 }
      let width = (index...end).map { texts[$0].count }.max() ?? 0
      for line in index...end {
        texts[line] +=
          String(repeating: " ", count: width - texts[line].count + 2) + (lines[line].comment ?? "")
      }
      index = end + 1
    }

    // Blank lines: none at the start or the end, at most one in a row.
    var output: [String] = []
    for text in texts {
      if text.isEmpty && (output.isEmpty || output.last?.isEmpty == true) { continue }
      output.append(text)
    }
    while output.last?.isEmpty == true { output.removeLast() }
    return output.isEmpty ? "" : output.joined(separator: "\n") + "\n"
  }

  private static func isExpect(_ statement: ScriptStatement) -> Bool {
    switch statement.kind {
    case .expect, .expectSubscriptions: true
    default: false
    }
  }

  /// Whether a token ends an operand, so that a `-` or `!` after it is infix.
  private static func endsOperand(_ token: ScriptToken?) -> Bool {
    guard let token else { return false }
    switch token.kind {
    case .identifier, .implicitParameter, .integer, .decimal, .string, .rightParen,
      .rightBracket, .rightBrace:
      return true
    case .keyword(let keyword): return keyword == .true || keyword == .false || keyword == .nil
    default: return false
    }
  }

  /// Whether one space goes between `previous` and `next` (on the same line); `before` is the
  /// token before `previous`.
  private static func spaced(
    _ previous: ScriptToken, _ next: ScriptToken, before: ScriptToken?, ternaryColon: Bool
  ) -> Bool {
    // `+=`, `-=`, `*=`: the operator and its `=` are one token to the parser.
    if case .operator = previous.kind, case .assign = next.kind,
      previous.range.end == next.range.start
    {
      return false
    }
    // `..<` is one operator to the parser (`2..<n`): nothing after its `<` either.
    if case .operator(.less) = previous.kind, case .dot? = before?.kind,
      before?.range.end == previous.range.start
    {
      return false
    }
    // A prefix operator sticks to its operand.
    if case .operator(let op) = previous.kind, op == .minus || op == .bang, !endsOperand(before) {
      return false
    }
    switch next.kind {
    case .comma, .rightParen, .rightBracket, .dot: return false
    case .colon: return ternaryColon
    case .rightBrace:
      if case .leftBrace = previous.kind { return false }
      return true
    case .leftParen, .leftBracket:
      switch previous.kind {
      case .identifier, .implicitParameter, .rightParen, .rightBracket, .leftParen,
        .leftBracket, .dot:
        return false
      default: return true
      }
    case .leftBrace:
      switch previous.kind {
      case .leftParen, .leftBracket, .dot: return false
      default: return true
      }
    default: break
    }
    switch previous.kind {
    case .leftParen, .leftBracket, .dot: return false
    default: return true
    }
  }
}
