import Reactive

extension Compiler {
  /// A call: a catalogue method (`x.map { … }`), a catalogue function (`cold("…")`), or a
  /// closure value (`f(1)`).
  mutating func compileCall(
    callee: ScriptExpression, arguments: [ScriptArgument], trailing: ScriptClosure?,
    range: SourceRange
  ) -> Node {
    switch callee.kind {
    case .member(let base, let name)
    where runtime.usesRxJS && MathFunctions.javaScriptNames.contains(name.name)
      && isJavaScriptMath(base):
      return math(name.name, javaScript: true, arguments, trailing, range: range)
    case .member(let base, let name):
      if let entry = Catalogue.method(name.name, rxjs: runtime.usesRxJS) {
        let receiver = compile(base)
        return bind(entry, name: name.name, receiver: receiver, arguments, trailing, range: range)
      }
      if let labels = ValueMethods.signatures[name.name] {
        return valueMethod(name, base: base, labels: labels, arguments, trailing, range: range)
      }
      _ = compile(base)
      if ValueProperties.names.contains(name.name) {
        diagnostics.append(Diagnostic.Interpreter.propertyCalled(name.name, at: name.range))
      } else {
        diagnostics.append(
          Diagnostic.Interpreter.unknownOperator(
            name.name,
            suggestions: ScriptSpelling.suggestions(
              for: name.name, among: Catalogue.methodNames + ValueProperties.names,
              synonyms: Catalogue.synonyms[name.name] ?? []),
            at: name.range))
      }
      return placeholder(range)
    case .identifier(let name):
      if let variable = resolveVariable(name, range: callee.range) {
        return closureCall(variable, arguments, trailing, range: range)
      }
      if let entry = Catalogue.function(name, rxjs: runtime.usesRxJS) {
        return bind(entry, name: name, receiver: nil, arguments, trailing, range: range)
      }
      if ValueMethods.conversions.contains(name) {
        guard arguments.count == 1, arguments[0].label == nil, trailing == nil else {
          diagnostics.append(Diagnostic.Interpreter.conversionArguments(name, at: range))
          return placeholder(range)
        }
        return ConversionNode(type: name, value: compile(arguments[0].value), range: range)
      }
      if MathFunctions.swiftNames.contains(name) {
        return math(name, javaScript: false, arguments, trailing, range: range)
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

  /// Whether `base` is JavaScript's `Math` (and not a name of the script's).
  private mutating func isJavaScriptMath(_ base: ScriptExpression) -> Bool {
    guard case .identifier("Math") = base.kind else { return false }
    return resolveVariable("Math", range: base.range) == nil
  }

  /// A math function (`floor(x)`, `Math.floor(x)`), its arguments counted.
  private mutating func math(
    _ name: String, javaScript: Bool, _ arguments: [ScriptArgument], _ trailing: ScriptClosure?,
    range: SourceRange
  ) -> Node {
    let nodes = arguments.map { compile($0.value) }
    guard MathFunctions.arity(name, javaScript: javaScript).contains(arguments.count),
      arguments.allSatisfy({ $0.label == nil }), trailing == nil
    else {
      diagnostics.append(
        Diagnostic.Interpreter.mathArguments(name, javaScript: javaScript, at: range))
      return placeholder(range)
    }
    return MathNode(name: name, javaScript: javaScript, arguments: nodes, range: range)
  }

  /// `base.name(arguments)` for a method of strings and arrays, its labels checked.
  private mutating func valueMethod(
    _ name: ScriptIdentifier, base: ScriptExpression, labels: [String],
    _ arguments: [ScriptArgument], _ trailing: ScriptClosure?, range: SourceRange
  ) -> Node {
    let receiver = compile(base)
    let nodes = arguments.map { compile($0.value) }
    let given = arguments.map { $0.label?.name ?? "" }
    guard given == labels, trailing == nil else {
      diagnostics.append(
        Diagnostic.Interpreter.valueMethodArguments(
          ValueMethods.spelling(name.name), at: range))
      return placeholder(range)
    }
    return ValueMethodNode(
      name: name.name, receiver: receiver, arguments: nodes, budget: runtime.budget, range: range)
  }

  private mutating func closureCall(
    _ callee: Node, _ arguments: [ScriptArgument], _ trailing: ScriptClosure?, range: SourceRange
  ) -> Node {
    var nodes = arguments.map { compile($0.value) }
    if let trailing { nodes.append(compileClosure(trailing)) }
    // The closure called may throw: so may the one that calls it.
    if let scope = scopes.last { scope.code.mayThrow = true }
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
        if position == 0, let kind = entry.marbleKind,
          case .string(let literal) = argument.value.kind
        {
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
    let keys = diagram.firstEventOfEachKey()
    parsedMarbles[literal.range] = (kind, keys)
    diagnostics += found.map(literal.mapping)
    let labels = Set(arguments.compactMap { $0.label?.name }.filter { $0 != "error" })
    diagnostics += Self.valueWarnings(
      keys: keys, labels: labels, hasMap: !labels.isEmpty, literal: literal)
    return diagram
  }
}
