import Foundation
import Testing

@testable import Marbles
@testable import MarblesCLI
@testable import MarblesCore

/// Positions between the script (Characters) and LSP (UTF-16 code units): the same as walking
/// each line's Characters, which the conversion did for every position (quadratic for many
/// positions on one long line); now each line's offsets are read once.
@Suite struct LSPPositionsTests {
  /// The walk the conversion did before, for comparison.
  static func walked(_ line: Substring, column: Int) -> Int {
    var units = 0
    var count = 0
    for character in line {
      if count == column { break }
      units += character.utf16.count
      count += 1
    }
    return units + max(0, column - count)
  }

  static func walked(_ line: Substring, character: Int) -> Int {
    var units = 0
    var column = 1
    for each in line {
      if units >= character { break }
      units += each.utf16.count
      column += 1
    }
    return column
  }

  @Test func everyColumnAndOffsetConvertsAsTheWalkDid() throws {
    let text = "let a = \"é😀👍🏽x\"  // ünïcödé\nshow a\n\n" + String(repeating: "ab😀", count: 300)
    let source = SourceFile(name: "t", text: text)
    let positions = LSPPositions(source)
    for (index, line) in source.lines.enumerated() {
      for column in 0...(line.count + 3) {
        let converted = positions.position(SourcePosition(line: index + 1, column: column + 1))
        #expect(converted.line == index)
        #expect(converted.character == Self.walked(line, column: column), "\(index):\(column)")
      }
      for character in 0...(line.utf16.count + 3) {
        let back = try #require(
          positions.source(LSP.Position(line: index, character: character)))
        #expect(back.column == Self.walked(line, character: character), "\(index):\(character)")
      }
    }
  }

  @Test func manyPositionsOnOneLongLineAreConvertedFromOneReadingOfIt() {
    // 20,000 positions on one line of 60,000 Characters: a walk per position would take
    // 600 million steps; the table takes one pass.
    let line = String(repeating: "a😀b", count: 20_000)
    let positions = LSPPositions(SourceFile(name: "t", text: line))
    var total = 0
    for column in stride(from: 1, through: 60_000, by: 3) {
      total += positions.position(SourcePosition(line: 1, column: column)).character
    }
    // Column 3k + 1 starts after k repetitions of 4 units.
    #expect(total == (0..<20_000).reduce(0) { $0 + 4 * $1 })
  }
}
