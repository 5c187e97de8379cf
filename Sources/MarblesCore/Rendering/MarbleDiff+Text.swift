import ReactiveEvents

/// The failure text of a diff: expected over actual on the diagram grid, with carets and one
/// line per differing frame.
extension MarbleDiff {
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
    compareFitted(
      expected: expected, actual: actual, subject: subject, keys: keys, format: format,
      typeName: typeName, formatError: formatError, equal: equal)?.text
  }

  /// `compare(expected:actual:…)` with the time scale its drawing took (`elidedOver`, nil when
  /// every frame is drawn), so that the picture (`picture(…, elidedOver:)`) takes the same.
  package static func compareFitted<Value: Equatable>(
    expected: [Recorded<Value>],
    actual: [Recorded<Value>],
    subject: String? = nil,
    keys: [String: Value] = [:],
    format: @escaping (Value) -> String = { MarbleDiff.describe($0) },
    typeName: @escaping (Value) -> String = { MarbleDiff.typeName(of: $0) },
    formatError: @escaping (any Error) -> String = { String(describing: $0) },
    equal: @escaping (Value, Value) -> Bool = (==)
  ) -> (text: String, elidedOver: Int?)? {
    let found = differences(expected: expected, actual: actual, equal: equal)
    guard !found.isEmpty else { return nil }
    return render(
      expected: expected, actual: actual, differences: found, subject: subject, keys: keys,
      format: format, typeName: typeName, formatError: formatError, equal: equal)
  }

  /// The failure text for known `differences` (from `differences(expected:actual:)`), and the
  /// drawing's time scale: the header, expected over actual on the diagram grid (`DiagramGrid`,
  /// the engine of `marbles render`) with a caret under every differing frame, and one line per
  /// differing frame; every line at most `DiffDrawing.maxWidth` columns (long values cut around
  /// where they differ, long lines folded).
  package static func render<Value: Equatable>(
    expected: [Recorded<Value>],
    actual: [Recorded<Value>],
    differences: [(frame: Int, kind: ExpectationMismatch.Kind)],
    subject: String?,
    keys: [String: Value],
    authorKeys: [(key: String, value: Value)] = [],
    format: @escaping (Value) -> String,
    typeName: @escaping (Value) -> String,
    formatError: @escaping (any Error) -> String,
    equal: @escaping (Value, Value) -> Bool,
    glyphs: TextGlyphs = .ascii,
    color: Bool = false
  ) -> (text: String, elidedOver: Int?) {
    let expectedByFrame = group(expected)
    let actualByFrame = group(actual)
    let words = Words(format: format, typeName: typeName, formatError: formatError, equal: equal)
    let lines = differences.map { frame, kind in
      let wanted = expectedByFrame[frame] ?? []
      let got = actualByFrame[frame] ?? []
      return (
        frame: frame, line: "frame \(frame): " + words.explain(kind, expected: wanted, actual: got),
        expected: words.list(wanted, against: got), actual: words.list(got, against: wanted)
      )
    }
    let header = "expectation failed\(subject.map { " for \($0)" } ?? "")"
    guard let first = lines.first else { return (header, nil) }
    let drawing = DiffDrawing.draw(
      [("expected", expected), ("actual", actual)], carets: differences.map(\.frame),
      keys: keys, authorKeys: authorKeys, format: format, typeName: typeName, equal: equal,
      glyphs: glyphs, color: color)
    let text =
      DiffDrawing.folded(
        "\(header) at frame \(first.frame): expected \(first.expected), got \(first.actual)")
      + drawing.lines + lines.flatMap { DiffDrawing.folded($0.line) }
    return (text.joined(separator: "\n"), drawing.elidedOver)
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
    glyphs: TextGlyphs = .ascii, color: Bool = false
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
      expected: expected, actual: actual, carets: carets.sorted(), glyphs: glyphs, color: color)
    let header =
      "expectation failed for subscriptions\(subject.map { " of \($0)" } ?? "") at frame "
      + "\(firstFrame ?? 0): " + lines[0].drop { $0 != ":" }.dropFirst(2)
    return ([header] + grid + lines).joined(separator: "\n")
  }

  /// The longest printed event a failure line shows whole.
  static let excerptLength = 48

  /// `printed` cut to about `excerptLength` characters that keep character `focus` (where it
  /// differs from what it is compared with), a quarter of them before it: `…` at each cut, and
  /// the length said, `next(Item(id: 1, na…me: "b", …)) (120 characters)`.
  static func excerpt(_ printed: String, around focus: Int) -> String {
    let count = printed.count
    guard count > excerptLength else { return printed }
    let start = max(0, min(focus - excerptLength / 4, count - excerptLength))
    let characters = Array(printed)
    let kept = String(characters[start..<(start + excerptLength)])
    let before = start > 0 ? "…" : ""
    let after = start + excerptLength < count ? "…" : ""
    return before + kept + after + " (\(count) characters)"
  }

  private static func describe(_ log: SubscriptionLog?) -> String {
    guard let log else { return "no subscription" }
    let end = log.unsubscribed.map { "'!' at frame \($0)" } ?? "no '!'"
    return "'^' at frame \(log.subscribed) and \(end)"
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

  /// `list(events)` with each long event cut to about `MarbleDiff.excerptLength` characters
  /// around where it differs from the event at its place in `others` (`…` at each cut).
  func list(_ events: [Event<Value>], against others: [Event<Value>]) -> String {
    guard !events.isEmpty else { return "nothing" }
    return events.enumerated().map { index, event in
      let printed = text(event)
      guard printed.count > MarbleDiff.excerptLength else { return printed }
      let other = index < others.count ? text(others[index]) : ""
      let same = zip(printed, other).prefix { $0 == $1 }.count
      return MarbleDiff.excerpt(printed, around: same)
    }.joined(separator: ", ")
  }

  /// `value differs: expected next(20), got next(21)` and the like, with a note when two
  /// unequal values differ in type or print alike.
  func explain(_ kind: ExpectationMismatch.Kind, expected: [Event<Value>], actual: [Event<Value>])
    -> String
  {
    var line =
      "\(MarbleDiff.words(kind, expected: expected.count, actual: actual.count)): "
      + "expected \(list(expected, against: actual)), got \(list(actual, against: expected))"
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
