import Marbles

/// Everything the language server knows about one version of one script: its tokens, its
/// statements, its run, its diagnostics and where each name is bound and used. Made once per
/// version and reused by every request on that version.
final class DocumentAnalysis {
  /// One use of a name in an expression (not a member, label or closure parameter).
  struct Reference {
    var name: String
    var range: SourceRange
  }

  /// The text, named after the document (its path when it is a file).
  let source: SourceFile
  /// The statements that parsed.
  let script: Script
  /// The tokens, the last one `.endOfFile`.
  let tokens: [ScriptToken]
  /// The run (or why the script could not run).
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
  /// The options the run had, for runs made again for hovers.
  let options: RunOptions
  /// The flag of the request using the analysis now, which stops the runs made for it.
  var cancellation: RunCancellation?
  /// Runs made for hovers on names the script does not show, by name.
  private var extraRuns: [String: ScriptRun?] = [:]

  /// Parses and runs `source` within `options`.
  init(_ source: SourceFile, options: RunOptions) {
    self.source = source
    self.options = options
    let (script, _, tokens) = ScriptParser.parseKeepingTokens(source)
    self.script = script
    self.tokens = tokens
    let outcome = Interpreter.run(source, options: options)
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
    for (result, range) in failures {
      diagnostics.append(
        Diagnostic(.error, ExpectationDiffRenderer().render(result), at: range))
    }
    self.diagnostics = diagnostics
    var bindings: [String: ScriptIdentifier] = [:]
    var order: [ScriptIdentifier] = []
    var references: [Reference] = []
    var rxjs = false
    for statement in script.statements {
      switch statement.kind {
      case .title: break
      case .use(let library): rxjs = rxjs || library.name == "rxjs"
      case .binding(let name, let value):
        if bindings[name.name] == nil {
          bindings[name.name] = name
          order.append(name)
        }
        Self.collect(value, shadowed: [], into: &references)
      case .show(let items):
        for item in items { Self.collect(item.expression, shadowed: [], into: &references) }
      case .expect(let expectation):
        Self.collect(expectation.subject, shadowed: [], into: &references)
        for argument in expectation.values + (expectation.error.map { [$0] } ?? []) {
          Self.collect(argument.value, shadowed: [], into: &references)
        }
      case .expectSubscriptions(let expectation):
        Self.collect(expectation.subject, shadowed: [], into: &references)
      case .expression(let expression):
        Self.collect(expression, shadowed: [], into: &references)
      }
    }
    self.bindings = bindings
    self.bindingOrder = order
    self.references = references
    self.usesRxJS = rxjs
  }

  /// The uses of names in `expression`, leaving out closure parameters that hide them.
  private static func collect(
    _ expression: ScriptExpression, shadowed: Set<String>, into references: inout [Reference]
  ) {
    switch expression.kind {
    case .identifier(let name):
      if !shadowed.contains(name) {
        references.append(Reference(name: name, range: expression.range))
      }
    case .integer, .decimal, .string, .boolean, .nil, .implicitParameter: break
    case .parenthesized(let inner), .unary(_, let inner):
      collect(inner, shadowed: shadowed, into: &references)
    case .member(let base, _), .tupleElement(let base, _):
      collect(base, shadowed: shadowed, into: &references)
    case .tuple(let elements), .array(let elements):
      for element in elements { collect(element, shadowed: shadowed, into: &references) }
    case .dictionary(let entries):
      for entry in entries {
        collect(entry.key, shadowed: shadowed, into: &references)
        collect(entry.value, shadowed: shadowed, into: &references)
      }
    case .call(let callee, let arguments, let closure):
      collect(callee, shadowed: shadowed, into: &references)
      for argument in arguments { collect(argument.value, shadowed: shadowed, into: &references) }
      if let closure { collect(closure, shadowed: shadowed, into: &references) }
    case .binary(_, let lhs, let rhs):
      collect(lhs, shadowed: shadowed, into: &references)
      collect(rhs, shadowed: shadowed, into: &references)
    case .ternary(let condition, let whenTrue, let whenFalse):
      for part in [condition, whenTrue, whenFalse] {
        collect(part, shadowed: shadowed, into: &references)
      }
    case .closure(let closure): collect(closure, shadowed: shadowed, into: &references)
    }
  }

  private static func collect(
    _ closure: ScriptClosure, shadowed: Set<String>, into references: inout [Reference]
  ) {
    var inner = shadowed
    if case .explicit(let parameters) = closure.parameters {
      for parameter in parameters { inner.insert(parameter.name) }
    }
    collect(closure.body, shadowed: inner, into: &references)
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
  func name(at position: SourcePosition) -> ScriptIdentifier? {
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
  func lanes(named laneName: String) -> (run: ScriptRun, lanes: [TimelineLane], added: Bool)? {
    if let run, let found = Self.matching(laneName, in: run), !found.isEmpty {
      return (run, found, false)
    }
    guard case .completed = outcome else { return nil }
    if extraRuns[laneName] == nil {
      let text = source.text + "\nshow " + laneName + "\n"
      var runOptions = options
      runOptions.cancellation = cancellation
      let extra = Interpreter.run(SourceFile(name: source.name, text: text), options: runOptions)
      // A cancelled run is not kept: it stopped early, and the request gets no answer from it.
      guard cancellation?.isCancelled != true else { return nil }
      extraRuns[laneName] = extra.run
    }
    guard let extra = extraRuns[laneName] ?? nil, let found = Self.matching(laneName, in: extra),
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
