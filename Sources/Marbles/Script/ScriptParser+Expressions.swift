// Expressions, by recursive descent with precedence climbing for infix operators.
//
// The functions on the recursive path (parseExpression → parseBinary → parseUnary →
// parsePostfix → parsePrimary → parseParenthesized/parseArray/parseCall/parseClosure → …) are
// kept small, with their error paths in closures and their leaf work in other functions, so that
// each nesting level costs little stack even in a debug build.
extension ScriptParser {
  /// Whether a token of this kind can begin an expression.
  func canStartExpression(_ kind: ScriptToken.Kind) -> Bool {
    switch kind {
    case .identifier, .implicitParameter, .integer, .decimal, .string, .leftParen,
      .leftBracket, .leftBrace, .keyword(.true), .keyword(.false), .keyword(.nil),
      .operator(.bang), .operator(.minus):
      true
    default:
      false
    }
  }

  /// An expression node from token `start` through the last consumed token; an error if the
  /// tree grows taller than `maximumDepth`.
  mutating func node(_ kind: ScriptExpression.Kind, from start: Int) throws(Abort)
    -> ScriptExpression
  {
    let (range, text) = span(from: start)
    let expression = ScriptExpression(kind, range: range, text: text)
    guard expression.height <= Self.maximumDepth else {
      throw fail { Diagnostic.ScriptSyntax.nestedTooDeeply(at: $0) }
    }
    return expression
  }

  /// Counts one more level of nesting, failing past `maximumDepth`. Pair with `leave()`.
  mutating func enter() throws(Abort) {
    depth += 1
    guard depth <= Self.maximumDepth else {
      throw fail { Diagnostic.ScriptSyntax.nestedTooDeeply(at: $0) }
    }
  }

  /// Undoes `enter()`.
  mutating func leave() { depth -= 1 }

  /// A whole expression (ternary level). `context` completes "expected expression …" when
  /// there is none, as in "after '='".
  mutating func parseExpression(_ context: String) throws(Abort) -> ScriptExpression {
    guard canStartExpression(kind) else {
      throw fail { Diagnostic.ScriptSyntax.expectedExpression(context, at: $0) }
    }
    try enter()
    defer { leave() }
    let start = position
    let condition = try parseBinary(minimum: .disjunction)
    guard kind == .question else { return condition }
    return try parseTernary(condition, from: start)
  }

  /// `? whenTrue : whenFalse` after `condition` (right-associative).
  private mutating func parseTernary(_ condition: ScriptExpression, from start: Int)
    throws(Abort) -> ScriptExpression
  {
    advance()  // ?
    let whenTrue = try parseExpression("after '?'")
    guard kind == .colon else {
      throw fail { Diagnostic.ScriptSyntax.expectedTernaryColon(at: $0) }
    }
    advance()
    let whenFalse = try parseExpression("after ':'")
    return try node(
      .ternary(condition: condition, whenTrue: whenTrue, whenFalse: whenFalse), from: start)
  }

  /// Infix operators of at least `minimum` precedence, by precedence climbing. Left-associative
  /// chains are built in a loop; comparisons do not chain.
  mutating func parseBinary(minimum: ScriptOperator.Precedence) throws(Abort)
    -> ScriptExpression
  {
    let start = position
    var lhs = try parseUnary()
    var previousComparison: ScriptOperator?
    while case .operator(let op) = kind, let precedence = op.precedence, precedence >= minimum {
      try checkOperand(of: op, after: previousComparison)
      let rhs: ScriptExpression
      if op == .power {
        // Right-associative, as in JavaScript: `2 ** 3 ** 2` is `2 ** 9`.
        rhs = try parseBinary(minimum: .exponent)
      } else if let higher = ScriptOperator.Precedence(rawValue: precedence.rawValue + 1) {
        rhs = try parseBinary(minimum: higher)
      } else {
        rhs = try parseUnary()
      }
      lhs = try node(.binary(op, lhs, rhs), from: start)
      previousComparison = precedence == .comparison ? op : nil
    }
    return lhs
  }

  /// Consumes the operator `op` and checks what follows it: not a chained comparison, and the
  /// start of an operand.
  private mutating func checkOperand(
    of op: ScriptOperator, after previousComparison: ScriptOperator?
  ) throws(Abort) {
    let operatorRange = token.range
    if op.precedence == .comparison, let previous = previousComparison {
      throw fail { _ in
        Diagnostic.ScriptSyntax.nonAssociative(previous.rawValue, op.rawValue, at: operatorRange)
      }
    }
    advance()
    guard canStartExpression(kind) else {
      throw fail { Diagnostic.ScriptSyntax.expectedExpression("after '\(op.rawValue)'", at: $0) }
    }
  }

  /// `!x`, `-x`, or a postfix expression.
  private mutating func parseUnary() throws(Abort) -> ScriptExpression {
    kind == .operator(.bang) || kind == .operator(.minus) ? try parsePrefix() : try parsePostfix()
  }

  /// `!x` or `-x`.
  private mutating func parsePrefix() throws(Abort) -> ScriptExpression {
    let start = position
    let op: ScriptOperator = kind == .operator(.bang) ? .bang : .minus
    advance()
    guard canStartExpression(kind) else {
      throw fail { Diagnostic.ScriptSyntax.expectedExpression("after '\(op.rawValue)'", at: $0) }
    }
    try enter()
    defer { leave() }
    let operand = try parseUnary()
    return try node(.unary(op, operand), from: start)
  }

  /// A primary expression followed by any number of `.name`, `.0`, `(arguments)` and trailing
  /// closures.
  private mutating func parsePostfix() throws(Abort) -> ScriptExpression {
    let start = position
    var expression = try parsePrimary()
    while true {
      switch kind {
      case .dot where kind(at: 1) != .dot:
        expression = try parseMember(of: expression, from: start)
      case .leftParen:
        expression = try parseCall(of: expression, from: start)
      case .leftBrace where takesTrailingClosure(expression):
        expression = try parseTrailingClosureCall(of: expression, from: start)
      default:
        return expression
      }
    }
  }

  /// Whether `{` after `expression` is a trailing closure: after a name or a member.
  private func takesTrailingClosure(_ expression: ScriptExpression) -> Bool {
    // As in Swift, `{` after the condition of `if` or `for` opens its block.
    if isInCondition { return false }
    switch expression.kind {
    case .identifier, .member: return true
    default: return false
    }
  }

  /// `.name` or `.0` after `base`.
  private mutating func parseMember(of base: ScriptExpression, from start: Int) throws(Abort)
    -> ScriptExpression
  {
    advance()  // .
    let member = token
    switch kind {
    case .identifier, .keyword:
      advance()
      let name = ScriptIdentifier(name: String(member.text), range: member.range)
      return try node(.member(base: base, name: name), from: start)
    case .integer:
      advance()
      guard let index = Self.integerValue(member.text) else {
        throw fail { _ in Diagnostic.ScriptSyntax.integerOverflow(member.text, at: member.range) }
      }
      return try node(.tupleElement(base: base, index: index), from: start)
    default:
      throw fail { Diagnostic.ScriptSyntax.expectedMemberName(at: $0) }
    }
  }

  /// `{ closure }` right after `callee`: a call with no parentheses.
  private mutating func parseTrailingClosureCall(of callee: ScriptExpression, from start: Int)
    throws(Abort) -> ScriptExpression
  {
    let closure = try parseClosure()
    return try node(.call(callee: callee, arguments: [], trailingClosure: closure), from: start)
  }

  /// `(arguments)` after `callee`, and a trailing closure if one follows.
  private mutating func parseCall(of callee: ScriptExpression, from start: Int) throws(Abort)
    -> ScriptExpression
  {
    let arguments = try parseArguments()
    let closure = kind == .leftBrace && !isInCondition ? try parseClosure() : nil
    return try node(
      .call(callee: callee, arguments: arguments, trailingClosure: closure), from: start)
  }

  private mutating func parsePrimary() throws(Abort) -> ScriptExpression {
    switch kind {
    case .leftParen: return try parseParenthesized()
    case .leftBracket: return try parseArray()
    case .leftBrace: return try parseClosureExpression()
    default: return try parseLeaf()
    }
  }

  /// A closure literal as an expression.
  private mutating func parseClosureExpression() throws(Abort) -> ScriptExpression {
    let start = position
    let closure = try parseClosure()
    return try node(.closure(closure), from: start)
  }

  /// The value of an integer literal's digits, `_` separators skipped (as `Int` reads the
  /// digits without them); nil when it overflows `Int` or has no digit.
  static func integerValue(_ literal: Substring) -> Int? {
    var value = 0
    var sawDigit = false
    for byte in literal.utf8 where byte != UInt8(ascii: "_") {
      guard (48...57).contains(byte) else { return nil }
      let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, carry) = times10.addingReportingOverflow(Int(byte &- 48))
      guard !overflow, !carry else { return nil }
      value = sum
      sawDigit = true
    }
    return sawDigit ? value : nil
  }

  /// A literal, a name or `$N`.
  private mutating func parseLeaf() throws(Abort) -> ScriptExpression {
    let start = position
    let token = token
    let leaf: ScriptExpression.Kind
    switch token.kind {
    case .integer:
      guard let value = Self.integerValue(token.text) else {
        throw fail { _ in Diagnostic.ScriptSyntax.integerOverflow(token.text, at: token.range) }
      }
      leaf = .integer(value)
    case .decimal:
      leaf = .decimal(Double(token.text.filter { $0 != "_" }) ?? .nan)
    case .string:
      guard let literal = token.literal else { throw Abort() }
      leaf = .string(literal)
    case .keyword(.true): leaf = .boolean(true)
    case .keyword(.false): leaf = .boolean(false)
    case .keyword(.nil): leaf = .nil
    case .identifier: leaf = .identifier(String(token.text))
    case .implicitParameter(let number):
      guard let scope = closures.last else {
        throw fail { _ in
          Diagnostic.ScriptSyntax.implicitParameterOutsideClosure(at: token.range)
        }
      }
      guard !scope.isExplicit else {
        throw fail { _ in Diagnostic.ScriptSyntax.implicitParameterWithExplicit(at: token.range) }
      }
      closures[closures.count - 1].implicitCount = max(scope.implicitCount, number + 1)
      leaf = .implicitParameter(number)
    default:
      throw fail { Diagnostic.ScriptSyntax.expectedExpression("here", at: $0) }
    }
    advance()
    return try node(leaf, from: start)
  }

  /// `(a)` or `(a, b, …)`.
  private mutating func parseParenthesized() throws(Abort) -> ScriptExpression {
    let start = position
    let opener = take()
    let outerCondition = isInCondition
    isInCondition = false
    defer { isInCondition = outerCondition }
    var elements = [try parseElement("in parentheses", closing: .rightParen, opener: opener)]
    while kind == .comma {
      advance()
      elements.append(try parseElement("in tuple", closing: .rightParen, opener: opener))
    }
    let list = elements.count == 1 ? "parentheses" : "tuple"
    try expectCloser(.rightParen, opener: opener, list: list)
    return try node(
      elements.count == 1 ? .parenthesized(elements[0]) : .tuple(elements), from: start)
  }

  /// `[a, b, …]` or `["k": v, …]` / `[:]`, a trailing comma allowed.
  private mutating func parseArray() throws(Abort) -> ScriptExpression {
    let start = position
    let opener = take()
    if kind == .colon, kind(at: 1) == .rightBracket {
      advance()
      advance()
      return try node(.dictionary([]), from: start)
    }
    var elements: [ScriptExpression] = []
    var entries: [ScriptDictionaryEntry] = []
    while kind != .rightBracket, !atStatementEnd {
      let element = try parseExpression(
        entries.isEmpty ? "in array literal" : "in dictionary literal")
      if elements.isEmpty, kind == .colon || !entries.isEmpty {
        guard kind == .colon else {
          throw fail { Diagnostic.ScriptSyntax.expectedDictionaryColon(at: $0) }
        }
        advance()
        entries.append(
          ScriptDictionaryEntry(key: element, value: try parseExpression("in dictionary literal")))
      } else {
        elements.append(element)
      }
      guard kind == .comma else { break }
      advance()
    }
    if !entries.isEmpty {
      try expectCloser(.rightBracket, opener: opener, list: "dictionary literal")
      return try node(.dictionary(entries), from: start)
    }
    try expectCloser(.rightBracket, opener: opener, list: "array literal")
    return try node(.array(elements), from: start)
  }

  /// `(label: value, value, …)`, a trailing comma allowed.
  private mutating func parseArguments() throws(Abort) -> [ScriptArgument] {
    let opener = take()
    // Inside the parentheses of a call in a condition, `{` is a closure again.
    let outerCondition = isInCondition
    isInCondition = false
    defer { isInCondition = outerCondition }
    var arguments: [ScriptArgument] = []
    while kind != .rightParen, !atStatementEnd {
      let start = position
      let label = parseLabel()
      let value = try parseExpression(label.map { "after '\($0.name):'" } ?? "in argument list")
      arguments.append(ScriptArgument(label: label, value: value, range: span(from: start).range))
      guard kind == .comma else { break }
      advance()
    }
    try expectCloser(.rightParen, opener: opener, list: "argument list")
    return arguments
  }

  /// An expression inside brackets; when the statement ends instead, the brackets are unclosed.
  private mutating func parseElement(
    _ context: String, closing closer: ScriptToken.Kind, opener: ScriptToken
  ) throws(Abort) -> ScriptExpression {
    if atStatementEnd { try expectCloser(closer, opener: opener, list: context) }
    return try parseExpression(context)
  }

  /// Consumes the closer of `opener`, or reports what is wrong: a list that runs into the end
  /// of the statement (or another closer) is unclosed; anything else is a missing separator.
  mutating func expectCloser(_ closer: ScriptToken.Kind, opener: ScriptToken, list: String)
    throws(Abort)
  {
    if kind == closer {
      advance()
      return
    }
    let closerText = closer == .rightParen ? ")" : closer == .rightBracket ? "]" : "}"
    switch kind {
    case _ where closer == .rightBrace, .newline, .endOfFile, .rightParen, .rightBracket,
      .rightBrace:
      throw fail {
        Diagnostic.ScriptSyntax.expectedClosing(
          closerText, opener: String(opener.text), at: $0, openedAt: opener.range)
      }
    case .assign where kind(at: 1) == .operator(.greater):
      // A JavaScript arrow function, `map(x => x * 2)`.
      throw fail { Diagnostic.ScriptSyntax.javaScriptArrow(at: $0) }
    default:
      throw fail { Diagnostic.ScriptSyntax.expectedSeparator(closerText, in: list, at: $0) }
    }
  }

  /// `{ params in body }` or `{ body }`.
  private mutating func parseClosure() throws(Abort) -> ScriptClosure {
    let start = position
    let opener = take()
    let parameters = parseClosureParameters()
    closures.append(ClosureScope(isExplicit: parameters != nil))
    let outerCondition = isInCondition
    isInCondition = false
    var block: [ScriptBlockStatement]?
    var body: ScriptExpression?
    if startsBlockStatement {
      block = try parseBlockStatements(opener: opener)
    } else {
      let expression = try parseElement("in closure body", closing: .rightBrace, opener: opener)
      if kind != .rightBrace, startsBlockStatement {
        let first = ScriptBlockStatement(kind: .expression(expression), range: expression.range)
        block = [first] + (try parseBlockStatements(opener: opener))
      } else {
        body = expression
      }
    }
    try expectCloser(.rightBrace, opener: opener, list: "closure")
    isInCondition = outerCondition
    let scope = closures.removeLast()
    let (range, text) = span(from: start)
    return ScriptClosure(
      parameters: parameters.map { .explicit($0) } ?? .implicit(count: scope.implicitCount),
      body: body ?? ScriptExpression(.nil, range: range, text: text), block: block, range: range)
  }

  /// `a, b in` or `(a, b) in` at the current token, consumed if present.
  private mutating func parseClosureParameters() -> [ScriptIdentifier]? {
    var offset = 0
    let parenthesized = kind == .leftParen
    if parenthesized { offset += 1 }
    var names: [ScriptIdentifier] = []
    while kind(at: offset) == .identifier {
      let name = tokens[min(position + offset, tokens.count - 1)]
      names.append(ScriptIdentifier(name: String(name.text), range: name.range))
      offset += 1
      guard kind(at: offset) == .comma else { break }
      offset += 1
    }
    guard !names.isEmpty else { return nil }
    if parenthesized {
      guard kind(at: offset) == .rightParen else { return nil }
      offset += 1
    }
    guard kind(at: offset) == .keyword(.in) else { return nil }
    for _ in 0...offset { advance() }
    return names
  }
}
