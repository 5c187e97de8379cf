/// Source text with a name, for rendering diagnostics with the offending line.
public struct SourceFile: Sendable {
  /// The name shown before `:line:column`, such as a path or `<stdin>`.
  public var name: String
  public var text: String
  /// The text split into lines (without terminators).
  public let lines: [Substring]

  public init(name: String, text: String) {
    self.name = name
    self.text = text
    self.lines = Self.splitLines(text)
  }

  /// The lines of `text`, split at every Character that `isNewline` (CR LF is one break).
  /// Pure ASCII text is split on its bytes in one pass, without grapheme breaking.
  private static func splitLines(_ text: String) -> [Substring] {
    // (end of the line, start of the next) as UTF-8 offsets; nil when a byte is not ASCII.
    let breaks = text.utf8.withContiguousStorageIfAvailable { bytes -> [(Int, Int)]? in
      var breaks: [(Int, Int)] = []
      var position = 0
      while position < bytes.count {
        let byte = bytes[position]
        if byte >= 0x80 { return nil }
        position += 1
        guard (0x0A...0x0D).contains(byte) else { continue }  // LF, VT, FF, CR
        let end = position - 1
        if byte == 0x0D, position < bytes.count, bytes[position] == 0x0A { position += 1 }
        breaks.append((end, position))
      }
      return breaks
    }
    guard let breaks = breaks ?? nil else {
      return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    }
    let utf8 = text.utf8
    var lines: [Substring] = []
    lines.reserveCapacity(breaks.count + 1)
    var lineStart = utf8.startIndex
    for (end, next) in breaks {
      lines.append(text[lineStart..<utf8.index(utf8.startIndex, offsetBy: end)])
      lineStart = utf8.index(utf8.startIndex, offsetBy: next)
    }
    lines.append(text[lineStart..<utf8.endIndex])
    return lines
  }

  /// The text of 1-based line `number`, or nil past the end.
  public func line(_ number: Int) -> Substring? {
    number >= 1 && number <= lines.count ? lines[number - 1] : nil
  }
}
