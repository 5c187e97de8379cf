/// The arguments of one closure call, and the frame of the closure around it.
///
/// Passed to `Node.eval` by value without allocation: the first two arguments are stored inline,
/// so a one- or two-argument closure call (`map { $0 * 10 }`, `scan(0) { $0 + $1 }`) allocates
/// nothing. A frame is boxed (`Frame`) only when a nested closure captures it.
struct Locals {
  var a0: ScriptValue
  var a1: ScriptValue
  /// The arguments after the second, nil when there are none (an empty array would cost a
  /// retain and a release of the shared empty storage on every call).
  var rest: [ScriptValue]?
  var parent: Frame?
  /// The `let`s and `var`s of a closure whose body is a block.
  var slots: Slots? = nil

  /// No arguments, no enclosing closure: the top level of a script.
  nonisolated(unsafe) static let top = Locals(a0: .null, a1: .null, rest: nil, parent: nil)

  /// Argument `index` (0-based) of this call.
  @inline(__always)
  func argument(_ index: Int) -> ScriptValue {
    switch index {
    case 0: return a0
    case 1: return a1
    default:
      let offset = index - 2
      guard let rest, offset < rest.count else { return .null }
      return rest[offset]
    }
  }
}

/// A closure's arguments kept alive for the closures created inside it.
final class Frame {
  let locals: Locals
  init(_ locals: Locals) { self.locals = locals }
}

/// A compiled closure literal: its parameters and body, shared by every closure value made from
/// the literal.
final class ClosureCode {
  /// How many parameters it takes (for an implicit closure: one more than the highest `$N`).
  let parameterCount: Int
  /// Whether the parameters are `$0`, `$1`, … (then fewer uses than arguments are fine).
  let isImplicit: Bool
  /// Whether the body refers to the arguments of an enclosing closure (then the closure value
  /// keeps that closure's frame).
  var capturesOuter = false
  /// How many `let`s and `var`s the body's block has (each call gets fresh slots for them).
  var slotCount = 0
  /// Whether the body may throw: it has a `throw`, or calls a closure value (which may). Only
  /// then does an operator that calls it prepare to fail with the thrown value.
  var mayThrow = false
  /// The body; set once compiled.
  var body: Node
  let range: SourceRange
  /// The run's budget, which bounds how deeply calls nest.
  let budget: Budget

  init(parameterCount: Int, isImplicit: Bool, range: SourceRange, budget: Budget) {
    self.parameterCount = parameterCount
    self.isImplicit = isImplicit
    self.range = range
    self.budget = budget
    self.body = ConstantNode(.null, range: range)
  }
}

/// A closure value: compiled code plus the frame it was created in.
final class Closure: @unchecked Sendable {
  // Invariant: immutable; used on the script's thread only.
  let code: ClosureCode
  let captured: Frame?
  /// The code's body, budget and slot count, kept here as constants: read per call without
  /// retaining them (the code's `body` is a `var`, set once compiled, before any closure value
  /// is made from it).
  private let body: Node
  private let budget: Budget
  private let slotCount: Int
  /// The body as plain data when it is integer arithmetic on the arguments (`x * 10`, `x % 3
  /// != 0`, `acc + x`) and the closure has no slots: called with integers, it is computed
  /// without a frame, and without retaining a node.
  private let integerForm: IntegerForm?
  /// Whether `call(_:at:)` and `call(_:_:at:)` take their arguments as the parameters (and not
  /// as an arity error or a tuple's elements): the calls `integerResult` stands for.
  private let takesOne: Bool
  private let takesTwo: Bool

  init(code: ClosureCode, captured: Frame?) {
    self.code = code
    self.captured = captured
    self.body = code.body
    self.budget = code.budget
    self.slotCount = code.slotCount
    if code.slotCount == 0, let binary = code.body as? BinaryNode {
      integerForm = binary.integerForm
    } else {
      integerForm = nil
    }
    let count = code.parameterCount
    takesOne = count == 1 || (code.isImplicit && count == 0)
    takesTwo = count == 2 || (code.isImplicit && count < 2)
  }

  /// What `call(x, at:)` returns for the integer `x` when it is computed without a frame
  /// (`integerCall`); nil when the call must go the general way. For a caller on the hot path
  /// (`ScriptFunction`), which then skips the call's own frame too.
  @inline(__always)
  func integerResult(_ x: Int) -> ScriptValue? {
    guard takesOne else { return nil }
    return integerCall(x, nil)
  }

  /// What `call(x, y, at:)` returns for two integers computed without a frame; nil otherwise.
  @inline(__always)
  func integerResult(_ x: Int, _ y: Int) -> ScriptValue? {
    guard takesTwo else { return nil }
    return integerCall(x, y)
  }

  /// The body's value for integer arguments without a frame, as `invoke` computes it: only
  /// when the call may nest one level more (else `invoke` reports the recursion) and the body
  /// stays on its integer path; nil otherwise.
  @inline(__always)
  private func integerCall(_ x: Int, _ y: Int?) -> ScriptValue? {
    guard let integerForm, budget.depth < Budget.maximumDepth else { return nil }
    return integerForm.value(x, y)
  }

  /// Runs the body; one level of nesting more, reported at `range` (the call) past the budget.
  private func invoke(_ locals: Locals, at range: SourceRange) throws(RuntimeError) -> ScriptValue {
    try budget.enter(at: range)
    defer { budget.leave() }
    guard slotCount > 0 else { return try body.eval(locals) }
    var locals = locals
    locals.slots = Slots(count: slotCount)
    return try body.eval(locals)
  }

  /// Calls the closure with no arguments (`then { … }`); a closure of one parameter (`{ _ in
  /// … }`) gets `nil`. `range` is the call's, for errors.
  func call(at range: SourceRange) throws(RuntimeError) -> ScriptValue {
    guard code.parameterCount <= 1 else {
      throw Diagnostic.Interpreter.closureArity(
        takes: code.parameterCount, given: 0, at: code.range)
    }
    return try invoke(Locals(a0: .null, a1: .null, rest: nil, parent: captured), at: range)
  }

  /// Calls the closure with one argument. A closure of n > 1 parameters given one n-tuple takes
  /// the tuple's elements (`combineLatest(a, b).map { x, y in x + y }`).
  func call(_ argument: ScriptValue, at range: SourceRange) throws(RuntimeError) -> ScriptValue {
    let count = code.parameterCount
    if count == 1 || (code.isImplicit && count == 0) {
      // An integer (the common value) is put in the frame as a new `.int`: no copy of a
      // `ScriptValue` through its value witness, and nothing to release after the call.
      if case .int(let number) = argument {
        if let result = integerCall(number, nil) { return result }
        return try invoke(
          Locals(a0: .int(number), a1: .null, rest: nil, parent: captured), at: range)
      }
      return try invoke(Locals(a0: argument, a1: .null, rest: nil, parent: captured), at: range)
    }
    if case .tuple(let elements) = argument, elements.count == count {
      return try call(elements, at: range)
    }
    throw Diagnostic.Interpreter.closureArity(takes: count, given: 1, at: code.range)
  }

  /// Calls the closure with two arguments.
  func call(_ first: ScriptValue, _ second: ScriptValue, at range: SourceRange) throws(RuntimeError)
    -> ScriptValue
  {
    let count = code.parameterCount
    guard count == 2 || (code.isImplicit && count < 2) else {
      throw Diagnostic.Interpreter.closureArity(takes: count, given: 2, at: code.range)
    }
    if case .int(let x) = first, case .int(let y) = second {
      if let result = integerCall(x, y) { return result }
      return try invoke(Locals(a0: .int(x), a1: .int(y), rest: nil, parent: captured), at: range)
    }
    return try invoke(Locals(a0: first, a1: second, rest: nil, parent: captured), at: range)
  }

  /// Calls the closure with any number of arguments.
  func call(_ arguments: [ScriptValue], at range: SourceRange) throws(RuntimeError) -> ScriptValue {
    let count = code.parameterCount
    if arguments.count == 1 { return try call(arguments[0], at: range) }
    guard count == arguments.count || (code.isImplicit && count < arguments.count) else {
      if count == 1 { return try call(.tuple(arguments), at: range) }
      throw Diagnostic.Interpreter.closureArity(
        takes: count, given: arguments.count, at: code.range)
    }
    var locals = Locals(a0: .null, a1: .null, rest: nil, parent: captured)
    if arguments.count > 0 { locals.a0 = arguments[0] }
    if arguments.count > 1 { locals.a1 = arguments[1] }
    if arguments.count > 2 { locals.rest = Array(arguments[2...]) }
    return try invoke(locals, at: range)
  }
}
