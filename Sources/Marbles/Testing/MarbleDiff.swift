import Reactive

/// Compares an expected timeline with an actual one and explains every difference
/// (the failure text of `expectMarbles`, and of the script runner's `expect`).
///
///     expectation failed at frame 5: expected next(20), got next(21)
///               0    5
///     expected  --x--y--|   x = 10, y = 20
///     actual    --x--a--|   x = 10, a = 21
///                    ^
///     frame 5: value differs: expected next(20), got next(21)
///
/// Both timelines are drawn on one grid with a frame ruler, values replaced by one-character
/// keys with a legend, a caret under every frame that differs, and then one line per differing
/// frame naming the difference: value differs, error differs, missing event, extra event, wrong
/// kind, terminated early, error vs completion. When two unequal values have different types
/// (`1` and `"1"`) or print alike (`nan`), the line names their types, and so does the legend
/// for values that print alike.
///
/// Pure and generic: it works for any `Equatable` value with a formatting closure, and knows
/// nothing about XCTest or Swift Testing.
public enum MarbleDiff {
  /// The failure text when `actual` differs from `expected`, or nil when they are equal.
  ///
  /// - Parameters:
  ///   - expected: The expected events, in order.
  ///   - actual: The recorded events, in order.
  ///   - subject: A name for what was recorded (`'output'` in the header), if any.
  ///   - keys: Preferred keys for values (the expected marble's values map).
  ///   - format: How a value prints.
  ///   - typeName: The type name printed when two unequal values differ in type or print alike.
  ///   - formatError: How an error prints.
  ///   - equal: When two values (and two errors that are values) count as equal.
  public static func compare<Value: Equatable>(
    expected: [Recorded<Value>],
    actual: [Recorded<Value>],
    subject: String? = nil,
    keys: [String: Value] = [:],
    format: @escaping (Value) -> String = { MarbleDiff.describe($0) },
    typeName: @escaping (Value) -> String = { MarbleDiff.typeName(of: $0) },
    formatError: @escaping (any Error) -> String = { String(describing: $0) },
    equal: @escaping (Value, Value) -> Bool = (==)
  ) -> String? {
    let found = differences(expected: expected, actual: actual, equal: equal)
    guard !found.isEmpty else { return nil }
    return render(
      expected: expected, actual: actual, differences: found, subject: subject, keys: keys,
      format: format, typeName: typeName, formatError: formatError, equal: equal)
  }

  /// Every frame where `actual` differs from `expected`, in frame order, with the kind of
  /// difference. Empty when they are equal.
  public static func differences<Value: Equatable>(
    expected: [Recorded<Value>], actual: [Recorded<Value>],
    equal: (Value, Value) -> Bool = (==)
  ) -> [(frame: Int, kind: ExpectationMismatch.Kind)] {
    let expectedByFrame = group(expected)
    let actualByFrame = group(actual)
    let frames = Set(expectedByFrame.keys).union(actualByFrame.keys).sorted()
    let expectedLast = expected.map(\.frame).max()
    var found: [(frame: Int, kind: ExpectationMismatch.Kind)] = []
    for frame in frames {
      let wanted = expectedByFrame[frame] ?? []
      let got = actualByFrame[frame] ?? []
      func same(_ lhs: Event<Value>, _ rhs: Event<Value>) -> Bool {
        eventsEqual(lhs, rhs, by: equal)
      }
      if wanted.count == got.count && zip(wanted, got).allSatisfy(same) { continue }
      let expectsLater = (expectedLast ?? .min) > frame
      found.append((frame, classify(expected: wanted, actual: got, expectsLater, same)))
    }
    return found
  }

  /// The failure text for known `differences` (from `differences(expected:actual:)`): the
  /// header, expected over actual on the diagram grid (`DiagramGrid`, the engine of `marbles
  /// render`) with a caret under every differing frame, and one line per differing frame.
  public static func render<Value: Equatable>(
    expected: [Recorded<Value>],
    actual: [Recorded<Value>],
    differences: [(frame: Int, kind: ExpectationMismatch.Kind)],
    subject: String? = nil,
    keys: [String: Value] = [:],
    format: @escaping (Value) -> String = { MarbleDiff.describe($0) },
    typeName: @escaping (Value) -> String = { MarbleDiff.typeName(of: $0) },
    formatError: @escaping (any Error) -> String = { String(describing: $0) },
    equal: @escaping (Value, Value) -> Bool = (==),
    theme: TimelineTheme = .ascii,
    color: Bool = false
  ) -> String {
    let expectedByFrame = group(expected)
    let actualByFrame = group(actual)
    let words = Words(format: format, typeName: typeName, formatError: formatError, equal: equal)
    let lines = differences.map { frame, kind in
      let wanted = expectedByFrame[frame] ?? []
      let got = actualByFrame[frame] ?? []
      return (
        frame: frame, line: "frame \(frame): " + words.explain(kind, expected: wanted, actual: got),
        expected: words.list(wanted), actual: words.list(got)
      )
    }
    guard let first = lines.first else {
      return "expectation failed\(subject.map { " for \($0)" } ?? "")"
    }
    var text = [
      "expectation failed\(subject.map { " for \($0)" } ?? "") at frame \(first.frame): "
        + "expected \(first.expected), got \(first.actual)"
    ]
    text += DiffDrawing.draw(
      [("expected", expected), ("actual", actual)], carets: differences.map(\.frame),
      keys: keys, format: format, typeName: typeName, equal: equal, theme: theme, color: color)
    text += lines.map(\.line)
    return text.joined(separator: "\n")
  }

  /// The failure text when the subscription logs differ, or nil when they are equal.
  ///
  ///     expectation failed for subscriptions at frame 7: expected '^' at frame 0 and '!' at
  ///     frame 8, got '^' at frame 0 and '!' at frame 7
  ///               0    5
  ///     expected  ^-------!
  ///     actual    ^------!
  ///                      ^^
  ///     subscription 1: expected '^' at frame 0 and '!' at frame 8, got '^' at frame 0 and …
  public static func compareSubscriptions(
    expected: [SubscriptionLog], actual: [SubscriptionLog], subject: String? = nil,
    theme: TimelineTheme = .ascii, color: Bool = false
  ) -> String? {
    guard expected != actual else { return nil }
    var carets: Set<Int> = []
    var lines: [String] = []
    var firstFrame: Int?
    for index in 0..<max(expected.count, actual.count) {
      let wanted = index < expected.count ? expected[index] : nil
      let got = index < actual.count ? actual[index] : nil
      guard wanted != got else { continue }
      var frames: Set<Int> = []
      if wanted?.subscribed != got?.subscribed {
        frames.formUnion([wanted?.subscribed, got?.subscribed].compactMap { $0 })
      }
      if wanted?.unsubscribed != got?.unsubscribed {
        frames.formUnion([wanted?.unsubscribed, got?.unsubscribed].compactMap { $0 })
      }
      carets.formUnion(frames)
      let kind = wanted == nil ? "extra: " : got == nil ? "missing: " : ""
      lines.append(
        "subscription \(index + 1): \(kind)expected \(describe(wanted)), got \(describe(got))")
      if firstFrame == nil { firstFrame = frames.min() ?? 0 }
    }
    let grid = DiffDrawing.drawSubscriptions(
      expected: expected, actual: actual, carets: carets.sorted(), theme: theme, color: color)
    let header =
      "expectation failed for subscriptions\(subject.map { " of \($0)" } ?? "") at frame "
      + "\(firstFrame ?? 0): " + lines[0].drop { $0 != ":" }.dropFirst(2)
    return ([header] + grid + lines).joined(separator: "\n")
  }

  /// How values print by default: strings and characters quoted (`"1"`), others as `description`.
  public static func describe<Value>(_ value: Value) -> String {
    switch unwrapped(value) {
    case let string as String: return String(reflecting: string)
    case let character as Character: return String(reflecting: character)
    case let other: return String(describing: other)
    }
  }

  /// Compares two errors: with `==` when they are `Equatable` values of the same type, otherwise
  /// by type and printed form.
  public static func errorsEqual(_ lhs: any Error, _ rhs: any Error) -> Bool {
    // Cast through `Any` so that the error's own type is checked: with Foundation imported the
    // compiler treats every `any Error` as castable to `Equatable` (as an NSError).
    let left: Any = lhs
    if let equatable = left as? any Equatable {
      return isEqual(equatable, rhs)
    }
    return type(of: lhs) == type(of: rhs) && String(reflecting: lhs) == String(reflecting: rhs)
  }

  private static func isEqual<Left: Equatable>(_ lhs: Left, _ rhs: Any) -> Bool {
    guard let rhs = rhs as? Left else { return false }
    return lhs == rhs
  }

  /// The dynamic type name of a value (`AnyHashable` is looked through).
  public static func typeName<Value>(of value: Value) -> String {
    String(describing: type(of: unwrapped(value)))
  }

  /// The value, or the base of an `AnyHashable`.
  private static func unwrapped<Value>(_ value: Value) -> Any {
    if Value.self == AnyHashable.self, let hashable = value as? AnyHashable {
      return hashable.base
    }
    return value
  }

  private static func describe(_ log: SubscriptionLog?) -> String {
    guard let log else { return "no subscription" }
    let end = log.unsubscribed.map { "'!' at frame \($0)" } ?? "no '!'"
    return "'^' at frame \(log.subscribed) and \(end)"
  }

  private static func group<Value>(_ events: [Recorded<Value>]) -> [Int: [Event<Value>]] {
    var byFrame: [Int: [Event<Value>]] = [:]
    for recorded in events { byFrame[recorded.frame, default: []].append(recorded.event) }
    return byFrame
  }

}

/// Puts differences into words.
private struct Words<Value: Equatable> {
  let format: (Value) -> String
  let typeName: (Value) -> String
  let formatError: (any Error) -> String
  let equal: (Value, Value) -> Bool

  func text(_ event: Event<Value>) -> String {
    switch event {
    case .next(let value): return "next(\(format(value)))"
    case .error(let error): return "error(\(formatError(error)))"
    case .completed: return "completed"
    }
  }

  func list(_ events: [Event<Value>]) -> String {
    events.isEmpty ? "nothing" : events.map(text).joined(separator: ", ")
  }

  /// `value differs: expected next(20), got next(21)` and the like, with a note when two
  /// unequal values differ in type or print alike.
  func explain(_ kind: ExpectationMismatch.Kind, expected: [Event<Value>], actual: [Event<Value>])
    -> String
  {
    var line =
      "\(MarbleDiff.words(kind, expected: expected.count, actual: actual.count)): "
      + "expected \(list(expected)), got \(list(actual))"
    for case (.next(let left), .next(let right)) in zip(expected, actual) where !equal(left, right)
    {
      let (leftType, rightType) = (typeName(left), typeName(right))
      if leftType != rightType {
        line += "; the values have different types: '\(leftType)' and '\(rightType)'"
        break
      }
      if format(left) == format(right) {
        line += "; the values print alike but are not equal (both '\(leftType)')"
        break
      }
    }
    return line
  }
}

extension MarbleDiff {
  /// The kind of difference between the events of one frame.
  static func classify<Value>(
    expected: [Event<Value>], actual: [Event<Value>], _ expectsLater: Bool,
    _ eventsEqual: (Event<Value>, Event<Value>) -> Bool
  ) -> ExpectationMismatch.Kind {
    let actualTerminates = actual.contains(where: \.isTerminal)
    let expectedTerminates = expected.contains(where: \.isTerminal)
    if actualTerminates && !expectedTerminates && expectsLater { return .terminatedEarly }
    if expected.isEmpty { return .extra }
    if actual.isEmpty { return .missing }
    if expected.count == actual.count {
      let pairs = zip(expected, actual).filter { !eventsEqual($0, $1) }
      switch pairs.first {
      case (.next, .next)?: return pairs.count == 1 ? .valueDiffers : .valuesDiffer
      case (.error, .error)?: return .errorDiffers
      case (.error, .completed)?, (.completed, .error)?: return .errorVsCompletion
      default: return .wrongKind
      }
    }
    if actual.starts(with: expected, by: eventsEqual) { return .extra }
    if expected.starts(with: actual, by: eventsEqual) { return .missing }
    return .eventsDiffer
  }

  /// The words for a kind of difference (`missing event`, `extra events`, …), given how many
  /// events each side has at the frame.
  public static func words(_ kind: ExpectationMismatch.Kind, expected: Int, actual: Int) -> String {
    let count = expected == 0 || actual == 0 ? max(expected, actual) : abs(expected - actual)
    switch kind {
    case .valueDiffers: return "value differs"
    case .valuesDiffer: return "values differ"
    case .errorDiffers: return "error differs"
    case .errorVsCompletion: return "error vs completion"
    case .wrongKind: return "wrong kind"
    case .missing: return count == 1 ? "missing event" : "missing events"
    case .extra: return count == 1 ? "extra event" : "extra events"
    case .terminatedEarly: return "terminated early"
    case .eventsDiffer: return "events differ"
    }
  }
}
