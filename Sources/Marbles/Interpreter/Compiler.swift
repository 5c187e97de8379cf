import Reactive

/// Turns the parsed script into nodes ready to run, checking everything that can be checked
/// before the run: names (with "did you mean"), operators and their arguments, and every marble
/// string written as a literal. It reports all problems, not just the first.
struct Compiler {
  /// One closure literal being compiled.
  private struct ClosureScope {
    var names: [String?]
    var isImplicit: Bool
    var code: ClosureCode
  }

  /// A `let` name visible from here on.
  private struct Global {
    var slot: Int
    var range: SourceRange
  }

  let runtime: Runtime
  private(set) var diagnostics: [Diagnostic] = []
  private var globals: [String: Global] = [:]
  private var globalOrder: [String] = []
  private var declarations: [String: SourceRange] = [:]
  private var scopes: [ClosureScope] = []

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
      switch statement.kind {
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
      diagram, labels: labels, hasMap: !labels.isEmpty, literal: expectation.marble)
    let values = expectation.values.compactMap { argument -> (String, Node)? in
      guard let label = argument.label else { return nil }
      return (label.name, compile(argument.value))
    }
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
  static func valueWarnings(
    _ diagram: MarbleDiagram, labels: Set<String>, hasMap: Bool, literal: ScriptStringLiteral?
  ) -> [Diagnostic] {
    guard hasMap else { return [] }
    var warned: Set<String> = []
    var found: [Diagnostic] = []
    for event in diagram.events {
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
      return TupleNode(elements.map { compile($0) }, isArray: false, range: range)
    case .array(let elements):
      return TupleNode(elements.map { compile($0) }, isArray: true, range: range)
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
      return BinaryNode(op, compile(lhs), compile(rhs), range: range)
    case .ternary(let condition, let whenTrue, let whenFalse):
      return TernaryNode(compile(condition), compile(whenTrue), compile(whenFalse), range: range)
    case .closure(let closure):
      return compileClosure(closure)
    }
  }

  private mutating func compileClosure(_ closure: ScriptClosure) -> Node {
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
    let code = ClosureCode(parameterCount: names.count, isImplicit: isImplicit, range: closure.range)
    scopes.append(ClosureScope(names: names, isImplicit: isImplicit, code: code))
    code.body = compile(closure.body)
    scopes.removeLast()
    return ClosureNode(code: code)
  }

  /// A name: a closure parameter, a `let`, or a built-in constant.
  private mutating func compileName(_ name: String, range: SourceRange) -> Node {
    if let node = resolveVariable(name, range: range) { return node }
    if let entry = Catalogue.constants[name] {
      let call = Call(runtime: runtime, name: name, range: range, receiver: .null, arguments: [], argumentRanges: [])
      if let value = try? entry.run(call) { return ConstantNode(value, range: range) }
    }
    if Catalogue.functions[name] != nil {
      diagnostics.append(Diagnostic.Interpreter.functionNotCalled(name, at: range))
      return placeholder(range)
    }
    reportUnknownName(name, range: range)
    return placeholder(range)
  }

  /// A closure parameter or a `let` name, if `name` is one.
  private mutating func resolveVariable(_ name: String, range: SourceRange) -> Node? {
    for (offset, scope) in scopes.reversed().enumerated() {
      if let index = scope.names.lastIndex(where: { $0 == name }) {
        if offset > 0 {
          for level in (scopes.count - offset)..<scopes.count { scopes[level].code.capturesOuter = true }
        }
        return LocalNode(depth: offset, index: index, range: range)
      }
    }
    if let global = globals[name] {
      return GlobalNode(runtime: runtime, slot: global.slot, range: range)
    }
    return nil
  }

  private mutating func reportUnknownName(_ name: String, range: SourceRange) {
    if name == "subscriptions" {
      diagnostics.append(Diagnostic.Interpreter.subscriptionsOutsideExpect(at: range))
      return
    }
    if let declared = declarations[name] {
      diagnostics.append(
        Diagnostic.Interpreter.usedBeforeDeclaration(name, at: range, declared: declared))
      return
    }
    var candidates = scopes.reversed().flatMap { $0.names.compactMap { $0 } }
    candidates += globalOrder
    candidates += Catalogue.functionNames + Catalogue.constantNames
    diagnostics.append(
      Diagnostic.Interpreter.unknownName(
        name, suggestion: ScriptSpelling.suggestion(for: name, among: candidates), at: range))
  }

  private mutating func compileProperty(
    base: ScriptExpression, name: ScriptIdentifier, range: SourceRange
  ) -> Node {
    let baseNode = compile(base)
    if Properties.names.contains(name.name) {
      return PropertyNode(base: baseNode, name: name.name, range: range)
    }
    if Catalogue.methods[name.name] != nil {
      diagnostics.append(Diagnostic.Interpreter.operatorNotCalled(name.name, at: name.range))
      return placeholder(range)
    }
    diagnostics.append(
      Diagnostic.Interpreter.unknownProperty(
        name.name,
        suggestion: ScriptSpelling.suggestion(
          for: name.name, among: Properties.names + Catalogue.methodNames),
        at: name.range))
    return placeholder(range)
  }

  private mutating func compileCall(
    callee: ScriptExpression, arguments: [ScriptArgument], trailing: ScriptClosure?,
    range: SourceRange
  ) -> Node {
    switch callee.kind {
    case .member(let base, let name):
      if let entry = Catalogue.methods[name.name] {
        let receiver = compile(base)
        return bind(entry, name: name.name, receiver: receiver, arguments, trailing, range: range)
      }
      _ = compile(base)
      if Properties.names.contains(name.name) {
        diagnostics.append(Diagnostic.Interpreter.propertyCalled(name.name, at: name.range))
      } else {
        diagnostics.append(
          Diagnostic.Interpreter.unknownOperator(
            name.name,
            suggestion: ScriptSpelling.suggestion(
              for: name.name, among: Catalogue.methodNames + Properties.names),
            at: name.range))
      }
      return placeholder(range)
    case .identifier(let name):
      if let variable = resolveVariable(name, range: callee.range) {
        return closureCall(variable, arguments, trailing, range: range)
      }
      if let entry = Catalogue.functions[name] {
        return bind(entry, name: name, receiver: nil, arguments, trailing, range: range)
      }
      if let entry = Catalogue.constants[name] {
        if entry.name == "main" || !arguments.isEmpty || trailing != nil {
          diagnostics.append(Diagnostic.Interpreter.notCallable(name, at: callee.range))
          return placeholder(range)
        }
        return compileName(name, range: range)
      }
      reportUnknownName(name, range: callee.range)
      for argument in arguments { _ = compile(argument.value) }
      return placeholder(range)
    default:
      return closureCall(compile(callee), arguments, trailing, range: range)
    }
  }

  private mutating func closureCall(
    _ callee: Node, _ arguments: [ScriptArgument], _ trailing: ScriptClosure?, range: SourceRange
  ) -> Node {
    var nodes = arguments.map { compile($0.value) }
    if let trailing { nodes.append(compileClosure(trailing)) }
    return ClosureCallNode(callee: callee, arguments: nodes, range: range)
  }

  /// Matches the arguments to the entry's parameters: labelled arguments by label, the others
  /// in order, a trailing closure to the last closure parameter.
  private mutating func bind(
    _ entry: OperatorEntry, name: String, receiver: Node?, _ arguments: [ScriptArgument],
    _ trailing: ScriptClosure?, range: SourceRange
  ) -> Node {
    let parameters = entry.parameters
    var bound: [Node?] = Array(repeating: nil, count: parameters.count)
    var ranges: [SourceRange?] = Array(repeating: nil, count: parameters.count)
    var variadic: [Node] = []
    var valuesMap: [(label: String, node: Node)] = []
    var seenLabels: Set<String> = []
    var failed = false
    var marble: MarbleDiagram?

    for (position, argument) in arguments.enumerated() {
      let node = compile(argument.value)
      if let label = argument.label {
        if !seenLabels.insert(label.name).inserted {
          diagnostics.append(Diagnostic.Interpreter.duplicateArgument(label.name, at: label.range))
          failed = true
          continue
        }
        if let index = parameters.indices.first(where: {
          parameters[$0].label == label.name && bound[$0] == nil
        }) {
          bound[index] = node
          ranges[index] = argument.value.range
        } else if entry.takesValuesMap {
          valuesMap.append((label.name, node))
        } else {
          diagnostics.append(
            Diagnostic.Interpreter.unknownLabel(
              label.name, operator: name, expected: parameters.compactMap(\.label),
              signature: entry.signature(named: name), at: label.range))
          failed = true
        }
        continue
      }
      if let index = parameters.indices.first(where: {
        parameters[$0].label == nil && (bound[$0] == nil || parameters[$0].isVariadic)
          && !(parameters[$0].isClosure && trailing != nil && $0 == parameters.count - 1)
      }) {
        if parameters[index].isVariadic {
          variadic.append(node)
          bound[index] = bound[index] ?? ConstantNode(.null, range: argument.range)
        } else {
          bound[index] = node
          ranges[index] = argument.value.range
        }
        if position == 0, let kind = entry.marbleKind, case .string(let literal) = argument.value.kind {
          marble = parseMarble(literal, kind: kind, arguments: arguments)
        }
      } else {
        diagnostics.append(
          Diagnostic.Interpreter.extraArgument(
            operator: name, signature: entry.signature(named: name), at: argument.range))
        failed = true
      }
    }
    if let trailing {
      let node = compileClosure(trailing)
      if let last = parameters.indices.last, parameters[last].isClosure, bound[last] == nil {
        bound[last] = node
        ranges[last] = trailing.range
      } else {
        diagnostics.append(
          Diagnostic.Interpreter.unexpectedClosure(
            operator: name, signature: entry.signature(named: name), at: trailing.range))
        failed = true
      }
    }
    if !failed {
      for (index, parameter) in parameters.enumerated()
      where bound[index] == nil && !parameter.isOptional {
        let what: String
        if parameter.isClosure {
          what = "closure"
        } else if let label = parameter.label {
          what = "argument for '\(label):'"
        } else {
          what = "argument '\(parameter.name)'"
        }
        diagnostics.append(
          Diagnostic.Interpreter.missingArgument(
            what, operator: name, signature: entry.signature(named: name), at: range))
        failed = true
        break
      }
    }
    if failed { return placeholder(range) }
    // Variadic parameters are read from `variadic`; the slot only marks that one was given.
    for (index, parameter) in parameters.enumerated() where parameter.isVariadic {
      bound[index] = nil
    }
    return CallNode(
      runtime: runtime, entry: entry, name: name, receiver: receiver, arguments: bound,
      argumentRanges: ranges, variadic: variadic, valuesMap: valuesMap, marble: marble,
      range: range)
  }

  /// Parses a `cold`/`hot` literal marble now, so that its errors are reported with the others.
  private mutating func parseMarble(
    _ literal: ScriptStringLiteral, kind: MarbleKind, arguments: [ScriptArgument]
  ) -> MarbleDiagram {
    let (diagram, found) = MarbleParser.parse(literal.value, kind: kind)
    diagnostics += found.map(literal.mapping)
    let labels = Set(arguments.compactMap { $0.label?.name }.filter { $0 != "error" })
    diagnostics += Self.valueWarnings(
      diagram, labels: labels, hasMap: !labels.isEmpty, literal: literal)
    return diagram
  }

  private func placeholder(_ range: SourceRange) -> Node {
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
  var name: String
  var label: String?
  var window: SubscriptionMarble?
  var range: SourceRange
}

/// `expect A == "marble", values…`.
struct CompiledExpectation {
  var subject: Node
  var name: String
  var diagram: MarbleDiagram
  var values: [(String, Node)]
  var error: Node?
  var range: SourceRange
}

/// `expect subscriptions(A) == …`.
struct CompiledSubscriptionExpectation {
  var subject: Node
  var name: String
  var windows: [SubscriptionMarble]
  var range: SourceRange
}
