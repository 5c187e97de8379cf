import ReactiveEvents

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
    MarblesCore.errorsEqual(lhs, rhs)
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

}

extension MarbleDiff {
  /// The events of each frame, in recorded order.
  static func group<Value>(_ events: [Recorded<Value>]) -> [Int: [Event<Value>]] {
    var byFrame: [Int: [Event<Value>]] = [:]
    for recorded in events { byFrame[recorded.frame, default: []].append(recorded.event) }
    return byFrame
  }

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
