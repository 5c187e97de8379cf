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
  public static func compare<Value: Equatable>(
    expected: [Recorded<Value>],
    actual: [Recorded<Value>],
    subject: String? = nil,
    keys: [String: Value] = [:],
    format: @escaping (Value) -> String = { MarbleDiff.describe($0) },
    typeName: @escaping (Value) -> String = { MarbleDiff.typeName(of: $0) },
    formatError: @escaping (any Error) -> String = { String(describing: $0) }
  ) -> String? {
    let expectedByFrame = group(expected)
    let actualByFrame = group(actual)
    let frames = Set(expectedByFrame.keys).union(actualByFrame.keys).sorted()
    let expectedLast = expected.map(\.frame).max()
    let words = Words(format: format, typeName: typeName, formatError: formatError)

    var differences: [(frame: Int, line: String, expected: String, actual: String)] = []
    for frame in frames {
      let wanted = expectedByFrame[frame] ?? []
      let got = actualByFrame[frame] ?? []
      if wanted.count == got.count && zip(wanted, got).allSatisfy(eventsEqual) { continue }
      let expectsLater = (expectedLast ?? .min) > frame
      let what = words.classify(expected: wanted, actual: got, expectsLater: expectsLater)
      differences.append(
        (frame, "frame \(frame): \(what)", words.list(wanted), words.list(got)))
    }
    guard let first = differences.first else { return nil }

    var keyring = Keyring(preferred: keys, format: format)
    let keyed = [("expected", expected), ("actual", actual)].map { label, events in
      (label, events, events.map { recorded in recorded.event.value.map { keyring.key(for: $0) } })
    }
    let rows = keyed.map { label, events, eventKeys in
      MarbleGrid.Row(
        label: label,
        cells: cells(events, keys: eventKeys),
        dashesThrough: events.first(where: \.event.isTerminal)?.frame,
        legend: keyring.legend(for: events, keys: eventKeys, typeName: typeName))
    }
    let grid = MarbleGrid(rows: rows, carets: differences.map(\.frame))

    var lines = [
      "expectation failed\(subject.map { " for \($0)" } ?? "") at frame \(first.frame): "
        + "expected \(first.expected), got \(first.actual)"
    ]
    lines += grid.render()
    lines += differences.map(\.line)
    return lines.joined(separator: "\n")
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
    expected: [SubscriptionLog], actual: [SubscriptionLog], subject: String? = nil
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
    func rows(_ label: String, _ logs: [SubscriptionLog]) -> [MarbleGrid.Row] {
      guard !logs.isEmpty else {
        return [MarbleGrid.Row(label: label, cells: [:], dashesThrough: .min, legend: "none")]
      }
      // A window goes into the first row whose windows all ended before it starts, so that
      // sequential subscriptions (`repeat(5000)`) take two rows, not one each: the drawing
      // stays linear in the run's length.
      var packed: [MarbleGrid.Row] = []
      var lastFrames: [Int?] = []  // per row: the frame its last window ended, nil if open
      for log in logs {
        let fits = lastFrames.firstIndex { last in last.map { $0 < log.subscribed } ?? false }
        let row = fits ?? packed.count
        if fits == nil {
          packed.append(MarbleGrid.Row(label: label, cells: [:], dashesThrough: nil))
          lastFrames.append(nil)
        }
        packed[row].cells[log.subscribed] = "^"
        if let end = log.unsubscribed {
          packed[row].cells[end] = end == log.subscribed ? "(^!)" : "!"
        }
        packed[row].dashesThrough = log.unsubscribed
        lastFrames[row] = log.unsubscribed
      }
      return packed
    }
    let grid = MarbleGrid(
      rows: rows("expected", expected) + rows("actual", actual), carets: carets.sorted())
    let header =
      "expectation failed for subscriptions\(subject.map { " of \($0)" } ?? "") at frame "
      + "\(firstFrame ?? 0): " + lines[0].drop { $0 != ":" }.dropFirst(2)
    return ([header] + grid.render() + lines).joined(separator: "\n")
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

  private static func cells<Value>(_ events: [Recorded<Value>], keys: [String?]) -> [Int: String] {
    var glyphs: [Int: [String]] = [:]
    for (recorded, key) in zip(events, keys) {
      let glyph: String
      switch recorded.event {
      case .next: glyph = key ?? "?"
      case .error: glyph = "#"
      case .completed: glyph = "|"
      }
      glyphs[recorded.frame, default: []].append(glyph)
    }
    return glyphs.mapValues { $0.count == 1 ? $0[0] : "(" + $0.joined() + ")" }
  }
}

/// Puts differences into words.
private struct Words<Value: Equatable> {
  let format: (Value) -> String
  let typeName: (Value) -> String
  let formatError: (any Error) -> String

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

  /// `value differs: expected next(20), got next(21)` and the like.
  func classify(expected: [Event<Value>], actual: [Event<Value>], expectsLater: Bool) -> String {
    let kind: String
    let actualTerminates = actual.contains(where: \.isTerminal)
    let expectedTerminates = expected.contains(where: \.isTerminal)
    if actualTerminates && !expectedTerminates && expectsLater {
      kind = "terminated early"
    } else if expected.isEmpty {
      kind = actual.count == 1 ? "extra event" : "extra events"
    } else if actual.isEmpty {
      kind = expected.count == 1 ? "missing event" : "missing events"
    } else if expected.count == actual.count {
      let pairs = zip(expected, actual).filter { !eventsEqual($0, $1) }
      switch pairs.first {
      case (.next, .next)?: kind = pairs.count == 1 ? "value differs" : "values differ"
      case (.error, .error)?: kind = "error differs"
      case (.error, .completed)?, (.completed, .error)?: kind = "error vs completion"
      default: kind = "wrong kind"
      }
    } else if actual.starts(with: expected, by: eventsEqual) {
      kind = actual.count - expected.count == 1 ? "extra event" : "extra events"
    } else if expected.starts(with: actual, by: eventsEqual) {
      kind = expected.count - actual.count == 1 ? "missing event" : "missing events"
    } else {
      kind = "events differ"
    }
    var line = "\(kind): expected \(list(expected)), got \(list(actual))"
    for case (.next(let left), .next(let right)) in zip(expected, actual) where left != right {
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

/// Gives each distinct value a one-character key for the grid.
private struct Keyring<Value: Equatable> {
  let preferred: [(key: String, value: Value)]
  let format: (Value) -> String
  private(set) var assigned: [(value: Value, key: String)] = []
  private var used: Set<String> = []
  private var reserved: Set<String>
  private var nextCandidate = 0

  init(preferred: [String: Value], format: @escaping (Value) -> String) {
    self.preferred = preferred.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    self.reserved = Set(preferred.keys)
    self.format = format
  }

  private func existingKey(for value: Value) -> String? {
    assigned.first { $0.value == value }?.key
  }

  /// The key of `value`: an expected key mapped to an equal value; else the value itself when
  /// it prints as one free character (`1`, `"a"`); else the next free letter.
  mutating func key(for value: Value) -> String {
    if let key = existingKey(for: value) { return key }
    var key = preferred.first { $0.value == value && !used.contains($0.key) }?.key
    if key == nil {
      var printed = format(value)
      if printed.count == 3, printed.first == "\"", printed.last == "\"" {
        printed = String(printed.dropFirst().dropLast())
      }
      if isValidMarbleKey(printed), !reserved.contains(printed), !used.contains(printed) {
        key = printed
      }
    }
    while key == nil {
      let candidate = Self.candidate(nextCandidate)
      nextCandidate += 1
      if !reserved.contains(candidate) && !used.contains(candidate) { key = candidate }
    }
    let chosen = key ?? "?"
    used.insert(chosen)
    assigned.append((value, chosen))
    return chosen
  }

  /// `a`…`z`, `A`…`Z`, then Greek and further letters: an endless supply of one-character keys.
  private static func candidate(_ index: Int) -> String {
    let ascii = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    if index < ascii.count { return String(ascii[index]) }
    let scalar = Unicode.Scalar(UInt32(0x3B1 + index - ascii.count))  // α, β, …
    return scalar.map { String(Character($0)) } ?? "?"
  }

  /// `x = 10, y = 20` for the values in `events` (with their `keys`) whose key is not their
  /// printed form; values that print like another value get their type name too.
  func legend(for events: [Recorded<Value>], keys: [String?], typeName: (Value) -> String)
    -> String
  {
    var entries: [String] = []
    var seen: Set<String> = []
    for (recorded, key) in zip(events, keys) {
      guard case .next(let value) = recorded.event, let key, seen.insert(key).inserted else {
        continue
      }
      let printed = format(value)
      guard printed != key else { continue }
      let ambiguous = assigned.contains { $0.key != key && format($0.value) == printed }
      entries.append("\(key) = \(printed)" + (ambiguous ? " (\(typeName(value)))" : ""))
    }
    return entries.joined(separator: ", ")
  }
}
