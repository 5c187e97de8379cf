/// A half-open range of source text, `start ..< end`. An empty range marks a point.
public struct SourceRange: Hashable, Sendable {
  /// The first position covered.
  public var start: SourcePosition
  /// The position just after the last one covered.
  public var end: SourcePosition

  public init(start: SourcePosition, end: SourcePosition) {
    self.start = start
    self.end = end
  }

  /// A range of `length` Characters starting at `line:column`.
  public init(line: Int, column: Int, length: Int = 1) {
    start = SourcePosition(line: line, column: column)
    end = SourcePosition(line: line, column: column + max(0, length))
  }

  /// The range shifted so that column 1 of line 1 lands at `origin` (for a marble string that
  /// sits inside a script line).
  public func offset(by origin: SourcePosition) -> SourceRange {
    func shift(_ position: SourcePosition) -> SourcePosition {
      position.line == 1
        ? SourcePosition(line: origin.line, column: origin.column + position.column - 1)
        : SourcePosition(line: origin.line + position.line - 1, column: position.column)
    }
    return SourceRange(start: shift(start), end: shift(end))
  }
}
