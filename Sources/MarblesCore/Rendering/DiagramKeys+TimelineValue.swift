/// How the diagrams of a script run pick the key of a value, shared by the text renderer (in
/// `Marbles`), the picture of a failed expectation and the SVG, HTML and step views, so that one
/// run draws the same value with the same letter everywhere.
extension DiagramKeys where Value == TimelineValue {
  /// Whether two values draw with one key: equal values, and NaN with NaN (as in `expect`), so
  /// that NaN reads the same in every lane and in every step.
  package static func sameValue(_ a: TimelineValue, _ b: TimelineValue) -> Bool {
    if a == b { return true }
    if case .double(let x) = a, case .double(let y) = b { return x.isNaN && y.isNaN }
    return false
  }

  /// The keys the text diagram of `run` gives its values (ascii), so that the SVG and HTML
  /// diagrams of the same run use the same letter for the same value.
  package static func textKeys(of run: ScriptRun) -> Self {
    let run = run.oneRowPerSubscription
    var values: [TimelineValue] = []
    for lane in run.lanes { collect(lane.before + lane.events, into: &values) }
    let glyphs = TextGlyphs.ascii
    return DiagramKeys(
      values: values, authorKeys: run.authorKeys.map { ($0.key, $0.value) },
      reserved: glyphs.reserved, pool: glyphs.keyPool, equal: sameValue,
      print: \.description, literal: literal)
  }

  /// The values a row draws (not inner signals, which get rows), then its inner signals'
  /// rows' values: the order in which the text renderer draws them.
  package static func collect(_ events: [TimelineEvent], into values: inout [TimelineValue]) {
    var inners: [Timeline<TimelineValue>] = []
    for event in events where event.kind == .next {
      if case .signal(let inner)? = event.value {
        inners.append(inner)
      } else {
        values.append(event.value ?? .null)
      }
    }
    for inner in inners { collect(inner.events, into: &values) }
  }

  /// The one-character form of a value: digits, one-character strings, `t`/`f`.
  package static func literal(_ value: TimelineValue) -> String? {
    switch value {
    case .bool(let flag): return flag ? "t" : "f"
    case .int(let number) where (0...9).contains(number): return String(number)
    case .string(let text) where text.count == 1 && isValidMarbleKey(text): return text
    default: return nil
    }
  }
}

extension RunStop {
  /// `stopped at frame 12 by the frame limit`: the legend of the stop mark in every format.
  package var summary: String {
    let why: String
    switch reason {
    case .runtimeError: why = "a runtime error"
    case .frameLimit: why = "the frame limit"
    case .actionLimit: why = "too much work in one frame"
    case .budget: why = "a budget of the run"
    }
    return "stopped at frame \(frame) by \(why)"
  }
}
