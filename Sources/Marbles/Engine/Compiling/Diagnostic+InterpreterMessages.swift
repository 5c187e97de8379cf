import Reactive

/// A problem found while evaluating a script: its message and the source range it belongs to.
///
/// Thrown by expression evaluation; the interpreter turns the first one into an error
/// diagnostic that also names the virtual frame ("… at frame 7") and stops the run.
struct RuntimeError: Error, Hashable, Sendable {
  /// The message, without the frame.
  var message: String
  /// A fix or an explanation, printed after the frame (`; did you mean 'x'?`).
  var hint: String?
  /// Where it happened.
  var range: SourceRange
  /// Whether a budget of the run was exceeded (the run stops "by a budget", not by an error in
  /// the script).
  var isBudget = false
  /// For a `throw` in a closure: the value thrown. The operator that called the closure fails
  /// with it; only where nothing can fail is it reported as the run's error.
  var thrown: ThrownValue?

  init(_ message: String, hint: String? = nil, at range: SourceRange, isBudget: Bool = false) {
    self.message = message
    self.hint = hint
    self.range = range
    self.isBudget = isBudget
  }
}

/// The value of a `throw`, carried by the `RuntimeError` that unwinds the closure.
final class ThrownValue: Hashable, @unchecked Sendable {
  // Invariant: immutable; used on the script's thread only.
  let value: ScriptValue
  init(_ value: ScriptValue) { self.value = value }
  static func == (lhs: ThrownValue, rhs: ThrownValue) -> Bool { lhs === rhs }
  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Diagnostic {
  /// Every message of the interpreter (semantic errors found before the run, runtime errors and
  /// warnings), in one place. `Guides/Diagnostics.md` (section The interpreter) lists each with an example.
  package enum Interpreter {
    // MARK: - Names (before the run)

    /// A name that no `let`, closure parameter or built-in defines. `orString`: the name is
    /// in an `expect`'s values map, where the likely meaning is the string of that name.
    static func unknownName(
      _ name: String, suggestions: [String], orString: Bool = false, at range: SourceRange
    ) -> Diagnostic {
      guard orString, suggestions.isEmpty else {
        return .error(
          "cannot find '\(name)' in scope\(ScriptSpelling.didYouMean(suggestions))", at: range)
      }
      return .error(
        "cannot find '\(name)' in scope; did you mean the string \"\(name)\"?", at: range)
    }

    /// A name used on a line before the `let` that defines it.
    static func usedBeforeDeclaration(_ name: String, at range: SourceRange, declared: SourceRange)
      -> Diagnostic
    {
      Diagnostic(
        .error, "'\(name)' is used before its 'let'; names are defined in script order",
        at: range, notes: [Diagnostic(.note, "'\(name)' is declared here", at: declared)])
    }

    /// `x.name` where `name` is neither an operator nor a property of anything.
    static func unknownOperator(_ name: String, suggestions: [String], at range: SourceRange)
      -> Diagnostic
    {
      if name == "pipe" {
        return .error(
          "unknown operator 'pipe'; operators chain directly here: 'input.map { x in x * 2 }"
            + ".filter { x in x > 2 }' for RxJS's 'input.pipe(map(x => x * 2), filter(x => x > 2))'",
          at: range)
      }
      return .error(
        "unknown operator '\(name)'\(ScriptSpelling.didYouMean(suggestions))", at: range)
    }

    /// `use NAME` with a library other than `rxjs` or `ReactiveObjC`.
    static func unknownLibrary(_ name: String, at range: SourceRange) -> Diagnostic {
      .error(
        "unknown library '\(name)' after 'use'; expected 'rxjs' (or 'ReactiveObjC', the default)",
        at: range)
    }

    /// `x.name`, not called, where `name` is neither a property nor an operator.
    static func unknownProperty(_ name: String, suggestions: [String], at range: SourceRange)
      -> Diagnostic
    {
      .error("unknown property '\(name)'\(ScriptSpelling.didYouMean(suggestions))", at: range)
    }

    /// `input.map` without a call.
    static func operatorNotCalled(_ name: String, at range: SourceRange) -> Diagnostic {
      .error("operator '\(name)' must be called, as in '\(name)(…)'", at: range)
    }

    /// A property used as a method: `cmd.enabled()`.
    static func propertyCalled(_ name: String, at range: SourceRange) -> Diagnostic {
      .error("'\(name)' is a property, not an operator; remove the '()'", at: range)
    }

    /// A built-in signal constant called with parentheses: `empty()` is accepted; this is
    /// for `main()`.
    static func notCallable(_ name: String, at range: SourceRange) -> Diagnostic {
      .error("'\(name)' cannot be called; write '\(name)' without parentheses", at: range)
    }

    /// A built-in function used without a call: `let a = cold`.
    static func functionNotCalled(_ name: String, at range: SourceRange) -> Diagnostic {
      .error("'\(name)' must be called, as in '\(name)(…)'", at: range)
    }

    /// `subscriptions(…)` outside `expect subscriptions(…) == …`.
    static let subscriptionsOutsideExpect: FixedError =
      "'subscriptions(…)' can only be used as 'expect subscriptions(x) == \"^--!\"'"

    // MARK: - Arguments (before the run)

    /// An argument label the operator does not take.
    static func unknownLabel(
      _ label: String, operator name: String, expected: [String], signature: String,
      at range: SourceRange
    ) -> Diagnostic {
      let suggestion = ScriptSpelling.suggestion(for: label, among: expected)
      let hint = suggestion.map { "; did you mean '\($0):'?" } ?? "; it is written '\(signature)'"
      return .error("'\(name)' has no argument label '\(label):'\(hint)", at: range)
    }

    /// More arguments than the operator takes.
    static func extraArgument(operator name: String, signature: String, at range: SourceRange)
      -> Diagnostic
    {
      .error("extra argument in call to '\(name)'; it is written '\(signature)'", at: range)
    }

    /// A required argument is missing.
    static func missingArgument(
      _ parameter: String, operator name: String, signature: String, at range: SourceRange
    ) -> Diagnostic {
      .error(
        "missing \(parameter) in call to '\(name)'; it is written '\(signature)'", at: range)
    }

    /// A trailing closure given to an operator that takes none, or twice.
    static func unexpectedClosure(operator name: String, signature: String, at range: SourceRange)
      -> Diagnostic
    {
      .error("'\(name)' does not take a closure here; it is written '\(signature)'", at: range)
    }

    /// The same label twice in one call.
    static func duplicateArgument(_ label: String, at range: SourceRange) -> Diagnostic {
      .error("argument '\(label):' is given twice", at: range)
    }

    // MARK: - Statements (before the run)

    /// `show` of a value that is not a signal, command or channel.
    static func notShowable(_ name: String, type: String, at range: SourceRange) -> RuntimeError {
      RuntimeError(
        "cannot show '\(name)' of type '\(type)'",
        hint: "'show' takes a signal, a command or a channel", at: range)
    }

    /// `expect x == …` where `x` is not a signal.
    static func notExpectable(_ name: String, type: String, at range: SourceRange) -> RuntimeError {
      RuntimeError(
        "cannot compare '\(name)' of type '\(type)' with a marble",
        hint: "'expect' needs a signal", at: range)
    }

    /// `expect subscriptions(x)` where `x` is not a `cold`/`hot` source.
    static func noSubscriptionLog(_ name: String, at range: SourceRange) -> RuntimeError {
      RuntimeError(
        "'\(name)' is not a 'cold' or 'hot' source", hint: "only they log their subscriptions",
        at: range)
    }

    /// A marble string that is not a literal evaluated to something else.
    static func marbleNotString(_ type: String, at range: SourceRange) -> RuntimeError {
      RuntimeError("a marble must be a string, not '\(type)'", at: range)
    }

    // MARK: - Runtime

    /// `"a" * 2` and the like.
    static func binaryTypes(
      _ op: String, _ lhs: ScriptValue, _ rhs: ScriptValue, at range: SourceRange
    )
      -> RuntimeError
    {
      RuntimeError(
        "binary operator '\(op)' cannot be applied to operands of type '\(lhs.typeName)' and "
          + "'\(rhs.typeName)'", at: range)
    }

    /// `-"a"`, `!1`.
    static func unaryType(_ op: String, _ operand: ScriptValue, at range: SourceRange)
      -> RuntimeError
    {
      RuntimeError(
        "unary operator '\(op)' cannot be applied to an operand of type '\(operand.typeName)'",
        at: range)
    }

    /// `1 && true`, `c ? a : b` with a non-Bool `c`.
    static func notBool(_ what: String, _ value: ScriptValue, at range: SourceRange) -> RuntimeError
    {
      RuntimeError("\(what) must be a Bool, not '\(value.typeName)' \(value)", at: range)
    }

    /// Integer division or remainder by zero.
    static func divisionByZero(_ op: String, at range: SourceRange) -> RuntimeError {
      RuntimeError(
        op == "%" ? "division by zero in remainder operation" : "division by zero", at: range)
    }

    /// An integer result that does not fit in 64 bits.
    static func overflow(
      _ op: String, _ lhs: ScriptValue, _ rhs: ScriptValue?, at range: SourceRange
    )
      -> RuntimeError
    {
      let text = rhs.map { "\(lhs) \(op) \($0)" } ?? "\(op)\(lhs)"
      return RuntimeError("arithmetic overflow: '\(text)' does not fit in an Int", at: range)
    }

    /// `t.2` on a pair.
    static func tupleIndex(_ index: Int, count: Int, at range: SourceRange) -> RuntimeError {
      RuntimeError(
        "tuple index \(index) is out of range",
        hint: "the tuple has \(count) element\(count == 1 ? "" : "s")", at: range)
    }

    /// `x.0` on something that is not a tuple.
    static func notTuple(_ index: Int, _ value: ScriptValue, at range: SourceRange) -> RuntimeError
    {
      RuntimeError(
        "value of type '\(value.typeName)' has no element '.\(index)'",
        hint: "only tuples have elements",
        at: range)
    }

    /// `cmd.foo` where `cmd` has no such property.
    static func noProperty(
      _ name: String, _ value: ScriptValue, suggestion: String?, at range: SourceRange
    )
      -> RuntimeError
    {
      RuntimeError(
        "value of type '\(value.typeName)' has no property '\(name)'",
        hint: suggestion.map { "did you mean '\($0)'?" }, at: range)
    }

    /// `1.map { … }`.
    static func wrongReceiver(
      _ name: String, expected: String, _ value: ScriptValue, at range: SourceRange
    ) -> RuntimeError {
      RuntimeError(
        "'\(name)' needs \(expected), but it was used on a value of type '\(value.typeName)'",
        at: range)
    }

    /// An argument of the wrong type.
    static func argumentType(
      _ parameter: String, of name: String, expected: String, _ value: ScriptValue,
      at range: SourceRange
    ) -> RuntimeError {
      RuntimeError(
        "\(parameter) of '\(name)' must be \(expected), not '\(value.typeName)' \(value)",
        at: range)
    }

    /// A closure result of the wrong type (`flattenMap { x in x }`).
    static func closureResult(
      of name: String, expected: String, _ value: ScriptValue, at range: SourceRange
    ) -> RuntimeError {
      RuntimeError(
        "the closure of '\(name)' must return \(expected), not '\(value.typeName)' \(value)",
        at: range)
    }

    /// A closure called with a different number of arguments than it takes.
    static func closureArity(takes: Int, given: Int, at range: SourceRange) -> RuntimeError {
      RuntimeError(
        "closure takes \(takes) argument\(takes == 1 ? "" : "s") but is called with \(given)",
        at: range)
    }

    // MARK: - Blocks and throw

    /// `throw` of a value that is not an error value.
    static func notAnErrorValue(_ value: ScriptValue, at range: SourceRange) -> RuntimeError {
      RuntimeError(
        "'throw' needs an error value (Error(\"…\") or a String), not '\(value.typeName)' \(value)",
        at: range)
    }

    /// A `throw` that no operator takes: in a closure whose caller has no signal to fail.
    static func uncaughtThrow(_ value: ScriptValue, at range: SourceRange) -> RuntimeError {
      RuntimeError(
        "\(value) was thrown in a closure that cannot fail",
        hint: "only a closure an operator calls may throw; its signal fails with the value",
        at: range)
    }

    /// `throw` of a literal that is not an error value, found before the run.
    static func notAnErrorLiteral(_ type: String, at range: SourceRange) -> Diagnostic {
      .error(
        "'throw' needs an error value (Error(\"…\") or a String), not '\(type)'", at: range)
    }

    /// A method of strings or arrays called with other arguments than it takes.
    static func valueMethodArguments(_ spelling: String, at range: SourceRange) -> Diagnostic {
      .error("'\(spelling.prefix { $0 != "(" })' is called as '\(spelling)'", at: range)
    }

    /// `String(…)`, `Int(…)`, `Double(…)` with other than one unlabelled argument.
    static func conversionArguments(_ type: String, at range: SourceRange) -> Diagnostic {
      .error("'\(type)' converts one value: '\(type)(x)'", at: range)
    }

    /// `x ** y` without `use rxjs`.
    static let javaScriptPower: FixedError =
      "'**' is JavaScript's, under 'use rxjs'; write 'pow(x, y)'"

    /// A math function with the wrong number of arguments, or with labels or a closure.
    static func mathArguments(_ name: String, javaScript: Bool, at range: SourceRange)
      -> Diagnostic
    {
      let written = javaScript ? "Math.\(name)" : name
      let form: String
      switch name {
      case "min", "max":
        form = javaScript ? "\(written)(a, b, …)" : "\(written)(a, b, …) with two or more"
      case "pow": form = "\(written)(x, y)"
      default: form = "\(written)(x)"
      }
      return .error("'\(written)' is called as '\(form)'", at: range)
    }

    /// Assignment to a `let`, a parameter or a name outside the closure's blocks.
    static func notAssignable(_ name: String, _ what: String, at range: SourceRange)
      -> Diagnostic
    {
      .error("cannot assign to '\(name)': \(what); declare it with 'var'", at: range)
    }

    /// `break` or `continue` outside a loop.
    static func jumpOutsideLoop(_ word: String, at range: SourceRange) -> Diagnostic {
      .error("'\(word)' is only allowed inside a 'for' loop", at: range)
    }

    /// Calling a value that is not a closure.
    static func notAFunction(_ value: ScriptValue, at range: SourceRange) -> RuntimeError {
      RuntimeError("cannot call a value of type '\(value.typeName)'", at: range)
    }

    /// Values that cannot be ordered (`<`).
    static func notComparable(
      _ op: String, _ lhs: ScriptValue, _ rhs: ScriptValue, at range: SourceRange
    )
      -> RuntimeError
    {
      binaryTypes(op, lhs, rhs, at: range)
    }

    /// A signal sends into a subject or terminal that feeds back into it, endlessly.
    static func feedbackLoop(at range: SourceRange) -> RuntimeError {
      RuntimeError(
        "events feed back into the signal they come from (more than \(Runtime.maximumNesting) "
          + "nested deliveries)", hint: "break the cycle", at: range)
    }

    /// Closure calls or subscriptions nested past `Budget.maximumDepth`: a recursion.
    static func recursion(limit: Int, at range: SourceRange) -> RuntimeError {
      RuntimeError(
        "recursion deeper than \(limit) calls",
        hint: "does a closure call or return itself, or is a chain of signals that long?",
        at: range)
    }

    /// The run went past one of its budgets (`--max-events`, `--max-subscriptions`).
    static func budget(_ what: String, limit: Int, flag: String, at range: SourceRange)
      -> RuntimeError
    {
      RuntimeError(
        "the run went past its budget of \(limit) \(what)",
        hint: "raise it with '\(flag) N' if the script needs more", at: range, isBudget: true)
    }

    /// A string or collection larger than `--max-value-size`.
    static func valueSize(size: Int, limit: Int, orMore: Bool = false, at range: SourceRange)
      -> RuntimeError
    {
      RuntimeError(
        "a value of \(size)\(orMore ? " or more" : "") characters or elements is larger than the "
          + "budget of \(limit)",
        hint: "raise it with '--max-value-size N' if the script needs more",
        at: range, isBudget: true)
    }

    /// A recorded value nested past `Budget.maximumValueNesting`.
    static func valueNesting(limit: Int, recorded: Bool, at range: SourceRange) -> RuntimeError {
      RuntimeError(
        "a \(recorded ? "recorded " : "")value nests deeper than \(limit) levels",
        hint: "does a closure wrap its own result again and again?", at: range, isBudget: true)
    }

    /// Signals whose values are signals, recorded past `Budget.maximumValueNesting` levels: a
    /// closure that returns a signal of its own calls (`map { _ in f(f) }`). The lane subscribes
    /// every inner signal to draw it, so this recursion runs through the recording.
    static func signalNesting(limit: Int, at range: SourceRange) -> RuntimeError {
      RuntimeError(
        "recursion through recorded values: signals inside signals nest deeper than \(limit) "
          + "levels",
        hint: "does a closure return a signal whose values come from calling it again?",
        at: range)
    }

    /// The whole run passed `--max-frames`.
    static func frameLimit(limit: Int, nextFrame: Int, lanes: [String], at range: SourceRange)
      -> Diagnostic
    {
      .error(
        "the run reached the limit of \(limit) frames with work still scheduled at frame "
          + "\(nextFrame)\(activeLanes(lanes)); raise '--max-frames' or end the sources",
        at: range)
    }

    /// A hot marble whose events start more than `--max-frames` frames before its `^`: the
    /// frames before the subscription point are drawn and recorded like the others.
    static func framesBeforeSubscription(_ frames: Int, limit: Int, at range: SourceRange)
      -> RuntimeError
    {
      RuntimeError(
        "the marble starts \(frames) frames before its '^', past the limit of \(limit) frames",
        hint: "raise '--max-frames' or shorten the time before '^'", at: range)
    }

    /// Too many actions at one frame: a loop that never lets time move.
    static func actionLimit(limit: Int, frame: Int, lanes: [String], at range: SourceRange)
      -> Diagnostic
    {
      .error(
        "more than \(limit) actions ran at frame \(frame) without time moving on"
          + "\(activeLanes(lanes)); is something repeating or retrying forever?", at: range)
    }

    // MARK: - Warnings

    /// `cmd.execute(v)` outside the run in a closure… (none yet); a value key without an entry is
    /// `Diagnostic.marbleValueWithoutEntry`.

    private static func activeLanes(_ lanes: [String]) -> String {
      guard !lanes.isEmpty else { return "" }
      let shown = lanes.prefix(10).map { "'\($0)'" }.joined(separator: ", ")
      let more = lanes.count > 10 ? " and \(lanes.count - 10) more" : ""
      return "; lanes still active: " + shown + more
    }

  }
}
