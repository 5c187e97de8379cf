import Marbles
import Foundation

/// Completion: operators after `.` (with their parameters as snippets), statement keywords at
/// the start of a line, the names the script binds, functions and constants, and the keys of a
/// marble string's values map.
extension LanguageServer {
  func completion(_ params: JSONValue) throws(Failure) -> JSONValue {
    let (_, analysis, position) = try target(params)
    let line = analysis.source.line(position.line) ?? ""
    let before = String(line.prefix(max(0, position.column - 1)))
    let typed = before.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
    let head = before.dropLast(typed.count)
    var items: [JSONValue] = []
    let rxjs = analysis.usesRxJS

    if head.last == "." {
      // Operators and properties after a dot.
      let methods = (rxjs ? Catalogue.rxjsMethods : Catalogue.methods).sorted { $0.key < $1.key }
      for (name, entry) in methods {
        items.append(
          Self.item(
            name, kind: 2, detail: entry.signature(named: name), documentation: entry.summary,
            snippet: Self.snippet(entry, named: name)))
      }
      for name in Properties.names {
        items.append(Self.item(name, kind: 10, detail: "lane", documentation: nil, snippet: nil))
      }
      return .object([("isIncomplete", .bool(false)), ("items", .array(items))])
    }

    let valueKeys = Self.valueKeys(before: position, analysis)
    for key in valueKeys {
      items.append(
        Self.item(
          key, kind: 5, detail: "value of '\(key)' in the marble", documentation: nil,
          snippet: "\(key): ${1}", sortText: "0" + key))
    }
    if head.trimmingCharacters(in: .whitespaces).isEmpty {
      for keyword in ["let", "show", "expect", "title"] {
        items.append(
          Self.item(keyword, kind: 14, detail: "statement", documentation: nil, snippet: nil))
      }
      items.append(
        Self.item(
          "use rxjs", kind: 14, detail: "RxJS semantics for colliding names", documentation: nil,
          snippet: nil))
    }
    for binding in analysis.bindingOrder where binding.range.start.line != position.line {
      items.append(
        Self.item(
          binding.name, kind: 6, detail: "let", documentation: nil, snippet: nil,
          sortText: "1" + binding.name))
    }
    let functions = (rxjs ? Catalogue.rxjsFunctions : Catalogue.functions).sorted {
      $0.key < $1.key
    }
    for (name, entry) in functions {
      items.append(
        Self.item(
          name, kind: 3, detail: entry.signature(named: name), documentation: entry.summary,
          snippet: Self.snippet(entry, named: name)))
    }
    for (name, entry) in Catalogue.constants.sorted(by: { $0.key < $1.key }) {
      items.append(
        Self.item(name, kind: 21, detail: name, documentation: entry.summary, snippet: nil))
    }
    for keyword in ["true", "false", "nil", "as", "subscribed", "in"] {
      items.append(
        Self.item(keyword, kind: 14, detail: "keyword", documentation: nil, snippet: nil))
    }
    return .object([("isIncomplete", .bool(false)), ("items", .array(items))])
  }

  static func item(
    _ label: String, kind: Int, detail: String, documentation: String?, snippet: String?,
    sortText: String? = nil
  ) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("label", .string(label)), ("kind", .int(kind)), ("detail", .string(detail)),
    ]
    if let documentation { members.append(("documentation", .string(documentation))) }
    if let snippet {
      members.append(("insertText", .string(snippet)))
      members.append(("insertTextFormat", .int(2)))
    }
    if let sortText { members.append(("sortText", .string(sortText))) }
    return .object(members)
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
