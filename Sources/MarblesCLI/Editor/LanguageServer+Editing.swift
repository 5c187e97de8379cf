import Marbles
import Foundation

/// The requests that change or draw the buffer: formatting, the quick fixes of "did you mean",
/// and the render request of previews.
extension LanguageServer {
  func formatting(_ params: JSONValue) throws(Failure) -> JSONValue {
    let (_, analysis) = try document(params)
    switch ScriptFormatter.format(analysis.source) {
    case .failure(let failure):
      let first =
        failure.diagnostics.first.map { "; first: \($0.range.start): \($0.message)" } ?? ""
      throw Failure(.requestFailed, "the script has syntax errors, so it is not formatted\(first)")
    case .success(let text):
      guard text != analysis.source.text else { return .array([]) }
      return .array([
        .object([
          ("range", LSPPositions(analysis.source).whole), ("newText", .string(text)),
        ])
      ])
    }
  }

  func codeActions(_ params: JSONValue) throws(Failure) -> JSONValue {
    let (uri, analysis) = try document(params)
    var actions: [JSONValue] = []
    let positions = LSPPositions(analysis.source)
    for diagnostic in params["context"]?["diagnostics"]?.arrayValue ?? [] {
      let fixes = (diagnostic["data"]?["fixes"]?.arrayValue ?? []).compactMap(\.stringValue)
      guard let range = diagnostic["range"], let start = positions.source(range["start"]),
        let end = positions.source(range["end"])
      else { continue }
      let line = analysis.source.line(start.line) ?? ""
      let written = String(
        line.dropFirst(start.column - 1).prefix(max(0, end.column - start.column)))
      for fix in fixes {
        var replacement = fix
        if replacement.hasSuffix(":"), !written.hasSuffix(":") { replacement.removeLast() }
        actions.append(
          .object([
            ("title", .string("Replace '\(written)' with '\(replacement)'")),
            ("kind", .string("quickfix")),
            ("diagnostics", .array([diagnostic])),
            ("isPreferred", .bool(fixes.count == 1)),
            (
              "edit",
              .object([
                (
                  "changes",
                  .object([
                    (
                      uri,
                      .array([
                        .object([("range", range), ("newText", .string(replacement))])
                      ])
                    )
                  ])
                )
              ])
            ),
          ]))
      }
    }
    return .array(actions)
  }

  func render(_ params: JSONValue) throws(Failure) -> JSONValue {
    let (_, analysis) = try document(params)
    let format = params["format"]?.stringValue ?? "svg"
    guard format == "svg" || format == "html" else {
      throw Failure(.invalidParams, "unknown format '\(format)'; expected svg or html")
    }
    let theme = params["theme"]?.stringValue.flatMap(DiagramTheme.init(rawValue:)) ?? .auto
    var members: [(String, JSONValue)] = [("format", .string(format))]
    if let run = analysis.run {
      members.append(
        (
          "content",
          .string(
            format == "svg"
              ? SVGRenderer(theme: theme).render(run) : HTMLRenderer(theme: theme).render(run))
        ))
    } else {
      members.append(("content", .null))
    }
    let problems = analysis.diagnostics.filter { $0.severity == .error }
    if !problems.isEmpty {
      members.append(("diagnostics", .string(problems.render(in: analysis.source))))
    }
    return .object(members)
  }
}
