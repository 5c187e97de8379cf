/// A JSON document built in code and written deterministically: keys keep their insertion
/// order, integers stay integers, and small objects stay on one line.
public indirect enum JSONValue: Hashable, Sendable {
  /// An object with ordered keys.
  case object([(String, JSONValue)])
  /// An array.
  case array([JSONValue])
  /// A string.
  case string(String)
  /// An integer.
  case int(Int)
  /// A floating-point number.
  case double(Double)
  /// `true` or `false`.
  case bool(Bool)
  /// `null`.
  case null

  /// Two documents are equal when they write the same text.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    lhs.compact == rhs.compact
  }

  /// Hashes the compact text.
  public func hash(into hasher: inout Hasher) { hasher.combine(compact) }

  /// The document on one line.
  public var compact: String {
    var out = ""
    writeCompact(into: &out)
    return out
  }

  /// The document indented by two spaces; arrays and objects whose one-line form fits in
  /// `inlineLimit` characters stay on one line. Ends without a newline.
  public func pretty(inlineLimit: Int = 100) -> String {
    var out = ""
    writePretty(into: &out, indent: 0, inlineLimit: inlineLimit)
    return out
  }

  /// The one-line form if it has at most `limit` Characters, else nil. It stops writing as
  /// soon as it is over (a Character count never shrinks as text is appended), so that deciding
  /// whether a large array fits on a line costs about `limit`, not the array's size.
  private func compact(within limit: Int) -> String? {
    var out = ""
    return writeCompact(into: &out, limit: limit) ? out : nil
  }

  /// Whether `out` has more than `limit` Characters (bytes first: counting Characters is only
  /// needed past `limit` bytes).
  @inline(__always)
  private static func isOver(_ out: String, _ limit: Int) -> Bool {
    out.utf8.count > limit && out.count > limit
  }

  /// Writes the one-line form; false, with `out` left partial, once it is over `limit`
  /// Characters.
  @discardableResult
  private func writeCompact(into out: inout String, limit: Int = .max) -> Bool {
    switch self {
    case .object(let members):
      out += "{"
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { out += ", " }
        out += Self.quoted(key) + ": "
        guard value.writeCompact(into: &out, limit: limit), !Self.isOver(out, limit) else {
          return false
        }
      }
      out += "}"
    case .array(let elements):
      out += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { out += ", " }
        guard element.writeCompact(into: &out, limit: limit), !Self.isOver(out, limit) else {
          return false
        }
      }
      out += "]"
    case .string(let text): out += Self.quoted(text)
    case .int(let number): out += String(number)
    case .double(let number): out += Self.number(number)
    case .bool(let flag): out += flag ? "true" : "false"
    case .null: out += "null"
    }
    return limit == .max || !Self.isOver(out, limit)
  }

  private func writePretty(into out: inout String, indent: Int, inlineLimit: Int) {
    switch self {
    case .object(let members) where !members.isEmpty: break
    case .array(let elements) where !elements.isEmpty: break
    default:
      writeCompact(into: &out)  // a scalar or an empty container
      return
    }
    if indent > 0, let oneLine = compact(within: inlineLimit - indent) {
      out += oneLine
      return
    }
    let pad = String(repeating: " ", count: indent + 2)
    switch self {
    case .object(let members):
      out += "{\n"
      for (index, (key, value)) in members.enumerated() {
        out += pad + Self.quoted(key) + ": "
        value.writePretty(into: &out, indent: indent + 2, inlineLimit: inlineLimit)
        out += index == members.count - 1 ? "\n" : ",\n"
      }
      out += String(repeating: " ", count: indent) + "}"
    case .array(let elements):
      out += "[\n"
      for (index, element) in elements.enumerated() {
        out += pad
        element.writePretty(into: &out, indent: indent + 2, inlineLimit: inlineLimit)
        out += index == elements.count - 1 ? "\n" : ",\n"
      }
      out += String(repeating: " ", count: indent) + "]"
    default:
      writeCompact(into: &out)
    }
  }

  static func number(_ value: Double) -> String {
    if let special = TimelineValue.nonFiniteName(value) { return "\"" + special + "\"" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) + ".0" }
    return "\(value)"
  }

  static func quoted(_ text: String) -> String {
    // Most text needs no escape: copy it whole instead of scalar by scalar.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
    {
      return "\"" + text + "\""
    }
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}
