import Testing

@testable import Marbles
@testable import MarblesCore

/// `MarbleEvent` keeps its key as a number and its range in 32-bit fields; these check that
/// every kind and range comes back exactly as given, and that equality is still by String.
@Suite struct MarbleEventStorageTests {
  static let kinds: [MarbleEvent.Kind] = [
    .value(key: "a"), .value(key: "\u{0}"), .value(key: "\u{7F}"), .value(key: "é"),
    .value(key: "e\u{301}"), .value(key: "👍🏽"), .value(key: "🇫🇷"), .value(key: "\u{10FFFF}"),
    .value(key: ""), .value(key: "ab"), .value(key: "#"), .value(key: "|"), .error, .completed,
  ]

  @Test(arguments: kinds)
  func keepsEveryKind(_ kind: MarbleEvent.Kind) {
    let event = MarbleEvent(frame: 3, kind: kind, range: SourceRange(line: 1, column: 4))
    #expect(event.kind == kind)
    if case .value(let key) = kind, case .value(let stored) = event.kind {
      #expect(Array(stored.utf8) == Array(key.utf8), "spelling kept")
    }
  }

  static let ranges: [SourceRange] = [
    SourceRange(line: 1, column: 1),
    SourceRange(line: 3, column: 7, length: 4),
    SourceRange(line: 1, column: 5, length: 0),
    SourceRange(start: .init(line: 1, column: 9), end: .init(line: 2, column: 1)),
    SourceRange(line: 0, column: -5),
    SourceRange(line: Int(Int32.min), column: 1),
    SourceRange(line: 1, column: Int(Int32.max)),
    SourceRange(line: Int.max, column: Int.min, length: 2),
  ]

  @Test(arguments: ranges)
  func keepsEveryRange(_ range: SourceRange) {
    var event = MarbleEvent(frame: -2, kind: .completed, range: range)
    #expect(event.range == range)
    event.range = SourceRange(line: 2, column: 2)
    event.range = range
    #expect(event.range == range)
    #expect(event.frame == -2)
  }

  @Test func isTwentyFourBytesWithNoReferences() {
    #expect(MemoryLayout<MarbleEvent>.stride == 24)
    #expect(_isPOD(MarbleEvent.self))
  }

  @Test func settersReplaceTheCompactFields() {
    var event = MarbleEvent(
      frame: 1, kind: .value(key: "a"), range: SourceRange(line: 1, column: 2))
    event.kind = .value(key: "🇫🇷")
    event.frame = 9
    #expect(
      event == MarbleEvent(frame: 9, kind: .value(key: "🇫🇷"), range: .init(line: 1, column: 2)))
    event.kind = .error
    #expect(event.kind == .error)
  }

  @Test func equalityAndHashingCompareKeysAsStrings() {
    let range = SourceRange(line: 1, column: 1)
    let composed = MarbleEvent(frame: 0, kind: .value(key: "é"), range: range)
    let decomposed = MarbleEvent(frame: 0, kind: .value(key: "e\u{301}"), range: range)
    #expect(composed == decomposed)
    #expect(composed.hashValue == decomposed.hashValue)
    #expect(Set([composed, decomposed]).count == 1)
    #expect(composed != MarbleEvent(frame: 0, kind: .value(key: "e"), range: range))
    #expect(composed != MarbleEvent(frame: 1, kind: .value(key: "é"), range: range))
    #expect(
      composed != MarbleEvent(frame: 0, kind: .value(key: "é"), range: .init(line: 1, column: 2)))
  }

  @Test func parsedKeysKeepTheirSpelling() {
    let (diagram, _) = MarbleParser.parse("ae\u{301}-é👍🏽🇫🇷a", kind: .cold)
    #expect(
      diagram.events.map(\.kind) == ["a", "e\u{301}", "é", "👍🏽", "🇫🇷", "a"].map { .value(key: $0) })
    let keys = diagram.events.compactMap { event -> [UInt8]? in
      guard case .value(let key) = event.kind else { return nil }
      return Array(key.utf8)
    }
    #expect(keys[1] == Array("e\u{301}".utf8))
    #expect(keys[2] == Array("é".utf8))
    // Equal as Strings, so listed once, as written first.
    #expect(
      diagram.valueKeys.map { Array($0.utf8) }
        == ["a", "e\u{301}", "👍🏽", "🇫🇷"].map { Array($0.utf8) })
  }

  @Test func aDiagramIsEqualToItsRebuiltCopy() {
    let (diagram, _) = MarbleParser.parse("-a-(b#)", kind: .cold)
    let rebuilt = diagram.events.map {
      MarbleEvent(frame: $0.frame, kind: $0.kind, range: $0.range)
    }
    #expect(rebuilt == diagram.events)
  }
}
