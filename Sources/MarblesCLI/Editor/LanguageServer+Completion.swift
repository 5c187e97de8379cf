import Foundation
import Marbles

/// Completion: operators after `.` (with their parameters as snippets), statement keywords at
/// the start of a line, the names the script binds, functions and constants, and the keys of a
/// marble string's values map.
extension LanguageServer {
  /// The items for the text before `position`, narrowed to those that start with the word
  /// typed so far (ignoring case); snippets only for a client that declared `snippetSupport`.
  static func completion(_ position: LSP.Position, _ analysis: DocumentAnalysis, snippets: Bool)
    throws(Failure) -> LSP.CompletionList
  {
    guard let position = LSPPositions(analysis.source).source(position) else {
      throw Failure(.invalidParams, "malformed 'position'")
    }
    let line = analysis.source.line(position.line) ?? ""
    let before = String(line.prefix(max(0, position.column - 1)))
    let typed = before.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
    let prefix = String(typed.reversed()).lowercased()
    let head = before.dropLast(typed.count)
    var items: [LSP.CompletionItem] = []
    let rxjs = analysis.usesRxJS
    func add(
      _ label: String, kind: Int, detail: String, documentation: String? = nil,
      snippet: String? = nil, plain: String? = nil, sortText: String? = nil
    ) {
      guard prefix.isEmpty || label.lowercased().hasPrefix(prefix) else { return }
      var item = LSP.CompletionItem(
        label: label, kind: kind, detail: detail, documentation: documentation,
        sortText: sortText)
      if let snippet, snippets {
        item.insertText = snippet
        item.insertTextFormat = 2
      } else if let plain {
        item.insertText = plain
        item.insertTextFormat = 1
      }
      items.append(item)
    }

    if head.last == "." {
      // Operators and properties after a dot.
      let methods = (rxjs ? Catalogue.rxjsMethods : Catalogue.methods).sorted { $0.key < $1.key }
      for (name, entry) in methods {
        add(
          name, kind: 2, detail: entry.signature(named: name), documentation: entry.summary,
          snippet: Self.snippet(entry, named: name))
      }
      for name in ValueProperties.names { add(name, kind: 10, detail: "lane") }
      return LSP.CompletionList(isIncomplete: false, items: items)
    }

    for key in Self.valueKeys(before: position, analysis) {
      add(
        key, kind: 5, detail: "value of '\(key)' in the marble", snippet: "\(key): ${1}",
        plain: "\(key): ", sortText: "0" + key)
    }
    if head.trimmingCharacters(in: .whitespaces).isEmpty {
      for keyword in ["let", "show", "expect", "title"] {
        add(keyword, kind: 14, detail: "statement")
      }
      add("use rxjs", kind: 14, detail: "RxJS semantics for colliding names")
    }
    for binding in analysis.bindingOrder where binding.range.start.line != position.line {
      add(binding.name, kind: 6, detail: "let", sortText: "1" + binding.name)
    }
    let functions = (rxjs ? Catalogue.rxjsFunctions : Catalogue.functions).sorted {
      $0.key < $1.key
    }
    for (name, entry) in functions {
      add(
        name, kind: 3, detail: entry.signature(named: name), documentation: entry.summary,
        snippet: Self.snippet(entry, named: name))
    }
    for (name, entry) in Catalogue.constants.sorted(by: { $0.key < $1.key }) {
      add(name, kind: 21, detail: name, documentation: entry.summary)
    }
    for keyword in ["true", "false", "nil", "as", "subscribed", "in"] {
      add(keyword, kind: 14, detail: "keyword")
    }
    return LSP.CompletionList(isIncomplete: false, items: items)
  }

  /// The call with its required parameters as snippet placeholders: `scan(${1:start}) { ${2:acc, x} in $0 }`.
  static func snippet(_ entry: OperatorEntry, named name: String) -> String {
    if entry.kind == .constant { return name }
    var number = 1
    var pieces: [String] = []
    let trailing = entry.parameters.last(where: { $0.isClosure && $0.label == nil })
    for parameter in entry.parameters where !(parameter.isClosure && parameter.label == nil) {
      guard !parameter.isOptional || parameter.isVariadic,
        !(parameter.isVariadic && !pieces.isEmpty)
      else { continue }
      var piece = parameter.label.map { "\($0): " } ?? ""
      piece +=
        parameter.isClosure
        ? "{ ${\(number):\(parameter.closureParameters)} in }" : "${\(number):\(parameter.name)}"
      number += 1
      pieces.append(piece)
    }
    var text = name
    if !pieces.isEmpty || trailing == nil { text += "(" + pieces.joined(separator: ", ") + ")" }
    if let trailing {
      text +=
        trailing.closureParameters.isEmpty
        ? " { ${\(number)} }"
        : " { ${\(number):\(trailing.closureParameters)} in ${\(number + 1)} }"
    }
    return text
  }

  /// The value keys of the marble string this statement gives values for (the first argument of
  /// `cold`/`hot`, or an `expect`'s marble), left of the cursor and not given yet.
  static func valueKeys(before position: SourcePosition, _ analysis: DocumentAnalysis) -> [String] {
    guard let last = analysis.tokenIndex(before: position) else { return [] }
    var index = last
    var marble: ScriptToken?
    var given: Set<String> = []
    while index >= 0 {
      let token = analysis.tokens[index]
      if case .newline = token.kind { break }
      if case .colon = token.kind, index > 0, case .identifier = analysis.tokens[index - 1].kind {
        given.insert(String(analysis.tokens[index - 1].text))
      }
      if case .string = token.kind, index > 0 {
        let previous = analysis.tokens[index - 1]
        switch previous.kind {
        case .operator(.equal): marble = token
        case .leftParen where index > 1:
          let callee = analysis.tokens[index - 2].text
          if callee == "cold" || callee == "hot" { marble = token }
        default: break
        }
        if marble != nil { break }
      }
      index -= 1
    }
    guard let literal = marble?.literal else { return [] }
    return MarbleGlyphs(literal.value).valueKeys.map(String.init).filter { !given.contains($0) }
  }
}
