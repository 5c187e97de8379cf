/// A recorded value, as plain data: what renderers, JSON and expectation diffs work on.
///
/// The script runner turns its live values into these when it records an event; an inner
/// signal (a higher-order value) becomes the timeline it produced, with absolute frames.
public indirect enum TimelineValue: Hashable, Sendable {
  /// An integer.
  case int(Int)
  /// A decimal number.
  case double(Double)
  /// A string.
  case string(String)
  /// A Boolean.
  case bool(Bool)
  /// `nil`.
  case null
  /// A tuple, e.g. from `combineLatest`, `zip` or `pairwise`.
  case tuple([TimelineValue])
  /// An array, e.g. from `collect`, `bufferCount` or `bufferWithTime`.
  case array([TimelineValue])
  /// A dictionary with string keys (`["x": 1]`).
  case dictionary([String: TimelineValue])
  /// An error object with a name and a message (`Error("too bad")`).
  case errorObject(name: String, message: String)
  /// An error used as a value (e.g. on `cmd.errors`).
  case error(TimelineValue)
  /// A materialized event: `next` with its value, `error` with its error, or `completed`.
  case event(TimelineEvent.Kind, TimelineValue?)
  /// An inner signal, recorded from the frame it was emitted.
  case signal(Timeline<TimelineValue>)
  /// A value with no data form (a command, a channel, a closure): its description.
  case opaque(String)

  /// Whether two values are equal for expectations: numbers compare by value (`1 == 1.0`, and
  /// NaN equals NaN, as marble testers expect), inner signals by their recorded events.
  public func matches(_ other: TimelineValue) -> Bool {
    switch (self, other) {
    case (.int(let a), .double(let b)), (.double(let b), .int(let a)): return Double(a) == b
    case (.double(let a), .double(let b)): return a == b || (a.isNaN && b.isNaN)
    case (.tuple(let a), .tuple(let b)), (.array(let a), .array(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.matches($1) }
    case (.dictionary(let a), .dictionary(let b)):
      return a.count == b.count
        && a.allSatisfy { key, value in b[key].map { value.matches($0) } ?? false }
    case (.error(let a), .error(let b)): return a.matches(b)
    case (.event(let k1, let v1?), .event(let k2, let v2?)): return k1 == k2 && v1.matches(v2)
    case (.signal(let a), .signal(let b)): return a.matches(b)
    default: return self == other
    }
  }

  /// The name of the value's type, for messages that must tell `1` from `"1"`.
  public var typeName: String {
    switch self {
    case .int: return "Int"
    case .double: return "Double"
    case .string: return "String"
    case .bool: return "Bool"
    case .null: return "Nil"
    case .tuple: return "Tuple"
    case .array: return "Array"
    case .dictionary: return "Dictionary"
    case .errorObject: return "ErrorObject"
    case .error: return "Error"
    case .event: return "Event"
    case .signal: return "Signal"
    case .opaque: return "Object"
    }
  }
}

extension TimelineValue: CustomStringConvertible, BoundedPrintable {
  /// The value as a script would write it: `10`, `1.5`, `"text"`, `true`, `nil`, `(1, "a")`,
  /// `[1, 2]`, `error("boom")`, `next(1)`, `signal(--a|)`.
  ///
  /// A value longer than `PrintedLength.lineLength` characters is cut there with `…` (diagrams, legends
  /// and diffs stay readable and bounded; JSON keeps every value whole).
  public var description: String {
    var out = ""
    write(to: &out, limit: PrintedLength.lineLength)
    return out
  }

  /// The value's parts for `write(to:limit:)`.
  package var printedForm: PrintedForm<TimelineValue> {
    switch self {
    case .int(let value): return .text(String(value))
    case .double(let value): return .text(Self.format(value))
    case .string(let text): return .string(text)
    case .bool(let value): return .text(value ? "true" : "false")
    case .null: return .text("nil")
    case .tuple(let values): return .list(open: "(", values, close: ")")
    case .array(let values): return .list(open: "[", values, close: "]")
    case .dictionary(let values): return .dictionary(values)
    case .errorObject(let name, let message):
      let named = name == "Error" ? "" : ", name: \(Self.quote(name))"
      return .text("Error(\(Self.quote(message))\(named))")
    case .error(let value): return .list(open: "error(", [value], close: ")")
    case .event(.next, let value): return .list(open: "next(", value.map { [$0] } ?? [], close: ")")
    case .event(.error, let value):
      return .list(open: "failed(", value.map { [$0] } ?? [], close: ")")
    case .event(.completed, _): return .text("completed")
    case .signal(let inner): return .text("signal@\(inner.subscribed)")
    case .opaque(let text): return .text(text)
    }
  }

  static func format(_ value: Double) -> String {
    if let special = nonFiniteName(value) { return special }
    if value == value.rounded(), abs(value) < 1e15 {
      return value.sign == .minus ? "-\(Int64(-value)).0" : "\(Int64(value)).0"
    }
    return "\(value)"
  }

  /// `NaN`, `Infinity` or `-Infinity` for a number that is not finite (one spelling in every
  /// format: text diagrams, diffs, and JSON, where they are these strings), nil otherwise.
  package static func nonFiniteName(_ value: Double) -> String? {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
    return nil
  }

  package static func quote(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      default:
        // Controls (C0, DEL, C1, bidi marks) as a script writes them: `\n`, `\u{1b}`.
        if TerminalText.isControl(scalar) {
          out += TerminalText.escape(scalar)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}

// A script's failure carries a value (`Error("boom")`, `"error"`): the error of its events.
extension TimelineValue: Error {}
