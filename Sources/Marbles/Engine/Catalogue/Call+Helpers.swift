import Reactive
import ReactiveRxJS

extension Call {
  /// The receiver as a connection: from RAC's `publish()`/`multicast`, or RxJS's `publish()`.
  func connection() throws(RuntimeError) -> MulticastConnection<ScriptValue> {
    switch receiver {
    case .connection(let connection): return connection
    case .signal(let signal as ConnectableSignal): return signal.connection
    default:
      throw Diagnostic.Interpreter.wrongReceiver(
        name, expected: "a connection from 'publish()'", receiver, at: range)
    }
  }

  /// The receiver as a command (`execute`, `setAllowsConcurrentExecution`).
  func command() throws(RuntimeError) -> Command<ScriptValue, ScriptValue> {
    guard case .command(let box) = receiver else {
      throw Diagnostic.Interpreter.wrongReceiver(name, expected: "a command", receiver, at: range)
    }
    return box.command
  }

  /// Several values sent together: a tuple, or under `use rxjs` an array, as RxJS sends them;
  /// checked against the value budgets as it is made (values fed back round a loop nest).
  func combined(_ values: [ScriptValue]) -> ScriptValue {
    let value: ScriptValue = runtime.usesRxJS ? .array(values) : .tuple(values)
    guard values.contains(where: { $0.isComposite || $0.isString }) else { return value }
    return runtime.budget.fitsBuilt(value, at: range) ? value : .null
  }

  /// Each value's inner signal, made by `transform` with the value (and its index when the
  /// closure takes one): `flattenMap`, `switchMap`, `concatMap`. With `lazily`, the closure is
  /// called only when the inner signal is subscribed, as RxJS's `concatMap` and `mergeMap`
  /// with a concurrency limit call it only when the value's turn comes.
  func innerSignals(
    _ source: Signal<ScriptValue>, _ transform: ScriptFunction, lazily: Bool = false
  )
    -> Signal<Signal<ScriptValue>>
  {
    guard lazily else {
      guard transform.takesIndex else {
        return source.map { transform.signal(from: transform($0)) }
      }
      return indexed(source).map { transform.signal(from: transform.indexed($0.0, $0.1)) }
    }
    return indexed(source).map { value, index in
      Signal.defer { transform.signal(from: transform.indexed(value, index)) }
    }
  }

  /// Each value with its index in its subscription, from 0.
  func indexed(_ source: Signal<ScriptValue>) -> Signal<(ScriptValue, Int)> {
    Signal.defer {
      var index = -1
      return source.map { value -> (ScriptValue, Int) in
        index += 1
        return (value, index)
      }
    }
  }

  /// Equality as the comparator `{ a, b in … }` says, or without one the values' own (each
  /// comparison spent from the budget, as it visits all of both values).
  func equality(_ comparator: ScriptFunction?) -> (ScriptValue, ScriptValue) -> Bool {
    let (budget, range) = (runtime.budget, range)
    guard let comparator else {
      return { budget.spendComparing($0, $1, at: range) && $0.isEqual(to: $1) }
    }
    return { comparator.isTrue(comparator($0, $1)) }
  }

  /// Argument `index` as an ordering (`min`, `max`): a closure `{ a, b in … }` that is below 0
  /// when `a` comes first, or the natural order of numbers and strings when left out.
  func ordering(_ index: Int) throws(RuntimeError) -> (ScriptValue, ScriptValue) -> Bool {
    let runtime = self.runtime
    let range = self.range
    let name = self.name
    guard optional(index) != nil else {
      return { a, b in
        switch (a, b) {
        case (.int(let x), .int(let y)): return x < y
        case (.string(let x), .string(let y)): return x < y
        default:
          if let x = a.number, let y = b.number { return x < y }
          if !runtime.hasFailed {
            runtime.report(
              RuntimeError(
                "'\(name)' compares numbers or strings, not '\(a.typeName)' \(a) and '\(b.typeName)' \(b); give a closure { a, b in … }",
                at: range))
          }
          return false
        }
      }
    }
    let compare = try function(index)
    return { a, b in
      let result = compare(a, b)
      guard let number = result.number else {
        if !runtime.hasFailed && !runtime.closureThrew {
          runtime.report(
            Diagnostic.Interpreter.closureResult(
              of: name, expected: "a number", result, at: compare.closure.code.body.range))
        }
        return false
      }
      return number < 0
    }
  }
}

extension Call {
  /// RxJS `first` or `last`: the first or last value (for which the closure, argument 1, is
  /// true); when there is none and a default (argument 0) is given, the default then
  /// completion instead of the failure "noElements".
  func firstOrLast(last: Bool) throws(RuntimeError) -> ScriptValue {
    let source = try signal()
    let predicate = optional(1) != nil ? try function(1) : nil
    let value = optional(0)
    let pairs = indexed(source)
    return probed { probe in
      let found: Signal<ScriptValue>
      if let predicate {
        let test = { (pair: (ScriptValue, Int)) in predicate.isTrue(pair.0, at: pair.1) }
        found =
          (last ? pairs.last(probe: probe, where: test) : pairs.first(probe: probe, where: test))
          .map { $0.0 }
      } else {
        found =
          last ? source.last(probe: probe) { _ in true } : source.first(probe: probe) { _ in true }
      }
      guard let value else { return found }
      return found.catch { error in
        if let error = error as? SignalError, error == .noElements { return .just(value) }
        return .fail(error)
      }
    }
  }

  /// The count and delay of `retry`/`repeat`: `retry(2)`, `retry(count: 2, delay: 3)`. A
  /// negative delay is none, as RxJS waits for it with `timer`.
  func repetition() throws(RuntimeError) -> (Int?, (frames: Int, scheduler: any Scheduler)?) {
    let delay = try optional(2) == nil ? nil : timerFrames(2, "the delay")
    return (try repetitionCount(), delay.map { ($0, scheduler as any Scheduler) })
  }

  /// The count of `retry`/`repeat`, positional or `count:`; a negative count is 0, as in RxJS
  /// (`repeat(-1)` completes at once without subscribing, `retry(-1)` forwards the first
  /// failure) and in RAC (`retry:` with a negative count never retries).
  func repetitionCount() throws(RuntimeError) -> Int? {
    try optionalInt(0, or: 1, "the count", minimum: Int.min).map { max(0, $0) }
  }

  /// Argument `positional`, or else `labelled` (one parameter written either way: `retry(2)`,
  /// `retry(count: 2)`), as an integer, both checked; nil when both are left out.
  func optionalInt(_ positional: Int, or labelled: Int, _ parameter: String, minimum: Int = 0)
    throws(RuntimeError) -> Int?
  {
    let first = try optionalInt(positional, parameter, minimum: minimum)
    let second = try optionalInt(labelled, parameter, minimum: minimum)
    return first ?? second
  }
}

extension ScriptValue {
  /// The value as a number, if it is one.
  var number: Double? {
    switch self {
    case .int(let value): return Double(value)
    case .double(let value): return value
    default: return nil
    }
  }

  /// A key equal for equal values (`1` and `1.0` alike), for `distinct`.
  var hashKey: TimelineValue {
    if case .double(let value) = self, value == value.rounded(), abs(value) < 1e15 {
      return .int(Int(value))
    }
    return timelineValue(at: 0)
  }
}

extension Call {
  /// The running accumulation of a closure `{ acc, x, i in … }` that also takes the index
  /// (RxJS `scan`/`reduce`); without a start, the first value starts it, as its index 0.
  func indexedAccumulation(
    _ source: Signal<ScriptValue>, start: ScriptValue?, _ reduce: ScriptFunction
  )
    -> Signal<ScriptValue>
  {
    indexed(source).scan(start) { acc, pair -> ScriptValue? in
      guard let acc else { return pair.0 }
      return reduce.call([acc, pair.0, .int(pair.1)])
    }.map { $0 ?? .null }
  }
}

extension ScriptFunction {
  /// Whether an accumulator closure takes the index as a third parameter (`{ acc, x, i in … }`).
  var takesAccumulatorIndex: Bool { closure.code.parameterCount == 3 }

  /// Whether the closure takes the index as a second parameter (`map { x, i in … }`).
  var takesIndex: Bool { closure.code.parameterCount == 2 }

  /// Calls with the value, and with its index too when the closure takes two parameters and
  /// the value is not a pair for it to take apart (`combineLatest(a, b).map { x, y in … }`).
  func indexed(_ value: ScriptValue, _ index: Int) -> ScriptValue {
    if takesIndex {
      if case .tuple(let elements) = value, elements.count == 2 { return self(value) }
      return self(value, .int(index))
    }
    return self(value)
  }

  /// Whether the closure is true for the value (and its index, see `indexed`): `find`, `every`.
  func isTrue(_ value: ScriptValue, at index: Int) -> Bool { isTrue(indexed(value, index)) }

  /// The signal the closure returns for the value (`debounce`, `audit`, `delayWhen`).
  func signal(for value: ScriptValue) -> Signal<ScriptValue> { signal(from: self(value)) }

  /// A closure result as a Bool (`filter`, `find`), reporting anything else.
  func isTrue(_ result: ScriptValue) -> Bool {
    guard case .bool(let flag) = result else {
      if !runtime.hasFailed && !threw {
        runtime.report(
          Diagnostic.Interpreter.closureResult(
            of: operatorName, expected: "a Bool", result, at: closure.code.body.range))
      }
      return false
    }
    return flag
  }
}

/// A signal held weakly: `catch { e, caught in caught }` refers to its own result without a
/// reference cycle (the script's `let` keeps the result alive while it runs).
final class WeakSignal {
  weak var signal: Signal<ScriptValue>?
}

/// The value of `value` (a dictionary) at `key`; nil when it is missing or not a dictionary.
func field(_ value: ScriptValue, _ key: String) -> ScriptValue {
  if case .dictionary(let fields) = value { return fields[key] ?? .null }
  return .null
}

extension Call {
  /// A single dictionary argument of signals (`combineLatest(["a": a, "b": b])`, RxJS's
  /// object form): its keys in order and its signals; nil for any other arguments.
  func keyedSignals() throws(RuntimeError) -> ([String], [Signal<ScriptValue>])? {
    guard variadic.count == 1, case .dictionary(let fields) = variadic[0] else { return nil }
    let keys = fields.keys.sorted()
    var signals: [Signal<ScriptValue>] = []
    for key in keys {
      guard case .signal(let signal) = fields[key] else {
        throw Diagnostic.Interpreter.argumentType(
          "each value of the dictionary", of: name, expected: "a signal", fields[key] ?? .null,
          at: range)
      }
      signals.append(signal)
    }
    return (keys, signals)
  }

  /// Values sent together by key: a dictionary.
  func keyed(_ keys: [String], _ values: [ScriptValue]) -> ScriptValue {
    .dictionary(Dictionary(uniqueKeysWithValues: zip(keys, values)))
  }

  /// Argument `index` as a dictionary key.
  func key(_ index: Int) throws(RuntimeError) -> String {
    guard case .string(let key) = value(index) else {
      throw argumentError(index, "the key", expected: "a String")
    }
    return key
  }
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
    case _?: throw argumentError(index, parameter, expected: "a closure")
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
    case _?:
      throw argumentError(index, "the connector", expected: "a subject or a closure that makes one")
    }
  }
}
