import Reactive

/// One row of the operator catalogue: a script name, its ReactiveObjC and RxJS names, a
/// one-line summary, a small example script, its parameters, and what it does.
package struct OperatorEntry: Sendable {
  /// How the name is used in a script.
  package enum Kind: Sendable {
    /// A free function: `cold("--a|")`, `merge(a, b)`.
    case function
    /// A method on a value: `input.map { … }`.
    case method
    /// A built-in value, written without a call: `empty`, `never`, `main` (`empty()` works too).
    case constant
  }

  /// One parameter, for matching call arguments.
  package struct Parameter: Sendable {
    /// The argument label, or nil for a positional argument.
    package var label: String?
    /// What it is, in messages and signatures (`count`, `other`, `transform`).
    package var name: String
    /// Whether the argument may be left out.
    package var isOptional = false
    /// Whether it takes any number of positional arguments (`merge(a, b, …)`).
    package var isVariadic = false
    /// Whether it is a closure (which may trail the call).
    package var isClosure = false
    /// For a closure: how its parameters are written in the signature (`x`, `acc, x`).
    package var closureParameters = ""

    static func value(_ name: String, label: String? = nil, optional: Bool = false) -> Parameter {
      Parameter(label: label, name: name, isOptional: optional)
    }

    /// A labelled argument that may be left out, named as its label (`inclusive:`, `delay:`).
    static func option(_ name: String) -> Parameter {
      value(name, label: name, optional: true)
    }

    static func variadic(_ name: String) -> Parameter {
      Parameter(label: nil, name: name, isOptional: true, isVariadic: true)
    }

    static func closure(_ parameters: String, label: String? = nil) -> Parameter {
      Parameter(label: label, name: "closure", isClosure: true, closureParameters: parameters)
    }
  }

  /// Whose semantics a row has where ReactiveObjC and RxJS use the same name differently.
  package enum Semantics: Sendable {
    /// The only row of its name: in every script.
    case only
    /// ReactiveObjC's side of a colliding name: the default.
    case reactiveObjC
    /// RxJS's side of a colliding name: in a script that starts with `use rxjs`.
    case rxjs
  }

  /// The script name.
  package var name: String
  /// Function, method or constant.
  package var kind: Kind
  /// The ReactiveObjC name (`flattenMap:`), or "" for an RxJS-only operator.
  package var rac: String
  /// The RxJS name accepted as an alias, if the semantics are the same.
  package var alias: String?
  /// RxJS's name where a script cannot take it as an alias, because ReactiveObjC's row of that
  /// name means something else (`connectWith` is RxJS's `connect`).
  package var rxjsName: String? = nil
  /// One line: what it does.
  package var summary: String
  /// A small script that shows it; `marbles explain NAME` runs and draws it.
  package var example: String
  /// The parameters, in order.
  package var parameters: [Parameter] = []
  /// Whether labelled arguments other than the parameters are a values map (`cold`, `hot`).
  var takesValuesMap = false
  /// For `cold` and `hot`: the kind of marble the first argument is, parsed before the run
  /// when it is a string literal.
  var marbleKind: MarbleKind? = nil
  /// Whose semantics the row has, for a name both libraries use.
  package var semantics = Semantics.only
  /// Whether it makes its events (or a value) from its arguments alone, so that its example has
  /// no input lane (`cold`, `just`, `Subject`, `sendNext`; not `merge(a, b)`).
  package var isSource = false
  /// What it holds between events and the lanes `show s.internals` draws; nil when each event
  /// is handled on its own.
  package var internals: Internals? = nil
  /// What the type checker may assume of it before the run.
  var typing: Typing = []
  /// Names other libraries give it: the first "did you mean" suggestions for them.
  var synonyms: [Synonym] = []
  /// What changes under `use rxjs` for a row that is the same in both libraries otherwise, as
  /// `explain` words it after "under 'use rxjs'".
  var rxjsDifference: String? = nil
  /// What the call does.
  var run: OperatorRun

  /// A stateful operator's state: what it holds in words and the lanes that draw it.
  package struct Internals: Sendable {
    /// What it holds (`the accumulator`); `$0`, `$1`, … stand for the lanes where the sentence
    /// names them itself, otherwise the lanes follow in parentheses.
    var holds: String
    /// The lanes, in the order `show s.internals` draws them (the `StateLane` constants the
    /// operator reports to), which the row's run hands to its probe (`Call.probed`).
    var lanes: [StateLane]

    /// The sentence `explain` and the guide print: "the accumulator (lane `acc`)".
    package var description: String {
      let quoted = lanes.map { "`\($0.name)`" }
      guard !holds.contains("$0") else {
        return quoted.indices.reversed().reduce(holds) {
          $0.replacingOccurrences(of: "$\($1)", with: quoted[$1])
        }
      }
      guard !lanes.isEmpty else { return holds }
      return holds + " (" + (lanes.count == 1 ? "lane " : "lanes ") + quoted.joined(separator: ", ")
        + ")"
    }
  }

  /// What the type checker knows of a method without running it.
  struct Typing: OptionSet, Sendable {
    let rawValue: Int
    /// Its output sends (some of) the receiver's own values (`filter`, `take`, `delay`).
    static let passesValues = Typing(rawValue: 1)
    /// Its closure's first parameter is each value of the receiver (`map`, `filter`).
    static let closureTakesValues = Typing(rawValue: 2)
  }

  /// A name another library gives the operator (`removeDuplicates` for `distinctUntilChanged`).
  struct Synonym: Sendable, ExpressibleByStringLiteral {
    /// The other library's name.
    var name: String
    /// Whether the row's alias is suggested too (`flatMap`: `flattenMap` and `mergeMap`).
    var offersAlias = false

    init(stringLiteral name: String) { self.name = name }

    /// A synonym that suggests the row's name and its alias.
    static func withAlias(_ name: String) -> Synonym {
      var synonym = Synonym(stringLiteral: name)
      synonym.offersAlias = true
      return synonym
    }
  }

  /// For `marbles explain`: whose semantics the row has and when it applies.
  package var semanticsNote: String {
    switch semantics {
    case .reactiveObjC:
      return "ReactiveObjC's (the default; a script that starts with 'use rxjs' gets RxJS's)"
    case .rxjs:
      return "RxJS's (in a script that starts with 'use rxjs'; otherwise ReactiveObjC's)"
    case .only where rac.isEmpty:
      return "RxJS's (in every script)" + rxjsClause
    case .only where alias == nil:
      return "ReactiveObjC's (in every script)" + rxjsClause
    case .only:
      return "ReactiveObjC's, which are also RxJS's (in every script)" + rxjsClause
    }
  }

  /// What changes under `use rxjs` for a row of the same name in both, as a clause.
  private var rxjsClause: String {
    rxjsDifference.map { "; under 'use rxjs' " + $0 } ?? ""
  }

  /// The call as written: `scan(start) { acc, x in … }`, `merge(with: other)`.
  package var signature: String { signature(named: name) }

  /// The call as written under `name` (the name or the alias).
  package func signature(named name: String) -> String {
    var text = kind == .method ? "." + name : name
    if kind == .constant { return name }
    let plain = parameters.filter { !$0.isClosure || $0.label != nil }
    let pieces = plain.map { parameter -> String in
      var piece = parameter.label.map { "\($0): " } ?? ""
      piece += parameter.isClosure ? "{ … }" : parameter.name
      if parameter.isVariadic { piece += ", …" }
      if parameter.isOptional && !parameter.isVariadic { piece = "[" + piece + "]" }
      return piece
    }
    var arguments = pieces
    if takesValuesMap { arguments.append("name: value…") }
    let trailing = parameters.last(where: { $0.isClosure && $0.label == nil })
    if !arguments.isEmpty || trailing == nil {
      text += "(" + arguments.joined(separator: ", ") + ")"
    }
    if let trailing {
      text +=
        " { " + (trailing.closureParameters.isEmpty ? "" : trailing.closureParameters + " in ")
        + "… }"
    }
    return text
  }
}

/// One call of a catalogue operator at run time: the receiver and the evaluated arguments.
struct Call {
  /// The runtime, for scheduling and for reporting errors from callbacks.
  let runtime: Runtime
  /// The operator's name as written.
  package let name: String
  /// The call's source range.
  let range: SourceRange
  /// The value left of the dot (`.null` for functions).
  var receiver: ScriptValue
  /// The argument for each parameter, nil when left out (variadic parameters: see `variadic`).
  var arguments: [ScriptValue?]
  /// The source range of each parameter's argument.
  var argumentRanges: [SourceRange?]
  /// The positional arguments of the variadic parameter.
  var variadic: [ScriptValue] = []
  /// The values map: labelled arguments that are not parameters, in source order.
  var valuesMap: [(label: String, value: ScriptValue)] = []
  /// The marble parsed before the run (`cold`, `hot` with a literal marble).
  var marble: MarbleDiagram?
  /// The row's internals lanes, for `probed` (empty for a row that holds nothing).
  var lanes: [StateLane] = []
  /// When a closure argument may throw: what its `throw` fails (see `ThrowScope`).
  var throwScope: ThrowScope?

  /// The scheduler of the run.
  var scheduler: VirtualTimeScheduler { runtime.scheduler }

  /// The receiver as a signal (its subscriptions counted, see `Runtime.counted`).
  func signal() throws(RuntimeError) -> Signal<ScriptValue> {
    guard case .signal(let signal) = receiver else {
      throw Diagnostic.Interpreter.wrongReceiver(name, expected: "a signal", receiver, at: range)
    }
    return scoped(runtime.counted(signal, at: range, isOpen: false), from: signal)
  }

  /// `counted`, made from `signal`, as the operator subscribes it. In a `ThrowScope`, a subject,
  /// a connectable or a channel terminal, left whole when the call began (its operator may take
  /// it apart), is wrapped here, where it is used as a plain signal: its events, sent to every
  /// subscriber outside any event of the operator, belong to the subscription that subscribed.
  func scoped(_ counted: Signal<ScriptValue>, from signal: Signal<ScriptValue>)
    -> Signal<ScriptValue>
  {
    guard let throwScope, ThrowScope.isKeptWhole(signal) else { return counted }
    return throwScope.input(counted)
  }

  /// The range of argument `index`, or the call's.
  func rangeOf(_ index: Int) -> SourceRange {
    index < argumentRanges.count ? (argumentRanges[index] ?? range) : range
  }

  /// The error for argument `index`, given for `parameter` but not `expected` (`a signal`).
  func argumentError(_ index: Int, _ parameter: String, expected: String) -> RuntimeError {
    Diagnostic.Interpreter.argumentType(
      parameter, of: name, expected: expected, value(index), at: rangeOf(index))
  }

  /// Argument `index`, or nil when it was left out.
  func optional(_ index: Int) -> ScriptValue? {
    index < arguments.count ? arguments[index] : nil
  }

  /// Argument `index` (`nil` when left out).
  func value(_ index: Int) -> ScriptValue {
    optional(index) ?? .null
  }

  /// Argument `index` as a signal.
  func signal(_ index: Int, _ parameter: String = "the argument") throws(RuntimeError)
    -> Signal<ScriptValue>
  {
    let value = value(index)
    guard case .signal(let signal) = value else {
      throw argumentError(index, parameter, expected: "a signal")
    }
    return scoped(runtime.counted(signal, at: range), from: signal)
  }

  /// The longest duration or latest frame an argument may give: as for marble time
  /// progressions, about 11.5 days of virtual time.
  static let maximumFrames = MarbleParser.maxProgressionFrames

  /// Argument `index` as an integer from `minimum` to `maximum`.
  func int(_ index: Int, _ parameter: String, minimum: Int = 0, maximum: Int = .max)
    throws(RuntimeError) -> Int
  {
    let value = value(index)
    var number: Int?
    switch value {
    case .int(let n): number = n
    case .double(let d) where d == d.rounded() && abs(d) < 1e15: number = Int(d)
    default: number = nil
    }
    guard let number, number >= minimum, number <= maximum else {
      var expected = minimum == Int.min ? "an integer" : "an integer ≥ \(minimum)"
      if maximum != .max { expected = "an integer from \(minimum) to \(maximum)" }
      throw argumentError(index, parameter, expected: expected)
    }
    return number
  }

  /// Argument `index` as a number of frames (a duration or a frame of the run).
  func frames(_ index: Int, _ parameter: String, minimum: Int = 0) throws(RuntimeError) -> Int {
    try int(index, parameter, minimum: minimum, maximum: Self.maximumFrames)
  }

  /// Argument `index` as a duration that RxJS measures with its `timer`, which treats a
  /// negative duration as none (`delay`, `throttleTime`, `auditTime`, `timer`, the `delay:` of
  /// `retry` and `repeat`): 0 for a negative number of frames.
  func timerFrames(_ index: Int, _ parameter: String) throws(RuntimeError) -> Int {
    max(0, try frames(index, parameter, minimum: -Self.maximumFrames))
  }

  /// Argument `index` as an integer, or nil when left out.
  func optionalInt(_ index: Int, _ parameter: String, minimum: Int = 0) throws(RuntimeError)
    -> Int?
  {
    guard let value = optional(index), !isNull(value) else { return nil }
    return try int(index, parameter, minimum: minimum)
  }

  /// Argument `index` as a frame of the run, or nil when left out.
  func optionalFrame(_ index: Int) throws(RuntimeError) -> Int? {
    guard let value = optional(index), !isNull(value) else { return nil }
    return try frames(index, "the frame")
  }

  /// Argument `index` as a Bool.
  func bool(_ index: Int, _ parameter: String) throws(RuntimeError) -> Bool {
    let value = value(index)
    guard case .bool(let flag) = value else {
      throw argumentError(index, parameter, expected: "a Bool")
    }
    return flag
  }

  /// Argument `index` as a closure that the operator calls while the run goes on.
  func function(_ index: Int) throws(RuntimeError) -> ScriptFunction {
    let value = value(index)
    guard case .closure(let closure) = value else {
      throw argumentError(index, "the closure", expected: "a closure")
    }
    return ScriptFunction(
      closure: closure, runtime: runtime, operatorName: name, range: range, scope: throwScope)
  }

  /// Argument `index` as the `main` scheduler.
  func scheduler(_ index: Int) throws(RuntimeError) -> VirtualQueue {
    let value = value(index)
    guard case .scheduler(let queue) = value else {
      throw argumentError(index, "the scheduler", expected: "'main'")
    }
    return queue
  }

  private func isNull(_ value: ScriptValue) -> Bool {
    if case .null = value { return true }
    return false
  }
}

/// A script closure handed to an operator: calling it never throws. A runtime error inside it
/// is reported (with the current frame), the run is asked to stop, and a neutral value
/// (`nil`, `false`, or a signal that never sends) is returned so the current action can end.
/// A `throw` inside it fails the operator's subscription instead (see `ThrowScope`); the
/// neutral value is then returned quietly (`threw`), and the closure is not called again for
/// that subscription. Each call counts as an event (`--max-events`); once the run has failed,
/// the closure is no longer called at all.
struct ScriptFunction {
  let closure: Closure
  let runtime: Runtime
  let operatorName: String
  /// The operator call's range: where a recursion through the operator is reported.
  let range: SourceRange
  /// What a `throw` of the closure fails, when it may throw.
  var scope: ThrowScope? = nil

  /// Whether the last call threw (its result is a placeholder that nothing should check).
  var threw: Bool { runtime.closureThrew }

  /// Calls the closure through `body`, turning its errors into the run's error or, for a
  /// `throw`, into the failure of the operator's subscription.
  @inline(__always)
  private func guarded(
    _ arguments: @autoclosure () -> [ScriptValue],
    _ body: () throws(RuntimeError) -> ScriptValue
  ) -> ScriptValue {
    runtime.closureThrew = false
    if let scope {
      if scope.target?.failed == true {
        runtime.closureThrew = true
        return .null
      }
    }
    guard !runtime.hasFailed, runtime.budget.spend(at: range) else { return .null }
    do {
      return try body()
    } catch {
      if let thrown = error.thrown, let context = scope?.target {
        runtime.closureThrew = true
        context.fail(with: thrown.value)
        return .null
      }
      runtime.report(error.thrown == nil ? withOrigin(error, arguments()) : error)
      return .null
    }
  }

  /// Calls with one argument.
  func callAsFunction(_ argument: ScriptValue) -> ScriptValue {
    // Integer arithmetic on an integer (`map { x in x * 10 }`): what `guarded` and the call
    // do, the closure's value computed without a frame (it cannot throw or fail).
    if scope == nil, case .int(let x) = argument, let result = closure.integerResult(x) {
      return counted(result)
    }
    return guarded([argument]) { () throws(RuntimeError) in
      try closure.call(argument, at: range)
    }
  }

  /// `guarded`'s work for a call that cannot throw or fail, which gave `result`.
  @inline(__always)
  private func counted(_ result: ScriptValue) -> ScriptValue {
    runtime.closureThrew = false
    guard !runtime.hasFailed, runtime.budget.spend(at: range) else { return .null }
    return result
  }

  /// Calls with two arguments.
  func callAsFunction(_ first: ScriptValue, _ second: ScriptValue) -> ScriptValue {
    if scope == nil, case .int(let x) = first, case .int(let y) = second,
      let result = closure.integerResult(x, y)
    {
      return counted(result)
    }
    return guarded([first, second]) { () throws(RuntimeError) in
      try closure.call(first, second, at: range)
    }
  }

  /// Calls with any number of arguments.
  func call(_ arguments: [ScriptValue]) -> ScriptValue {
    guarded(arguments) { () throws(RuntimeError) in try closure.call(arguments, at: range) }
  }

  /// The error with a hint naming the values the operator passed, unless it has a hint:
  /// 'map' called the closure with 'String' "a!" (the value that arrived at this frame).
  private func withOrigin(_ error: RuntimeError, _ arguments: [ScriptValue]) -> RuntimeError {
    guard error.hint == nil, !arguments.isEmpty else { return error }
    var copy = error
    let values = arguments.map { "'\($0.typeName)' \($0)" }.joined(separator: " and ")
    copy.hint = "'\(operatorName)' called the closure with \(values), which arrived at this frame"
    return copy
  }

  /// Calls with no arguments.
  func callAsFunction() -> ScriptValue {
    guarded([]) { () throws(RuntimeError) in try closure.call(at: range) }
  }

  /// Calls with one argument and expects a Bool (`filter`, `takeWhile`).
  func predicate(_ argument: ScriptValue) -> Bool {
    // A comparison of integers (`x % 3 != 0`): `counted`'s work on the frameless result, and
    // its Bool read without making and destroying a `ScriptValue` result.
    if scope == nil, case .int(let x) = argument,
      case .bool(let flag)? = closure.integerResult(x)
    {
      runtime.closureThrew = false
      return !runtime.hasFailed && runtime.budget.spend(at: range) && flag
    }
    return isTrue(self(argument))
  }

  /// Expects a signal from a result (`flattenMap`, `catch`, the command's block).
  func signal(from result: ScriptValue) -> Signal<ScriptValue> {
    guard case .signal(let signal) = result else {
      if !runtime.hasFailed && !threw {
        runtime.report(
          Diagnostic.Interpreter.closureResult(
            of: operatorName, expected: "a signal", result, at: closure.code.body.range))
      }
      return .never
    }
    guard let scope else { return runtime.counted(signal, at: range) }
    return runtime.counted(scope.input(signal, for: scope.target), at: range)
  }
}
