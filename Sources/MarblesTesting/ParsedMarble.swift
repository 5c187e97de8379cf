import MarblesCore
import Reactive

/// A marble string parsed and its values looked up: events ready to play or to compare.
///
///     let timeline = ParsedMarble("--a--b--|", values: ["a": 1, "b": 2])
///     // timeline.events: next(1)@2, next(2)@5, completed@8
///
/// A key with no values-map entry stands for itself when `Value` is `MarbleValueConvertible`
/// (`Int`: digits; `String`: any character). When a values map is given, such a non-digit key
/// is also a warning. A key that stands for nothing is an error, and its event is left out.
public struct ParsedMarble<Value> {
  /// The parsed marble.
  public var diagram: MarbleDiagram
  /// The events with their values, at the diagram's frames.
  public var events: [Recorded<Value>]
  /// Every problem found: syntax errors and warnings, then value lookup problems.
  public var diagnostics: [Diagnostic]

  /// Parses `marble` and looks up its values.
  ///
  /// - Parameters:
  ///   - marble: The marble string.
  ///   - kind: `.cold` or `.hot` (hot allows `^` and negative frames).
  ///   - values: The value of each key; keys with no entry stand for themselves (see above).
  ///   - error: The failure that `#` stands for.
  @inlinable public init(
    _ marble: String, kind: MarbleKind = .cold, values: [String: Value] = [:],
    error: any Error = MarbleError("error")
  ) {
    let (diagram, parsed) = MarbleParser.parse(marble, kind: kind)
    var diagnostics = parsed
    var reported: Set<String> = []
    // Long marbles repeat a few keys: remember the last lookup instead of hashing every key,
    // and the number of the key as last written, so that the same key written the same way
    // again costs no String at all (no key's number is `UInt32.max`).
    var last: (key: String, value: Value)?
    var lastNumber = UInt32.max
    var lastValue: Value?
    // At most one event per parsed event, written in place (no append per event).
    let events = [Recorded<Value>](unsafeUninitializedCapacity: diagram.events.count) {
      buffer, count in
      func add(_ recorded: Recorded<Value>) {
        buffer.initializeElement(at: count, to: recorded)
        count += 1
      }
      for event in diagram.events {
        if event.key.rawValue == lastNumber, let lastValue {
          add(.next(lastValue, at: event.frame))
          continue
        }
        switch event.kind {
        case .completed:
          add(.completed(at: event.frame))
        case .error:
          add(.error(error, at: event.frame))
        case .value(let key):
          if let known = last, known.key == key {
            // Equal as a String, written differently: the value of the key looked up first.
            (lastNumber, lastValue) = (event.key.rawValue, known.value)
            add(.next(known.value, at: event.frame))
          } else if let value = values[key] {
            last = (key, value)
            (lastNumber, lastValue) = (event.key.rawValue, value)
            add(.next(value, at: event.frame))
          } else if let value = Self.defaultValue(forKey: key) {
            if !values.isEmpty, Int.marbleValue(forKey: key) == nil, reported.insert(key).inserted {
              diagnostics.append(
                .marbleValueWithoutEntry(key, meaning: Self.meaning(of: value), at: event.range))
            }
            last = (key, value)
            (lastNumber, lastValue) = (event.key.rawValue, value)
            add(.next(value, at: event.frame))
          } else if reported.insert(key).inserted {
            diagnostics.append(
              .marbleValueUnresolved(
                key, typeName: String(describing: Value.self), at: event.range))
          }
        }
      }
    }
    self.diagram = diagram
    self.events = events
    self.diagnostics = diagnostics
  }

  /// Whether any diagnostic is an error.
  public var hasErrors: Bool { diagnostics.containsError }

  /// The value a key stands for without a values-map entry, if `Value` has one.
  @usableFromInline static func defaultValue(forKey key: String) -> Value? {
    guard let type = Value.self as? any MarbleValueConvertible.Type else { return nil }
    return type.marbleValue(forKey: key) as? Value
  }

  /// `the string "c"`, or `the 'Character' "c"` for other types.
  @usableFromInline static func meaning(of value: Value) -> String {
    if let string = value as? String { return "the string \(String(reflecting: string))" }
    if let hashable = value as? AnyHashable, let string = hashable.base as? String {
      return "the string \(String(reflecting: string))"
    }
    return "the '\(String(describing: Value.self))' \(String(reflecting: value))"
  }
}
