import Reactive

/// A value of the script language, as the interpreter computes with it.
///
/// Numbers, strings, Booleans, `nil`, tuples and arrays are plain data; signals, commands,
/// channels and closures are references. Signals carry `ScriptValue`s, so one `Signal<ScriptValue>` type
/// serves every operator. A value is boxed at most once: scalars are stored inline, and a
/// composite holds its elements in one array.
enum ScriptValue {
  case int(Int)
  case double(Double)
  case string(String)
  case bool(Bool)
  /// `nil`.
  case null
  /// A tuple (`(a, b)`, `combineLatest`, `zip`, `pairwise`).
  case tuple([ScriptValue])
  /// An array (`collect`, `bufferCount`, `bufferWithTime`).
  case array([ScriptValue])
  /// A dictionary with string keys (`["x": 1]`), as RxJS values often are objects.
  case dictionary([String: ScriptValue])
  /// An error object with a name and a message, as RxJS tests raise them (`Error("too bad")`);
  /// two compare equal when both name and message are equal.
  case errorObject(name: String, message: String)
  /// An error used as a value (on `cmd.errors`, the parameter of `catch { e in … }`); holds the
  /// error's own value.
  indirect case error(ScriptValue)
  /// A materialized event.
  indirect case event(Event<ScriptValue>)
  /// A signal (cold, hot, a subject, a channel terminal, …).
  case signal(Signal<ScriptValue>)
  /// A command (RACCommand).
  case command(CommandBox)
  /// A command's internal lanes (`cmd.internals`).
  case commandInternals(CommandBox)
  /// A stateful operator's internals (`s.internals`).
  case operatorInternals(OperatorInternals)
  /// A channel (RACChannel).
  case channel(Channel<ScriptValue>)
  /// A multicast connection (`publish()`, `multicast(subject)`).
  case connection(MulticastConnection<ScriptValue>)
  /// A marble source drawn without subscribing it (`show input.recorded`).
  case recorded(MarbleSource)
  case closure(Closure)
  /// A scheduler: `main`.
  case scheduler(VirtualQueue)
}

extension ScriptValue: @unchecked Sendable {}
// Invariant: a script runs on one thread; values never cross threads while in use.

extension ScriptValue {
  /// The name of the value's type, as messages print it: its recorded form's
  /// (`TimelineValue.typeName`), or for a reference with no data form the name it is recorded
  /// by (`Command`, `Closure`, …). Only the case matters, so composites are emptied first.
  var typeName: String {
    let shell: ScriptValue
    switch self {
    case .scheduler: return "Scheduler"
    case .tuple: shell = .tuple([])
    case .array: shell = .array([])
    case .dictionary: shell = .dictionary([:])
    case .error: shell = .error(.null)
    case .event: shell = .event(.completed)
    default: shell = self
    }
    switch shell.timelineValue(at: 0) {
    case .opaque(let name): return name
    case let recorded: return recorded.typeName
    }
  }

  /// Whether the value holds other values (a tuple, array, dictionary, error or event), which
  /// walks over values must visit.
  var isComposite: Bool {
    switch self {
    case .tuple, .array, .dictionary, .error, .event: return true
    default: return false
    }
  }

  /// How many elements (and strings' characters, 64 to one) comparing, hashing or printing the
  /// value visits, at most `limit` + 1 (the walk stops there): 0 for a scalar. Iterative.
  func weight(upTo limit: Int) -> Int {
    guard isComposite else { return 0 }
    var count = 0
    var stack: [ScriptValue] = [self]
    while let value = stack.popLast(), count <= limit {
      switch value {
      case .string(let text): count += text.utf8.count / Budget.charactersPerEvent
      case .tuple(let values), .array(let values):
        count += values.count
        stack.append(contentsOf: values.lazy.filter { $0.isComposite || $0.isString })
      case .dictionary(let values):
        count += values.count
        stack.append(contentsOf: values.values.lazy.filter { $0.isComposite || $0.isString })
      case .error(let inner), .event(.next(let inner)):
        count += 1
        stack.append(inner)
      case .event(.error(let error)):
        count += 1
        stack.append(ScriptValue.payload(of: error))
      default: break
      }
    }
    return min(count, limit + 1)
  }

  var isString: Bool {
    if case .string = self { return true }
    return false
  }

  /// Whether the value is, or contains, a signal (then recording it needs inner recordings).
  var containsSignal: Bool {
    switch self {
    case .signal: return true
    case .tuple(let values), .array(let values): return values.contains { $0.containsSignal }
    case .dictionary(let values): return values.values.contains { $0.containsSignal }
    case .error(let value): return value.containsSignal
    case .event(let event): return event.value?.containsSignal ?? false
    default: return false
    }
  }

  /// The value as plain recorded data. Signals become an empty `Timeline` subscribed at
  /// `frame` (recordings replace it with what the signal did; see `LaneRecorder`).
  func timelineValue(at frame: Int) -> TimelineValue {
    switch self {
    case .int(let value): return .int(value)
    case .double(let value): return .double(value)
    case .string(let value): return .string(value)
    case .bool(let value): return .bool(value)
    case .null: return .null
    case .tuple(let values): return .tuple(values.map { $0.timelineValue(at: frame) })
    case .array(let values): return .array(values.map { $0.timelineValue(at: frame) })
    case .dictionary(let values):
      return .dictionary(values.mapValues { $0.timelineValue(at: frame) })
    case .errorObject(let name, let message): return .errorObject(name: name, message: message)
    case .error(let value): return .error(value.timelineValue(at: frame))
    case .event(let event):
      switch event {
      case .next(let value): return .event(.next, value.timelineValue(at: frame))
      case .error(let error):
        return .event(.error, ScriptValue.payload(of: error).timelineValue(at: frame))
      case .completed: return .event(.completed, nil)
      }
    case .signal: return .signal(Timeline(subscribed: frame))
    case .command: return .opaque("Command")
    case .commandInternals: return .opaque("CommandInternals")
    case .operatorInternals: return .opaque("Internals")
    case .channel: return .opaque("Channel")
    case .connection: return .opaque("Connection")
    case .recorded: return .opaque("RecordedLane")
    case .closure: return .opaque("Closure")
    case .scheduler(let queue): return .opaque(queue.name)
    }
  }

  /// The value of a signal's error: the script value it was raised with, or a short name for the
  /// library's own errors (`"notEnabled"`, `"timedOut"`, `"noElements"`).
  static func payload(of error: any Error) -> ScriptValue {
    switch error {
    case let error as ScriptError: return error.value
    case is CommandError: return .string("notEnabled")
    case let error as SignalError:
      switch error {
      case .timedOut: return .string("timedOut")
      case .noElements: return .string("noElements")
      case .outOfRange: return .string("outOfRange")
      case .notSingle: return .string("notSingle")
      }
    default: return .string(String(describing: error))
    }
  }

  /// The error a signal fails with for this value; `.error(x)` fails with `x` itself.
  var asError: ScriptError {
    if case .error(let inner) = self { return ScriptError(value: inner) }
    return ScriptError(value: self)
  }
}

// MARK: - Equality

extension ScriptValue {
  /// Script equality: numbers by value (`1 == 1.0`), composites element-wise, references
  /// (signals, commands, …) by identity. Values of different types are unequal.
  func isEqual(to other: ScriptValue) -> Bool {
    switch (self, other) {
    case (.int(let a), .int(let b)): return a == b
    case (.double(let a), .double(let b)): return a == b
    case (.int(let a), .double(let b)), (.double(let b), .int(let a)): return Double(a) == b
    case (.string(let a), .string(let b)): return a == b
    case (.bool(let a), .bool(let b)): return a == b
    case (.null, .null): return true
    case (.tuple(let a), .tuple(let b)), (.array(let a), .array(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.isEqual(to: $1) }
    case (.dictionary(let a), .dictionary(let b)):
      return a.count == b.count
        && a.allSatisfy { key, value in b[key].map { value.isEqual(to: $0) } ?? false }
    case (.errorObject(let n1, let m1), .errorObject(let n2, let m2)): return n1 == n2 && m1 == m2
    case (.error(let a), .error(let b)): return a.isEqual(to: b)
    case (.event(.next(let x)), .event(.next(let y))): return x.isEqual(to: y)
    case (.event(.error(let x)), .event(.error(let y))):
      return ScriptValue.payload(of: x).isEqual(to: ScriptValue.payload(of: y))
    case (.event(.completed), .event(.completed)): return true
    case (.signal(let a), .signal(let b)): return a === b
    case (.command(let a), .command(let b)), (.commandInternals(let a), .commandInternals(let b)):
      return a === b
    case (.channel(let a), .channel(let b)): return a === b
    case (.connection(let a), .connection(let b)): return a === b
    case (.recorded(let a), .recorded(let b)): return a === b
    case (.closure(let a), .closure(let b)): return a === b
    case (.scheduler(let a), .scheduler(let b)): return a === b
    default: return false
    }
  }
}

// MARK: - Printing

extension ScriptValue: CustomStringConvertible, BoundedPrintable {
  /// The value as a script would write it (`10`, `"a"`, `(1, 2)`, `error("boom")`).
  var description: String {
    switch self {
    case .signal: return "signal"
    case .command: return "command"
    case .commandInternals: return "command internals"
    case .operatorInternals: return "internals"
    case .channel: return "channel"
    case .connection: return "connection"
    case .recorded: return "recorded lane"
    case .closure: return "closure"
    case .scheduler(let queue): return queue.name
    default:
      var out = ""
      write(to: &out, limit: PrintedLength.messageLength)
      return out
    }
  }

  /// The value's parts for `write(to:limit:)`, the one bounded writer it shares with
  /// `TimelineValue`: composites here, so that a huge value is never converted whole.
  var printedForm: PrintedForm<ScriptValue> {
    switch self {
    case .tuple(let values): return .list(open: "(", values, close: ")")
    case .array(let values): return .list(open: "[", values, close: "]")
    case .dictionary(let values): return .dictionary(values)
    case .error(let inner): return .list(open: "error(", [inner], close: ")")
    case .event(.next(let inner)): return .list(open: "next(", [inner], close: ")")
    case .event(.error(let error)):
      return .list(open: "failed(", [ScriptValue.payload(of: error)], close: ")")
    default:
      // A scalar, or a reference printed as recorded data (`signal@0`, `Command`).
      let value = timelineValue(at: 0)
      if case .string(let text) = value { return .string(text) }
      return .text(value.description)
    }
  }
}

/// A script value raised as a signal's failure (`#`, `fail(e)`, `error:`).
struct ScriptError: Error, @unchecked Sendable, CustomStringConvertible {
  // Invariant: immutable; used on the script's thread only.
  /// The value the signal failed with.
  let value: ScriptValue

  /// The value as written.
  var description: String { value.description }
}

/// A command of a script, with its lanes converted to script signals once, so that every use of
/// `cmd.executing` is the same signal.
final class CommandBox: @unchecked Sendable {
  // Invariant: immutable after init; used on the script's thread only.
  let command: Command<ScriptValue, ScriptValue>
  let executionSignals: Signal<ScriptValue>
  let executing: Signal<ScriptValue>
  let enabled: Signal<ScriptValue>
  let errors: Signal<ScriptValue>
  let added: Signal<ScriptValue>
  let inFlight: Signal<ScriptValue>
  let immediateExecuting: Signal<ScriptValue>
  let moreExecutionsAllowed: Signal<ScriptValue>
  let immediateEnabled: Signal<ScriptValue>

  init(_ command: Command<ScriptValue, ScriptValue>) {
    self.command = command
    let internals = command.internals
    executionSignals = command.executionSignals.map { ScriptValue.signal($0) }
    executing = command.executing.map { ScriptValue.bool($0) }
    enabled = command.enabled.map { ScriptValue.bool($0) }
    errors = command.errors.map { ScriptValue.error(ScriptValue.payload(of: $0)) }
    added = internals.added.map { ScriptValue.signal($0) }
    inFlight = internals.inFlight.map { ScriptValue.int($0) }
    immediateExecuting = internals.immediateExecuting.map { ScriptValue.bool($0) }
    moreExecutionsAllowed = internals.moreExecutionsAllowed.map { ScriptValue.bool($0) }
    immediateEnabled = internals.immediateEnabled.map { ScriptValue.bool($0) }
  }

  /// The internal lanes in the order `cmd.internals` shows them.
  static let internalLanes = [
    "added", "inFlight", "immediateExecuting", "moreExecutionsAllowed", "immediateEnabled",
    "enabled", "executing", "executionSignals", "errors",
  ]

  /// The public lanes, shown for `show cmd`.
  static let publicLanes = ["executionSignals", "executing", "enabled", "errors"]

  /// The lane called `name`, if there is one.
  func lane(_ name: String) -> Signal<ScriptValue>? {
    switch name {
    case "executionSignals": return executionSignals
    case "executing": return executing
    case "enabled": return enabled
    case "errors": return errors
    case "added": return added
    case "inFlight": return inFlight
    case "immediateExecuting": return immediateExecuting
    case "moreExecutionsAllowed": return moreExecutionsAllowed
    case "immediateEnabled": return immediateEnabled
    default: return nil
    }
  }
}
