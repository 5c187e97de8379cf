import Foundation
import Marbles

/// Everything the language server knows about one version of one script: its tokens, its
/// statements, its run, its diagnostics and where each name is bound and used. Made once per
/// version and reused by every request on that version.
///
/// Requests read one analysis from several threads at once (the server's, and the jobs that
/// answer hovers): every property is immutable but `extraRuns`, which is guarded by `lock`.
final class DocumentAnalysis: @unchecked Sendable {
  /// One use of a name in an expression (not a member, label or closure parameter).
  struct Reference {
    var name: String
    var range: SourceRange
    /// The names a closure binds around the use (parameters, `let`/`var` and `for` names
    /// declared before it in a block): a `let` renamed to one of them would be captured.
    var locals: Set<String>
  }

  /// The text, named after the document (its path when it is a file).
  let source: SourceFile
  /// The statements that parsed.
  let script: Script
  /// The tokens, the last one `.endOfFile`.
  let tokens: [ScriptToken]
  /// The run (or why the script could not run); for an analysis made without running, the
  /// syntax errors.
  let outcome: ScriptOutcome
  /// Every diagnostic `marbles test` would print for the script, failing `expect`s included.
  let diagnostics: [Diagnostic]
  /// Each failing `expect`, with the statement's range.
  let failures: [(result: ExpectationResult, range: SourceRange)]
  /// Where each name is bound by `let`.
  let bindings: [String: ScriptIdentifier]
  /// The `let` names in source order.
  let bindingOrder: [ScriptIdentifier]
  /// Every use of a name, in source order.
  let references: [Reference]
  /// Whether the script says `use rxjs`.
  let usesRxJS: Bool
  /// The options the run had, for runs made again for hovers; nil when it was not run.
  let options: RunOptions?
  private let lock = NSLock()
  /// Runs made for hovers on names the script does not show, by name.
  private var extraRuns: [String: ScriptRun?] = [:]

  /// The pieces of the document's runs, kept between its versions (nil: runs are whole).
  let pieces: ScriptPieces?

  /// Parses `source` and runs it within `options`; with nil options it is only parsed (what a
  /// rename needs, at once, while the text's run goes on). With `pieces`, only the pieces of
  /// the script that the last run did not have run (see `ScriptPieces`).
  init(_ source: SourceFile, options: RunOptions?, pieces: ScriptPieces? = nil) {
    self.source = source
    self.options = options
    self.pieces = pieces
    let (script, syntax, tokens) = ScriptParser.parseKeepingTokens(source)
    self.script = script
    self.tokens = tokens
    // Parsed once: the run starts from the statements parsed here.
    let outcome: ScriptOutcome
    if let options, let pieces {
      outcome = pieces.run(script, syntax: syntax, of: source, options: options)
    } else if let options {
      outcome = ScriptEngine.run(script, syntax: syntax, of: source, options: options)
    } else {
      outcome = .failed(syntax)
    }
    self.outcome = outcome
    var failures: [(ExpectationResult, SourceRange)] = []
    if case .completed(let run) = outcome {
      for result in run.expectations where !result.passed {
        let statement = script.statements.first { $0.range.start.line == result.line }
        failures.append(
          (result, statement?.range ?? SourceRange(line: result.line, column: result.column)))
      }
    }
    self.failures = failures
    var diagnostics = outcome.diagnostics
    let renderer = outcome.run.map { ExpectationDiffRenderer(keysOf: $0) } ?? .init()
    for (result, range) in failures {
      diagnostics.append(Diagnostic(.error, renderer.render(result), at: range))
    }
    self.diagnostics = diagnostics
    var bindings: [String: ScriptIdentifier] = [:]
    var order: [ScriptIdentifier] = []
    var references: [Reference] = []
    var rxjs = false
    for statement in script.statements {
      switch statement.kind {
      case .use(let library): rxjs = rxjs || library.name == "rxjs"
      case .binding(let name, _) where bindings[name.name] == nil:
        bindings[name.name] = name
        order.append(name)
      default: break
      }
      for expression in statement.expressions {
        Self.collect(expression, locals: [], into: &references)
      }
    }
    self.bindings = bindings
    self.bindingOrder = order
    self.references = references
    self.usesRxJS = rxjs
  }

  /// The uses of names in `expression`; a use of one of `locals` is the closure's own, not a
  /// reference to a `let`.
  private static func collect(
    _ expression: ScriptExpression, locals: Set<String>, into references: inout [Reference]
  ) {
    if case .identifier(let name) = expression.kind, !locals.contains(name) {
      references.append(Reference(name: name, range: expression.range, locals: locals))
    }
    for operand in expression.operands { collect(operand, locals: locals, into: &references) }
    if let closure = expression.closure { collect(closure, locals: locals, into: &references) }
  }

  private static func collect(
    _ closure: ScriptClosure, locals: Set<String>, into references: inout [Reference]
  ) {
    var inner = locals
    if case .explicit(let parameters) = closure.parameters {
      for parameter in parameters { inner.insert(parameter.name) }
    }
    if let block = closure.block {
      collect(block, locals: inner, into: &references)
    } else {
      collect(closure.body, locals: inner, into: &references)
    }
  }

  /// The uses in a block's statements: a `let` or `var` hides a name from the next statement
  /// on, a `for` name inside its body.
  private static func collect(
    _ block: [ScriptBlockStatement], locals: Set<String>, into references: inout [Reference]
  ) {
    var locals = locals
    for statement in block {
      func visit(_ expression: ScriptExpression) {
        collect(expression, locals: locals, into: &references)
      }
      switch statement.kind {
      case .binding(let name, let value, _):
        visit(value)
        locals.insert(name.name)
      case .assignment(let name, _, let value):
        if !locals.contains(name.name) {
          references.append(Reference(name: name.name, range: name.range, locals: locals))
        }
        visit(value)
      case .expression(let value), .throw(let value): visit(value)
      case .return(let value): value.map(visit)
      case .break, .continue: break
      case .conditional(let condition, let then, let otherwise):
        visit(condition)
        collect(then, locals: locals, into: &references)
        if let otherwise { collect(otherwise, locals: locals, into: &references) }
      case .loop(let name, let lower, let upper, _, let body):
        visit(lower)
        upper.map(visit)
        var inner = locals
        if let name { inner.insert(name.name) }
        collect(body, locals: inner, into: &references)
      case .switch(let subject, let cases, let otherwise):
        visit(subject)
        for branch in cases {
          for pattern in branch.patterns {
            visit(pattern.value)
            pattern.upper.map(visit)
          }
          collect(branch.body, locals: locals, into: &references)
        }
        if let otherwise { collect(otherwise, locals: locals, into: &references) }
      }
    }
  }

  // MARK: - Queries

  /// The run, complete or stopped early; nil when the script could not run.
  var run: ScriptRun? { outcome.run }

  /// The token that covers `position` (or ends right at it), skipping newlines.
  func token(at position: SourcePosition) -> ScriptToken? {
    var found: ScriptToken?
    for token in tokens {
      switch token.kind {
      case .newline, .endOfFile: continue
      default: break
      }
      if token.range.start > position { break }
      if position < token.range.end || (position == token.range.end && found == nil) {
        found = token
      }
      if position < token.range.end { break }
    }
    return found
  }

  /// The index of the last token that starts before `position`.
  func tokenIndex(before position: SourcePosition) -> Int? {
    var index: Int?
    for (offset, token) in tokens.enumerated() {
      if case .endOfFile = token.kind { break }
      if token.range.start < position { index = offset } else { break }
    }
    return index
  }

  /// The name bound by `let` at or used at `position`.
  package func name(at position: SourcePosition) -> ScriptIdentifier? {
    for binding in bindingOrder where Self.contains(binding.range, position) { return binding }
    for reference in references where Self.contains(reference.range, position) {
      guard bindings[reference.name] != nil else { return nil }
      return ScriptIdentifier(name: reference.name, range: reference.range)
    }
    return nil
  }

  /// The ranges of every use of `name`, its declaration first when `declaration` is true.
  func uses(of name: String, declaration: Bool) -> [SourceRange] {
    var ranges: [SourceRange] = []
    if declaration, let binding = bindings[name] { ranges.append(binding.range) }
    ranges += references.filter { $0.name == name }.map(\.range)
    return ranges
  }

  /// The statement that covers `position`.
  func statement(at position: SourcePosition) -> ScriptStatement? {
    script.statements.first {
      $0.range.start <= position && (position <= $0.range.end)
    }
  }

  /// Whether `range` covers `position` (its end included, where a cursor after a name sits).
  static func contains(_ range: SourceRange, _ position: SourcePosition) -> Bool {
    range.start <= position && position <= range.end
  }

  /// The lanes a run of the script draws for `laneName`: the shown lane of that name (and a
  /// command's or operator's expanded lanes under it); for a name the script does not show,
  /// a run of the script with `show NAME` added.
  /// The extra run stops when `cancellation` is raised.
  func lanes(named laneName: String, cancellation: RunCancellation? = nil) -> (
    run: ScriptRun, lanes: [TimelineLane], added: Bool
  )? {
    if let run, let found = Self.matching(laneName, in: run), !found.isEmpty {
      return (run, found, false)
    }
    guard case .completed = outcome, var runOptions = options else { return nil }
    let kept = lock.withLock { extraRuns[laneName] }
    var extra: ScriptRun?
    if let kept {
      extra = kept
    } else {
      let text = source.text + "\nshow " + laneName + "\n"
      runOptions.cancellation = cancellation
      let extended = SourceFile(name: source.name, text: text)
      // Only the `show` is parsed (where it stands in `text`), and only the pieces it joins run.
      let shown = ScriptParser.parse(
        SourceFile(
          name: source.name,
          text: String(repeating: "\n", count: source.lines.count) + "show " + laneName + "\n"))
      if let pieces, !shown.diagnostics.containsError {
        extra =
          pieces.run(
            Script(statements: script.statements + shown.script.statements), syntax: [],
            of: extended, options: runOptions, keep: false
          ).run
      } else {
        extra = ScriptEngine.run(extended, options: runOptions).run
      }
      // A cancelled run is not kept: it stopped early, and the request gets no answer from it.
      guard cancellation?.isCancelled != true else { return nil }
      lock.withLock { extraRuns[laneName] = extra }
    }
    guard let extra, let found = Self.matching(laneName, in: extra),
      !found.isEmpty
    else { return nil }
    return (extra, found, true)
  }

  private static func matching(_ name: String, in run: ScriptRun) -> [TimelineLane]? {
    let exact = run.lanes.filter { $0.name == name }
    if !exact.isEmpty { return exact }
    let base = name.hasSuffix(".internals") ? String(name.dropLast(".internals".count)) : name
    return run.lanes.filter { $0.name.hasPrefix(base + ".") }
  }
}
