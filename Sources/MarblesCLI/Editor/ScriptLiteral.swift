import Marbles

/// A recorded value written back as script source, for the keys `marbles test --update` adds to
/// an `expect`'s values map: the text, evaluated by a script, is a value equal to the recorded
/// one.
enum ScriptLiteral {
  /// The script source of `value`, or nil for a value no script expression writes: a command,
  /// a channel or a closure (or anything holding one), a tuple of fewer than two elements, a
  /// notification without its value, an inner signal no `cold(…)` plays. An inner signal is
  /// the `cold(…)` call that plays it from its subscription.
  static func source(of value: TimelineValue) -> String? {
    switch value {
    case .int(let number):
      // `-9223372036854775808` does not lex: its digits do not fit in `Int`.
      return number == .min ? "-9223372036854775807 - 1" : String(number)
    case .double(let number): return decimal(number)
    case .string(let text): return TimelineValue.quote(text)
    case .bool(let flag): return flag ? "true" : "false"
    case .null: return "nil"
    case .tuple(let values):
      guard values.count >= 2 else { return nil }
      return list(values).map { "(\($0))" }
    case .array(let values): return list(values).map { "[\($0)]" }
    case .dictionary(let entries):
      if entries.isEmpty { return "[:]" }
      var parts: [String] = []
      for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
        guard let written = source(of: value) else { return nil }
        parts.append("\(TimelineValue.quote(key)): \(written)")
      }
      return "[" + parts.joined(separator: ", ") + "]"
    case .errorObject(let name, let message):
      let named = name == "Error" ? "" : ", name: \(TimelineValue.quote(name))"
      return "Error(\(TimelineValue.quote(message))\(named))"
    case .error(let inner): return source(of: inner).map { "error(\($0))" }
    case .event(.next, let inner?): return source(of: inner).map { "next(\($0))" }
    case .event(.error, let inner?): return source(of: inner).map { "failed(\($0))" }
    case .event(.completed, _): return "completed"
    case .signal(let inner): return coldSource(of: inner)
    case .event, .opaque: return nil
    }
  }

  /// The `cold(…)` call that plays `inner` from its subscription, every value keyed
  /// (`cold("-a|", a: "SWIFT")`), or nil when a value or the error has no source or no marble
  /// draws the events.
  private static func coldSource(of inner: Timeline<TimelineValue>) -> String? {
    let events = inner.relativeEvents
    for event in events where event.kind != .completed {
      guard source(of: event.value ?? .null) != nil else { return nil }
    }
    var trailing: [String] = []
    if let failure = events.first(where: { $0.kind == .error })?.value, failure != .string("error")
    {
      guard let written = source(of: failure) else { return nil }
      trailing = ["error: " + written]
    }
    return coldCall(
      events, literal: { _ in nil }, describe: { source(of: $0) ?? "nil" }, trailing: trailing)
  }

  /// Keys that recall `value`, tried before the pool: a string's first letter (then that
  /// letter in the other case), `t`/`f` for Booleans, `n` for `nil`, `e` for an error. Numbers
  /// get none: a digit key standing for another number would read as that digit.
  static func mnemonics(of value: TimelineValue) -> [String] {
    switch value {
    case .string(let text):
      guard let first = text.first, first.isASCII, first.isLetter else { return [] }
      let letter = String(first)
      let other = first.isUppercase ? letter.lowercased() : letter.uppercased()
      return [letter, other]
    case .bool(let flag): return [flag ? "t" : "f"]
    case .null: return ["n"]
    case .errorObject, .error, .event(.error, _): return ["e"]
    case .event(.next, _): return ["n"]
    case .event(.completed, _): return ["c"]
    default: return []
    }
  }

  private static func list(_ values: [TimelineValue]) -> String? {
    var parts: [String] = []
    for value in values {
      guard let written = source(of: value) else { return nil }
      parts.append(written)
    }
    return parts.joined(separator: ", ")
  }

  /// A double as a decimal literal (digits, `.`, digits, with a leading `-`), to the shortest
  /// digits that read back as the same number; `0.0 / 0.0` for NaN and `1.0 / 0.0` for the
  /// infinities, since the language has no literal for them.
  private static func decimal(_ number: Double) -> String {
    if number.isNaN { return "0.0 / 0.0" }
    if number.isInfinite { return number < 0 ? "-1.0 / 0.0" : "1.0 / 0.0" }
    let sign = number.sign == .minus ? "-" : ""
    // Swift's shortest round-trip form: `1.5`, `1e-05`, `1.2345e+20`.
    let text = "\(number.magnitude)"
    let parts = text.split(separator: "e", maxSplits: 1)
    let mantissa = parts[0]
    let exponent = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
    let pieces = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let whole = String(pieces[0])
    let fraction = pieces.count == 2 ? String(pieces[1]) : ""
    // The digits without a point, and where the point goes among them.
    var digits = whole + fraction
    var point = whole.count + exponent
    if point <= 0 {
      digits = String(repeating: "0", count: 1 - point) + digits
      point = 1
    } else if point >= digits.count {
      digits += String(repeating: "0", count: point - digits.count + 1)
    }
    var integer = String(digits.prefix(point))
    var decimals = String(digits.dropFirst(point))
    integer = String(integer.drop { $0 == "0" })
    if integer.isEmpty { integer = "0" }
    while decimals.count > 1, decimals.hasSuffix("0") { decimals.removeLast() }
    if decimals.isEmpty { decimals = "0" }
    return sign + integer + "." + decimals
  }
}
