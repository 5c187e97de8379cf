import Reactive

extension Catalogue {
  /// RxJS's creation functions that loop, list a dictionary or hold a resource: `generate`,
  /// `pairs`, `using`.
  static let rxjsCreation: [OperatorEntry] = [
    .function(
      "generate", rac: "", alias: "generate",
      "Sends the result for each state from the initial one, stepping with 'iterate', while 'condition' holds, then completes, at subscription (RxJS generate)",
      parameters: [
        .value("initialState", optional: true), .value("condition", optional: true),
        .value("iterate", optional: true),
        .value("initialState", label: "initialState", optional: true),
        .value("condition", label: "condition", optional: true),
        .value("iterate", label: "iterate", optional: true),
        .value("resultSelector", label: "resultSelector", optional: true),
        .optionalClosure("state"),
      ],
      source: true,
      example: """
        let squares = generate(1, { x in x < 5 }, { x in x + 1 }) { x in x * x }
        show squares
        expect squares == "(abcd|)", a: 1, b: 4, c: 9, d: 16
        """
    ) { c throws(RuntimeError) in
      let labelled = c.optional(3) != nil || c.optional(5) != nil
      let initial = c.optional(labelled ? 3 : 0) ?? .null
      if labelled ? c.optional(3) == nil : c.optional(0) == nil {
        throw RuntimeError(
          "'generate' needs an initial state: generate(initial, condition, iterate) or generate(initialState: v, condition: { … }, iterate: { … })",
          at: c.range)
      }
      let condition = try c.optionalFunction(labelled ? 4 : 1, "the condition")
      guard let iterate = try c.optionalFunction(labelled ? 5 : 2, "the iterate closure") else {
        throw RuntimeError(
          "'generate' needs an iterate closure, the state after a state", at: c.range)
      }
      let trailing = try c.optionalFunction(7, "the result selector")
      let labelledResult = try c.optionalFunction(6, "the result selector")
      let result = trailing ?? labelledResult
      let runtime = c.runtime
      return .signal(
        .generate(
          initial,
          // A failed run stops the loop (the closures return nil once it has failed).
          condition: { state in !runtime.hasFailed && (condition?.predicate(state) ?? true) },
          iterate: { iterate($0) }, result: { state in result?(state) ?? state }))
    },
    .function(
      "pairs", rac: "", alias: "pairs",
      "Sends a [key, value] array for each entry of the dictionary, in key order, then completes, at subscription (RxJS pairs)",
      parameters: [.value("dictionary")], source: true,
      example: """
        let entries = pairs(["b": 2, "a": 1])
        show entries
        expect entries == "(xy|)", x: ["a", 1], y: ["b", 2]
        """
    ) { c throws(RuntimeError) in
      guard case .dictionary(let fields) = c.value(0) else {
        throw Diagnostic.Interpreter.argumentType(
          "the argument", of: c.name, expected: "a dictionary", c.value(0), at: c.rangeOf(0))
      }
      return .signal(.pairs(fields) { key, value in .array([.string(key), value]) })
    },
    .function(
      "using", rac: "", alias: "using",
      "For each subscription, makes a resource with the first closure and subscribes the signal the second makes from it; the resource is released when that subscription ends. A signal as resource is held by subscribing to it (RxJS using)",
      parameters: [.value("resourceFactory"), .closure("resource")],
      example: """
        let resource = cold("-")
        let output = using({ resource }) { r in cold("-a-b|") }
        show output
        expect output == "-a-b|"
        expect subscriptions(resource) == "^---!"
        """
    ) { c throws(RuntimeError) in
      guard let make = try c.optionalFunction(0, "the resource factory") else {
        throw Diagnostic.Interpreter.argumentType(
          "the resource factory", of: c.name, expected: "a closure", c.value(0),
          at: c.rangeOf(0))
      }
      let factory = try c.function(1)
      let runtime = c.runtime
      let range = c.range
      return .signal(
        .using(
          { ScriptResource(make(), runtime: runtime, at: range) },
          { factory.signal(from: factory($0.value)) }))
    },
  ]
}

/// A resource of `using`: the value the resource closure returned. A signal is held by a
/// subscription to it (its events are ignored), made when the resource is made and ended when
/// it is released, so its subscription log shows the resource's lifetime; any other value has
/// nothing to release.
final class ScriptResource: Disposable, @unchecked Sendable {
  // Invariant: used on the script's thread only.
  /// The value handed to the signal closure.
  let value: ScriptValue
  /// The subscription that holds a signal resource.
  private let holding: (any Disposable)?

  init(_ value: ScriptValue, runtime: Runtime, at range: SourceRange) {
    self.value = value
    if case .signal(let signal) = value {
      holding = runtime.counted(signal, at: range).subscribe(Subscriber<ScriptValue> { _ in })
    } else {
      holding = nil
    }
  }

  /// Whether the resource was released.
  var isDisposed: Bool { holding?.isDisposed ?? true }

  /// Releases the resource: ends the subscription to a signal resource.
  func dispose() { holding?.dispose() }
}

extension OperatorEntry.Parameter {
  /// A closure parameter that may be left out (`groupBy(element: { … })`).
  static func optionalClosure(_ parameters: String, label: String? = nil) -> Self {
    var parameter = closure(parameters, label: label)
    parameter.isOptional = true
    return parameter
  }
}

extension Call {
  /// Argument `index` as a closure, or nil when left out (or `nil`).
  func optionalFunction(_ index: Int, _ parameter: String) throws(RuntimeError)
    -> ScriptFunction?
  {
    switch optional(index) {
    case nil, .null?: return nil
    case .closure?: return try function(index)
    case let value?:
      throw Diagnostic.Interpreter.argumentType(
        parameter, of: name, expected: "a closure", value, at: rangeOf(index))
    }
  }

  /// Argument `index` as the maker of a subject, or nil when left out: a closure that returns
  /// a subject makes one per call (RxJS `connector: () => new ReplaySubject(2)`); a subject
  /// value is that one subject every time.
  func connector(_ index: Int) throws(RuntimeError) -> (() -> Subject<ScriptValue>)? {
    switch optional(index) {
    case nil, .null?: return nil
    case .signal(let subject as Subject<ScriptValue>)?: return { subject }
    case .closure?:
      let make = try function(index)
      let runtime = self.runtime
      let name = self.name
      return {
        let made = make()
        if case .signal(let subject as Subject<ScriptValue>) = made { return subject }
        if !runtime.hasFailed && !runtime.closureThrew {
          runtime.report(
            Diagnostic.Interpreter.closureResult(
              of: name, expected: "a subject", made, at: make.closure.code.body.range))
        }
        return ReplaySubject<ScriptValue>(capacity: 0)
      }
    case let value?:
      throw Diagnostic.Interpreter.argumentType(
        "the connector", of: name, expected: "a subject or a closure that makes one", value,
        at: rangeOf(index))
    }
  }
}
