/// A string literal of a script: its decoded value, its place, and how the characters of the
/// value map back to source columns.
///
/// The interpreter parses marble strings from `value`; a marble diagnostic's range is relative
/// to the value (line 1, column 1 is the first character), and `mapping(_:)` moves it under the
/// right column of the script line:
///
///     let a = cold("--(ab--|")
///                     ^            the group opened at value column 3 → script column 17
///
/// For a literal without escapes the mapping is exact: value offset `k` is source column
/// `contentStart.column + k`. With escapes, every escape's characters map to its backslash, and
/// the text after an escape is exact again.
package struct ScriptStringLiteral: Hashable, Sendable {
  /// One escape sequence (`\n`, `\"`, `\u{…}`, …) inside a literal.
  package struct Escape: Hashable, Sendable {
    /// The offset, in Characters of `value`, of the first character the escape produced.
    var valueOffset: Int
    /// How many Characters the escape added to `value` (0 for an invalid escape, else 1).
    package var valueLength: Int
    /// The source column of the backslash.
    package var column: Int
    /// How many source columns the escape takes, backslash included (`\u{41}` takes 6).
    package var length: Int
  }

  /// The decoded value, escapes replaced by the characters they stand for.
  package var value: String
  /// The literal's source range, quotes included.
  package var range: SourceRange
  /// The position of the first character after the opening quote.
  package var contentStart: SourcePosition
  /// The escapes, in source order (empty for most literals: then the mapping is exact).
  package var escapes: [Escape]
  /// Whether the closing quote was found (an unterminated literal has been reported).
  var isTerminated: Bool

  /// The source position of the Character at `offset` in `value` (0-based). Offsets past the end
  /// continue on the same line, so `value.count` is the closing quote.
  func sourcePosition(ofCharacterAt offset: Int) -> SourcePosition {
    let offset = max(0, offset)
    // The last escape that starts at or before `offset`.
    var low = 0
    var high = escapes.count
    while low < high {
      let middle = (low + high) / 2
      if escapes[middle].valueOffset <= offset { low = middle + 1 } else { high = middle }
    }
    guard low > 0 else {
      return SourcePosition(line: contentStart.line, column: contentStart.column + offset)
    }
    let escape = escapes[low - 1]
    let inside = offset - escape.valueOffset
    if inside < escape.valueLength {
      return SourcePosition(line: contentStart.line, column: escape.column)
    }
    return SourcePosition(
      line: contentStart.line, column: escape.column + escape.length + inside - escape.valueLength)
  }

  /// The source range of a range relative to `value` (line 1, column 1 is the value's first
  /// Character). Lines after the first exist only when the value contains `\n` escapes.
  func sourceRange(of valueRange: SourceRange) -> SourceRange {
    SourceRange(
      start: sourcePosition(ofCharacterAt: offset(of: valueRange.start)),
      end: sourcePosition(ofCharacterAt: offset(of: valueRange.end)))
  }

  /// The diagnostic (found in `value`, relative to it) moved to the script's source, notes
  /// included.
  func mapping(_ diagnostic: Diagnostic) -> Diagnostic {
    var copy = diagnostic
    copy.range = sourceRange(of: diagnostic.range)
    copy.notes = diagnostic.notes.map(mapping)
    return copy
  }

  /// The Character offset in `value` of a value-relative position.
  private func offset(of position: SourcePosition) -> Int {
    guard position.line > 1 else { return position.column - 1 }
    var line = 1
    var offset = 0
    for character in value {
      if line == position.line { break }
      offset += 1
      if character.isNewline { line += 1 }
    }
    return offset + position.column - 1
  }
}
