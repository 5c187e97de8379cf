import Marbles

/// Converts between the script's positions (1-based lines, columns in Characters) and the
/// protocol's (0-based lines, columns in UTF-16 code units, as LSP 3.17 requires by default).
///
/// A value is used by one thread at a time (it keeps the offsets of the lines it has read).
struct LSPPositions {
  let lines: [Substring]
  /// Each line's UTF-16 offsets, made when a position on it is first converted.
  private let tables = Tables()

  init(_ source: SourceFile) { lines = source.lines }

  /// The UTF-16 offset of the start of each Character of a line, and of its end; nil for a
  /// line of ASCII, whose offsets are its columns. Kept per line, so that converting many
  /// positions on one long line reads it once, not once per position.
  private final class Tables {
    var offsets: [Int: [Int]?] = [:]
  }

  private func offsets(_ line: Int) -> [Int]? {
    if let known = tables.offsets[line] { return known }
    let text = lines[line]
    var table: [Int]?
    if !text.utf8.allSatisfy({ $0 < 0x80 }) {
      var offsets = [0]
      var units = 0
      for character in text {
        units += character.utf16.count
        offsets.append(units)
      }
      table = offsets
    }
    tables.offsets[line] = table
    return table
  }

  /// The UTF-16 offset of 0-based `column` of `line` (past its end: one unit per column).
  private func units(line: Int, column: Int) -> Int {
    guard let table = offsets(line) else { return column }
    let count = table.count - 1
    return column <= count ? table[column] : table[count] + column - count
  }

  /// The 1-based column of the Character at or after UTF-16 offset `character` of `line`.
  private func column(line: Int, character: Int) -> Int {
    guard let table = offsets(line) else { return min(character, lines[line].utf8.count) + 1 }
    // The first Character that starts at or after `character`.
    var low = 0
    var high = table.count - 1
    while low < high {
      let middle = (low + high) / 2
      if table[middle] >= character { high = middle } else { low = middle + 1 }
    }
    return low + 1
  }

  /// The protocol position of `position`.
  func position(_ position: SourcePosition) -> LSP.Position {
    let line = max(0, position.line - 1)
    let column = max(0, position.column - 1)
    guard line < lines.count else { return LSP.Position(line: line, character: column) }
    return LSP.Position(line: line, character: units(line: line, column: column))
  }

  /// The protocol range of `range`.
  func range(_ range: SourceRange) -> LSP.Range {
    LSP.Range(start: position(range.start), end: position(range.end))
  }

  /// The protocol range of `range` as JSON (diagnostics are written as JSON).
  func lsp(_ range: SourceRange) -> JSONValue {
    func json(_ position: LSP.Position) -> JSONValue {
      .object([("line", .int(position.line)), ("character", .int(position.character))])
    }
    let range = self.range(range)
    return .object([("start", json(range.start)), ("end", json(range.end))])
  }

  /// The script position of a protocol position; nil when it is negative.
  func source(_ position: LSP.Position) -> SourcePosition? {
    guard position.line >= 0, position.character >= 0 else { return nil }
    guard position.line < lines.count else {
      return SourcePosition(line: position.line + 1, column: 1)
    }
    return SourcePosition(
      line: position.line + 1, column: column(line: position.line, character: position.character))
  }

  /// The protocol range that covers the whole text.
  var wholeRange: LSP.Range {
    let last = lines.last.map { $0.utf16.count } ?? 0
    return LSP.Range(
      start: LSP.Position(line: 0, character: 0),
      end: LSP.Position(line: max(0, lines.count - 1), character: last))
  }
}
