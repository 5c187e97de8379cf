/// A problem found in user input (a marble string, a script, an expectation), with its place.
///
/// Rendered swiftc-style by `render(in:)`:
///
///     flow.marble:3:17: error: group is never closed; expected ')'
///     let a = cold("--(ab--|")
///                     ^
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
  /// How serious a diagnostic is. The raw values are the words printed.
  public enum Severity: String, Hashable, Sendable {
    /// Stops the run.
    case error
    /// Reported; the run goes on.
    case warning
    /// Extra information attached to another diagnostic.
    case note
  }

  /// How serious it is.
  public var severity: Severity
  /// One line, lowercase start, no final period; names and glyphs in single quotes.
  public var message: String
  /// Where it is; the caret goes under `range.start`, `~` under the rest of a one-line range.
  public var range: SourceRange
  /// Related notes ("group opened here").
  public var notes: [Diagnostic]

  public init(
    _ severity: Severity, _ message: String, at range: SourceRange, notes: [Diagnostic] = []
  ) {
    self.severity = severity
    self.message = message
    self.range = range
    self.notes = notes
  }

  public static func error(_ message: String, at range: SourceRange) -> Diagnostic {
    Diagnostic(.error, message, at: range)
  }

  public static func warning(_ message: String, at range: SourceRange) -> Diagnostic {
    Diagnostic(.warning, message, at: range)
  }

  /// `line:column: severity: message`.
  public var description: String {
    "\(range.start): \(severity.rawValue): \(message)"
  }

  /// The diagnostic moved so that its line 1 column 1 is `origin` (notes included).
  public func offset(by origin: SourcePosition) -> Diagnostic {
    var copy = self
    copy.range = range.offset(by: origin)
    copy.notes = notes.map { $0.offset(by: origin) }
    return copy
  }

  /// The swiftc-style text: the header line, the source line, a caret line; then the notes.
  /// Every line ends with a newline.
  public func render(in source: SourceFile) -> String {
    var text = "\(source.name):\(range.start.line):\(range.start.column): "
    text += "\(severity.rawValue): \(message)\n"
    if let line = source.line(range.start.line) {
      text += line + "\n"
      let indent = Self.indent(under: line, columns: max(0, range.start.column - 1))
      var marker = "^"
      if range.end.line == range.start.line, range.end.column > range.start.column + 1 {
        marker += String(repeating: "~", count: range.end.column - range.start.column - 1)
      }
      text += indent + marker + "\n"
    }
    for note in notes { text += note.render(in: source) }
    return text
  }
}

extension Diagnostic {
  /// Blanks as wide as the first `columns` characters of `line` (then spaces past its end),
  /// keeping tabs so that the caret lines up under tab-indented text. An ASCII prefix is read
  /// byte by byte: a caret at column 1,000,000 costs no grapheme breaking.
  static func indent(under line: Substring, columns: Int) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(columns)
    var ascii = true
    for byte in line.utf8.prefix(columns) {
      guard byte < 0x80 else {
        ascii = false
        break
      }
      bytes.append(byte == UInt8(ascii: "\t") ? byte : UInt8(ascii: " "))
    }
    var indent = ""
    var width = bytes.count
    if ascii {
      indent = String(decoding: bytes, as: UTF8.self)
    } else {
      for character in line.prefix(columns) { indent.append(character == "\t" ? "\t" : " ") }
      width = indent.count
    }
    return indent + String(repeating: " ", count: max(0, columns - width))
  }
}

extension Array where Element == Diagnostic {
  /// Whether any diagnostic is an error.
  public var containsError: Bool { contains { $0.severity == .error } }

  /// Every diagnostic rendered in order.
  public func render(in source: SourceFile) -> String {
    map { $0.render(in: source) }.joined()
  }
}
