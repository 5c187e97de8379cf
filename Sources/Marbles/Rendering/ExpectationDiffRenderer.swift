import Reactive

/// Draws a failed `expect` from its `ExpectationMismatch`: the header, expected
/// over actual on the diagram grid of `marbles render` (`DiagramGrid`) with a caret under
/// every differing frame, then one line per differing frame.
///
///     expectation failed for 'output' at frame 5: expected next(20), got next(21)
///               0    5
///     expected  --x--y--|   x = 10, y = 20
///     actual    --x--a--|   x = 10, a = 21
///                    ^
///     frame 5: value differs: expected next(20), got next(21)
public struct ExpectationDiffRenderer: Sendable {
  /// The glyph set (ascii or unicode).
  public var glyphs: TextGlyphs
  /// Whether to emit ANSI colours.
  public var color: Bool
  /// The keys the script gave values (`ScriptRun.authorKeys`): the diff draws such a value
  /// with its key, as the script reads, where the `expect`'s map does not key it.
  package var authorKeys: [ScriptRun.AuthorKey] = []

  public init(glyphs: TextGlyphs = .ascii, color: Bool = false) {
    self.glyphs = glyphs
    self.color = color
  }

  /// A renderer that draws values with the keys the script of `run` gave them.
  package init(glyphs: TextGlyphs = .ascii, color: Bool = false, keysOf run: ScriptRun) {
    self.init(glyphs: glyphs, color: color)
    authorKeys = run.authorKeys
  }

  /// The failure text of `result` (no trailing newline); empty when it passed.
  public func render(_ result: ExpectationResult) -> String {
    guard !result.passed else { return "" }
    // Script text (the lane's name, values) is printed escaped (`\u{1b}`), 7-bit in the ascii
    // glyphs.
    let ascii = glyphs.isASCII
    let printable = { (text: String) in TerminalText.escaped(text, ascii: ascii) }
    let lane = printable(result.lane)
    let fallback = "expectation failed for '\(lane)'"
    guard let mismatch = result.mismatch else { return fallback }
    if let expected = mismatch.expectedWindows {
      let log = { (windows: [SubscriptionLog]) in
        windows.map { SubscriptionLog(subscribed: $0.subscribed, unsubscribed: $0.unsubscribed) }
      }
      let subject = String(lane.dropFirst("subscriptions(".count).dropLast())
      let diff =
        MarbleDiff.compareSubscriptions(
          expected: log(expected), actual: log(mismatch.actualWindows ?? []),
          subject: "'\(subject)'", glyphs: glyphs, color: color) ?? fallback
      return diff + Self.notes(mismatch.origins, extraAfter: expected.count, subject: subject)
    }
    return MarbleDiff.render(
      expected: mismatch.expected, actual: mismatch.actual,
      differences: mismatch.differences.map { ($0.frame, $0.kind) },
      subject: "'\(lane)'", keys: mismatch.keys,
      authorKeys: authorKeys.map { ($0.key, $0.value) }, format: { printable(Self.describe($0)) },
      typeName: \.typeName,
      formatError: { error in
        printable((error as? TimelineValue).map(Self.describe) ?? "\(error)")
      },
      equal: { $0.matches($1) }, glyphs: glyphs, color: color
    ).text
  }

  /// When there are more subscriptions than expected, notes naming what made each one, and the
  /// way to draw a source's lane without subscribing it when a `show` of the source made one.
  static func notes(_ origins: [String?], extraAfter expected: Int, subject: String) -> String {
    guard origins.count > expected, origins.contains(where: { $0 != nil }) else { return "" }
    var text = "\n"
    for (index, origin) in origins.enumerated() {
      text += "note: subscription \(index + 1) was made by \(origin ?? "the run (an operator)")\n"
    }
    if let show = origins.compactMap({ $0 }).first(where: {
      $0.hasPrefix("the 'show \(subject)' ")
    }) {
      text +=
        "note: \(show) subscribes '\(subject)' itself; 'show \(subject).recorded' draws it from"
        + " what it sends, without subscribing it again\n"
    }
    return text
  }

  /// A value as the diff prints it; an inner signal as the script that would make it, relative
  /// to its subscription (`cold("--r|")`, `cold("-a#", a: 12, error: "timeout")`), or as a list
  /// of events when no marble string draws it.
  package static func describe(_ value: TimelineValue) -> String {
    switch value {
    case .signal(let inner): return describe(inner)
    case .tuple(let values): return "(" + values.map(describe).joined(separator: ", ") + ")"
    case .array(let values): return "[" + values.map(describe).joined(separator: ", ") + "]"
    case .error(let inner): return "error(\(describe(inner)))"
    default: return value.description
    }
  }

  /// The `cold(…)` call a script writes for `inner` (`coldCall`): a value that reads back as
  /// itself from a marble is drawn literally and keeps its glyph, others get letter keys with a
  /// values argument (`a: 12`), and a failure other than the default `"error"` gets `error: …`.
  /// When the literal keys would read back otherwise (`1ms` is a time progression), every value
  /// gets a letter.
  private static func describe(_ inner: Timeline<TimelineValue>) -> String {
    let events = inner.relativeEvents
    let failure = events.first { $0.kind == .error }?.value
    let error = failure.map { $0 == .string("error") ? [] : ["error: " + describe($0)] } ?? []
    let reservedGlyphs = Set(
      events.compactMap { $0.kind == .next ? glyph($0.value ?? .null) : nil })
    if let call = coldCall(
      events, reserved: reservedGlyphs, literal: { glyph($0).map { ($0, nil) } },
      describe: describe,
      trailing: error)
      ?? coldCall(events, literal: { _ in nil }, describe: describe, trailing: error)
    {
      return call
    }
    let list = events.map { event in
      let value = event.kind == .completed ? "" : "(\(describe(event.value ?? .null)))"
      return "\(event.kind.rawValue)\(value)@+\(event.frame)"
    }
    return "signal[" + list.joined(separator: ", ") + "]"
  }

  /// The one-character marble key of a value that reads back as the same value from a marble
  /// without a values argument (digits are numbers, other characters strings), if it has one.
  private static func glyph(_ value: TimelineValue) -> String? {
    switch value {
    case .int(let number) where (0...9).contains(number): return String(number)
    case .string(let text) where text.count == 1:
      guard let character = text.first, !character.isWhitespace, !character.isNumber,
        !"-|#()^!".contains(character)
      else { return nil }
      return text
    default: return nil
    }
  }
}

extension TimelineValue: DiagramKeyRefining {
  /// Inner signals match only when emitted at the same frame (`Timeline.matches`).
  package var keyRefinement: Int {
    if case .signal(let inner) = self { return inner.subscribed }
    return 0
  }
}

extension ExpectationResult {
  /// The failure drawn in ascii without colour (header, diff, differing frames), nil when it
  /// held: `ExpectationDiffRenderer().render(self)`.
  public var message: String? { passed ? nil : ExpectationDiffRenderer().render(self) }
}
