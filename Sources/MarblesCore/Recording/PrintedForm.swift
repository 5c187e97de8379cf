/// How a value prints as a script writes it: its text, or the parts around the values it holds.
package enum PrintedForm<Element> {
  /// Text as it is (`10`, `nil`, `Error("boom")`, `signal@3`).
  case text(String)
  /// A string, quoted (a cut string keeps its opening quote only).
  case string(String)
  /// The elements between `open` and `close`, separated by `, ` (`(1, 2)`, `error(…)`).
  case list(open: String, [Element], close: String)
  /// A dictionary's entries sorted by key (`["k": v]`, `[:]` when empty).
  case dictionary([String: Element])
}

/// A value printed by the one bounded writer (`write(to:limit:)`): recorded values and the
/// interpreter's values print the same way, and a huge value is cut without being visited.
package protocol BoundedPrintable {
  var printedForm: PrintedForm<Self> { get }
}

/// The two lengths the one writer prints a value to, side by side because they differ on
/// purpose: a message quotes a value inside its sentence (`messageLength`, so that a message about
/// a huge value stays one short line), a legend or a diff gives a value a line of its own
/// (`lineLength`; JSON keeps every value whole).
package enum PrintedLength {
  package static let messageLength = 300
  package static let lineLength = 1000
}

extension BoundedPrintable {
  /// Appends the value to `out`; stops (ending `out` with `…`) once `out` holds `limit` bytes,
  /// without visiting the rest of the value. Returns false when it stopped.
  @discardableResult
  package func write(to out: inout String, limit: Int) -> Bool {
    if out.utf8.count >= limit {
      out += "…"
      return false
    }
    switch printedForm {
    case .text(let text): out += text
    case .string(let text):
      let room = limit - out.utf8.count
      guard text.utf8.count > room else {
        out += TimelineValue.quote(text)
        return true
      }
      out += TimelineValue.quote(String(text.prefix(room))).dropLast() + "…"
      return false
    case .list(let open, let values, let close):
      out += open
      for (index, value) in values.enumerated() {
        if index > 0 { out += ", " }
        guard value.write(to: &out, limit: limit) else { return false }
      }
      out += close
    case .dictionary(let values):
      guard !values.isEmpty else {
        out += "[:]"
        return true
      }
      out += "["
      for (index, key) in values.keys.sorted().enumerated() {
        if index > 0 { out += ", " }
        out += TimelineValue.quote(key) + ": "
        guard let value = values[key], value.write(to: &out, limit: limit) else { return false }
      }
      out += "]"
    }
    return true
  }
}
