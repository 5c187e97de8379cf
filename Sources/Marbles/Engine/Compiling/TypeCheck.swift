/// Type checks made before the run, on what is known from the script's text alone: literal
/// arguments of the wrong kind (`take("two")`, `delay(2.5)`, `delay(-1)`, `throttle(true)`; a
/// negative count, `take(-1)`, is a warning: it counts as 0, as in RxJS),
/// and closures that do arithmetic on the values of a marble source whose values are known to
/// be of another type (`cold("--a|").map { x in x * 10 }`: `x` is the String "a"). Every
/// problem is reported, with where the values come from ("values of 'input' are String: 'a'
/// at 2:22").
struct TypeCheck {
  /// What is known of the values a signal sends: one type, and where it comes from.
  struct Values {
    /// The type name (`String`, `Int`, `Double`, `Bool`).
    var type: String
    /// The source's name (`input`), or nil for an unnamed `cold(…)`.
    var source: String?
    /// The first value's key and position: `'a' at 2:22`.
    var origin: String

    /// "values of 'input' are String: 'a' at 2:22".
    var explanation: String {
      let whose = source.map { "values of '\($0)'" } ?? "the marble's values"
      return "\(whose) are \(type): \(origin)"
    }
  }

  /// What a literal argument must be.
  enum ArgumentKind {
    case integer
    case frames
    case bool
    case signal
  }

  /// The kind each parameter name takes, where it is always the same.
  static let argumentKinds: [String: ArgumentKind] = [
    "count": .integer, "size": .integer, "every": .integer, "index": .integer,
    "capacity": .integer, "concurrent": .integer,
    "frames": .frames, "frame": .frames, "delay": .frames, "period": .frames, "each": .frames,
    "leading": .bool, "trailing": .bool, "inclusive": .bool, "allowsConcurrentExecution": .bool,
    "resetOnError": .bool, "resetOnComplete": .bool, "resetOnRefCountZero": .bool,
    "resetOnSuccess": .bool,
    "other": .signal, "notifier": .signal, "trigger": .signal,
  ]

  private var values: [String: Values] = [:]
  /// The marbles the compiler parsed already, by literal range (each marble is parsed once).
  private var parsedMarbles: [SourceRange: (kind: MarbleKind, keys: [MarbleEvent])] = [:]
  private(set) var diagnostics: [Diagnostic] = []
  /// Whether the script starts with `use rxjs` (`delay(-1)` is then no delay).
  private var usesRxJS = false

  /// The problems found in `script`.
  static func check(
    _ script: Script,
    marbles: [SourceRange: (kind: MarbleKind, keys: [MarbleEvent])] = [:]
  ) -> [Diagnostic] {
    var checker = TypeCheck()
    checker.parsedMarbles = marbles
    checker.usesRxJS = script.statements.contains {
      if case .use(let library) = $0.kind { return library.name.lowercased() == "rxjs" }
      return false
    }
    for statement in script.statements {
      switch statement.kind {
      case .binding(let name, let value):
        checker.visit(value)
        if let known = checker.infer(value, name: name.name) { checker.values[name.name] = known }
      case .show(let items):
        for item in items { checker.visit(item.expression) }
      case .expect(let expectation):
        checker.visit(expectation.subject)
      case .expression(let expression):
        checker.visit(expression)
      default:
        break
      }
    }
    return checker.diagnostics
  }

  // MARK: - What the values are

  private func infer(_ expression: ScriptExpression, name: String? = nil) -> Values? {
    switch expression.kind {
    case .identifier(let other):
      return values[other]
    case .parenthesized(let inner):
      return infer(inner, name: name)
    case .call(let callee, let arguments, _):
      switch callee.kind {
      case .identifier(let function) where function == "cold" || function == "hot":
        return marbleValues(arguments, kind: function == "cold" ? .cold : .hot, name: name)
      case .member(let base, let method)
      where Catalogue.method(method.name, rxjs: usesRxJS)?.typing.contains(.passesValues) == true:
        return infer(base)
      default:
        return nil
      }
    default:
      return nil
    }
  }

  /// The values of `cold("…", a: 1)`: known when every key's value is a literal (or a
  /// default: a digit is an Int, any other key a String) and all have one type.
  private func marbleValues(_ arguments: [ScriptArgument], kind: MarbleKind, name: String?)
    -> Values?
  {
    guard let first = arguments.first, first.label == nil,
      case .string(let literal) = first.value.kind
    else { return nil }
    var map: [String: ScriptExpression] = [:]
    for argument in arguments.dropFirst() {
      if let label = argument.label, label.name != "error" { map[label.name] = argument.value }
    }
    let keys =
      parsedMarbles[literal.range].flatMap { $0.kind == kind ? $0.keys : nil }
      ?? MarbleParser.parse(literal.value, kind: kind).diagram.firstEventOfEachKey()
    var found: Values?
    var checked: Set<String> = []
    // A key seen before has the type it had then, already checked.
    for event in keys {
      guard case .value(let key) = event.kind, checked.insert(key).inserted else { continue }
      let type: String?
      if let value = map[key] {
        type = Self.literalType(value)
      } else {
        type = Runtime.digitValue(key) != nil ? "Int" : "String"
      }
      guard let type else { return nil }
      if let found {
        if found.type != type { return nil }
      } else {
        let start = literal.sourceRange(of: event.range).start
        found = Values(
          type: type, source: name, origin: "'\(key)' at \(start.line):\(start.column)")
      }
    }
    return found
  }

  private static func literalType(_ expression: ScriptExpression) -> String? {
    switch expression.kind {
    case .integer: return "Int"
    case .decimal: return "Double"
    case .string: return "String"
    case .boolean: return "Bool"
    case .parenthesized(let inner): return literalType(inner)
    case .unary(.minus, let inner):
      return literalType(inner).flatMap { $0 == "Int" || $0 == "Double" ? $0 : nil }
    default: return nil
    }
  }

  /// The value of a literal argument: `2`, `-1`, `2.5`, `"two"`, `true`.
  private static func literal(_ expression: ScriptExpression) -> ScriptValue? {
    switch expression.kind {
    case .integer(let number): return .int(number)
    case .decimal(let number): return .double(number)
    case .string(let text): return .string(text.value)
    case .boolean(let flag): return .bool(flag)
    case .parenthesized(let inner): return literal(inner)
    case .unary(.minus, let inner):
      switch literal(inner) {
      case .int(let number)?: return .int(-number)
      case .double(let number)?: return .double(-number)
      default: return nil
      }
    default: return nil
    }
  }

  // MARK: - Walking the script

  /// Checks the calls of `expression` and of every expression in it, innermost first.
  private mutating func visit(_ expression: ScriptExpression) {
    guard case .call(let callee, let arguments, let trailing) = expression.kind else {
      for operand in expression.operands { visit(operand) }
      if let closure = expression.closure { visit(closure.body) }
      return
    }
    visit(callee)
    for argument in arguments { visit(argument.value) }
    if let trailing { visit(trailing.body) }
    checkCall(callee, arguments, trailing)
  }

  private mutating func checkCall(
    _ callee: ScriptExpression, _ arguments: [ScriptArgument], _ trailing: ScriptClosure?
  ) {
    let entry: OperatorEntry?
    let name: String
    var receiver: ScriptExpression?
    switch callee.kind {
    case .member(let base, let method):
      entry = Catalogue.methods[method.name]
      name = method.name
      receiver = base
    case .identifier(let function):
      entry = Catalogue.functions[function]
      name = function
    default:
      return
    }
    guard let entry else { return }
    checkLiterals(entry, name: name, arguments)
    guard let receiver,
      (usesRxJS ? Catalogue.method(name, rxjs: true) : entry)?.typing.contains(.closureTakesValues)
        == true, let known = infer(receiver)
    else {
      return
    }
    let closure =
      trailing
      ?? arguments.lazy.compactMap { argument -> ScriptClosure? in
        // A labelled closure takes values only as `next:` (`tap(error: { e in … })` does not).
        guard argument.label == nil || argument.label?.name == "next" else { return nil }
        if case .closure(let closure) = argument.value.kind { return closure }
        return nil
      }.first
    guard let closure else { return }
    let parameter: String
    switch closure.parameters {
    case .explicit(let names):
      guard let first = names.first, first.name != "_" else { return }
      parameter = first.name
    case .implicit(let count):
      guard count > 0 else { return }
      parameter = "$0"
    }
    checkArithmetic(closure.body, parameter: parameter, values: known)
  }

  /// Literal arguments bound as the compiler binds them: labelled by label, the others in order.
  private mutating func checkLiterals(
    _ entry: OperatorEntry, name: String, _ arguments: [ScriptArgument]
  ) {
    var used = Set<Int>()
    for argument in arguments {
      let index: Int?
      if let label = argument.label {
        index = entry.parameters.indices.first { entry.parameters[$0].label == label.name }
      } else {
        index = entry.parameters.indices.first {
          entry.parameters[$0].label == nil && !entry.parameters[$0].isClosure
            && !entry.parameters[$0].isVariadic && !used.contains($0)
        }
      }
      guard let index else { continue }
      used.insert(index)
      let parameter = entry.parameters[index]
      guard let kind = Self.argumentKinds[parameter.name], let value = Self.literal(argument.value)
      else { continue }
      var expected: String?
      switch (kind, value) {
      case (.integer, .int(let count))
      where count < 1 && ["count", "capacity"].contains(parameter.name)
        && Self.keepsOneAtLeast(name, usesRxJS):
        diagnostics.append(
          .warning(
            "the count of '\(name)' is \(count), which counts as 1 (RxJS's ReplaySubject "
              + "keeps at least one value): '\(name)(\(count))' is '\(name)(1)'",
            at: argument.value.range))
      case (.integer, .int(let count)) where count < 0 && parameter.name == "count":
        // Valid (RxJS counts it as 0), but almost always a slip: said before the run.
        diagnostics.append(
          .warning(
            "the count of '\(name)' is \(count), which counts as 0 (as in RxJS): "
              + "'\(name)(\(count))' is '\(name)(0)'", at: argument.value.range))
      case (.integer, .int), (.bool, .bool): break
      case (.integer, _): expected = "an integer"
      case (.frames, .int(let frames)) where frames >= 0 && frames <= Call.maximumFrames: break
      case (.frames, .int(let frames))
      where frames < 0 && frames >= -Call.maximumFrames
        && Self.takesNegativeDuration(name, parameter, usesRxJS):
        break  // RxJS's timer treats a negative duration as none.

      case (.frames, _): expected = "an integer from 0 to \(Call.maximumFrames)"
      case (.bool, _): expected = "a Bool"
      case (.signal, _): expected = "a signal"
      }
      if let expected {
        let what =
          parameter.label.map { "the argument '\($0):'" }
          ?? (parameter.name == "frames" ? "the duration" : "the \(parameter.name)")
        diagnostics.append(
          .error(
            "\(what) of '\(name)' must be \(expected), not '\(value.typeName)' \(value)",
            at: argument.value.range))
      }
    }
  }

  /// Whether a negative duration is valid for the parameter (and means none, as RxJS's
  /// `timer` takes it): RxJS's `delay`, `throttleTime`, `auditTime`, `timer` and the `delay:`
  /// of `retry` and `repeat`. A negative period of `timer` sends once.
  static func takesNegativeDuration(
    _ name: String, _ parameter: OperatorEntry.Parameter, _ usesRxJS: Bool
  ) -> Bool {
    switch name {
    case "delay": return usesRxJS
    case "throttleTime", "auditTime", "timer": return true
    case "retry", "repeat": return parameter.label == "delay"
    default: return false
    }
  }

  /// Whether the operator's count is at least 1, as RxJS's `ReplaySubject` keeps one value.
  static func keepsOneAtLeast(_ name: String, _ usesRxJS: Bool) -> Bool {
    switch name {
    case "shareReplay", "publishReplay": return true
    case "ReplaySubject": return usesRxJS
    default: return false
    }
  }

  /// Arithmetic on the closure's value parameter that cannot work for the values' type.
  private mutating func checkArithmetic(
    _ expression: ScriptExpression, parameter: String, values: Values
  ) {
    func isParameter(_ expression: ScriptExpression) -> Bool {
      switch expression.kind {
      case .identifier(let name): return name == parameter
      case .implicitParameter(let index): return parameter == "$\(index)"
      case .parenthesized(let inner): return isParameter(inner)
      default: return false
      }
    }
    func type(_ expression: ScriptExpression) -> String? {
      isParameter(expression) ? values.type : Self.literalType(expression)
    }
    switch expression.kind {
    case .binary(let op, let lhs, let rhs):
      checkArithmetic(lhs, parameter: parameter, values: values)
      checkArithmetic(rhs, parameter: parameter, values: values)
      guard isParameter(lhs) || isParameter(rhs), let left = type(lhs), let right = type(rhs)
      else { return }
      let numbers: Set = ["Int", "Double"]
      let fine: Bool
      switch op {
      case .star, .slash, .percent, .minus, .power:
        fine = numbers.contains(left) && numbers.contains(right)
      case .plus:
        let text: Set = ["String", "Int", "Double", "Bool"]
        fine =
          (numbers.contains(left) && numbers.contains(right)) || (left == right && left == "String")
          // Under `use rxjs`, a string plus a number or Bool joins them.
          || (usesRxJS && (left == "String" || right == "String") && text.contains(left)
            && text.contains(right))
      case .less, .lessOrEqual, .greater, .greaterOrEqual:
        fine = (numbers.contains(left) && numbers.contains(right)) || left == right
      default:
        fine = true
      }
      if !fine {
        diagnostics.append(
          .error(
            "binary operator '\(op.rawValue)' cannot be applied to operands of type '\(left)' and"
              + " '\(right)'; \(values.explanation)", at: expression.range))
      }
    case .unary(let op, let inner):
      checkArithmetic(inner, parameter: parameter, values: values)
      if op == .minus, isParameter(inner), !["Int", "Double"].contains(values.type) {
        diagnostics.append(
          .error(
            "unary operator '-' cannot be applied to an operand of type '\(values.type)'; "
              + values.explanation, at: expression.range))
      }
    case .parenthesized(let inner):
      checkArithmetic(inner, parameter: parameter, values: values)
    case .ternary(let condition, let whenTrue, let whenFalse):
      for part in [condition, whenTrue, whenFalse] {
        checkArithmetic(part, parameter: parameter, values: values)
      }
    case .tuple(let elements), .array(let elements):
      for element in elements { checkArithmetic(element, parameter: parameter, values: values) }
    case .call(_, let arguments, _):
      // Arguments of calls inside the body (`cold("-r|", r: x * 2)`); nested closures have
      // their own parameters and are not followed.
      for argument in arguments {
        checkArithmetic(argument.value, parameter: parameter, values: values)
      }
    default:
      break
    }
  }
}
