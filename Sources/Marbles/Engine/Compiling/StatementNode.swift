/// The `let` and `var` values of one call of a closure whose body is a block, by slot. Boxed,
/// so that the closures made inside the block share them (a `var` changed later is seen by
/// the closures that captured it, as in Swift).
final class Slots {
  var values: [ScriptValue]
  init(count: Int) { values = Array(repeating: .null, count: count) }
}

/// How a statement ends: on to the next, or out of the closure with a value, or out of (or on
/// with) the innermost loop.
enum Flow {
  case proceed
  case returned(ScriptValue)
  case breaks
  case continues
}

/// A compiled statement of a block.
class StatementNode {
  let range: SourceRange
  init(range: SourceRange) { self.range = range }
  func run(_ locals: Locals) throws(RuntimeError) -> Flow { .proceed }

  /// Runs `statements` in order until one leaves the block.
  static func run(_ statements: [StatementNode], _ locals: Locals) throws(RuntimeError) -> Flow {
    for statement in statements {
      let flow = try statement.run(locals)
      if case .proceed = flow { continue }
      return flow
    }
    return .proceed
  }
}

/// A closure body written as a block: its result is the value of the `return` that ends it,
/// or `nil` when it ends without one.
final class BlockNode: Node {
  let statements: [StatementNode]
  init(_ statements: [StatementNode], range: SourceRange) {
    self.statements = statements
    super.init(range: range)
  }
  override func eval(_ locals: Locals) throws(RuntimeError) -> ScriptValue {
    if case .returned(let value) = try StatementNode.run(statements, locals) { return value }
    return .null
  }
}

/// A `let` or `var` of a block: slot `slot` of the closure `depth` levels out (0: this one).
final class VariableNode: Node {
  let depth: Int
  let slot: Int
  init(depth: Int, slot: Int, range: SourceRange) {
    self.depth = depth
    self.slot = slot
    super.init(range: range)
  }

  /// The slots the variable is in.
  func slots(_ locals: Locals) -> Slots? {
    if depth == 0 { return locals.slots }
    var frame = locals.parent
    var level = 1
    while level < depth {
      frame = frame?.locals.parent
      level += 1
    }
    return frame?.locals.slots
  }

  override func eval(_ locals: Locals) throws(RuntimeError) -> ScriptValue {
    guard let slots = slots(locals), slot < slots.values.count else { return .null }
    return slots.values[slot]
  }
}

/// `let name = value`, `var name = value`, `name = value` or `name += value`.
final class AssignStatement: StatementNode {
  let target: VariableNode
  let op: ScriptOperator?
  let value: Node
  let budget: Budget
  /// Under `use rxjs`, `+=` joins a string and a number as `+` does.
  let joinsText: Bool
  init(
    _ target: VariableNode, op: ScriptOperator?, value: Node, budget: Budget,
    joinsText: Bool = false, range: SourceRange
  ) {
    self.target = target
    self.op = op
    self.value = value
    self.budget = budget
    self.joinsText = joinsText
    super.init(range: range)
  }
  override func run(_ locals: Locals) throws(RuntimeError) -> Flow {
    var result = try value.eval(locals)
    guard let slots = target.slots(locals), target.slot < slots.values.count else {
      return .proceed
    }
    if let op {
      let current = slots.values[target.slot]
      result =
        joinsText && op == .plus
        ? try BinaryNode.joined(current, result, at: range)
        : try BinaryNode.apply(op, current, result, at: range)
      switch result {
      case .string(let text): try budget.checkSize(text.utf8.count, at: range)
      case .array(let values): try budget.checkSize(values.count, at: range)
      default: break
      }
    }
    slots.values[target.slot] = result
    return .proceed
  }
}

/// An expression evaluated for its effect.
final class ExpressionStatement: StatementNode {
  let node: Node
  init(_ node: Node) {
    self.node = node
    super.init(range: node.range)
  }
  override func run(_ locals: Locals) throws(RuntimeError) -> Flow {
    _ = try node.eval(locals)
    return .proceed
  }
}

/// `if condition { … } else { … }`.
final class IfStatement: StatementNode {
  let condition: Node
  let then: [StatementNode]
  let otherwise: [StatementNode]
  init(_ condition: Node, then: [StatementNode], otherwise: [StatementNode], range: SourceRange) {
    self.condition = condition
    self.then = then
    self.otherwise = otherwise
    super.init(range: range)
  }
  override func run(_ locals: Locals) throws(RuntimeError) -> Flow {
    let flag = try condition.evalBool(locals, "the condition of 'if'")
    return try StatementNode.run(flag ? then : otherwise, locals)
  }
}

/// `for name in lower..<upper { … }`, `lower...upper`, or over an array's elements. Each turn
/// is an event (`--max-events`), so no loop runs for ever.
final class LoopStatement: StatementNode {
  let slot: Int?
  let lower: Node
  let upper: Node?
  let isClosed: Bool
  let body: [StatementNode]
  let budget: Budget
  init(
    slot: Int?, lower: Node, upper: Node?, isClosed: Bool, body: [StatementNode],
    budget: Budget, range: SourceRange
  ) {
    self.slot = slot
    self.lower = lower
    self.upper = upper
    self.isClosed = isClosed
    self.body = body
    self.budget = budget
    super.init(range: range)
  }

  override func run(_ locals: Locals) throws(RuntimeError) -> Flow {
    let first = try lower.eval(locals)
    guard let upper else {
      switch first {
      case .array(let elements), .tuple(let elements):
        for element in elements {
          if let flow = try turn(element, locals) { return flow }
        }
        return .proceed
      default:
        throw RuntimeError(
          "'for … in' needs a range (a..<b, a...b) or an array, not '\(first.typeName)' \(first)",
          at: lower.range)
      }
    }
    let last = try upper.eval(locals)
    guard case .int(let from) = first else { throw bound("lower", first, at: lower.range) }
    guard case .int(let to) = last else { throw bound("upper", last, at: upper.range) }
    // A range whose upper bound is below its lower bound is empty.
    let end = isClosed ? (to == .max ? to : to + 1) : to
    var index = from
    while index < end {
      if let flow = try turn(.int(index), locals) { return flow }
      index += 1
    }
    return .proceed
  }

  /// One turn with `element`: nil to go on, or how the loop ends the closure.
  private func turn(_ element: ScriptValue, _ locals: Locals) throws(RuntimeError) -> Flow? {
    guard budget.spend(at: range) else {
      throw RuntimeError("the loop stopped: the run is over its budget", at: range)
    }
    if let slot, let slots = locals.slots, slot < slots.values.count {
      slots.values[slot] = element
    }
    switch try StatementNode.run(body, locals) {
    case .proceed, .continues: return nil
    case .breaks: return .proceed
    case .returned(let value): return .returned(value)
    }
  }

  private func bound(_ which: String, _ value: ScriptValue, at range: SourceRange) -> RuntimeError {
    RuntimeError(
      "the \(which) bound of a range must be an Int, not '\(value.typeName)' \(value)", at: range)
  }
}

/// `switch subject { case …: … default: … }`: the first arm with a pattern that matches runs
/// (no fall-through); `break` in it leaves the `switch`.
final class SwitchStatement: StatementNode {
  struct Arm {
    /// Values, or ranges `value..<upper` (`...` when closed).
    var patterns: [(value: Node, upper: Node?, isClosed: Bool)]
    var body: [StatementNode]
  }
  let subject: Node
  let arms: [Arm]
  let otherwise: [StatementNode]
  init(_ subject: Node, arms: [Arm], otherwise: [StatementNode], range: SourceRange) {
    self.subject = subject
    self.arms = arms
    self.otherwise = otherwise
    super.init(range: range)
  }

  override func run(_ locals: Locals) throws(RuntimeError) -> Flow {
    let value = try subject.eval(locals)
    for arm in arms {
      for pattern in arm.patterns where try matches(value, pattern, locals) {
        return Self.leave(try StatementNode.run(arm.body, locals))
      }
    }
    return Self.leave(try StatementNode.run(otherwise, locals))
  }

  /// A `break` ends at the `switch`.
  private static func leave(_ flow: Flow) -> Flow {
    if case .breaks = flow { return .proceed }
    return flow
  }

  private func matches(
    _ value: ScriptValue, _ pattern: (value: Node, upper: Node?, isClosed: Bool), _ locals: Locals
  ) throws(RuntimeError) -> Bool {
    let first = try pattern.value.eval(locals)
    guard let upper = pattern.upper else { return value.isEqual(to: first) }
    let last = try upper.eval(locals)
    guard let number = value.number else { return false }
    guard let low = first.number, let high = last.number else {
      throw RuntimeError(
        "a range in a 'case' needs numbers, not '\(first.typeName)' \(first) and"
          + " '\(last.typeName)' \(last)", at: pattern.value.range)
    }
    return number >= low && (pattern.isClosed ? number <= high : number < high)
  }
}

/// `return` or `return value`.
final class ReturnStatement: StatementNode {
  let value: Node?
  init(_ value: Node?, range: SourceRange) {
    self.value = value
    super.init(range: range)
  }
  override func run(_ locals: Locals) throws(RuntimeError) -> Flow {
    .returned(try value?.eval(locals) ?? .null)
  }
}

/// `break` or `continue`.
final class JumpStatement: StatementNode {
  let isBreak: Bool
  init(isBreak: Bool, range: SourceRange) {
    self.isBreak = isBreak
    super.init(range: range)
  }
  override func run(_ locals: Locals) throws(RuntimeError) -> Flow {
    isBreak ? .breaks : .continues
  }
}

/// `throw value`: unwinds the closure with the value, which the operator that called it fails
/// with (see `ScriptFunction`).
final class ThrowStatement: StatementNode {
  let value: Node
  init(_ value: Node, range: SourceRange) {
    self.value = value
    super.init(range: range)
  }
  override func run(_ locals: Locals) throws(RuntimeError) -> Flow {
    let thrown = try value.eval(locals)
    guard thrown.isErrorValue else {
      throw Diagnostic.Interpreter.notAnErrorValue(thrown, at: value.range)
    }
    var error = Diagnostic.Interpreter.uncaughtThrow(thrown, at: range)
    error.thrown = ThrownValue(thrown)
    throw error
  }
}

extension ScriptValue {
  /// Whether `throw` takes the value: an error object (`Error("boom")`), a string (as a
  /// marble's `#` fails with `"error"`), or an error caught as a value (`catch { e in … }`).
  var isErrorValue: Bool {
    switch self {
    case .errorObject, .string, .error: return true
    default: return false
    }
  }
}
