/// A small JSON document built in code, written by `JSONWriter`: keys keep their insertion
/// order, integers stay integers, and small objects stay on one line. Large documents (a run's
/// JSON) are written straight to a `JSONWriter` instead, without a tree.
public indirect enum JSONValue: Hashable, Sendable, JSONWritable {
  /// An object with ordered keys.
  case object([(String, JSONValue)])
  case array([JSONValue])
  case string(String)
  case int(Int)
  case double(Double)
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
  public var compact: String { compactJSON }

  /// The document indented by two spaces; arrays and objects whose one-line form fits in
  /// `inlineLimit` characters stay on one line. Ends without a newline.
  public func pretty(inlineLimit: Int = 100) -> String {
    prettyJSON(inlineLimit: inlineLimit)
  }

  public func writeJSON(to writer: inout JSONWriter) {
    switch self {
    case .object(let members):
      writer.object { writer in
        for (key, value) in members {
          if writer.isDiscarding { return }
          writer.key(named: key)
          value.writeJSON(to: &writer)
        }
      }
    case .array(let elements):
      writer.array(elements) { writer, element in element.writeJSON(to: &writer) }
    case .string(let text): writer.string(text)
    case .int(let number): writer.int(number)
    case .double(let number): writer.double(number)
    case .bool(let flag): writer.bool(flag)
    case .null: writer.null()
    }
  }
}
