/// Parses a `.marble` script into a `Script`, reporting every syntax error.
///
///     let (script, diagnostics) = ScriptParser.parse(SourceFile(name: "flow.marble", text: text))
///
/// A statement with a syntax error is reported once, left out of the script, and skipped up to
/// the next statement boundary (a line break outside brackets); parsing goes on from there, so
/// one run reports the first error of every statement. Lexer problems are reported too, and a
/// statement whose error is an echo of one (an invalid character, an unterminated string) adds
/// no second error of its own.
///
/// At most `maximumErrors` errors are reported. The parser never crashes or hangs: nesting (parentheses, brackets, closures, prefix
/// operators) deeper than `maximumDepth`, or an expression tree taller than that (long operator
/// or method chains), is an error; the work is linear in the length of the source.
///
/// Statements are here, expressions in `ScriptParser+Expressions.swift`.
package struct ScriptParser {
  /// The deepest nesting an expression may have, which is also the greatest height of an
  /// expression tree. Far beyond hand-written scripts, and shallow enough that the parser (and
  /// any recursive walk of the tree) fits in a small thread stack even in a debug build.
  static let maximumDepth = 64

  /// The most errors reported for one script; past it, one last error says so (as clang's
  /// `-ferror-limit`). Keeps the report of a garbage file short, and its rendering linear.
  static let maximumErrors = 100

  /// The statement keywords, for "did you mean" suggestions.
  private static let statementKeywords = ["let", "show", "expect", "title", "use"]

  /// Parses `source`.
  ///
  /// - Returns: The statements without syntax errors, and every diagnostic (lexer and parser)
  ///   in source order.
  /// - Complexity: O(n) in the length of the source.
  package static func parse(_ source: SourceFile) -> (script: Script, diagnostics: [Diagnostic]) {
    let (script, diagnostics, _) = parseKeepingTokens(source)
    return (script, diagnostics)
  }

  /// `parse(_:)`, with the tokens the script was parsed from (the language server reads them
  /// too, and lexing is a good part of the work).
  package static func parseKeepingTokens(_ source: SourceFile) -> (
    script: Script, diagnostics: [Diagnostic], tokens: [ScriptToken]
  ) {
    let (tokens, lexerDiagnostics) = ScriptLexer.tokenize(source)
    var parser = ScriptParser(text: source.text, tokens: tokens)
    let statements = parser.parseScript()
    let diagnostics = merge(lexerDiagnostics, parser.diagnostics)
    return (Script(statements: statements), limited(diagnostics), tokens)
  }

  /// The first `maximumErrors` diagnostics, then "too many errors" where the next one was.
  private static func limited(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    guard diagnostics.count > maximumErrors else { return diagnostics }
    let next = diagnostics[maximumErrors].range.start
    return Array(diagnostics.prefix(maximumErrors)) + [
      Diagnostic.ScriptSyntax.tooManyErrors(at: SourceRange(start: next, end: next))
    ]
  }

  /// Thrown to abandon the current statement once its error has been reported.
  struct Abort: Error {}

  /// What `$0` means inside a closure being parsed.
  struct ClosureScope {
    /// Whether the closure names its parameters (then `$0` is an error).
    var isExplicit: Bool
    /// One more than the highest `$N` seen directly in this closure.
    var implicitCount = 0
  }

  /// The script's text, which token and expression texts slice.
  let text: String
  /// The tokens; the last is `.endOfFile`.
  let tokens: [ScriptToken]
  /// The tokens' kinds, kept apart because they are small: the recursive descent reads them a
  /// lot, and copying whole tokens would make its stack frames large.
  let kinds: [ScriptToken.Kind]
  /// The index of the current token.
  var position = 0
  /// The parser's own diagnostics, in source order.
  var diagnostics: [Diagnostic] = []
  /// How deeply the expression being parsed is nested.
  var depth = 0
  /// The closures around the current token, innermost last.
  var closures: [ClosureScope] = []
  /// Where each name was bound by `let`.
  private var bindings: [String: SourceRange] = [:]
  /// Set when the current statement contains an unterminated string: its errors are echoes.
  private var isStatementSilenced = false
  /// Set while the condition of a block's `if` or the sequence of its `for` is parsed: there,
  /// `{` opens the statement's block, not a trailing closure.
  var isInCondition = false

  private init(text: String, tokens: [ScriptToken]) {
    self.text = text
    self.tokens = tokens
    self.kinds = tokens.map(\.kind)
  }

  // MARK: - Tokens

  var kind: ScriptToken.Kind { kinds[position] }

  /// The kind of the token `offset` places after the current one (the end of file past the end).
  func kind(at offset: Int) -> ScriptToken.Kind {
    kinds[min(position + offset, kinds.count - 1)]
  }

  var token: ScriptToken { tokens[position] }

  /// An empty range at the start of the current token, for "expected …" errors (a caret with no
  /// tildes).
  var here: SourceRange {
    let start = tokens[position].range.start
    return SourceRange(start: start, end: start)
  }

  /// The current token's string literal, if it is one.
  var literal: ScriptStringLiteral? { kind == .string ? tokens[position].literal : nil }

  /// Whether the current token ends the statement (a newline or the end of the file).
  var atStatementEnd: Bool { kind == .newline || kind == .endOfFile }

  /// Moves to the next token (never past the end of the file).
  mutating func advance() {
    if kind == .string, tokens[position].literal?.isTerminated == false {
      isStatementSilenced = true
    }
    if position < tokens.count - 1 { position += 1 }
  }

  /// Consumes the current token and returns it.
  mutating func take() -> ScriptToken {
    let token = tokens[position]
    advance()
    return token
  }

  /// Reports the diagnostic `make` builds (given `here`), unless it would echo a lexer problem,
  /// and returns the error that abandons the statement.
  mutating func fail(_ make: (SourceRange) -> Diagnostic) -> Abort {
    if kind != .invalid, !isStatementSilenced {
      diagnostics.append(make(here))
    }
    return Abort()
  }

  /// The source range and text from token `start` through the last consumed token.
  func span(from start: Int) -> (range: SourceRange, text: Substring) {
    let last = max(start, position - 1)
    let range = SourceRange(start: tokens[start].range.start, end: tokens[last].range.end)
    return (range, text[tokens[start].text.startIndex..<tokens[last].text.endIndex])
  }

  /// A label (`name:`) at the current token, consumed if present. Keywords may be labels.
  mutating func parseLabel() -> ScriptIdentifier? {
    switch kind {
    case .identifier, .keyword, .integer:
      // A digit is a marble key too: `hot("-1-2|", 1: 17)` gives the key `1` the value 17.
      guard kind(at: 1) == .colon else { return nil }
      let name = take()
      advance()
      return ScriptIdentifier(name: String(name.text), range: name.range)
    default:
      return nil
    }
  }

  // MARK: - Statements

  private mutating func parseScript() -> [ScriptStatement] {
    var statements: [ScriptStatement] = []
    var sawStatement = false
    var sawOther = false
    while true {
      while kind == .newline { advance() }
      if kind == .endOfFile { break }
      depth = 0
      closures = []
      isStatementSilenced = false
      isInCondition = false
      do throws(Abort) {
        let statement = try parseStatement(isFirst: !sawStatement, usePermitted: !sawOther)
        switch statement.kind {
        case .title, .use: break
        default: sawOther = true
        }
        statements.append(statement)
      } catch {
        sawOther = true
        while !atStatementEnd { advance() }
      }
      sawStatement = true
    }
    return statements
  }

  private mutating func parseStatement(isFirst: Bool, usePermitted: Bool) throws(Abort)
    -> ScriptStatement
  {
    let start = position
    let statement: ScriptStatement.Kind
    switch kind {
    case .identifier where token.text == "use" && kind(at: 1) == .identifier:
      statement = try parseUse(permitted: usePermitted)
    case .keyword(.title): statement = try parseTitle(isFirst: isFirst)
    case .keyword(.let): statement = try parseBinding()
    case .keyword(.show): statement = try parseShow()
    case .keyword(.expect): statement = try parseExpect()
    default: statement = try parseExpressionStatement()
    }
    guard atStatementEnd else {
      throw fail { Diagnostic.ScriptSyntax.consecutiveStatements(at: $0) }
    }
    if case .binding(let name, _) = statement, name.name != "_" {
      if let previous = bindings[name.name] {
        diagnostics.append(
          Diagnostic.ScriptSyntax.redeclaration(name.name, at: name.range, previous: previous))
        throw Abort()
      }
      bindings[name.name] = name.range
    }
    return ScriptStatement(kind: statement, range: span(from: start).range)
  }

  private mutating func parseTitle(isFirst: Bool) throws(Abort) -> ScriptStatement.Kind {
    let keyword = take()
    guard isFirst else {
      throw fail { _ in Diagnostic.ScriptSyntax.titleNotFirst(at: keyword.range) }
    }
    guard let title = literal else {
      throw fail { Diagnostic.ScriptSyntax.expectedTitle(at: $0) }
    }
    advance()
    return .title(title)
  }

  /// `use LIBRARY`: only before every other statement except `title`.
  private mutating func parseUse(permitted: Bool) throws(Abort) -> ScriptStatement.Kind {
    let keyword = take()
    guard permitted else {
      throw fail { _ in Diagnostic.ScriptSyntax.useNotFirst(at: keyword.range) }
    }
    let library = take()
    return .use(ScriptIdentifier(name: String(library.text), range: library.range))
  }

  private mutating func parseBinding() throws(Abort) -> ScriptStatement.Kind {
    advance()  // let
    let nameToken = token
    switch kind {
    case .identifier: break
    case .keyword(let keyword):
      throw fail { _ in Diagnostic.ScriptSyntax.keywordAsName(keyword, at: nameToken.range) }
    default:
      throw fail { Diagnostic.ScriptSyntax.expectedName(after: "let", at: $0) }
    }
    advance()
    let name = ScriptIdentifier(name: String(nameToken.text), range: nameToken.range)
    guard kind == .assign else {
      throw fail { Diagnostic.ScriptSyntax.expectedAssign("let", name: name.name, at: $0) }
    }
    advance()
    let value = try parseExpression("after '='")
    return .binding(name: name, value: value)
  }

  private mutating func parseShow() throws(Abort) -> ScriptStatement.Kind {
    advance()  // show
    var items: [ScriptShowItem] = []
    var context = "after 'show'"
    while true {
      let start = position
      let expression = try parseExpression(context)
      var label: ScriptStringLiteral?
      var subscription: ScriptStringLiteral?
      while true {
        if kind == .keyword(.as) {
          let clause = token.range
          guard label == nil else {
            throw fail { _ in Diagnostic.ScriptSyntax.duplicateShowClause("as", at: clause) }
          }
          advance()
          guard let text = literal else {
            throw fail { Diagnostic.ScriptSyntax.expectedShowLabel(at: $0) }
          }
          advance()
          label = text
        } else if kind == .identifier, token.text == "subscribed" {
          let clause = token.range
          guard subscription == nil else {
            throw fail { _ in
              Diagnostic.ScriptSyntax.duplicateShowClause("subscribed", at: clause)
            }
          }
          advance()
          guard let marble = literal else {
            throw fail { Diagnostic.ScriptSyntax.expectedShowSubscription(at: $0) }
          }
          advance()
          subscription = marble
        } else {
          break
        }
      }
      items.append(
        ScriptShowItem(
          expression: expression, label: label, subscription: subscription,
          range: span(from: start).range))
      guard kind == .comma else { break }
      advance()
      context = "after ','"
    }
    return .show(items)
  }

  private mutating func parseExpect() throws(Abort) -> ScriptStatement.Kind {
    advance()  // expect
    let start = position
    guard canStartExpression(kind) else {
      throw fail { Diagnostic.ScriptSyntax.expectedExpression("after 'expect'", at: $0) }
    }
    // Above comparison precedence, so that `==` is the statement's.
    let subject = try parseBinary(minimum: .additive)
    guard kind == .operator(.equal) else {
      throw fail { Diagnostic.ScriptSyntax.expectedExpectComparison(at: $0) }
    }
    advance()
    if case .call(let callee, let arguments, nil) = subject.kind,
      case .identifier("subscriptions") = callee.kind
    {
      guard arguments.count == 1, arguments[0].label == nil else {
        throw fail { _ in Diagnostic.ScriptSyntax.subscriptionsArgument(at: subject.range) }
      }
      return .expectSubscriptions(
        try parseSubscriptionMarbles(of: arguments[0].value, from: start))
    }
    if kind == .leftBracket {
      let bracket = token.range
      throw fail { _ in Diagnostic.ScriptSyntax.marbleListNeedsSubscriptions(at: bracket) }
    }
    guard let marble = literal else {
      throw fail { Diagnostic.ScriptSyntax.expectedExpectMarble(at: $0) }
    }
    advance()
    var values: [ScriptArgument] = []
    var error: ScriptArgument?
    var seen: [String: SourceRange] = [:]
    while kind == .comma {
      advance()
      let argumentStart = position
      guard let label = parseLabel() else {
        throw fail { Diagnostic.ScriptSyntax.expectedValueLabel(at: $0) }
      }
      let value = try parseExpression("after '\(label.name):'")
      if let previous = seen[label.name] {
        diagnostics.append(
          Diagnostic.ScriptSyntax.duplicateValue(label.name, at: label.range, previous: previous))
        throw Abort()
      }
      seen[label.name] = label.range
      let argument = ScriptArgument(
        label: label, value: value, range: span(from: argumentStart).range)
      if label.name == "error" { error = argument } else { values.append(argument) }
    }
    if kind == .identifier, token.text == "map" {
      let map = token.range
      throw fail { _ in Diagnostic.ScriptSyntax.expectMapUnsupported(at: map) }
    }
    return .expect(
      ScriptExpectation(
        subject: subject, marble: marble, values: values, error: error,
        range: span(from: start).range))
  }

  /// The right of `expect subscriptions(x) ==`: a string or a list of strings.
  private mutating func parseSubscriptionMarbles(
    of subject: ScriptExpression, from start: Int
  ) throws(Abort) -> ScriptSubscriptionExpectation {
    var marbles: [ScriptStringLiteral] = []
    var isList = false
    if let marble = literal {
      advance()
      marbles.append(marble)
    } else if kind == .leftBracket {
      isList = true
      let opener = take()
      while kind != .rightBracket {
        guard let marble = literal else {
          if atStatementEnd {
            throw fail {
              Diagnostic.ScriptSyntax.expectedClosing(
                "]", opener: "[", at: $0, openedAt: opener.range)
            }
          }
          throw fail { Diagnostic.ScriptSyntax.expectedSubscriptionMarbleInList(at: $0) }
        }
        advance()
        marbles.append(marble)
        guard kind == .comma else { break }
        advance()
      }
      try expectCloser(.rightBracket, opener: opener, list: "array literal")
    } else {
      throw fail { Diagnostic.ScriptSyntax.expectedSubscriptionMarbles(at: $0) }
    }
    if kind == .comma {
      let comma = token.range
      throw fail { _ in Diagnostic.ScriptSyntax.subscriptionValues(at: comma) }
    }
    return ScriptSubscriptionExpectation(
      subject: subject, marbles: marbles, isList: isList, range: span(from: start).range)
  }

  private mutating func parseExpressionStatement() throws(Abort) -> ScriptStatement.Kind {
    guard canStartExpression(kind) else {
      let unexpected = token
      throw fail { _ in Diagnostic.ScriptSyntax.unexpectedInStatement(unexpected) }
    }
    let expression = try parseExpression("in statement")
    if kind == .assign {
      let assign = token.range
      throw fail { _ in Diagnostic.ScriptSyntax.assignment(at: assign) }
    }
    if !atStatementEnd, case .identifier(let name) = expression.kind,
      let suggestion = ScriptSpelling.suggestion(for: name, among: Self.statementKeywords)
    {
      throw fail { _ in
        Diagnostic.ScriptSyntax.unknownStatement(
          name, suggestion: suggestion, at: expression.range)
      }
    }
    return .expression(expression)
  }

  // MARK: - Diagnostics

  /// Two lists of diagnostics, each in source order, merged stably into one.
  private static func merge(_ a: [Diagnostic], _ b: [Diagnostic]) -> [Diagnostic] {
    var merged: [Diagnostic] = []
    merged.reserveCapacity(a.count + b.count)
    var i = 0
    var j = 0
    while i < a.count || j < b.count {
      if j == b.count || (i < a.count && !(b[j].range.start < a[i].range.start)) {
        merged.append(a[i])
        i += 1
      } else {
        merged.append(b[j])
        j += 1
      }
    }
    return merged
  }
}
