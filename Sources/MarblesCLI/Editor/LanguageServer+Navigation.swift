import Marbles
import Foundation

/// Go to definition, find references and the outline, for the names a script binds with `let`.
extension LanguageServer {
  func definition(_ params: JSONValue) throws(Failure) -> JSONValue {
    let (uri, analysis, position) = try target(params)
    guard let name = analysis.name(at: position), let binding = analysis.bindings[name.name] else {
      return .null
    }
    return location(uri, binding.range, analysis)
  }

  func references(_ params: JSONValue) throws(Failure) -> JSONValue {
    let (uri, analysis, position) = try target(params)
    guard let name = analysis.name(at: position) else { return .array([]) }
    let declaration = params["context"]?["includeDeclaration"]?.boolValue ?? true
    return .array(
      analysis.uses(of: name.name, declaration: declaration).map {
        location(uri, $0, analysis)
      })
  }

  func documentSymbols(_ params: JSONValue) throws(Failure) -> JSONValue {
    let (_, analysis) = try document(params)
    let positions = LSPPositions(analysis.source)
    var symbols: [JSONValue] = []
    func symbol(
      _ name: String, _ detail: String, kind: Int, _ range: SourceRange, _ pick: SourceRange
    ) {
      symbols.append(
        .object([
          ("name", .string(name)), ("detail", .string(detail)), ("kind", .int(kind)),
          ("range", positions.lsp(range)), ("selectionRange", positions.lsp(pick)),
        ]))
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
    return .array(symbols)
  }

  /// `text` on one line, shortened to 60 characters.
  static func oneLine(_ text: Substring) -> String {
    let flat = text.split(whereSeparator: \.isNewline).map {
      $0.trimmingCharacters(in: .whitespaces)
    }.joined(separator: " ")
    return flat.count > 60 ? String(flat.prefix(59)) + "…" : flat
  }

  func location(_ uri: String, _ range: SourceRange, _ analysis: DocumentAnalysis) -> JSONValue {
    .object([("uri", .string(uri)), ("range", LSPPositions(analysis.source).lsp(range))])
  }
}

/// Renaming a `let` name: its declaration and every use, when the new name is free.
extension LanguageServer {
  func rename(_ params: JSONValue) throws(Failure) -> JSONValue {
    let (uri, analysis, position) = try target(params)
    guard let name = analysis.name(at: position) else {
      throw Failure(.requestFailed, "only names bound with 'let' can be renamed")
    }
    guard let newName = params["newName"]?.stringValue, Self.isIdentifier(newName) else {
      throw Failure(
        .invalidParams,
        "'\(params["newName"]?.stringValue ?? "")' is not a name (letters, digits and '_', not a digit first, not a keyword)"
      )
    }
    if newName != name.name, analysis.bindings[newName] != nil {
      throw Failure(.requestFailed, "'\(newName)' is already bound; names are unique in a script")
    }
    let positions = LSPPositions(analysis.source)
    let edits = analysis.uses(of: name.name, declaration: true).map { range -> JSONValue in
      .object([("range", positions.lsp(range)), ("newText", .string(newName))])
    }
    return .object([("changes", .object([(uri, .array(edits))]))])
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
