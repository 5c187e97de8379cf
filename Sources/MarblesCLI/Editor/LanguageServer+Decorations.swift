import Foundation
import Marbles

/// The semantic token types the server sends, in the order of its legend (a token's type is its
/// index). Marble strings are split into their glyphs: values are `enumMember` (the keys of the
/// values map), `|` `#` `^` `!` are `keyword`, groups `operator`, time progressions `number`.
enum SemanticTokenType: Int, CaseIterable {
  case keyword, variable, function, method, property, parameter, number, string, `operator`,
    comment, enumMember

  /// The name LSP gives the type.
  var name: String { "\(self)" }
}

/// The semantic token modifiers, in the order of the legend (bit `rawValue` of a token's set).
enum SemanticTokenModifier: Int, CaseIterable {
  /// The `let` that binds a name.
  case declaration
  /// A catalogue operator, function or constant.
  case defaultLibrary

  var name: String { "\(self)" }
}

/// What editors show beside the text: semantic tokens, the frames of marble events as inlay
/// hints, code lenses on `show` and `expect`, folding ranges, and the highlights of a name.
extension LanguageServer {
  /// The marble strings of a script: the first argument of `cold` and `hot`, and the marbles
  /// of `expect` and `expect subscriptions` (the strings whose characters are frames).
  static func marbleLiterals(_ script: Script) -> [ScriptStringLiteral] {
    var found: [ScriptStringLiteral] = []
    for statement in script.statements {
      switch statement.kind {
      case .expect(let expectation): found.append(expectation.marble)
      case .expectSubscriptions(let expectation): found += expectation.marbles
      default: break
      }
      HoverMaker.forEachExpression(in: statement) { expression in
        if case .call(let callee, let arguments, _) = expression.kind,
          case .identifier(let name) = callee.kind, name == "cold" || name == "hot",
          let first = arguments.first, first.label == nil,
          case .string(let literal) = first.value.kind
        {
          found.append(literal)
        }
      }
    }
    return found.sorted { $0.range.start < $1.range.start }
  }

  /// Whether the glyph offsets of `literal` are its source columns: it is on one line and has no
  /// escapes (the others are coloured as strings and get no hints).
  private static func isPlain(_ literal: ScriptStringLiteral) -> Bool {
    literal.escapes.isEmpty && literal.range.start.line == literal.range.end.line
      && literal.contentStart.line == literal.range.start.line
  }

  // MARK: - Semantic tokens

  /// The tokens of the whole document, delta-encoded as LSP requires.
  static func semanticTokens(_ analysis: DocumentAnalysis) -> LSP.SemanticTokens {
    let positions = LSPPositions(analysis.source)
    // (line, UTF-16 start, UTF-16 length, type, modifiers), 0-based.
    var spans: [(Int, Int, Int, Int, Int)] = []
    func add(
      _ start: SourcePosition, text: Substring, _ type: SemanticTokenType, _ modifiers: Int = 0
    ) {
      let length = text.utf16.count
      guard length > 0, !text.contains(where: \.isNewline) else { return }
      let at = positions.position(start)
      spans.append((at.line, at.character, length, type.rawValue, modifiers))
    }
    let marbles = Dictionary(
      marbleLiterals(analysis.script).map { ($0.range, $0) },
      uniquingKeysWith: { first, _ in first })
    // The column after the last token of each line: a comment starts after it.
    var lastEnd: [Int: Int] = [:]
    let tokens = analysis.tokens
    let declaration = 1 << SemanticTokenModifier.declaration.rawValue
    let library = 1 << SemanticTokenModifier.defaultLibrary.rawValue
    for (index, token) in tokens.enumerated() {
      let previous = index > 0 ? tokens[index - 1].kind : nil
      let next = index + 1 < tokens.count ? tokens[index + 1].kind : nil
      switch token.kind {
      case .newline, .endOfFile: break
      default: lastEnd[token.range.end.line] = token.range.end.column
      }
      switch token.kind {
      case .keyword: add(token.range.start, text: token.text, .keyword)
      case .integer, .decimal: add(token.range.start, text: token.text, .number)
      case .implicitParameter: add(token.range.start, text: token.text, .parameter)
      case .operator, .assign, .question: add(token.range.start, text: token.text, .operator)
      case .identifier:
        let name = String(token.text)
        if case .dot? = previous {
          let isOperator = Catalogue.method(name, rxjs: analysis.usesRxJS) != nil
          add(
            token.range.start, text: token.text, isOperator ? .method : .property,
            isOperator ? library : 0)
        } else if case .colon? = next, case .comma? = previous {
          add(token.range.start, text: token.text, .property)
        } else if case .colon? = next, case .leftParen? = previous {
          add(token.range.start, text: token.text, .property)
        } else if let binding = analysis.bindings[name] {
          add(
            token.range.start, text: token.text, .variable,
            binding.range == token.range ? declaration : 0)
        } else if Catalogue.function(name, rxjs: analysis.usesRxJS) != nil {
          add(token.range.start, text: token.text, .function, library)
        } else if Catalogue.constants[name] != nil {
          add(token.range.start, text: token.text, .variable, library)
        } else {
          add(token.range.start, text: token.text, .parameter)
        }
      case .string:
        guard let literal = token.literal, let marble = marbles[literal.range], isPlain(marble)
        else {
          add(token.range.start, text: token.text, .string)
          continue
        }
        addMarble(marble, token: token, add: add)
      default: break
      }
    }
    // Comments: `//` to the end of a line, after the line's last token (the lexer drops them).
    for (offset, line) in analysis.source.lines.enumerated() {
      let skipped = max(0, (lastEnd[offset + 1] ?? 1) - 1)
      let rest = line.dropFirst(skipped)
      guard let found = rest.range(of: "//") else { continue }
      let column = skipped + rest.distance(from: rest.startIndex, to: found.lowerBound) + 1
      add(
        SourcePosition(line: offset + 1, column: column), text: line[found.lowerBound...], .comment)
    }
    spans.sort { ($0.0, $0.1) < ($1.0, $1.1) }
    var data: [Int] = []
    data.reserveCapacity(spans.count * 5)
    var line = 0
    var character = 0
    for span in spans {
      let deltaLine = span.0 - line
      let deltaStart = deltaLine == 0 ? span.1 - character : span.1
      // Overlapping spans (none are made, but a client rejects them) are dropped.
      guard deltaLine > 0 || deltaStart >= 0, data.isEmpty || deltaLine > 0 || deltaStart > 0
      else { continue }
      data += [deltaLine, deltaStart, span.2, span.3, span.4]
      line = span.0
      character = span.1
    }
    return LSP.SemanticTokens(data: data)
  }

  /// The spans of a marble string: its quotes and `-` as a string, then runs of glyphs of one type.
  private static func addMarble(
    _ literal: ScriptStringLiteral, token: ScriptToken,
    add: (SourcePosition, Substring, SemanticTokenType, Int) -> Void
  ) {
    let line = token.range.start.line
    let glyphs = MarbleGlyphs(literal.value).glyphs
    let text = Array(literal.value)
    func type(_ kind: MarbleGlyphs.Kind) -> SemanticTokenType {
      switch kind {
      case .nothing, .space: .string
      case .value: .enumMember
      case .completion, .failure, .subscribe, .unsubscribe: .keyword
      case .groupStart, .groupEnd: .operator
      case .progression: .number
      }
    }
    // The opening quote (with any prefix before the content).
    let openWidth = literal.contentStart.column - token.range.start.column
    if openWidth > 0 { add(token.range.start, token.text.prefix(openWidth), .string, 0) }
    var start = 0
    while start < glyphs.count {
      let kind = type(glyphs[start].kind)
      var end = start + 1
      while end < glyphs.count, type(glyphs[end].kind) == kind { end += 1 }
      add(
        SourcePosition(line: line, column: literal.contentStart.column + start),
        Substring(String(text[start..<end])), kind, 0)
      start = end
    }
    let closeColumn = literal.contentStart.column + glyphs.count
    let closeWidth = token.range.end.column - closeColumn
    if closeWidth > 0 {
      add(
        SourcePosition(line: line, column: closeColumn), token.text.suffix(closeWidth), .string, 0)
    }
  }

  // MARK: - Inlay hints

  /// `@frame` after each event of a marble string whose frame is not its column in the string
  /// (after a group, a time progression, or a `^`), within `range`.
  static func inlayHints(_ range: LSP.Range, _ analysis: DocumentAnalysis) -> [LSP.InlayHint] {
    let positions = LSPPositions(analysis.source)
    let first = range.start.line + 1
    let last = range.end.line + 1
    var hints: [LSP.InlayHint] = []
    for literal in marbleLiterals(analysis.script) where isPlain(literal) {
      let line = literal.range.start.line
      guard line >= first, line <= last else { continue }
      for (offset, glyph) in MarbleGlyphs(literal.value).glyphs.enumerated() {
        switch glyph.kind {
        case .value, .completion, .failure: break
        default: continue
        }
        guard glyph.frame != offset else { continue }
        let after = SourcePosition(line: line, column: literal.contentStart.column + offset + 1)
        hints.append(
          LSP.InlayHint(position: positions.position(after), label: "@\(glyph.frame)", kind: 2))
      }
    }
    return hints
  }

  // MARK: - Code lenses

  /// On each `show`: "▶ render", "▶ step", and how the script's `expect`s went; on each `expect`:
  /// whether it passes. Before the first run has finished, only the `show` commands.
  static func codeLenses(_ uri: String, _ analysis: DocumentAnalysis) -> [LSP.CodeLens] {
    let positions = LSPPositions(analysis.source)
    let expectations = analysis.options == nil ? nil : analysis.run?.expectations
    let render = LSP.Command(
      title: "▶ render", command: "marbles.render",
      arguments: [LSPAny(.string(uri)), LSPAny(.string("svg"))])
    let step = LSP.Command(
      title: "▶ step", command: "marbles.step", arguments: [LSPAny(.string(uri))])
    var summary: LSP.Command?
    if let expectations, !expectations.isEmpty {
      let failed = expectations.filter { !$0.passed }.count
      let title =
        failed == 0
        ? "✓ \(expectations.count) expect\(expectations.count == 1 ? " passes" : "s pass")"
        : "✗ \(failed) of \(expectations.count) fail\(failed == 1 ? "s" : "")"
      summary = LSP.Command(title: title, command: "marbles.render", arguments: render.arguments)
    }
    var lenses: [LSP.CodeLens] = []
    for statement in analysis.script.statements {
      let range = positions.range(
        SourceRange(start: statement.range.start, end: statement.range.start))
      switch statement.kind {
      case .show:
        lenses.append(LSP.CodeLens(range: range, command: render))
        lenses.append(LSP.CodeLens(range: range, command: step))
        if let summary { lenses.append(LSP.CodeLens(range: range, command: summary)) }
      case .expect, .expectSubscriptions:
        guard let expectations else { continue }
        let mine = expectations.filter { $0.line == statement.range.start.line }
        guard !mine.isEmpty else { continue }
        let passes = mine.allSatisfy(\.passed)
        lenses.append(
          LSP.CodeLens(
            range: range,
            command: LSP.Command(
              title: passes ? "✓ passes" : "✗ fails", command: "marbles.render",
              arguments: render.arguments)))
      default: break
      }
    }
    return lenses
  }

  // MARK: - Signature help

  /// The signature of the catalogue operator whose parentheses (or trailing closure) hold
  /// `position`, with the parameter being written.
  static func signatureHelp(_ position: LSP.Position, _ analysis: DocumentAnalysis)
    throws(Failure) -> LSP.SignatureHelp?
  {
    let position = try source(position, analysis)
    guard let last = analysis.tokenIndex(before: position) else { return nil }
    let tokens = analysis.tokens
    var depth = 0
    var commas = 0
    var label: String?
    var index = last
    // The argument being written starts after the last comma at depth 0: `label:` names it.
    var openedAt: Int?
    var closure = false
    while index >= 0, last - index < 10_000 {
      let token = tokens[index]
      switch token.kind {
      case .rightParen, .rightBracket, .rightBrace: depth += 1
      case .leftBracket: depth -= 1
      case .leftParen, .leftBrace:
        if depth == 0 {
          openedAt = index
          if case .leftBrace = token.kind { closure = true }
        } else {
          depth -= 1
        }
      case .comma where depth == 0:
        if commas == 0, index + 2 <= last, case .identifier = tokens[index + 1].kind,
          case .colon = tokens[index + 2].kind
        {
          label = String(tokens[index + 1].text)
        }
        commas += 1
      case .newline: return nil
      default: break
      }
      if openedAt != nil || depth < 0 { break }
      index -= 1
    }
    guard var open = openedAt, open > 0 else { return nil }
    // A trailing closure after parentheses: the call is the name before them.
    if closure, case .rightParen = tokens[open - 1].kind {
      var nesting = 0
      var back = open - 1
      while back > 0, open - back < 10_000 {
        if case .rightParen = tokens[back].kind { nesting += 1 }
        if case .leftParen = tokens[back].kind {
          nesting -= 1
          if nesting == 0 { break }
        }
        back -= 1
      }
      guard nesting == 0, back > 0 else { return nil }
      open = back
    }
    guard case .identifier = tokens[open - 1].kind else { return nil }
    if commas == 0, !closure, open + 2 <= last, case .identifier = tokens[open + 1].kind,
      case .colon = tokens[open + 2].kind
    {
      label = String(tokens[open + 1].text)
    }
    let name = String(tokens[open - 1].text)
    let isMethod: Bool
    if open >= 2, case .dot = tokens[open - 2].kind { isMethod = true } else { isMethod = false }
    let rxjs = analysis.usesRxJS
    guard
      let entry = isMethod
        ? Catalogue.method(name, rxjs: rxjs) : Catalogue.function(name, rxjs: rxjs)
    else { return nil }
    let signature = entry.signature(named: name)
    // The parameters as the signature writes them (see `OperatorEntry.signature(named:)`).
    var pieces: [(label: String?, text: String)] = []
    for parameter in entry.parameters where !parameter.isClosure || parameter.label != nil {
      var piece = parameter.label.map { "\($0): " } ?? ""
      piece += parameter.isClosure ? "{ … }" : parameter.name
      if parameter.isVariadic { piece += ", …" }
      if parameter.isOptional && !parameter.isVariadic { piece = "[" + piece + "]" }
      pieces.append((parameter.label, piece))
    }
    let valuesMap = signature.contains("name: value…")
    if valuesMap { pieces.append((nil, "name: value…")) }
    let trailing = entry.parameters.last(where: { $0.isClosure && $0.label == nil })
    if let trailing {
      let parameters = trailing.closureParameters.isEmpty ? "" : trailing.closureParameters + " in "
      pieces.append((nil, "{ " + parameters + "… }"))
    }
    let known = pieces.allSatisfy { signature.contains($0.text) }
    var active: Int?
    if closure, trailing != nil {
      active = pieces.count - 1
    } else if let label {
      active =
        pieces.firstIndex { $0.label == label }
        ?? (valuesMap ? pieces.count - (trailing == nil ? 1 : 2) : nil)
    } else {
      let positional = pieces.count - (trailing == nil ? 0 : 1)
      active = positional > 0 ? min(commas, positional - 1) : nil
    }
    let information = LSP.SignatureInformation(
      label: signature, documentation: entry.summary,
      parameters: known ? pieces.map { LSP.ParameterInformation(label: $0.text) } : [])
    return LSP.SignatureHelp(
      signatures: [information], activeSignature: 0, activeParameter: known ? active : nil)
  }

  // MARK: - Highlights and folding

  /// The `let` name under the cursor: its binding (write) and uses (read); any other name:
  /// every token spelled the same (text).
  static func documentHighlights(_ position: LSP.Position, _ analysis: DocumentAnalysis)
    throws(Failure) -> [LSP.DocumentHighlight]
  {
    let position = try source(position, analysis)
    let positions = LSPPositions(analysis.source)
    if let name = analysis.name(at: position) {
      let binding = analysis.bindings[name.name]?.range
      return analysis.uses(of: name.name, declaration: true).map {
        LSP.DocumentHighlight(range: positions.range($0), kind: $0 == binding ? 3 : 2)
      }
    }
    guard let token = analysis.token(at: position), case .identifier = token.kind else {
      return []
    }
    return analysis.tokens.filter { $0.kind == .identifier && $0.text == token.text }.map {
      LSP.DocumentHighlight(range: positions.range($0.range), kind: 1)
    }
  }

  /// A range for each bracket, brace or parenthesis closed on a later line, each statement on
  /// several lines, and each run of two or more comment lines; at most `limit`.
  static func foldingRanges(_ analysis: DocumentAnalysis, limit: Int?) -> [LSP.FoldingRange] {
    // By start line (0-based): the end line and kind of the largest range starting there.
    var ranges: [Int: (end: Int, kind: String?)] = [:]
    func add(_ start: Int, _ end: Int, kind: String? = nil) {
      guard end > start else { return }
      if let known = ranges[start], known.end >= end { return }
      ranges[start] = (end, kind)
    }
    var open: [SourcePosition] = []
    for token in analysis.tokens {
      switch token.kind {
      case .leftParen, .leftBracket, .leftBrace: open.append(token.range.start)
      case .rightParen, .rightBracket, .rightBrace:
        // The line of the closer stays shown.
        if let start = open.popLast() { add(start.line - 1, token.range.start.line - 2) }
      default: break
      }
    }
    // A statement on several lines folds whole, unless a bracket already folds from its line.
    for statement in analysis.script.statements where ranges[statement.range.start.line - 1] == nil
    {
      add(statement.range.start.line - 1, statement.range.end.line - 1)
    }
    var commentStart: Int?
    let lines = analysis.source.lines
    for (index, line) in lines.enumerated() {
      let isComment = line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("//")
      if isComment, commentStart == nil { commentStart = index }
      if !isComment || index == lines.count - 1, let start = commentStart {
        add(start, isComment ? index : index - 1, kind: "comment")
        commentStart = nil
      }
    }
    var result = ranges.sorted { $0.key < $1.key }.map {
      LSP.FoldingRange(startLine: $0.key, endLine: $0.value.end, kind: $0.value.kind)
    }
    if let limit, limit >= 0, result.count > limit { result = Array(result.prefix(limit)) }
    return result
  }

  // MARK: - Commands

  /// The command a client without code action literals gets for a quick fix: the server
  /// applies its edit (`marbles.applyFix`).
  static func command(for action: LSP.CodeAction) -> LSP.Command {
    var arguments: [LSPAny] = []
    if let (uri, edits) = action.edit.changes.first, let edit = edits.first {
      let range = (try? JSONValueCoding.encode(edit.range)) ?? .null
      arguments = [LSPAny(.string(uri)), LSPAny(range), LSPAny(.string(edit.newText))]
    }
    return LSP.Command(title: action.title, command: "marbles.applyFix", arguments: arguments)
  }

  /// `marbles.applyFix URI RANGE TEXT`: asks the client to replace the range (`workspace/applyEdit`).
  func applyFix(_ arguments: [JSONValue], _ request: Request) throws(Failure) {
    guard arguments.count == 3, let uri = arguments[0].stringValue,
      let range = try? JSONValueCoding.decode(LSP.Range.self, from: arguments[1]),
      let text = arguments[2].stringValue
    else {
      throw Failure(.invalidParams, "'marbles.applyFix' takes a URI, a range and the new text")
    }
    guard client.applyEdit else {
      throw Failure(.requestFailed, "the client did not declare 'workspace.applyEdit'")
    }
    let edit = LSP.WorkspaceEdit(changes: [uri: [LSP.TextEdit(range: range, newText: text)]])
    send(
      request: "workspace/applyEdit",
      .object([("label", .string("marbles quick fix")), ("edit", try Self.encode(edit))]))
    respond(request.key, request.flag, .success(.null))
  }

  /// `marbles.step URI`: the run drawn one frame at a time, as `marbles step` prints it, within
  /// the output budget.
  func step(_ arguments: [JSONValue], _ request: Request) throws(Failure) {
    guard let uri = arguments.first?.stringValue else {
      throw Failure(.invalidParams, "'marbles.step' takes the document's URI")
    }
    let budgets = options.budgets
    try answer(request, uri: uri, needs: .current, inBackground: true) {
      (analysis) throws(Failure) -> JSONValue in
      guard let run = analysis.run else {
        let problems = analysis.diagnostics.filter { $0.severity == .error }
        throw Failure(
          .requestFailed, "the script does not run: " + problems.render(in: analysis.source))
      }
      var text = ""
      var refused = false
      StepRenderer().each(of: run) { (screen: String) -> Bool in
        guard text.utf8.count + screen.utf8.count <= budgets.maxOutput else {
          refused = true
          return false
        }
        text += screen
        return !(request.flag.isCancelled)
      }
      if refused {
        throw Failure(.requestFailed, "the steps were not sent: " + budgets.outputRefusal())
      }
      return .object([("format", .string("text")), ("content", .string(text))])
    }
  }
}
