/// A position in source text: 1-based line and column. Columns count Characters (grapheme
/// clusters), which equals swiftc's column for ASCII text.
public struct SourcePosition: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The 1-based line.
  public var line: Int
  /// The 1-based column, in Characters.
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// Orders by line, then column.
  public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }

  /// `line:column`.
  public var description: String { "\(line):\(column)" }
}
