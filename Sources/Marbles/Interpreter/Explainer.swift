/// `marbles explain`: the catalogue, or one operator with a live example.
enum Explainer {
  /// The text for `marbles explain [name]`, and whether the name was found.
  static func explain(_ name: String?) -> (text: String, found: Bool) {
    guard let name else { return (catalogue(), true) }
    let entries = Catalogue.entries(named: name)
    guard !entries.isEmpty else {
      var text = "error: unknown operator '\(name)'"
      if let suggestion = ScriptSpelling.suggestion(for: name, among: Catalogue.allNames) {
        text += "; did you mean '\(suggestion)'?"
      }
      return (text + "\nSee 'marbles explain' for the catalogue.\n", false)
    }
    return (entries.map(describe).joined(separator: "\n"), true)
  }

  /// The whole catalogue, one line per row.
  static func catalogue() -> String {
    let rows = Catalogue.entries.map { entry -> (String, String, String, String) in
      var name: String
      switch entry.kind {
      case .method: name = "." + entry.name
      case .function: name = entry.name + "()"
      case .constant: name = entry.name
      }
      if entry.semantics == .rxjs { name += " (use rxjs)" }
      return (name, entry.rac.isEmpty ? "-" : entry.rac, entry.alias ?? "-", entry.summary)
    }
    let widths = [
      max(rows.map(\.0.count).max() ?? 0, 4), max(rows.map(\.1.count).max() ?? 0, 12),
      max(rows.map(\.2.count).max() ?? 0, 4),
    ]
    func pad(_ text: String, _ width: Int) -> String {
      text + String(repeating: " ", count: max(0, width - text.count))
    }
    var text = "Marbles operator catalogue (\(Catalogue.entries.count) entries)\n\n"
    text +=
      pad("NAME", widths[0]) + "  " + pad("ReactiveObjC", widths[1]) + "  "
      + pad("RxJS", widths[2]) + "  SUMMARY\n"
    for row in rows {
      text +=
        pad(row.0, widths[0]) + "  " + pad(row.1, widths[1]) + "  " + pad(row.2, widths[2])
        + "  " + row.3 + "\n"
    }
    text += "\nRun 'marbles explain NAME' for a description and a live example.\n"
    return text
  }

  /// One row: what it is, its names, the example and its diagram.
  static func describe(_ entry: OperatorEntry) -> String {
    var text = "\(entry.signature)\n\n\(entry.summary).\n\n"
    text += "ReactiveObjC: \(entry.rac.isEmpty ? "(none; RxJS only)" : entry.rac)\n"
    text += "RxJS: \(entry.alias ?? "(no alias with the same semantics)")\n"
    text += "Semantics: \(entry.semanticsNote)\n\n"
    text += "Example:\n\n"
    text +=
      entry.example.split(separator: "\n", omittingEmptySubsequences: false)
      .map { "    " + $0 }.joined(separator: "\n") + "\n\n"
    text += diagram(for: entry)
    return text
  }

  /// The example run and drawn.
  static func diagram(for entry: OperatorEntry) -> String {
    let source = SourceFile(name: "example", text: "title \"\(entry.name)\"\n" + entry.example)
    switch Interpreter.run(source, options: RunOptions(maxFrames: 1_000)) {
    case .completed(let run):
      return TimelineRenderer().render(run)
    case .failed(let diagnostics):
      return "(the example failed to run)\n" + diagnostics.render(in: source)
    }
  }
}
