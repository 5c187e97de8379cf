import Foundation
import Marbles

/// The requests that change or draw the buffer: formatting, the quick fixes of "did you mean",
/// and the render request of previews. Each answer stays within the server's output budget.
extension LanguageServer {
  /// The edit that gives `source` the formatter's layout; none past `budgets.maxOutput`.
  static func formatting(_ source: SourceFile, budgets: RunBudgets) throws(Failure)
    -> [LSP.TextEdit]
  {
    switch ScriptFormatter.format(source) {
    case .failure(let failure):
      let first =
        failure.diagnostics.first.map { "; first: \($0.range.start): \($0.message)" } ?? ""
      throw Failure(.requestFailed, "the script has syntax errors, so it is not formatted\(first)")
    case .success(let text):
      guard text != source.text else { return [] }
      guard text.utf8.count <= budgets.maxOutput else {
        throw Failure(
          .requestFailed, "the formatting edit was not sent: " + budgets.outputRefusal())
      }
      return [LSP.TextEdit(range: LSPPositions(source).wholeRange, newText: text)]
    }
  }

  static func codeActions(_ params: LSP.CodeActionParams, _ analysis: DocumentAnalysis)
    -> [LSP.CodeAction]
  {
    let uri = params.textDocument.uri
    var actions: [LSP.CodeAction] = []
    let positions = LSPPositions(analysis.source)
    for diagnostic in params.context?.diagnostics ?? [] {
      let value = diagnostic.value
      let fixes = (value["data"]?["fixes"]?.arrayValue ?? []).compactMap(\.stringValue)
      guard let range = try? JSONValueCoding.decode(LSP.Range.self, from: value["range"] ?? .null),
        let start = positions.source(range.start), let end = positions.source(range.end)
      else { continue }
      let line = analysis.source.line(start.line) ?? ""
      let written = String(
        line.dropFirst(start.column - 1).prefix(max(0, end.column - start.column)))
      for fix in fixes {
        var replacement = fix
        if replacement.hasSuffix(":"), !written.hasSuffix(":") { replacement.removeLast() }
        actions.append(
          LSP.CodeAction(
            title: "Replace '\(written)' with '\(replacement)'", kind: "quickfix",
            diagnostics: [diagnostic], isPreferred: fixes.count == 1,
            edit: LSP.WorkspaceEdit(changes: [
              uri: [LSP.TextEdit(range: range, newText: replacement)]
            ])
          ))
      }
    }
    return actions
  }

  /// `marbles/render`: the current text's run as SVG or HTML, waiting for its analysis, drawn on
  /// a job's thread; refused past the output budget as `marbles render` refuses it.
  func render(_ params: LSP.RenderParams, _ request: Request) throws(Failure) {
    let format = params.format ?? "svg"
    guard format == "svg" || format == "html" else {
      throw Failure(.invalidParams, "unknown format '\(format)'; expected svg or html")
    }
    let theme = params.theme.flatMap(DiagramTheme.init(rawValue:)) ?? .auto
    let budgets = options.budgets
    try answer(request, uri: params.textDocument.uri, needs: .current, inBackground: true) {
      (analysis) throws(Failure) -> JSONValue in
      var result = LSP.RenderResult(format: format)
      if let run = analysis.run {
        let drawn =
          format == "svg"
          ? SVGRenderer(theme: theme).render(run, limit: budgets.maxOutput)
          : HTMLRenderer(theme: theme).render(run, limit: budgets.maxOutput)
        guard let drawn, drawn.utf8.count <= budgets.maxOutput else {
          throw Failure(.requestFailed, "the drawing was not sent: " + budgets.outputRefusal())
        }
        result.content = drawn
      }
      let problems = analysis.diagnostics.filter { $0.severity == .error }
      if !problems.isEmpty { result.diagnostics = problems.render(in: analysis.source) }
      return try Self.encode(result)
    }
  }
}
