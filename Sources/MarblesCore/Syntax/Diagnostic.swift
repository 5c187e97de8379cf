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
  /// Every line ends with a newline. With `ascii` (`--format ascii`) it is 7-bit ASCII: the file
  /// name, the message and the quoted line through `TerminalText.ascii` (`é` as `\u{e9}`, `→` as
  /// `->`), and the caret under the ASCII spelling of what it marks.
  public func render(in source: SourceFile, ascii: Bool = false) -> String {
    // The file name, the message and the quoted line may hold anything a script or a command
    // line holds: their controls are escaped (`\u{1b}`), so that printing them cannot act on
    // the terminal; the caret goes under the escaped line.
    let header = "\(source.name):\(range.start.line):\(range.start.column): "
    var text = TerminalText.escaped(header, ascii: ascii)
    text += "\(severity.rawValue): \(TerminalText.escaped(message, ascii: ascii))\n"
    if let line = source.line(range.start.line) {
      let start = max(0, range.start.column - 1)
      var length = 1
      if range.end.line == range.start.line, range.end.column > range.start.column + 1 {
        length = range.end.column - range.start.column
      }
      if ascii {
        let before = TerminalText.ascii(String(line.prefix(start)))
        let through = TerminalText.ascii(String(line.prefix(start + length)))
        text += TerminalText.ascii(String(line)) + "\n"
        text += String(repeating: " ", count: before.count + max(0, start - line.count))
        let past = max(0, start + length - max(start, line.count))
        let marked = max(1, through.count - before.count + past)
        text += "^" + String(repeating: "~", count: marked - 1) + "\n"
      } else if line.utf8.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x09 }) {
        // Printable ASCII (and tabs) is printed as it is, read byte by byte: a caret at column
        // 1,000,000 costs no grapheme breaking.
        text += line + "\n"
        text += Self.indent(under: line, columns: start)
        text += "^" + String(repeating: "~", count: length - 1) + "\n"
      } else {
        // Otherwise the marker is as wide on the terminal as what it marks (two columns for
        // a wide character, the whole escape for a control).
        let marked = line.dropFirst(start).prefix(length)
        let markedWidth =
          TerminalText.width(TerminalText.escaped(String(marked), keepingTabs: true))
          + max(0, length - marked.count)
        if line.unicodeScalars.contains(where: { TerminalText.isControl($0) && $0 != "\t" }) {
          let printed = TerminalText.escaped(String(line), keepingTabs: true)
          let before = TerminalText.escaped(String(line.prefix(start)), keepingTabs: true)
          text += printed + "\n"
          text += Self.indent(under: Substring(before), columns: before.count)
          text += String(repeating: " ", count: max(0, start - line.count))
        } else {
          text += line + "\n"
          text += Self.indent(under: line, columns: start)
        }
        text += "^" + String(repeating: "~", count: max(0, markedWidth - 1)) + "\n"
      }
    }
    for note in notes { text += note.render(in: source, ascii: ascii) }
    return text
  }
}

extension Diagnostic {
  /// A message that takes nothing but its place: `Diagnostic.marbleEmptyGroup(at: range)` is the
  /// error with the message there.
  package struct FixedError: ExpressibleByStringLiteral, Sendable {
    package let message: String

    package init(_ message: String) { self.message = message }
    package init(stringLiteral message: String) { self.message = message }

    package func callAsFunction(at range: SourceRange) -> Diagnostic { .error(message, at: range) }
  }

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
      // A double-width character (CJK, emoji) takes two columns on a terminal.
      width = 0
      for character in line.prefix(columns) {
        if character == "\t" {
          indent.append("\t")
        } else {
          indent += String(repeating: " ", count: TerminalText.width(character))
        }
        width += 1
      }
    }
    return indent + String(repeating: " ", count: max(0, columns - width))
  }
}

extension Array where Element == Diagnostic {
  public var containsError: Bool { contains { $0.severity == .error } }

  /// Every diagnostic rendered in order, in 7-bit ASCII when `ascii` (see
  /// `Diagnostic.render(in:ascii:)`).
  public func render(in source: SourceFile, ascii: Bool = false) -> String {
    map { $0.render(in: source, ascii: ascii) }.joined()
  }
}
