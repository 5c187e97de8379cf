/// An event's range in 12 bytes: line, column and end column. A range that does not fit (it
/// spans lines, or a number is beyond 32 bits) is interned, once per process; `line` is then
/// `Int32.min` and `column` its number.
struct MarblePlace: Hashable, Sendable {
  var line: Int32
  var column: Int32
  var endColumn: Int32

  private init(compactLine line: Int32, column: Int32, endColumn: Int32) {
    (self.line, self.column, self.endColumn) = (line, column, endColumn)
  }

  /// One Character at `line:column`, both known to fit (`column` below `Int32.max`, `line` not
  /// `Int32.min`).
  init(line32 line: Int32, column32 column: Int32) {
    self.init(compactLine: line, column: column, endColumn: column &+ 1)
  }

  /// One Character at `line:column` (what the parser makes).
  init(line: Int, column: Int) {
    if let line = Int32(exactly: line), line != .min, let column = Int32(exactly: column),
      column < .max
    {
      self.init(compactLine: line, column: column, endColumn: column + 1)
    } else {
      self.init(SourceRange(line: line, column: column))
    }
  }

  init(_ range: SourceRange) {
    if range.start.line == range.end.line, let line = Int32(exactly: range.start.line),
      line != .min, let column = Int32(exactly: range.start.column),
      let endColumn = Int32(exactly: range.end.column)
    {
      self.init(compactLine: line, column: column, endColumn: endColumn)
    } else {
      self.init(
        compactLine: .min, column: MarbleInterner.shared.number(ofRange: range), endColumn: 0)
    }
  }

  var range: SourceRange {
    if line == .min { return MarbleInterner.shared.range(numbered: column) }
    let line = Int(line)
    return SourceRange(
      start: SourcePosition(line: line, column: Int(column)),
      end: SourcePosition(line: line, column: Int(endColumn)))
  }
}
