import Marbles
import Testing

/// The lexer reads a plain run (`-` and one-byte values) a repeat of one glyph at a time, eight
/// bytes a compare: a long run of one glyph broken at each position by another glyph keeps every
/// event's key, frame and column, and every diagnostic's position.
@Suite struct PlainRunTests {
  /// Runs of `a` (longer than 8, 16 and not a multiple of 8) and what breaks them.
  static let lengths = [9, 17, 20]
  static let breakers = ["b", "-", "é", "e\u{301}", " "]

  @Test(arguments: lengths, breakers)
  func aRunBrokenAtEachPositionKeepsKeysFramesAndColumns(_ length: Int, _ breaker: String) {
    for position in 0..<length {
      let glyphs = (0..<length).map { $0 == position ? breaker : "a" }
      let (diagram, diagnostics) = MarbleParser.parse(glyphs.joined(), kind: .cold)
      #expect(diagnostics.isEmpty)
      // A space takes no frame; anything else one frame and one column, `-` no event.
      let frames = (0..<length).map { breaker == " " && $0 > position ? $0 - 1 : $0 }
      let expected = (0..<length).filter { glyphs[$0] != "-" && glyphs[$0] != " " }
      #expect(
        diagram.events.map(\.kind) == expected.map { .value(key: glyphs[$0]) }, "at \(position)")
      #expect(diagram.events.map(\.frame) == expected.map { frames[$0] }, "at \(position)")
      #expect(diagram.events.map(\.range.start.column) == expected.map { $0 + 1 })
    }
  }

  @Test(arguments: lengths)
  func aTerminalInsideALongRunFlagsEachValueAfterItWhereItIs(_ length: Int) {
    for position in 0..<length {
      let marble =
        String(repeating: "a", count: position) + "|"
        + String(repeating: "a", count: length - position - 1)
      let (diagram, diagnostics) = MarbleParser.parse(marble, kind: .cold)
      #expect(diagram.events.count == position + 1)
      #expect(diagram.events.last?.kind == .completed)
      #expect(diagnostics.map(\.range.start.column) == Array((position + 2)..<(length + 1)))
      #expect(
        diagnostics.allSatisfy {
          $0.message == "value 'a' after completion '|' is never delivered"
        }, "at \(position)")
    }
  }
}
