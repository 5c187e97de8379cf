import Marbles

/// Converts between the script's positions (1-based lines, columns in Characters) and the
/// protocol's (0-based lines, columns in UTF-16 code units, as LSP 3.17 requires by default).
struct LSPPositions {
  let lines: [Substring]

  init(_ source: SourceFile) { lines = source.lines }

  /// The protocol position of `position`.
  func lsp(_ position: SourcePosition) -> JSONValue {
    let line = max(0, position.line - 1)
    var character = 0
    if line < lines.count {
      let text = lines[line]
      let columns = max(0, position.column - 1)
      var count = 0
      for scalarCharacter in text {
        if count == columns { break }
        character += scalarCharacter.utf16.count
        count += 1
      }
      character += max(0, columns - count)
    } else {
      character = max(0, position.column - 1)
    }
    return .object([("line", .int(line)), ("character", .int(character))])
  }

  /// The protocol range of `range`.
  func lsp(_ range: SourceRange) -> JSONValue {
    .object([("start", lsp(range.start)), ("end", lsp(range.end))])
  }

  /// The script position of a protocol `{line, character}`; nil when it is malformed.
  func source(_ value: JSONValue?) -> SourcePosition? {
    guard let line = value?["line"]?.intValue, let character = value?["character"]?.intValue,
      line >= 0, character >= 0
    else { return nil }
    guard line < lines.count else { return SourcePosition(line: line + 1, column: 1) }
    var units = 0
    var column = 1
    for scalarCharacter in lines[line] {
      if units >= character { break }
      units += scalarCharacter.utf16.count
      column += 1
    }
    return SourcePosition(line: line + 1, column: column)
  }

  /// The protocol range that covers the whole text.
  var whole: JSONValue {
    let last = lines.last.map { $0.utf16.count } ?? 0
    return .object([
      ("start", .object([("line", .int(0)), ("character", .int(0))])),
      ("end", .object([("line", .int(max(0, lines.count - 1))), ("character", .int(last))])),
    ])
  }

  /// The protocol position of `position`, typed.
  func position(_ position: SourcePosition) -> LSP.Position {
    let value = lsp(position)
    return LSP.Position(
      line: value["line"]?.intValue ?? 0, character: value["character"]?.intValue ?? 0)
  }

  /// The protocol range of `range`, typed.
  func range(_ range: SourceRange) -> LSP.Range {
    LSP.Range(start: position(range.start), end: position(range.end))
  }

  /// The script position of a typed protocol position; nil when it is negative.
  func source(_ position: LSP.Position) -> SourcePosition? {
    source(
      JSONValue.object([("line", .int(position.line)), ("character", .int(position.character))]))
  }

  /// The protocol range that covers the whole text, typed.
  var wholeRange: LSP.Range {
    let last = lines.last.map { $0.utf16.count } ?? 0
    return LSP.Range(
      start: LSP.Position(line: 0, character: 0),
      end: LSP.Position(line: max(0, lines.count - 1), character: last))
  }
}
