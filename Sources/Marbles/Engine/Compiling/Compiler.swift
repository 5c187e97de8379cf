import Reactive

/// Turns the parsed script into nodes ready to run, checking everything that can be checked
/// before the run: names (with "did you mean"), operators and their arguments, and every marble
/// string written as a literal. It reports all problems, not just the first.
struct Compiler {
  /// One closure literal being compiled.
  struct ClosureScope {
    var names: [String?]
    var isImplicit: Bool
    var code: ClosureCode
    /// The `let`s and `var`s of the block visible here, innermost last.
    var variables: [(name: String, slot: Int, isVariable: Bool)] = []
    /// How many slots the closure's block uses.
    var slotCount = 0
    /// How many loops are around the statement being compiled.
    var loopDepth = 0
    /// How many `switch`es are around it (`break` leaves one).
    var switchDepth = 0
  }

  /// A `let` name visible from here on.
  private struct Global {
    var slot: Int
    var range: SourceRange
  }

  let runtime: Runtime
  var diagnostics: [Diagnostic] = []
  /// The literal marbles of `cold`/`hot` calls, parsed once here and read again by the type
  /// check: the literal's range, the kind it was parsed as, and the first event of each key
  /// (all the type check reads; not the whole diagram, which the run need not keep).
  var parsedMarbles: [SourceRange: (kind: MarbleKind, keys: [MarbleEvent])] = [:]
  private var globals: [String: Global] = [:]
  private var globalOrder: [String] = []
  private var declarations: [String: SourceRange] = [:]
  /// Whether the values map of an `expect` is being compiled: an unknown name there is most
  /// often a string without its quotes (`a: a`).
  private var compilingExpectedValues = false
  var scopes: [ClosureScope] = []

  init(runtime: Runtime) {
    self.runtime = runtime
  }

  // MARK: - Statements

  /// Compiles every statement; check `diagnostics` for errors before running.
  mutating func compile(_ script: Script) -> [CompiledStatement] {
    for statement in script.statements {
      if case .binding(let name, _) = statement.kind, declarations[name.name] == nil {
        declarations[name.name] = name.range
      }
    }
    var statements: [CompiledStatement] = []
    for statement in script.statements {
      if case .use(let library) = statement.kind { use(library) }
    }
    for statement in script.statements {
      switch statement.kind {
      case .use:
        break
      case .title(let literal):
        statements.append(.title(literal.value))
      case .binding(let name, let value):
        let node = compile(value)
        let slot = globalOrder.count
        globalOrder.append(name.name)
        globals[name.name] = Global(slot: slot, range: name.range)
        statements.append(
          .binding(slot: slot, name: name.name, node: node, range: statement.range))
      case .show(let items):
        statements.append(.show(items.map { compileShowItem($0) }))
      case .expect(let expectation):
        statements.append(.expect(compileExpectation(expectation, range: statement.range)))
      case .expectSubscriptions(let expectation):
        statements.append(
          .expectSubscriptions(compileSubscriptions(expectation, range: statement.range)))
      case .expression(let expression):
        statements.append(.expression(compile(expression), range: statement.range))
      }
    }
    return statements
  }

  /// `use LIBRARY`: `rxjs` switches colliding names to RxJS's semantics; `ReactiveObjC` is the
  /// default, said explicitly.
  private mutating func use(_ library: ScriptIdentifier) {
    switch library.name.lowercased() {
    case "rxjs": runtime.usesRxJS = true
    case "reactiveobjc": runtime.usesRxJS = false
    default:
      diagnostics.append(Diagnostic.Interpreter.unknownLibrary(library.name, at: library.range))
    }
  }

  private mutating func compileShowItem(_ item: ScriptShowItem) -> CompiledShowItem {
    var window: SubscriptionMarble?
    if let literal = item.subscription {
      window = parseSubscription(literal)
    }
    return CompiledShowItem(
      node: compile(item.expression), name: item.name, label: item.label?.value, window: window,
      range: item.range)
  }

  private mutating func compileExpectation(_ expectation: ScriptExpectation, range: SourceRange)
    -> CompiledExpectation
  {
    let subject = compile(expectation.subject)
    let (diagram, marbleDiagnostics) = MarbleParser.parse(expectation.marble.value, kind: .hot)
    diagnostics += marbleDiagnostics.map(expectation.marble.mapping)
    let labels = Set(expectation.values.compactMap { $0.label?.name })
    diagnostics += Self.valueWarnings(
      keys: diagram.firstEventOfEachKey(), labels: labels, hasMap: !labels.isEmpty,
      literal: expectation.marble)
    compilingExpectedValues = true
    let values = expectation.values.compactMap { argument -> (String, Node)? in
      guard let label = argument.label else { return nil }
      return (label.name, compile(argument.value))
    }
    compilingExpectedValues = false
    return CompiledExpectation(
      subject: subject, name: expectation.subject.laneName, diagram: diagram, values: values,
      error: expectation.error.map { compile($0.value) }, range: range)
  }

  private mutating func compileSubscriptions(
    _ expectation: ScriptSubscriptionExpectation, range: SourceRange
  ) -> CompiledSubscriptionExpectation {
    let subject = compile(expectation.subject)
    let windows = expectation.marbles.compactMap { parseSubscription($0) }
    return CompiledSubscriptionExpectation(
      subject: subject, name: expectation.subject.laneName, windows: windows, range: range)
  }

  private mutating func parseSubscription(_ literal: ScriptStringLiteral) -> SubscriptionMarble? {
    let (window, found) = MarbleParser.parseSubscription(literal.value)
    diagnostics += found.map(literal.mapping)
    return window
  }

  /// Warnings for value keys that have no values-map entry (only when a map is given).
  ///
  /// - Parameter keys: The first event of each key (`MarbleDiagram.firstEventOfEachKey()`): a
  ///   long marble repeats a few keys.
  static func valueWarnings(
    keys: [MarbleEvent], labels: Set<String>, hasMap: Bool, literal: ScriptStringLiteral?
  ) -> [Diagnostic] {
    guard hasMap else { return [] }
    var warned: Set<String> = []
    var found: [Diagnostic] = []
    for event in keys {
      guard case .value(let key) = event.kind, !labels.contains(key),
        Runtime.digitValue(key) == nil, warned.insert(key).inserted
      else { continue }
      let warning = Diagnostic.marbleValueWithoutEntry(
        key, meaning: "the string \(TimelineValue.quote(key))", at: event.range)
      found.append(literal.map { $0.mapping(warning) } ?? warning)
    }
    return found
  }

  // MARK: - Expressions

  /// Compiles an expression; problems are added to `diagnostics` and leave a placeholder.
  mutating func compile(_ expression: ScriptExpression) -> Node {
    let range = expression.range
    switch expression.kind {
    case .integer(let value): return ConstantNode(.int(value), range: range)
    case .decimal(let value): return ConstantNode(.double(value), range: range)
    case .string(let literal): return ConstantNode(.string(literal.value), range: range)
    case .boolean(let value): return ConstantNode(.bool(value), range: range)
    case .nil: return ConstantNode(.null, range: range)
    case .parenthesized(let inner): return compile(inner)
    case .identifier(let name): return compileName(name, range: range)
    case .implicitParameter(let index):
      return LocalNode(depth: 0, index: index, range: range)
    case .tuple(let elements):
      return TupleNode(
        elements.map { compile($0) }, isArray: false, budget: runtime.budget, range: range)
    case .array(let elements):
      return TupleNode(
        elements.map { compile($0) }, isArray: true, budget: runtime.budget, range: range)
    case .dictionary(let entries):
      return DictionaryNode(
        entries.map { (compile($0.key), compile($0.value), $0.key.range) },
        budget: runtime.budget, range: range)
    case .tupleElement(let base, let index):
      return TupleElementNode(base: compile(base), index: index, range: range)
    case .member(let base, let name):
      return compileProperty(base: base, name: name, range: range)
    case .call(let callee, let arguments, let trailing):
      return compileCall(callee: callee, arguments: arguments, trailing: trailing, range: range)
    case .unary(let op, let operand):
      return UnaryNode(op, compile(operand), range: range)
    case .binary(let op, let lhs, let rhs):
      if op == .and || op == .or {
        return LogicalNode(isAnd: op == .and, compile(lhs), compile(rhs), range: range)
      }
      if op == .power && !runtime.usesRxJS {
        diagnostics.append(Diagnostic.Interpreter.javaScriptPower(at: range))
        return placeholder(range)
      }
      if op == .plus && runtime.usesRxJS {
        return JoiningAddNode(compile(lhs), compile(rhs), budget: runtime.budget, range: range)
      }
      return BinaryNode(op, compile(lhs), compile(rhs), budget: runtime.budget, range: range)
    case .ternary(let condition, let whenTrue, let whenFalse):
      return TernaryNode(compile(condition), compile(whenTrue), compile(whenFalse), range: range)
    case .closure(let closure):
      return compileClosure(closure)
    }
  }

  mutating func compileClosure(_ closure: ScriptClosure) -> Node {
    let names: [String?]
    let isImplicit: Bool
    switch closure.parameters {
    case .implicit(let count):
      names = Array(repeating: nil, count: count)
      isImplicit = true
    case .explicit(let identifiers):
      names = identifiers.map { $0.name == "_" ? nil : $0.name }
      isImplicit = false
    }
    let code = ClosureCode(
      parameterCount: names.count, isImplicit: isImplicit, range: closure.range,
      budget: runtime.budget)
    scopes.append(ClosureScope(names: names, isImplicit: isImplicit, code: code))
    if let block = closure.block {
      code.body = BlockNode(compileBlock(block), range: closure.range)
    } else {
      code.body = compile(closure.body)
    }
    code.slotCount = scopes.removeLast().slotCount
    return ClosureNode(code: code)
  }

  /// A name: a closure parameter, a `let`, or a built-in constant.
  mutating func compileName(_ name: String, range: SourceRange) -> Node {
    if let node = resolveVariable(name, range: range) { return node }
    if let entry = Catalogue.constants[name] {
      let call = Call(
        runtime: runtime, name: name, range: range, receiver: .null, arguments: [],
        argumentRanges: [])
      if let value = try? entry.run(call) { return ConstantNode(value, range: range) }
    }
    if Catalogue.function(name, rxjs: runtime.usesRxJS) != nil {
      diagnostics.append(Diagnostic.Interpreter.functionNotCalled(name, at: range))
      return placeholder(range)
    }
    reportUnknownName(name, range: range)
    return placeholder(range)
  }

  /// A closure parameter or a `let` name, if `name` is one.
  mutating func resolveVariable(_ name: String, range: SourceRange) -> Node? {
    for (offset, scope) in scopes.reversed().enumerated() {
      let variable = scope.variables.last(where: { $0.name == name })
      let index = variable == nil ? scope.names.lastIndex(where: { $0 == name }) : nil
      guard variable != nil || index != nil else { continue }
      if offset > 0 {
        for level in (scopes.count - offset)..<scopes.count {
          scopes[level].code.capturesOuter = true
        }
      }
      if let variable { return VariableNode(depth: offset, slot: variable.slot, range: range) }
      if let index { return LocalNode(depth: offset, index: index, range: range) }
    }
    if let global = globals[name] {
      return GlobalNode(runtime: runtime, slot: global.slot, range: range)
    }
    return nil
  }

  mutating func reportUnknownName(_ name: String, range: SourceRange) {
    if name == "subscriptions" {
      diagnostics.append(Diagnostic.Interpreter.subscriptionsOutsideExpect(at: range))
      return
    }
    if let declared = declarations[name] {
      diagnostics.append(
        Diagnostic.Interpreter.usedBeforeDeclaration(name, at: range, declared: declared))
      return
    }
    var candidates = scopes.reversed().flatMap {
      $0.variables.reversed().map(\.name) + $0.names.compactMap { $0 }
    }
    candidates += globalOrder
    candidates += Catalogue.functionNames + Catalogue.constantNames
    diagnostics.append(
      Diagnostic.Interpreter.unknownName(
        name, suggestions: ScriptSpelling.suggestions(for: name, among: candidates),
        orString: compilingExpectedValues, at: range))
  }

  mutating func compileProperty(
    base: ScriptExpression, name: ScriptIdentifier, range: SourceRange
  ) -> Node {
    let baseNode = compile(base)
    if ValueProperties.names.contains(name.name) {
      return PropertyNode(base: baseNode, name: name.name, range: range)
    }
    if Catalogue.method(name.name, rxjs: runtime.usesRxJS) != nil {
      diagnostics.append(Diagnostic.Interpreter.operatorNotCalled(name.name, at: name.range))
      return placeholder(range)
    }
    diagnostics.append(
      Diagnostic.Interpreter.unknownProperty(
        name.name,
        suggestions: ScriptSpelling.suggestions(
          for: name.name, among: ValueProperties.names + Catalogue.methodNames),
        at: name.range))
    return placeholder(range)
  }

  func placeholder(_ range: SourceRange) -> Node {
    ConstantNode(.null, range: range)
  }
}

/// A statement ready to run.
enum CompiledStatement {
  case title(String)
  case binding(slot: Int, name: String, node: Node, range: SourceRange)
  case show([CompiledShowItem])
  case expect(CompiledExpectation)
  case expectSubscriptions(CompiledSubscriptionExpectation)
  case expression(Node, range: SourceRange)
}

/// One lane of a `show` statement.
struct CompiledShowItem {
  var node: Node
  package var name: String
  var label: String?
  var window: SubscriptionMarble?
  var range: SourceRange
}

/// `expect A == "marble", values…`.
struct CompiledExpectation {
  var subject: Node
  package var name: String
  var diagram: MarbleDiagram
  var values: [(String, Node)]
  var error: Node?
  var range: SourceRange
}

/// `expect subscriptions(A) == …`.
struct CompiledSubscriptionExpectation {
  var subject: Node
  package var name: String
  var windows: [SubscriptionMarble]
  var range: SourceRange
}
