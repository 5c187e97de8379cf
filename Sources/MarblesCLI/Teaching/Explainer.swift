import Foundation
import Marbles

/// `marbles explain`: the catalogue by family, or one operator with a live example that draws
/// its input lanes, its output and its internals.
package enum Explainer {
  /// One explained example: the script as run (the catalogue's example with its input lanes
  /// and internals added) and what its lanes are.
  struct Example {
    /// The script that was run, as `explain` prints it.
    var script: String
    /// The outcome of the run.
    var outcome: ScriptOutcome
    /// The lanes that draw the inputs (marble sources drawn without subscribing them).
    var inputLanes: [String]
    /// The lanes that draw the operator's internals.
    var internalsLanes: [String]
    /// The other lanes: the output.
    var outputLanes: [String]
  }

  /// The text for `marbles explain [name]`, and whether the name was found.
  package static func explain(_ name: String?) -> (text: String, found: Bool) {
    guard let name else { return (catalogue(), true) }
    let entries = self.entries(named: name)
    guard !entries.isEmpty else {
      let bare = normalized(name)
      let text =
        "error: unknown operator '\(name)'"
        + ScriptSpelling.didYouMean(
          ScriptSpelling.suggestions(
            for: bare, among: Catalogue.allNames, synonyms: Catalogue.synonyms[bare] ?? []))
      return (text + "\nSee 'marbles explain' for the catalogue.\n", false)
    }
    return (entries.map(describe).joined(separator: "\n"), true)
  }

  /// The rows `name` stands for: a script name or alias, written as the catalogue prints it
  /// (`.map`, `cold()`, `map(…)`) or as ReactiveObjC's selector (`scanWithStart:reduce:`).
  static func entries(named name: String) -> [OperatorEntry] {
    let bare = normalized(name)
    let found = Catalogue.entries(named: bare)
    if !found.isEmpty { return found }
    return Catalogue.entries.filter { entry in
      entry.rac.split(separator: "/").contains {
        $0.trimmingCharacters(in: .whitespaces) == name.trimmingCharacters(in: .whitespaces)
      }
    }
  }

  /// `.map` → `map`, `cold()` → `cold`, `merge(with:)` → `merge`, `map { x in … }` → `map`.
  static func normalized(_ name: String) -> String {
    var text = Substring(name.trimmingCharacters(in: .whitespaces))
    if text.hasPrefix(".") { text.removeFirst() }
    let word = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
    let rest = text.dropFirst(word.count).trimmingCharacters(in: .whitespaces)
    return rest.isEmpty || rest.hasPrefix("(") || rest.hasPrefix("{") ? String(word) : String(text)
  }

  /// The whole catalogue, family by family: per row, its name with its ReactiveObjC and RxJS
  /// names (those it has), then its summary on a line of its own, indented, so that a terminal
  /// of 80–100 columns (a projector's) wraps the summary under itself (`MarblesTool.wrap`).
  static func catalogue() -> String {
    /// Names are padded to this width, so the other names line up; a longer one pushes them.
    let nameWidth = 24
    var text = "Marbles operator catalogue (\(Catalogue.entries.count) entries)\n"
    for family in Catalogue.families {
      text += "\n\(family.title)\n\n"
      for entry in family.entries {
        let name = printedName(entry)
        var others: [String] = []
        if !entry.rac.isEmpty { others.append("ReactiveObjC: \(entry.rac)") }
        if let rxjs = rxjsName(entry) { others.append("RxJS: \(rxjs)") }
        let padding = String(repeating: " ", count: max(0, nameWidth - name.count))
        text +=
          "  " + (others.isEmpty ? name : name + padding + "  " + others.joined(separator: "  "))
          + "\n"
        text += "      " + entry.summary + "\n"
      }
    }
    text += "\nRun 'marbles explain NAME' for a description and a live example.\n"
    return text
  }

  /// The RxJS name of an entry with the same semantics: its alias, or, for an operator only
  /// RxJS has (no ReactiveObjC name), the name its row gives RxJS's (`connect` for
  /// `connectWith`) or its own (`switchMap`, `pairwise`, `timer`). Nil when RxJS has none.
  static func rxjsName(_ entry: OperatorEntry) -> String? {
    if let alias = entry.alias { return alias }
    guard entry.rac.isEmpty else { return nil }
    return entry.rxjsName ?? entry.name
  }

  /// A row's name as the catalogue prints it: `.map`, `cold()`, `empty`.
  static func printedName(_ entry: OperatorEntry) -> String {
    var name: String
    switch entry.kind {
    case .method: name = "." + entry.name
    case .function: name = entry.name + "()"
    case .constant: name = entry.name
    }
    if entry.semantics == .rxjs { name += " (use rxjs)" }
    return name
  }

  /// One row: what it is, its names, its state, the example and its diagram.
  static func describe(_ entry: OperatorEntry) -> String {
    var text = "\(entry.signature)\n\n\(entry.summary).\n\n"
    text += "Family: \(Catalogue.family(of: entry))\n"
    text += "ReactiveObjC: \(entry.rac.isEmpty ? "(none; RxJS only)" : entry.rac)\n"
    text += "RxJS: \(rxjsName(entry) ?? "(no alias with the same semantics)")\n"
    text += "Semantics: \(entry.semanticsNote)\n"
    let example = self.example(for: entry)
    text += "Inputs: \(inputsLine(entry, example))\n"
    text += "Internals: \(internalsLine(entry))"
    if entry.internals?.description != nil {
      text +=
        example.internalsLanes.isEmpty
        ? " (not drawn as lanes by this build yet)" : " (the lanes after the output)"
    }
    text += "\n\n"
    text += "Example:\n\n"
    text +=
      example.script.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n") + "\n\n"
    switch example.outcome {
    case .completed(let run):
      text += TextRenderer().render(run)
    case .stopped(let run):
      text +=
        TextRenderer().render(run) + "(the example stopped early)\n"
        + run.diagnostics.render(in: SourceFile(name: "example", text: example.script))
    case .failed(let diagnostics):
      text +=
        "(the example failed to run)\n"
        + diagnostics.render(in: SourceFile(name: "example", text: example.script))
    }
    return text
  }

  /// The Inputs line: the input lanes drawn, or, for a source, that its arguments are its
  /// inputs (it has no input signal; its output lane draws what it makes of them).
  static func inputsLine(_ entry: OperatorEntry, _ example: Example) -> String {
    if entry.isSource {
      return "none (a source: it makes its events from its arguments, drawn as its output lane)"
    }
    let names = example.inputLanes.map {
      "`" + $0.replacingOccurrences(of: ".recorded", with: "") + "`"
    }
    return names.joined(separator: ", ")
      + " (the lanes before the output, drawn with `show x.recorded`: no second subscription)"
  }

  /// The Internals line: what the operator holds, or that it holds nothing.
  static func internalsLine(_ entry: OperatorEntry) -> String {
    guard let state = entry.internals?.description else {
      return entry.isSource
        ? "no internal state (it plays its arguments)"
        : "no internal state (each event is handled on its own)"
    }
    return state
  }

  // MARK: - The example as run

  /// The example with its inputs drawn (`show input.recorded`: a lane that does not subscribe
  /// the source again) and, for a stateful operator, its internals lanes when this build draws
  /// them (`show output.internals`).
  static func example(for entry: OperatorEntry) -> Example {
    // In the formatter's layout, so a reader can copy it into a file `marbles format --check`
    // accepts; the rewrites below keep that layout (a `show` line is `show a, b`).
    let base = formatted(entry.example)
    var lines = base.dropLast(base.hasSuffix("\n") ? 1 : 0)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let sources = lines.compactMap(sourceName)
    var inputs: [String] = []
    if !entry.isSource, let first = lines.firstIndex(where: isShow) {
      // Shown sources are drawn without subscribing; the others are added in front.
      for index in lines.indices where isShow(lines[index]) {
        let items = showItems(lines[index]).map { item in
          sources.contains(item) ? item + ".recorded" : item
        }
        inputs += items.filter { $0.hasSuffix(".recorded") }
        lines[index] = "show " + items.joined(separator: ", ")
      }
      let missing = sources.filter { !inputs.contains($0 + ".recorded") && isUsed($0, in: lines) }
      if !missing.isEmpty {
        let added = missing.map { $0 + ".recorded" }
        lines[first] = "show " + (added + showItems(lines[first])).joined(separator: ", ")
        inputs = added + inputs
      }
    }
    let plain = run(lines.joined(separator: "\n"), entry: entry)
    var outcome = plain
    var internals: [String] = []
    if entry.internals?.description != nil, case .completed(let before) = plain,
      let output = outputName(of: entry, in: lines), let last = lines.lastIndex(where: isShow)
    {
      var withInternals = lines
      // The output's own lane becomes its internals (the output and its state, from one
      // subscription); an output not shown gets its internals after the last `show`.
      // `output subscribed "--^"` keeps its window: the internals subscribe when it opens.
      func isOutput(_ item: String) -> Bool {
        item == output || item.hasPrefix(output + " subscribed ")
      }
      if let index = lines.lastIndex(where: {
        isShow($0) && showItems($0).contains(where: isOutput)
      }
      ) {
        // Only the first item becomes the internals (one subscription, one window).
        var items = showItems(lines[index])
        if let first = items.firstIndex(where: isOutput) {
          items[first] = output + ".internals" + items[first].dropFirst(output.count)
        }
        withInternals[index] = "show " + items.joined(separator: ", ")
      } else {
        withInternals.insert("show \(output).internals", at: last + 1)
      }
      let tried = run(withInternals.joined(separator: "\n"), entry: entry)
      if case .completed(let after) = tried, after.lanes.count > before.lanes.count {
        internals = internalsLanes(before: before, after: after)
        lines = withInternals
        outcome = tried
      }
    }
    let script = lines.joined(separator: "\n")
    var outputs: [String] = []
    if case .completed(let run) = plain {
      outputs = run.lanes.map(\.name).filter { !inputs.contains($0) }
    }
    return Example(
      script: script, outcome: outcome, inputLanes: inputs, internalsLanes: internals,
      outputLanes: outputs)
  }

  /// `example` in the formatter's layout, with its final newline; as written (a newline added)
  /// when it does not parse, so the run's diagnostics still point into the text shown.
  package static func formatted(_ example: String) -> String {
    guard case .success(let text) = ScriptFormatter.format(SourceFile(name: "", text: example))
    else { return example.hasSuffix("\n") ? example : example + "\n" }
    return text
  }

  /// The lanes `after` has beyond `before`'s (the same lanes, plus the internals lanes shown
  /// after the last `show`, so at the end).
  private static func internalsLanes(before: ScriptRun, after: ScriptRun) -> [String] {
    let shown = Set(before.lanes.map(\.name))
    return after.lanes.map(\.name).filter { !shown.contains($0) }
  }

  private static func run(_ script: String, entry: OperatorEntry) -> ScriptOutcome {
    let source = SourceFile(name: "example", text: "title \"\(entry.name)\"\n" + script)
    return ScriptEngine.run(source, options: RunOptions(maxFrames: 1_000))
  }

  private static func isShow(_ line: String) -> Bool { line.hasPrefix("show ") }

  /// `let NAME = cold(…)` / `hot(…)` → NAME.
  private static func sourceName(_ line: String) -> String? {
    guard let (name, value) = binding(line),
      value.hasPrefix("cold(") || value.hasPrefix("hot(")
    else { return nil }
    return name
  }

  /// `let NAME = VALUE` → (NAME, VALUE).
  private static func binding(_ line: String) -> (String, String)? {
    guard line.hasPrefix("let "), let equals = line.firstIndex(of: "=") else { return nil }
    let name = line[line.index(line.startIndex, offsetBy: 4)..<equals]
      .trimmingCharacters(in: .whitespaces)
    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
      return nil
    }
    let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
    return (name, value)
  }

  /// The items of a `show` line, split at top-level commas.
  private static func showItems(_ line: String) -> [String] {
    var items: [String] = []
    var current = ""
    var depth = 0
    var quoted = false
    for character in line.dropFirst("show ".count) {
      switch character {
      case "\"": quoted.toggle()
      case "(", "[", "{": if !quoted { depth += 1 }
      case ")", "]", "}": if !quoted { depth -= 1 }
      case "," where !quoted && depth == 0:
        items.append(current.trimmingCharacters(in: .whitespaces))
        current = ""
        continue
      default: break
      }
      current.append(character)
    }
    items.append(current.trimmingCharacters(in: .whitespaces))
    return items.filter { !$0.isEmpty }
  }

  /// Whether `name` is used by another line than its `let` (an input of the example).
  private static func isUsed(_ name: String, in lines: [String]) -> Bool {
    lines.contains { line in
      guard binding(line)?.0 != name else { return false }
      return line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
        .contains { $0 == name }
    }
  }

  /// The name the example binds the operator's result to: the last `let` whose value calls it.
  static func outputName(of entry: OperatorEntry, in lines: [String]) -> String? {
    let names = [entry.name] + (entry.alias.map { [$0] } ?? [])
    return lines.compactMap(binding).last { _, value in
      names.contains { name in
        entry.kind == .method
          ? value.contains("." + name + "(") || value.contains("." + name + " {")
            || value.hasSuffix("." + name)
          : value.hasPrefix(name + "(") || value.hasPrefix(name + " {") || value == name
      }
    }?.0
  }
}
