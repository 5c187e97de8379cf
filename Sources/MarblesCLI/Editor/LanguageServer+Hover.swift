import Foundation
import Marbles

/// How hovers are written for the client: markdown or plain text, and the most bytes one takes.
struct HoverOptions: Sendable {
  var markdown: Bool
  var limit: Int
}

extension LanguageServer {
  var hoverOptions: HoverOptions {
    HoverOptions(
      markdown: client.markdownHover, limit: min(Self.maximumHoverSize, options.budgets.maxOutput))
  }

  /// The hover at `position`: run on a job's thread (it may run the script again to draw a lane
  /// the script does not show), stopped by `cancellation`.
  static func hover(
    _ position: LSP.Position, _ analysis: DocumentAnalysis, options: HoverOptions,
    cancellation: RunCancellation
  ) throws(Failure) -> LSP.Hover? {
    let positions = LSPPositions(analysis.source)
    guard let position = positions.source(position) else {
      throw Failure(.invalidParams, "malformed 'position'")
    }
    let maker = HoverMaker(analysis: analysis, limit: options.limit, cancellation: cancellation)
    guard let (markdown, range) = maker.hover(at: position) else { return nil }
    if cancellation.isCancelled { throw Self.cancelled }
    var text = options.markdown ? markdown : HoverMaker.plainText(markdown)
    if text.utf8.count > options.limit {
      text =
        "(this hover would take \(text.utf8.count) bytes, past the \(options.limit) a hover may take; `marbles render` draws it)"
    }
    return LSP.Hover(
      contents: LSP.MarkupContent(kind: options.markdown ? "markdown" : "plaintext", value: text),
      range: positions.range(range))
  }
}

/// Hovers: an operator's signature, meaning and catalogue diagram; a name's, a `show`'s or an
/// `expect`'s lanes as the run draws them; a marble string's frame and event under the cursor.
/// Written in markdown; `plainText(_:)` makes the text for clients that prefer it.
struct HoverMaker {
  let analysis: DocumentAnalysis
  /// The most bytes a drawing in the hover may take.
  let limit: Int
  /// Stops the runs made to draw a lane the script does not show.
  let cancellation: RunCancellation?

  /// The catalogue diagrams drawn for hovers, by row, shared by every hover's thread.
  private static let diagrams = DiagramCache()

  /// The markdown of the hover at `position`, and the range it covers.
  func hover(at position: SourcePosition) -> (String, SourceRange)? {
    guard let token = analysis.token(at: position),
      let index = analysis.tokens.firstIndex(where: { $0.range == token.range })
    else { return nil }
    let previous = index > 0 ? analysis.tokens[index - 1] : nil
    var markdown: String?
    switch token.kind {
    case .string:
      if let literal = token.literal { markdown = marbleHover(literal, at: position) }
    case .identifier:
      let name = String(token.text)
      if case .dot? = previous?.kind {
        if let entry = Catalogue.method(name, rxjs: analysis.usesRxJS) {
          markdown = operatorHover(entry, calledAs: name)
        } else if ValueProperties.names.contains(name), index >= 2 {
          markdown = propertyHover(token)
        }
      } else if let binding = analysis.name(at: position) {
        markdown = laneHover(binding.name, title: "let \(binding.name)")
      } else if let entry = Catalogue.function(name, rxjs: analysis.usesRxJS)
        ?? Catalogue.constants[name]
      {
        markdown = operatorHover(entry, calledAs: name)
      }
    case .keyword(.show), .keyword(.expect):
      markdown = statementHover(at: position)
    default: break
    }
    guard let markdown else { return nil }
    var range = token.range
    if case .string = token.kind {
      range = SourceRange(line: position.line, column: position.column)
    }
    return (markdown, range)
  }

  /// `markdown` as plain text: code fences and emphasis marks dropped, code spans unquoted.
  static func plainText(_ markdown: String) -> String {
    var lines: [Substring] = []
    var inCode = false
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        inCode.toggle()
        continue
      }
      if inCode {
        lines.append(line)
      } else {
        lines.append(
          Substring(
            line.replacingOccurrences(of: "**", with: "").replacingOccurrences(
              of: "`", with: "")))
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The catalogue's row: signature, meaning, names, and its example's diagram.
  func operatorHover(_ entry: OperatorEntry, calledAs name: String) -> String {
    var text = "```marble\n\(entry.signature(named: name))\n```\n\n\(entry.summary).\n\n"
    var names: [String] = []
    if !entry.rac.isEmpty { names.append("ReactiveObjC `\(entry.rac)`") }
    if let alias = entry.alias { names.append("RxJS `\(alias)`") }
    if !names.isEmpty { text += names.joined(separator: " · ") + "\n\n" }
    text += "```text\n" + catalogueDiagram(entry) + "```\n"
    return text
  }

  /// The example of a catalogue row drawn as `marbles explain` draws it (made once).
  func catalogueDiagram(_ entry: OperatorEntry) -> String {
    let key = "\(entry.name)|\(entry.semantics)"
    if let cached = Self.diagrams[key] { return cached }
    let example = Explainer.example(for: entry)
    let drawn: String
    switch example.outcome {
    case .completed(let run), .stopped(let run): drawn = TextRenderer().render(run)
    case .failed: drawn = example.script + "\n"
    }
    Self.diagrams[key] = drawn
    return drawn
  }

  /// `cmd.enabled`: the lane of the whole member expression.
  private func propertyHover(_ token: ScriptToken) -> String? {
    // The lane name is the text from the start of the chain to this property.
    guard let statement = analysis.statement(at: token.range.start) else { return nil }
    var name: String?
    Self.forEachExpression(in: statement) { expression in
      if case .member(_, let member) = expression.kind, member.range == token.range {
        name = expression.laneName
      }
    }
    guard let name else { return nil }
    return laneHover(name, title: name)
  }

  /// Calls `body` with every expression of `statement`, each before its operands, closures'
  /// bodies included (the tree is at most `ScriptParser.maximumDepth` deep: the walk is safe).
  static func forEachExpression(
    in statement: ScriptStatement, _ body: (ScriptExpression) -> Void
  ) {
    func visit(_ expression: ScriptExpression) {
      body(expression)
      expression.operands.forEach(visit)
      if let closure = expression.closure { visit(closure.body) }
    }
    expressions(of: statement).forEach(visit)
  }

  private static func expressions(of statement: ScriptStatement) -> [ScriptExpression] {
    switch statement.kind {
    case .title, .use: return []
    case .binding(_, let value): return [value]
    case .show(let items): return items.map(\.expression)
    case .expect(let expectation):
      return [expectation.subject] + expectation.values.map(\.value)
    case .expectSubscriptions(let expectation): return [expectation.subject]
    case .expression(let expression): return [expression]
    }
  }

  /// The lanes of `laneName` drawn as ASCII in a code block.
  func laneHover(_ laneName: String, title: String) -> String {
    guard let (run, lanes, added) = analysis.lanes(named: laneName, cancellation: cancellation)
    else {
      if analysis.options == nil {
        return
          "`\(title)`\n\n(the script is still running: hover again once its diagnostics appear)"
      }
      if case .failed = analysis.outcome {
        return "`\(title)`\n\n(the script does not run yet: see its errors)"
      }
      return "`\(title)`\n\n(not a signal: no lane to draw)"
    }
    var part = run
    part.lanes = lanes
    part.title = laneName
    var text = "`\(title)`"
    if added { text += " — not shown by the script; drawn as if it said `show \(laneName)`" }
    if run.stopped != nil { text += " — the run stopped early" }
    return text + "\n\n" + drawing(part)
  }

  /// `show a, b`: the statement's lanes; `expect x == …`: the lane, and the diff when it fails.
  private func statementHover(at position: SourcePosition) -> String? {
    guard let statement = analysis.statement(at: position) else { return nil }
    switch statement.kind {
    case .show(let items):
      guard let run = analysis.run else {
        return analysis.options == nil
          ? "(the script is still running: hover again once its diagnostics appear)"
          : "(the script does not run yet: see its errors)"
      }
      var lanes: [TimelineLane] = []
      for item in items {
        let found = analysis.lanes(named: item.name, cancellation: cancellation)
        if let found, !found.added { lanes += found.lanes }
      }
      guard !lanes.isEmpty else { return nil }
      var part = run
      part.lanes = lanes
      return drawing(part)
    case .expect(let expectation):
      var text = laneHover(expectation.subject.laneName, title: "expect")
      if let failure = analysis.failures.first(where: { $0.range == statement.range }) {
        text +=
          "\n**Fails:**\n\n```text\n"
          + (analysis.run.map { ExpectationDiffRenderer(keysOf: $0) } ?? .init())
          .render(failure.result) + "\n```\n"
      } else if analysis.run?.expectations.contains(where: { $0.line == statement.range.start.line }
      ) == true {
        text += "\nHolds.\n"
      }
      return text
    case .expectSubscriptions(let expectation):
      return laneHover(expectation.subject.laneName, title: "expect subscriptions")
    default: return nil
    }
  }

  /// The frame and the event of the marble character under the cursor.
  private func marbleHover(_ literal: ScriptStringLiteral, at position: SourcePosition) -> String? {
    guard position.line == literal.contentStart.line else { return nil }
    // The value offset under the cursor (exact without escapes; after one, approximate).
    var offset = position.column - literal.contentStart.column
    for escape in literal.escapes where escape.column < position.column {
      offset -= escape.length - escape.valueLength
    }
    let glyphs = MarbleGlyphs(literal.value).glyphs
    guard offset >= 0, offset < glyphs.count else { return nil }
    let glyph = glyphs[offset]
    let values = valuesMap(for: literal)
    let what: String
    switch glyph.kind {
    case .nothing: what = "nothing happens"
    case .space: what = "alignment only (no time)"
    case .value:
      let key = String(glyph.character)
      if let value = values[key] {
        what = "value `\(key)` = `\(value)`"
      } else if glyph.character.isNumber {
        what = "value `\(key)` (the number \(key))"
      } else {
        what = "value `\(key)` (the string \"\(key)\")"
      }
    case .completion: what = "completion `|`"
    case .failure: what = "failure `#`" + (values["error"].map { " with `\($0)`" } ?? "")
    case .groupStart: what = "a group opens: its events all happen at this frame"
    case .groupEnd: what = "the group closes"
    case .subscribe: what = "subscription `^` (frame 0)"
    case .unsubscribe: what = "unsubscription `!`"
    case .progression(let frames): what = "time passes: \(frames) frame\(frames == 1 ? "" : "s")"
    }
    var text = "**frame \(glyph.frame)**: \(what)"
    if glyph.kind == .value || glyph.kind == .completion || glyph.kind == .failure {
      let together = glyphs.filter {
        $0.frame == glyph.frame && [.value, .completion, .failure].contains($0.kind)
      }
      if together.count > 1 {
        text +=
          "\n\nat the same frame: " + together.map { "`\($0.character)`" }.joined(separator: ", ")
      }
    }
    return text
  }

  /// The labelled values given with a marble literal (`a: 1`, `error: "x"`), as written.
  private func valuesMap(for literal: ScriptStringLiteral) -> [String: String] {
    guard let statement = analysis.statement(at: literal.range.start) else { return [:] }
    var map: [String: String] = [:]
    func take(_ arguments: [ScriptArgument]) {
      for argument in arguments {
        if let label = argument.label { map[label.name] = String(argument.value.text) }
      }
    }
    if case .expect(let expectation) = statement.kind, expectation.marble.range == literal.range {
      take(expectation.values + (expectation.error.map { [$0] } ?? []))
      return map
    }
    Self.forEachExpression(in: statement) { expression in
      if case .call(_, let arguments, _) = expression.kind,
        case .string(let first)? = arguments.first?.value.kind, first.range == literal.range
      {
        take(Array(arguments.dropFirst()))
      }
    }
    return map
  }
}

/// The lanes drawn in a code block, or why they are not: past `limit`.
extension HoverMaker {
  func drawing(_ part: ScriptRun) -> String {
    guard let drawn = TextRenderer().render(part, limit: limit) else {
      return "(too large to draw in a hover; `marbles render` draws it)\n"
    }
    return "```text\n" + drawn + "```\n"
  }
}

/// Drawings made once and read by many threads.
final class DiagramCache: @unchecked Sendable {
  // Invariant: `drawings` is read and written with `lock` held.
  private let lock = NSLock()
  private var drawings: [String: String] = [:]

  subscript(key: String) -> String? {
    get {
      lock.withLock { drawings[key] }
    }
    set {
      lock.withLock { drawings[key] = newValue }
    }
  }
}
