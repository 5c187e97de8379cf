/// Checks `expect` statements against what the run recorded, and writes the failure text: the
/// header and the aligned expected-over-actual diff of `MarbleDiff`.
enum ExpectationChecker {
  /// The result of one expectation.
  static func check(_ expectation: Session.Expectation) -> ExpectationResult {
    let line = expectation.range.start.line
    let column = expectation.range.start.column
    if let source = expectation.source {
      let actual = source.subscriptions
      guard actual != expectation.windows else {
        return ExpectationResult(line: line, column: column, lane: expectation.name, passed: true)
      }
      let log = { (windows: [TimelineSubscription]) in
        windows.map { SubscriptionLog(subscribed: $0.subscribed, unsubscribed: $0.unsubscribed) }
      }
      let subject = String(expectation.name.dropFirst("subscriptions(".count).dropLast())
      var message =
        MarbleDiff.compareSubscriptions(
          expected: log(expectation.windows), actual: log(actual), subject: "'\(subject)'")
        ?? "expectation failed for '\(expectation.name)'"
      message += origins(of: source, extraAfter: expectation.windows.count, subject: subject)
      return ExpectationResult(
        line: line, column: column, lane: expectation.name, passed: false, message: message)
    }
    let actual = expectation.recorder?.timeline ?? []
    let expected = expectation.expected
    let passed =
      actual.count == expected.count && zip(actual, expected).allSatisfy { $0.matches($1) }
    if passed {
      return ExpectationResult(line: line, column: column, lane: expectation.name, passed: true)
    }
    let message =
      MarbleDiff.compare(
        expected: expected.map(recorded), actual: actual.map(recorded),
        subject: "'\(expectation.name)'",
        keys: expectation.keys.mapValues(DiffValue.init),
        format: { describe($0.value) },
        typeName: { $0.value.typeName },
        formatError: { error in (error as? DiffError).map { describe($0.value) } ?? "\(error)" })
      ?? "expectation failed for '\(expectation.name)'"
    return ExpectationResult(
      line: line, column: column, lane: expectation.name, passed: false, expected: expected,
      actual: actual, message: message)
  }

  /// When there are more subscriptions than expected, notes naming what made each one, and the
  /// way to draw a source's lane without subscribing it when a `show` of the source made one.
  private static func origins(of source: MarbleSource, extraAfter expected: Int, subject: String)
    -> String
  {
    guard source.origins.count > expected, source.origins.contains(where: { $0 != nil }) else {
      return ""
    }
    var text = "\n"
    for (index, origin) in source.origins.enumerated() {
      text += "note: subscription \(index + 1) was made by \(origin ?? "the run (an operator)")\n"
    }
    if let show = source.origins.compactMap({ $0 }).first(where: {
      $0.hasPrefix("the 'show \(subject)' ")
    }) {
      text +=
        "note: \(show) subscribes '\(subject)' itself; 'show \(subject).recorded' draws it from"
        + " what it sends, without subscribing it again\n"
    }
    return text
  }

  private static func recorded(_ event: TimelineEvent) -> Recorded<DiffValue> {
    switch event.kind {
    case .next: return .next(event.frame, DiffValue(event.value ?? .null))
    case .error: return .error(event.frame, DiffError(value: event.value ?? .null))
    case .completed: return .completed(event.frame)
    }
  }

  /// A value as the diff prints it; an inner signal as the marble it played relative to its
  /// subscription (`cold("--r|")`), or as a list of events when its values need more than one
  /// character.
  static func describe(_ value: TimelineValue) -> String {
    switch value {
    case .signal(let inner): return describe(inner)
    case .tuple(let values): return "(" + values.map(describe).joined(separator: ", ") + ")"
    case .array(let values): return "[" + values.map(describe).joined(separator: ", ") + "]"
    case .error(let inner): return "error(\(describe(inner)))"
    default: return value.description
    }
  }

  private static func describe(_ inner: InnerTimeline) -> String {
    var marble = ""
    var frame = inner.subscribed
    var simple = true
    var index = 0
    let events = inner.events
    while index < events.count && simple {
      let at = events[index].frame
      var group: [String] = []
      while index < events.count, events[index].frame == at {
        guard let glyph = glyph(events[index]) else {
          simple = false
          break
        }
        group.append(glyph)
        index += 1
      }
      guard simple, at >= frame else {
        simple = false
        break
      }
      marble += String(repeating: "-", count: at - frame)
      marble += group.count == 1 ? group[0] : "(" + group.joined() + ")"
      frame = at + (group.count == 1 ? 1 : group.count + 2)
    }
    if simple { return "cold(\"\(marble)\")" }
    let list = events.map { event -> String in
      let offset = "@+\(event.frame - inner.subscribed)"
      switch event.kind {
      case .next: return "next(\(describe(event.value ?? .null)))\(offset)"
      case .error: return "error(\(describe(event.value ?? .null)))\(offset)"
      case .completed: return "completed\(offset)"
      }
    }
    return "signal[" + list.joined(separator: ", ") + "]"
  }

  /// The one-character marble glyph of an event, if its value reads back the same from a marble.
  private static func glyph(_ event: TimelineEvent) -> String? {
    switch event.kind {
    case .completed: return "|"
    case .error:
      if case .string("error")? = event.value { return "#" }
      return nil
    case .next:
      switch event.value {
      case .int(let number)? where (0...9).contains(number): return String(number)
      case .string(let text)? where text.count == 1:
        guard let character = text.first, !character.isWhitespace, !character.isNumber,
          !"-|#()^!".contains(character)
        else { return nil }
        return text
      default: return nil
      }
    }
  }
}

/// A recorded value compared as expectations compare: numbers by value, inner signals by their
/// events.
struct DiffValue: Equatable {
  let value: TimelineValue
  init(_ value: TimelineValue) { self.value = value }
  static func == (lhs: DiffValue, rhs: DiffValue) -> Bool { lhs.value.matches(rhs.value) }
}

/// A recorded error value, compared like `DiffValue`.
struct DiffError: Error, Equatable {
  let value: TimelineValue
  static func == (lhs: DiffError, rhs: DiffError) -> Bool { lhs.value.matches(rhs.value) }
}
