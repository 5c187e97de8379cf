extension Compiler {
  /// Compiles the statements of a closure's block (or of a block inside it); its `let`s and
  /// `var`s are visible to the statements after them, up to the block's end.
  mutating func compileBlock(_ block: [ScriptBlockStatement]) -> [StatementNode] {
    let visible = scopes[scopes.count - 1].variables.count
    let nodes = block.map { compileStatement($0) }
    scopes[scopes.count - 1].variables.removeLast(
      scopes[scopes.count - 1].variables.count - visible)
    return nodes
  }

  /// A new slot of the current closure for `name`, visible from here on.
  private mutating func declare(_ name: String, isVariable: Bool) -> Int {
    let last = scopes.count - 1
    let slot = scopes[last].slotCount
    scopes[last].slotCount += 1
    scopes[last].variables.append((name, slot, isVariable))
    return slot
  }

  private mutating func compileStatement(_ statement: ScriptBlockStatement) -> StatementNode {
    let range = statement.range
    let last = scopes.count - 1
    switch statement.kind {
    case .binding(let name, let value, let isVariable):
      let node = compile(value)
      let slot = declare(name.name, isVariable: isVariable)
      return AssignStatement(
        VariableNode(depth: 0, slot: slot, range: name.range), op: nil, value: node,
        budget: runtime.budget, range: range)
    case .assignment(let name, let op, let value):
      let node = compile(value)
      guard let target = assignable(name) else {
        return ExpressionStatement(placeholder(range))
      }
      return AssignStatement(
        target, op: op, value: node, budget: runtime.budget, joinsText: runtime.usesRxJS,
        range: range)
    case .expression(let expression):
      return ExpressionStatement(compile(expression))
    case .conditional(let condition, let then, let otherwise):
      return IfStatement(
        compile(condition), then: compileBlock(then),
        otherwise: otherwise.map { compileBlock($0) } ?? [], range: range)
    case .loop(let name, let lower, let upper, let isClosed, let body):
      let lowerNode = compile(lower)
      let upperNode = upper.map { compile($0) }
      let visible = scopes[last].variables.count
      let slot = name.map { declare($0.name, isVariable: false) }
      scopes[last].loopDepth += 1
      let bodyNodes = compileBlock(body)
      scopes[last].loopDepth -= 1
      scopes[last].variables.removeLast(scopes[last].variables.count - visible)
      return LoopStatement(
        slot: slot, lower: lowerNode, upper: upperNode, isClosed: isClosed, body: bodyNodes,
        budget: runtime.budget, range: range)
    case .return(let value):
      return ReturnStatement(value.map { compile($0) }, range: range)
    case .switch(let subject, let cases, let otherwise):
      let subjectNode = compile(subject)
      scopes[last].switchDepth += 1
      let arms = cases.map { arm in
        SwitchStatement.Arm(
          patterns: arm.patterns.map { ($0.value, $0.upper, $0.isClosed) }.map {
            (compile($0.0), $0.1.map { compile($0) }, $0.2)
          },
          body: compileBlock(arm.body))
      }
      let fallback = otherwise.map { compileBlock($0) } ?? []
      scopes[last].switchDepth -= 1
      return SwitchStatement(subjectNode, arms: arms, otherwise: fallback, range: range)
    case .break, .continue:
      let isBreak: Bool
      if case .break = statement.kind { isBreak = true } else { isBreak = false }
      if scopes[last].loopDepth == 0 && !(isBreak && scopes[last].switchDepth > 0) {
        diagnostics.append(
          Diagnostic.Interpreter.jumpOutsideLoop(isBreak ? "break" : "continue", at: range))
      }
      return JumpStatement(isBreak: isBreak, range: range)
    case .throw(let value):
      if let type = Self.literalType(value) {
        diagnostics.append(Diagnostic.Interpreter.notAnErrorLiteral(type, at: value.range))
      }
      scopes[last].code.mayThrow = true
      return ThrowStatement(compile(value), range: range)
    }
  }

  /// The `var` that `name` assigns to, reporting anything else.
  private mutating func assignable(_ name: ScriptIdentifier) -> VariableNode? {
    for (offset, scope) in scopes.reversed().enumerated() {
      if let variable = scope.variables.last(where: { $0.name == name.name }) {
        guard variable.isVariable else {
          diagnostics.append(
            Diagnostic.Interpreter.notAssignable(
              name.name, "it is a 'let' constant", at: name.range))
          return nil
        }
        if offset > 0 {
          for level in (scopes.count - offset)..<scopes.count {
            scopes[level].code.capturesOuter = true
          }
        }
        return VariableNode(depth: offset, slot: variable.slot, range: name.range)
      }
      if scope.names.contains(where: { $0 == name.name }) {
        diagnostics.append(
          Diagnostic.Interpreter.notAssignable(
            name.name, "closure parameters are constants", at: name.range))
        return nil
      }
    }
    if resolveVariable(name.name, range: name.range) != nil {
      diagnostics.append(
        Diagnostic.Interpreter.notAssignable(
          name.name, "a 'let' of the script is a constant", at: name.range))
      return nil
    }
    reportUnknownName(name.name, range: name.range)
    return nil
  }

  /// The type of a literal that `throw` cannot take (`throw 5`), if the value is one.
  static func literalType(_ expression: ScriptExpression) -> String? {
    switch expression.kind {
    case .integer: return "Int"
    case .decimal: return "Double"
    case .boolean: return "Bool"
    case .nil: return "Nil"
    case .tuple: return "Tuple"
    case .array: return "Array"
    case .dictionary: return "Dictionary"
    case .closure: return "Closure"
    case .parenthesized(let inner): return literalType(inner)
    default: return nil
    }
  }
}
