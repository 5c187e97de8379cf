// Closure bodies written as blocks of statements: `let`, `var`, assignment, `if`/`else`,
// `for … in`, `return` and `throw`, as in Swift. Inside braces line breaks are not tokens, so a
// statement ends where its expression ends.
extension ScriptParser {
  /// The words that start a statement of a block besides `let`. They are names everywhere else
  /// (a block's `if` is Swift's; `first(default: 0)` keeps its label).
  static let blockWords: Set<Substring> = [
    "var", "if", "for", "return", "throw", "break", "continue", "switch",
  ]

  /// Whether the current token starts a block statement that is not an expression: `let`,
  /// `var`, `if`, `for`, `return`, `throw`, or an assignment `name = …` / `name += …`.
  var startsBlockStatement: Bool {
    switch kind {
    case .keyword(.let): return true
    case .identifier:
      if Self.blockWords.contains(token.text) { return true }
      return kind(at: 1) == .assign || compoundAssignment(at: 1) != nil
    default: return false
    }
  }

  /// The operator of `+=`, `-=` or `*=` starting `offset` tokens ahead (the two tokens touch).
  private func compoundAssignment(at offset: Int) -> ScriptOperator? {
    guard case .operator(let op) = kind(at: offset), [.plus, .minus, .star].contains(op),
      kind(at: offset + 1) == .assign, position + offset + 1 < tokens.count,
      tokens[position + offset].range.end == tokens[position + offset + 1].range.start
    else { return nil }
    return op
  }

  /// The statements of a block up to its `}` (not consumed).
  mutating func parseBlockStatements(opener: ScriptToken, inSwitch: Bool = false) throws(Abort)
    -> [ScriptBlockStatement]
  {
    try enter()
    defer { leave() }
    var statements: [ScriptBlockStatement] = []
    while kind != .rightBrace, !(inSwitch && startsCase) {
      if atStatementEnd || !(canStartExpression(kind) || startsBlockStatement) {
        try expectCloser(.rightBrace, opener: opener, list: "closure")
      }
      statements.append(try parseBlockStatement())
    }
    return statements
  }

  private mutating func parseBlockStatement() throws(Abort) -> ScriptBlockStatement {
    let start = position
    let statement: ScriptBlockStatement.Kind
    switch (kind, token.text) {
    case (.keyword(.let), _): statement = try parseBlockBinding(isVariable: false)
    case (.identifier, "var"): statement = try parseBlockBinding(isVariable: true)
    case (.identifier, "if"): statement = try parseConditional()
    case (.identifier, "for"): statement = try parseLoop()
    case (.identifier, "switch"): statement = try parseSwitch()
    case (.identifier, "return"):
      advance()
      let returnsValue =
        kind != .rightBrace && canStartExpression(kind) && !startsBlockStatement && !startsCase
      statement = .return(returnsValue ? try parseExpression("after 'return'") : nil)
    case (.identifier, "break"):
      advance()
      statement = .break
    case (.identifier, "continue"):
      advance()
      statement = .continue
    case (.identifier, "throw"):
      advance()
      statement = .throw(try parseExpression("after 'throw'"))
    case (.identifier, _) where kind(at: 1) == .assign || compoundAssignment(at: 1) != nil:
      let name = take()
      let op = compoundAssignment(at: 0)
      if op != nil { advance() }
      advance()  // =
      let value = try parseExpression("after '='")
      statement = .assignment(
        name: ScriptIdentifier(name: String(name.text), range: name.range), op: op, value: value)
    default:
      statement = .expression(try parseExpression("in closure body"))
    }
    return ScriptBlockStatement(kind: statement, range: span(from: start).range)
  }

  /// `let name = value` or `var name = value`.
  private mutating func parseBlockBinding(isVariable: Bool) throws(Abort)
    -> ScriptBlockStatement.Kind
  {
    let keyword = isVariable ? "var" : "let"
    advance()
    let nameToken = token
    switch kind {
    case .identifier where !Self.blockWords.contains(nameToken.text): break
    case .keyword(let keyword):
      throw fail { _ in Diagnostic.ScriptSyntax.keywordAsName(keyword, at: nameToken.range) }
    default:
      throw fail { Diagnostic.ScriptSyntax.expectedName(after: keyword, at: $0) }
    }
    advance()
    let name = ScriptIdentifier(name: String(nameToken.text), range: nameToken.range)
    guard kind == .assign else {
      throw fail { Diagnostic.ScriptSyntax.expectedAssign(keyword, name: name.name, at: $0) }
    }
    advance()
    let value = try parseExpression("after '='")
    return .binding(name: name, value: value, isVariable: isVariable)
  }

  /// `if condition { … }`, with `else { … }` or `else if …`.
  private mutating func parseConditional() throws(Abort) -> ScriptBlockStatement.Kind {
    advance()  // if
    let outer = isInCondition
    isInCondition = true
    let condition = try parseExpression("after 'if'")
    isInCondition = outer
    let then = try parseBraced(after: "the 'if' condition")
    guard kind == .identifier, token.text == "else" else {
      return .conditional(condition: condition, then: then, otherwise: nil)
    }
    advance()
    if kind == .identifier, token.text == "if" {
      let start = position
      try enter()
      defer { leave() }
      let nested = try parseConditional()
      let statement = ScriptBlockStatement(kind: nested, range: span(from: start).range)
      return .conditional(condition: condition, then: then, otherwise: [statement])
    }
    return .conditional(
      condition: condition, then: then, otherwise: try parseBraced(after: "'else'"))
  }

  /// `for name in lower..<upper { … }`, `for name in lower...upper { … }` or
  /// `for name in array { … }`.
  private mutating func parseLoop() throws(Abort) -> ScriptBlockStatement.Kind {
    advance()  // for
    guard kind == .identifier, !Self.blockWords.contains(token.text) else {
      throw fail { Diagnostic.ScriptSyntax.expectedLoopName(at: $0) }
    }
    let nameToken = take()
    let name =
      nameToken.text == "_"
      ? nil : ScriptIdentifier(name: String(nameToken.text), range: nameToken.range)
    guard kind == .keyword(.in) else {
      throw fail { Diagnostic.ScriptSyntax.expectedLoopIn(at: $0) }
    }
    advance()
    let outer = isInCondition
    isInCondition = true
    let (lower, upper, isClosed) = try parseRangeOrValue(after: "after 'in'")
    isInCondition = outer
    let body = try parseBraced(after: "the 'for' sequence")
    return .loop(name: name, lower: lower, upper: upper, isClosed: isClosed, body: body)
  }

  /// Whether the current token starts a `case` or the `default` of a `switch`.
  private var startsCase: Bool {
    kind == .identifier
      && (token.text == "case" || (token.text == "default" && kind(at: 1) == .colon))
  }

  /// `switch subject { case a, b..<c: … default: … }`.
  private mutating func parseSwitch() throws(Abort) -> ScriptBlockStatement.Kind {
    advance()  // switch
    let outer = isInCondition
    isInCondition = true
    let subject = try parseExpression("after 'switch'")
    isInCondition = outer
    guard kind == .leftBrace else {
      throw fail { Diagnostic.ScriptSyntax.expectedBlock(after: "the 'switch' subject", at: $0) }
    }
    let opener = take()
    var cases: [ScriptSwitchCase] = []
    var otherwise: [ScriptBlockStatement]?
    while kind != .rightBrace {
      guard startsCase, otherwise == nil else {
        if atStatementEnd { try expectCloser(.rightBrace, opener: opener, list: "switch") }
        throw fail { Diagnostic.ScriptSyntax.expectedCase(at: $0) }
      }
      if token.text == "default" {
        advance()
        advance()  // :
        otherwise = try parseBlockStatements(opener: opener, inSwitch: true)
        continue
      }
      advance()  // case
      var patterns: [ScriptSwitchCase.Pattern] = []
      while true {
        let (value, upper, isClosed) = try parseRangeOrValue(after: "after 'case'")
        patterns.append(ScriptSwitchCase.Pattern(value: value, upper: upper, isClosed: isClosed))
        guard kind == .comma else { break }
        advance()
      }
      guard kind == .colon else {
        throw fail { Diagnostic.ScriptSyntax.expectedCaseColon(at: $0) }
      }
      advance()
      cases.append(
        ScriptSwitchCase(
          patterns: patterns, body: try parseBlockStatements(opener: opener, inSwitch: true)))
    }
    try expectCloser(.rightBrace, opener: opener, list: "switch")
    return .switch(subject: subject, cases: cases, otherwise: otherwise)
  }

  /// A value, or a range `a..<b` / `a...b`, at additive precedence (`case 1..<5:`, the
  /// sequence of a `for`).
  private mutating func parseRangeOrValue(after context: String) throws(Abort)
    -> (ScriptExpression, ScriptExpression?, Bool)
  {
    guard canStartExpression(kind) else {
      throw fail { Diagnostic.ScriptSyntax.expectedExpression(context, at: $0) }
    }
    try enter()
    let lower = try parseBinary(minimum: .additive)
    leave()
    guard kind == .dot, kind(at: 1) == .dot else { return (lower, nil, false) }
    advance()
    advance()
    var isClosed = false
    if kind == .operator(.less) {
      advance()
    } else if kind == .dot {
      advance()
      isClosed = true
    } else {
      throw fail { Diagnostic.ScriptSyntax.expectedRangeOperator(at: $0) }
    }
    let spelled = isClosed ? "..." : "..<"
    guard canStartExpression(kind) else {
      throw fail { Diagnostic.ScriptSyntax.expectedExpression("after '\(spelled)'", at: $0) }
    }
    try enter()
    let upper = try parseBinary(minimum: .additive)
    leave()
    return (lower, upper, isClosed)
  }

  /// `{ statements }` after `context` (`the 'if' condition`, `'else'`).
  private mutating func parseBraced(after context: String) throws(Abort)
    -> [ScriptBlockStatement]
  {
    guard kind == .leftBrace else {
      throw fail { Diagnostic.ScriptSyntax.expectedBlock(after: context, at: $0) }
    }
    let opener = take()
    let statements = try parseBlockStatements(opener: opener)
    try expectCloser(.rightBrace, opener: opener, list: "block")
    return statements
  }
}
