/// A compiled expression: the AST with every name resolved to a slot, ready to evaluate many
/// times (once per event for closure bodies) without looking anything up by name.
class Node {
  /// The expression's source range, for runtime errors.
  let range: SourceRange

  init(range: SourceRange) {
    self.range = range
  }

  /// Evaluates the expression with the arguments of the closure call it is in.
  func eval(_ locals: Locals) throws(RuntimeError) -> ScriptValue {
    .null
  }

  /// Evaluates the expression as a condition: a value other than a Bool is an error naming
  /// `what` (`the condition of 'if'`) at this expression.
  final func evalBool(_ locals: Locals, _ what: @autoclosure () -> String) throws(RuntimeError)
    -> Bool
  {
    let value = try eval(locals)
    guard case .bool(let flag) = value else {
      throw Diagnostic.Interpreter.notBool(what(), value, at: range)
    }
    return flag
  }
}

/// A literal, or a constant folded at compile time.
final class ConstantNode: Node {
  let value: ScriptValue
  init(_ value: ScriptValue, range: SourceRange) {
    self.value = value
    super.init(range: range)
  }
  override func eval(_ locals: Locals) throws(RuntimeError) -> ScriptValue { value }
}

/// A `let` name: a slot of the runtime's globals.
final class GlobalNode: Node {
  let runtime: Runtime
  let slot: Int
  init(runtime: Runtime, slot: Int, range: SourceRange) {
    self.runtime = runtime
    self.slot = slot
    super.init(range: range)
  }
  override func eval(_ locals: Locals) throws(RuntimeError) -> ScriptValue {
    // After teardown the globals are released; a late delivery then sees `nil`.
    slot < runtime.globals.count ? runtime.globals[slot] : .null
  }
}

/// A closure parameter: argument `index` of the closure `depth` levels out (0: this one).
final class LocalNode: Node {
  let depth: Int
  let index: Int
  init(depth: Int, index: Int, range: SourceRange) {
    self.depth = depth
    self.index = index
    super.init(range: range)
  }
  override func eval(_ locals: Locals) throws(RuntimeError) -> ScriptValue {
    if depth == 0 { return locals.argument(index) }
    var frame = locals.parent
    var level = 1
    while level < depth {
      frame = frame?.locals.parent
      level += 1
    }
    return frame?.locals.argument(index) ?? .null
  }
}

/// `(a, b, …)`.
final class TupleNode: Node {
  let elements: [Node]
  let isArray: Bool
  /// The run's budget: a literal holding strings or composites is checked (`checkBuilt`).
  let budget: Budget
  init(_ elements: [Node], isArray: Bool, budget: Budget, range: SourceRange) {
    self.elements = elements
    self.isArray = isArray
    self.budget = budget
    super.init(range: range)
  }
  override func eval(_ locals: Locals) throws(RuntimeError) -> ScriptValue {
    var values: [ScriptValue] = []
    values.reserveCapacity(elements.count)
    var composite = false
    for element in elements {
      let value = try element.eval(locals)
      composite = composite || value.isComposite || value.isString
      values.append(value)
    }
    let result: ScriptValue = isArray ? .array(values) : .tuple(values)
    if composite { try budget.checkBuilt(result, at: range) }
    return result
  }
}

/// `["key": value, …]`: keys must be strings; a repeated key is an error.
final class DictionaryNode: Node {
  let entries: [(key: Node, value: Node, keyRange: SourceRange)]
  /// The run's budget: every dictionary is checked (`checkBuilt`).
  let budget: Budget
  init(
    _ entries: [(key: Node, value: Node, keyRange: SourceRange)], budget: Budget,
    range: SourceRange
  ) {
    self.entries = entries
    self.budget = budget
    super.init(range: range)
  }
  override func eval(_ locals: Locals) throws(RuntimeError) -> ScriptValue {
    var values: [String: ScriptValue] = [:]
    for entry in entries {
      let key = try entry.key.eval(locals)
      guard case .string(let name) = key else {
        throw RuntimeError(
          "a dictionary key must be a String, not '\(key.typeName)' \(key)", at: entry.keyRange)
      }
      guard values[name] == nil else {
        throw RuntimeError("duplicate key \(key) in dictionary literal", at: entry.keyRange)
      }
      values[name] = try entry.value.eval(locals)
    }
    let result = ScriptValue.dictionary(values)
    try budget.checkBuilt(result, at: range)
    return result
  }
}

/// `t.0`.
final class TupleElementNode: Node {
  let base: Node
  let index: Int
  init(base: Node, index: Int, range: SourceRange) {
    self.base = base
    self.index = index
    super.init(range: range)
  }
  override func eval(_ locals: Locals) throws(RuntimeError) -> ScriptValue {
    let value = try base.eval(locals)
    switch value {
    case .tuple(let elements), .array(let elements):
      guard index < elements.count else {
        throw Diagnostic.Interpreter.tupleIndex(index, count: elements.count, at: range)
      }
      return elements[index]
    default:
      throw Diagnostic.Interpreter.notTuple(index, value, at: range)
    }
  }
}

/// `x.name` used as a property (`cmd.enabled`, `ch.leading`).
final class PropertyNode: Node {
  let base: Node
  package let name: String
  init(base: Node, name: String, range: SourceRange) {
    self.base = base
    self.name = name
    super.init(range: range)
  }
  override func eval(_ locals: Locals) throws(RuntimeError) -> ScriptValue {
    try ValueProperties.get(name, of: try base.eval(locals), at: range)
  }
}

/// A closure literal: makes a closure value, keeping the current frame if the body needs it.
final class ClosureNode: Node {
  let code: ClosureCode
  init(code: ClosureCode) {
    self.code = code
    super.init(range: code.range)
  }
  override func eval(_ locals: Locals) throws(RuntimeError) -> ScriptValue {
    .closure(Closure(code: code, captured: code.capturesOuter ? Frame(locals) : nil))
  }
}

/// `f(x)` where `f` is a closure value. Each call is an event (`--max-events`), as an
/// operator's call of its closure is: a closure that calls closures (`fib(fib, 40)`, 330
/// million calls) stops at the budget instead of running for hours.
final class ClosureCallNode: Node {
  let callee: Node
  let arguments: [Node]
  init(callee: Node, arguments: [Node], range: SourceRange) {
    self.callee = callee
    self.arguments = arguments
    super.init(range: range)
  }
  override func eval(_ locals: Locals) throws(RuntimeError) -> ScriptValue {
    let function = try callee.eval(locals)
    guard case .closure(let closure) = function else {
      throw Diagnostic.Interpreter.notAFunction(function, at: callee.range)
    }
    let budget = closure.code.budget
    guard budget.spend(at: range) else {
      throw Diagnostic.Interpreter.budget(
        "events", limit: budget.limits.maxEvents, flag: "--max-events", at: range)
    }
    let values = try arguments.map { (node) throws(RuntimeError) in try node.eval(locals) }
    switch values.count {
    case 0: return try closure.call(at: range)
    case 1: return try closure.call(values[0], at: range)
    case 2: return try closure.call(values[0], values[1], at: range)
    default: return try closure.call(values, at: range)
    }
  }
}

/// `c ? a : b`.
final class TernaryNode: Node {
  let condition: Node
  let whenTrue: Node
  let whenFalse: Node
  init(_ condition: Node, _ whenTrue: Node, _ whenFalse: Node, range: SourceRange) {
    self.condition = condition
    self.whenTrue = whenTrue
    self.whenFalse = whenFalse
    super.init(range: range)
  }
  override func eval(_ locals: Locals) throws(RuntimeError) -> ScriptValue {
    let flag = try condition.evalBool(locals, "the condition of '?:'")
    return try flag ? whenTrue.eval(locals) : whenFalse.eval(locals)
  }
}

/// `a && b`, `a || b`, short-circuiting.
final class LogicalNode: Node {
  let isAnd: Bool
  let lhs: Node
  let rhs: Node
  init(isAnd: Bool, _ lhs: Node, _ rhs: Node, range: SourceRange) {
    self.isAnd = isAnd
    self.lhs = lhs
    self.rhs = rhs
    super.init(range: range)
  }
  override func eval(_ locals: Locals) throws(RuntimeError) -> ScriptValue {
    let op = isAnd ? "&&" : "||"
    let a = try lhs.evalBool(locals, "the left operand of '\(op)'")
    if a != isAnd { return .bool(a) }
    return try .bool(rhs.evalBool(locals, "the right operand of '\(op)'"))
  }
}

/// `!x`, `-x`.
final class UnaryNode: Node {
  let op: ScriptOperator
  let operand: Node
  init(_ op: ScriptOperator, _ operand: Node, range: SourceRange) {
    self.op = op
    self.operand = operand
    super.init(range: range)
  }
  override func eval(_ locals: Locals) throws(RuntimeError) -> ScriptValue {
    let value = try operand.eval(locals)
    switch (op, value) {
    case (.bang, .bool(let flag)): return .bool(!flag)
    case (.minus, .int(let number)):
      let (result, overflow) = Int(0).subtractingReportingOverflow(number)
      if overflow { throw Diagnostic.Interpreter.overflow("-", value, nil, at: range) }
      return .int(result)
    case (.minus, .double(let number)): return .double(-number)
    default: throw Diagnostic.Interpreter.unaryType(op.rawValue, value, at: range)
    }
  }
}

/// `a op b` for arithmetic and comparison operators.
final class BinaryNode: Node {
  let op: ScriptOperator
  let lhs: Node
  let rhs: Node
  /// The run's budget: `+` on strings and arrays checks `--max-value-size`.
  let budget: Budget
  /// Where the left and right operands come from, read without a call when they are a
  /// closure's own argument or an integer literal (`x * 10`, `acc + x`, `x % 3`).
  private let left: Operand
  private let right: Operand

  init(
    _ op: ScriptOperator, _ lhs: Node, _ rhs: Node, budget: Budget, range: SourceRange
  ) {
    self.op = op
    self.lhs = lhs
    self.rhs = rhs
    self.budget = budget
    self.left = Operand(lhs)
    self.right = Operand(rhs)
    super.init(range: range)
  }

  /// An operand of a `BinaryNode`: a leaf (an argument of the closure the node is in or an
  /// integer constant, as `IntegerForm` has them), a `BinaryNode` of two leaves (`x % 3` in
  /// `x % 3 != 0`), or any other node (left to the general path).
  private enum Operand {
    case leaf(IntegerForm.Leaf)
    case binary(BinaryNode)
    case node

    init(_ node: Node) {
      if let local = node as? LocalNode, local.depth == 0, local.index < 2 {
        self = .leaf(local.index == 0 ? .argument0 : .argument1)
      } else if let constant = node as? ConstantNode, case .int(let value) = constant.value {
        self = .leaf(.integer(value))
      } else if let binary = node as? BinaryNode, case .leaf = binary.left,
        case .leaf = binary.right
      {
        // One level only: an operand is then read in O(1), however deep the expression.
        self = .binary(binary)
      } else {
        self = .node
      }
    }
  }

  override func eval(_ locals: Locals) throws(RuntimeError) -> ScriptValue {
    // Two integers (the common case in a closure an operator calls per event): computed here,
    // without copying the operands into `ScriptValue`s or going through `apply`. Anything
    // else, an overflow or a division by zero included, takes the general path below.
    if let x = Self.integer(left, locals), let y = Self.integer(right, locals),
      let result = Self.integers(op, x, y)
    {
      return result
    }
    let left = try lhs.eval(locals)
    let right = try rhs.eval(locals)
    if op == .plus, let result = try Self.concatenated(left, right, budget: budget, at: range) {
      return result
    }
    return try Self.apply(op, left, right, budget: budget, at: range)
  }

  /// The operand as an integer, or nil when it is not one (or not a leaf read in O(1)).
  @inline(__always)
  private static func integer(_ operand: Operand, _ locals: Locals) -> Int? {
    switch operand {
    case .leaf(.argument0):
      if case .int(let value) = locals.a0 { return value }
      return nil
    case .leaf(.argument1):
      if case .int(let value) = locals.a1 { return value }
      return nil
    case .leaf(.integer(let value)): return value
    case .binary(let inner): return inner.integerResult(locals)
    case .node: return nil
    }
  }

  /// The value of a node of two leaf operands when both are integers and the result is an
  /// integer computed without overflow; nil otherwise (then the general path evaluates it).
  private func integerResult(_ locals: Locals) -> Int? {
    guard let x = Self.integer(left, locals), let y = Self.integer(right, locals),
      case .int(let value)? = Self.integers(op, x, y)
    else { return nil }
    return value
  }

  /// The node as plain data (`IntegerForm`) when every operand is a closure argument, an
  /// integer literal or a node of two such operands; nil otherwise. A closure whose body is
  /// this node is called with integers through the form, without building its frame
  /// (`Closure.call`).
  var integerForm: IntegerForm? {
    guard let left = Self.term(left), let right = Self.term(right) else { return nil }
    return IntegerForm(op: op, left: left, right: right)
  }

  private static func term(_ operand: Operand) -> IntegerForm.Term? {
    switch operand {
    case .leaf(let leaf): return .leaf(leaf)
    case .binary(let inner):
      guard case .leaf(let a) = inner.left, case .leaf(let b) = inner.right else { return nil }
      return .node(inner.op, a, b)
    case .node: return nil
    }
  }

  /// `x op y` for two integers, as `apply` computes it, or nil where `apply` would throw
  /// (overflow, division by zero) or the operator takes other operands (`**`, `&&`).
  @inline(__always)
  fileprivate static func integers(_ op: ScriptOperator, _ x: Int, _ y: Int) -> ScriptValue? {
    let result: (partialValue: Int, overflow: Bool)
    switch op {
    case .plus: result = x.addingReportingOverflow(y)
    case .minus: result = x.subtractingReportingOverflow(y)
    case .star: result = x.multipliedReportingOverflow(by: y)
    case .slash:
      guard y != 0 else { return nil }
      result = x.dividedReportingOverflow(by: y)
    case .percent:
      guard y != 0 else { return nil }
      result = x.remainderReportingOverflow(dividingBy: y)
    case .equal: return .bool(x == y)
    case .notEqual: return .bool(x != y)
    case .less: return .bool(x < y)
    case .lessOrEqual: return .bool(x <= y)
    case .greater: return .bool(x > y)
    case .greaterOrEqual: return .bool(x >= y)
    case .power, .and, .or, .bang: return nil
    }
    return result.overflow ? nil : .int(result.partialValue)
  }

  /// `a + b` of two arrays or two strings, checked against the budgets before it is made
  /// (the copy alone could be past `--max-value-size`), the copy spent as events; nil for
  /// other operands.
  static func concatenated(
    _ left: ScriptValue, _ right: ScriptValue, budget: Budget, at range: SourceRange
  )
    throws(RuntimeError) -> ScriptValue?
  {
    switch (left, right) {
    case (.array(let x), .array(let y)):
      try budget.checkSize(x.count + y.count, at: range)
      let result = ScriptValue.array(x + y)
      try budget.checkBuilt(result, copied: x.count + y.count, at: range)
      return result
    case (.string(let x), .string(let y)):
      try budget.checkSize(x.utf8.count + y.utf8.count, at: range)
      try budget.spend(copied: (x.utf8.count + y.utf8.count) / Budget.charactersPerEvent, at: range)
      return .string(x + y)
    default:
      return nil
    }
  }

  /// `a + b` under `use rxjs`: a string and a number or Bool are joined as text, the number
  /// written as JavaScript writes it (`1 + "!"` is `"1!"`, `2.0` is `"2"`); otherwise `apply`.
  static func joined(_ a: ScriptValue, _ b: ScriptValue, at range: SourceRange) throws(RuntimeError)
    -> ScriptValue
  {
    switch (a, b) {
    case (.string(let x), _): if let y = javaScriptText(b) { return .string(x + y) }
    case (_, .string(let y)): if let x = javaScriptText(a) { return .string(x + y) }
    default: break
    }
    return try apply(.plus, a, b, at: range)
  }

  /// A number or Bool as JavaScript's `String(x)` writes it.
  static func javaScriptText(_ value: ScriptValue) -> String? {
    switch value {
    case .int(let number): return String(number)
    case .bool(let flag): return String(flag)
    case .double(let number):
      if number.isNaN { return "NaN" }
      if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
      if number == number.rounded(), abs(number) < 1e21 {
        if abs(number) < 9e18 { return String(Int(number)) }
      }
      return String(number)
    default: return nil
    }
  }

  /// `a op b` on values.
  /// With `budget`, comparing composites spends what it visits (`Budget.spendComparing`).
  static func apply(
    _ op: ScriptOperator, _ a: ScriptValue, _ b: ScriptValue, budget: Budget? = nil,
    at range: SourceRange
  ) throws(RuntimeError) -> ScriptValue {
    switch op {
    case .plus, .minus, .star, .slash, .percent:
      return try arithmetic(op, a, b, at: range)
    case .power:
      return try MathFunctions.power(a, b) { value throws(RuntimeError) in
        guard let number = value.number else {
          throw Diagnostic.Interpreter.binaryTypes(op.rawValue, a, b, at: range)
        }
        return number
      }
    case .equal, .notEqual:
      // Scalars (the common case) cost nothing and skip the call.
      if let budget, a.isComposite || b.isComposite, !budget.spendComparing(a, b, at: range) {
        throw Diagnostic.Interpreter.budget(
          "events", limit: budget.limits.maxEvents, flag: "--max-events", at: range)
      }
      return .bool(a.isEqual(to: b) == (op == .equal))
    case .less, .lessOrEqual, .greater, .greaterOrEqual:
      let order = try compare(op, a, b, at: range)
      switch op {
      case .less: return .bool(order < 0)
      case .lessOrEqual: return .bool(order <= 0)
      case .greater: return .bool(order > 0)
      default: return .bool(order >= 0)
      }
    // Never here: the compiler makes `&&` and `||` `LogicalNode`s; `!` is only prefix.
    case .and, .or, .bang:
      throw Diagnostic.Interpreter.binaryTypes(op.rawValue, a, b, at: range)
    }
  }

  private static func arithmetic(
    _ op: ScriptOperator, _ a: ScriptValue, _ b: ScriptValue, at range: SourceRange
  ) throws(RuntimeError) -> ScriptValue {
    switch (a, b) {
    case (.int(let x), .int(let y)):
      // `integers` is nil only where this throws: a division by zero or an overflow.
      if let result = integers(op, x, y) { return result }
      if y == 0, op == .slash || op == .percent {
        throw Diagnostic.Interpreter.divisionByZero(op.rawValue, at: range)
      }
      throw Diagnostic.Interpreter.overflow(op.rawValue, a, b, at: range)
    case (.int(let x), .double(let y)): return try doubles(op, Double(x), y, a, b, at: range)
    case (.double(let x), .int(let y)): return try doubles(op, x, Double(y), a, b, at: range)
    case (.double(let x), .double(let y)): return try doubles(op, x, y, a, b, at: range)
    case (.string(let x), .string(let y)) where op == .plus: return .string(x + y)
    case (.array(let x), .array(let y)) where op == .plus: return .array(x + y)
    default: throw Diagnostic.Interpreter.binaryTypes(op.rawValue, a, b, at: range)
    }
  }

  private static func doubles(
    _ op: ScriptOperator, _ x: Double, _ y: Double, _ a: ScriptValue, _ b: ScriptValue,
    at range: SourceRange
  ) throws(RuntimeError) -> ScriptValue {
    switch op {
    case .plus: return .double(x + y)
    case .minus: return .double(x - y)
    case .star: return .double(x * y)
    case .slash: return .double(x / y)
    // The dividend's sign, as JavaScript's `%` and Swift's truncatingRemainder.
    case .percent: return .double(x.truncatingRemainder(dividingBy: y))
    default: throw Diagnostic.Interpreter.binaryTypes(op.rawValue, a, b, at: range)
    }
  }

  /// -1, 0 or 1 for two numbers or two strings.
  private static func compare(
    _ op: ScriptOperator, _ a: ScriptValue, _ b: ScriptValue, at range: SourceRange
  ) throws(RuntimeError) -> Int {
    func sign<T: Comparable>(_ x: T, _ y: T) -> Int { x < y ? -1 : (x == y ? 0 : 1) }
    switch (a, b) {
    case (.int(let x), .int(let y)): return sign(x, y)
    case (.int(let x), .double(let y)): return sign(Double(x), y)
    case (.double(let x), .int(let y)): return sign(x, Double(y))
    case (.double(let x), .double(let y)): return sign(x, y)
    case (.string(let x), .string(let y)): return sign(x, y)
    default: throw Diagnostic.Interpreter.notComparable(op.rawValue, a, b, at: range)
    }
  }
}

/// An integer `BinaryNode` (`x * 10`, `x % 3 != 0`, `acc + x`) as plain data: no references,
/// so a closure evaluates it per call without a retain, a release or a call per node. Its
/// value for integer arguments is the node's `eval` on its integer path; nil where `eval`
/// would take its general path (overflow, division by zero, a non-integer operand).
struct IntegerForm {
  /// A closure argument (`$0`, `$1`) or an integer literal.
  enum Leaf {
    case argument0
    case argument1
    case integer(Int)
  }

  /// An operand: a leaf, or a node of two leaves (`x % 3` in `x % 3 != 0`).
  enum Term {
    case leaf(Leaf)
    case node(ScriptOperator, Leaf, Leaf)
  }

  let op: ScriptOperator
  let left: Term
  let right: Term

  /// The value for the arguments `x` and `y` (nil when there is no second argument).
  @inline(__always)
  func value(_ x: Int, _ y: Int?) -> ScriptValue? {
    guard let a = Self.value(left, x, y), let b = Self.value(right, x, y) else { return nil }
    return BinaryNode.integers(op, a, b)
  }

  @inline(__always)
  private static func value(_ term: Term, _ x: Int, _ y: Int?) -> Int? {
    switch term {
    case .leaf(let leaf): return value(leaf, x, y)
    case .node(let op, let left, let right):
      guard let a = value(left, x, y), let b = value(right, x, y),
        case .int(let result)? = BinaryNode.integers(op, a, b)
      else { return nil }
      return result
    }
  }

  @inline(__always)
  private static func value(_ leaf: Leaf, _ x: Int, _ y: Int?) -> Int? {
    switch leaf {
    case .argument0: return x
    case .argument1: return y
    case .integer(let value): return value
    }
  }
}

/// `a + b` under `use rxjs`: a string and a number or Bool are joined as JavaScript joins them
/// (`BinaryNode.joined`); other operands as `BinaryNode`. A node of its own, so that `+`
/// without `use rxjs` asks nothing more per evaluation.
final class JoiningAddNode: Node {
  let lhs: Node
  let rhs: Node
  let budget: Budget
  init(_ lhs: Node, _ rhs: Node, budget: Budget, range: SourceRange) {
    self.lhs = lhs
    self.rhs = rhs
    self.budget = budget
    super.init(range: range)
  }
  override func eval(_ locals: Locals) throws(RuntimeError) -> ScriptValue {
    let left = try lhs.eval(locals)
    let right = try rhs.eval(locals)
    if let result = try BinaryNode.concatenated(left, right, budget: budget, at: range) {
      return result
    }
    let result = try BinaryNode.joined(left, right, at: range)
    if case .string(let text) = result {
      try budget.checkSize(text.utf8.count, at: range)
      try budget.spend(copied: text.utf8.count / Budget.charactersPerEvent, at: range)
    }
    return result
  }
}
