import Foundation
import Marbles

/// Go to definition, find references and the outline, for the names a script binds with `let`.
extension LanguageServer {
  /// The script position of a request's position.
  static func source(_ position: LSP.Position, _ analysis: DocumentAnalysis) throws(Failure)
    -> SourcePosition
  {
    guard let found = LSPPositions(analysis.source).source(position) else {
      throw Failure(.invalidParams, "malformed 'position'")
    }
    return found
  }

  static func definition(_ params: LSP.PositionParams, _ analysis: DocumentAnalysis)
    throws(Failure) -> LSP.Location?
  {
    let position = try source(params.position, analysis)
    guard let name = analysis.name(at: position), let binding = analysis.bindings[name.name] else {
      return nil
    }
    return LSP.Location(
      uri: params.textDocument.uri, range: LSPPositions(analysis.source).range(binding.range))
  }

  static func references(_ params: LSP.ReferenceParams, _ analysis: DocumentAnalysis)
    throws(Failure) -> [LSP.Location]
  {
    let position = try source(params.position, analysis)
    guard let name = analysis.name(at: position) else { return [] }
    let declaration = params.context?.includeDeclaration ?? true
    let positions = LSPPositions(analysis.source)
    return analysis.uses(of: name.name, declaration: declaration).map {
      LSP.Location(uri: params.textDocument.uri, range: positions.range($0))
    }
  }

  /// The outline: `DocumentSymbol`s for a client that declared hierarchical symbols, else
  /// `SymbolInformation`s (what LSP requires of a server for a client that declares nothing).
  static func documentSymbols(_ uri: String, _ analysis: DocumentAnalysis, hierarchical: Bool)
    throws(Failure) -> JSONValue
  {
    let positions = LSPPositions(analysis.source)
    var symbols: [LSP.DocumentSymbol] = []
    func symbol(
      _ name: String, _ detail: String, kind: Int, _ range: SourceRange, _ pick: SourceRange
    ) {
      symbols.append(
        LSP.DocumentSymbol(
          name: name, detail: detail, kind: kind, range: positions.range(range),
          selectionRange: positions.range(pick)))
    }
    for statement in analysis.script.statements {
      switch statement.kind {
      case .title(let literal):
        symbol(literal.value, "title", kind: 15, statement.range, literal.range)
      case .binding(let name, let value):
        // 13 Variable; 12 Function for a source or an operator chain is no clearer: keep one kind.
        symbol(name.name, Self.oneLine(value.text), kind: 13, statement.range, name.range)
      case .show(let items):
        for item in items {
          symbol(
            "show " + item.name, item.label.map { "as \"\($0.value)\"" } ?? "lane", kind: 8,
            item.range, item.expression.range)
        }
      case .expect(let expectation):
        symbol(
          "expect " + expectation.subject.laneName, expectation.marble.value, kind: 24,
          statement.range, expectation.subject.range)
      case .expectSubscriptions(let expectation):
        symbol(
          "expect subscriptions(" + expectation.subject.laneName + ")",
          expectation.marbles.map(\.value).joined(separator: ", "), kind: 24, statement.range,
          expectation.subject.range)
      case .use, .expression: break
      }
    }
    if hierarchical { return try encode(symbols) }
    return try encode(
      symbols.map {
        LSP.SymbolInformation(
          name: $0.name, kind: $0.kind, location: LSP.Location(uri: uri, range: $0.range))
      })
  }

  /// `text` on one line, shortened to 60 characters.
  static func oneLine(_ text: Substring) -> String {
    let flat = text.split(whereSeparator: \.isNewline).map {
      $0.trimmingCharacters(in: .whitespaces)
    }.joined(separator: " ")
    return flat.count > 60 ? String(flat.prefix(59)) + "…" : flat
  }
}

/// Renaming a `let` name: its declaration and every use, when the new name means nothing else
/// where the old one is used.
extension LanguageServer {
  /// The name under the cursor, and its range, when it can be renamed.
  static func prepareRename(_ position: LSP.Position, _ analysis: DocumentAnalysis)
    throws(Failure) -> LSP.PrepareRenameResult
  {
    let position = try source(position, analysis)
    guard let name = analysis.name(at: position) else {
      throw Failure(.requestFailed, "only names bound with 'let' can be renamed")
    }
    return LSP.PrepareRenameResult(
      range: LSPPositions(analysis.source).range(name.range), placeholder: name.name)
  }

  static func rename(_ params: LSP.RenameParams, _ analysis: DocumentAnalysis) throws(Failure)
    -> LSP.WorkspaceEdit
  {
    let position = try source(params.position, analysis)
    guard let name = analysis.name(at: position) else {
      throw Failure(.requestFailed, "only names bound with 'let' can be renamed")
    }
    let newName = params.newName
    guard Self.isIdentifier(newName) else {
      throw Failure(
        .invalidParams,
        "'\(newName)' is not a name (letters, digits and '_', not a digit first, not a keyword)"
      )
    }
    if let refusal = Self.renameRefusal(name.name, to: newName, analysis) {
      throw Failure(.requestFailed, refusal)
    }
    let positions = LSPPositions(analysis.source)
    let edits = analysis.uses(of: name.name, declaration: true).map {
      LSP.TextEdit(range: positions.range($0), newText: newName)
    }
    return LSP.WorkspaceEdit(changes: [params.textDocument.uri: edits])
  }

  /// Why `old` cannot become `new` without changing what the script means, or nil.
  static func renameRefusal(_ old: String, to new: String, _ analysis: DocumentAnalysis)
    -> String?
  {
    guard new != old else { return nil }
    if analysis.bindings[new] != nil {
      return "'\(new)' is already bound; names are unique in a script"
    }
    let rxjs = analysis.usesRxJS
    if Catalogue.function(new, rxjs: rxjs) != nil || Catalogue.constants[new] != nil {
      return
        "'\(new)' is a built-in; a 'let \(new)' would hide it for the whole script (choose another name)"
    }
    // A use inside a closure that binds `new` itself would refer to the closure's name.
    if let captured = analysis.references.first(where: { $0.name == old && $0.locals.contains(new) }
    ) {
      return
        "renaming '\(old)' to '\(new)' would change its use at \(captured.range.start): a closure there binds its own '\(new)'"
    }
    // A use of `new` that refers to nothing now would refer to the renamed `let`.
    if let free = analysis.references.first(where: { $0.name == new }) {
      return
        "'\(new)' is used at \(free.range.start) and refers to nothing; after the rename it would refer to '\(old)'"
    }
    return nil
  }

  /// Whether `text` can be a `let` name.
  static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.first, first.isLetter || first == "_",
      text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
      ScriptKeyword(rawValue: text) == nil, text != "_"
    else { return false }
    return true
  }
}
