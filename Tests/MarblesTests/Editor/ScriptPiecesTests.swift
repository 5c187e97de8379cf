import Foundation
import Testing

@testable import Marbles
@testable import MarblesCLI
@testable import MarblesCore

/// The language server runs a script in independent pieces and keeps the pieces an edit does
/// not touch (`ScriptPieces`): whatever the edits, its outcome is the whole run's.
@Suite struct ScriptPiecesTests {
  /// Whether two outcomes are the same (the same case, run or diagnostics).
  static func same(_ a: ScriptOutcome, _ b: ScriptOutcome) -> Bool {
    switch (a, b) {
    case (.completed(let x), .completed(let y)), (.stopped(let x), .stopped(let y)): return x == y
    case (.failed(let x), .failed(let y)): return x == y
    default: return false
    }
  }

  /// The run of `text` piece by piece next to the whole run of it.
  static func outcomes(_ text: String, _ pieces: ScriptPieces, options: RunOptions = RunOptions())
    -> (incremental: ScriptOutcome, whole: ScriptOutcome)
  {
    let source = SourceFile(name: "edit.marble", text: text)
    let (script, syntax) = ScriptParser.parse(source)
    return (
      pieces.run(script, syntax: syntax, of: source, options: options),
      ScriptEngine.run(source, options: options)
    )
  }

  /// A script of `count` independent groups of four statements, as the benchmark's.
  static func groups(_ count: Int) -> String {
    (0..<count).map { i in
      """
      let s\(i) = cold("--a--b--c--|", a: \(i + 1), b: 2, c: 3)
      let m\(i) = s\(i).map { x in x * 2 }.filter { x in x > 1 }
      show m\(i)
      expect m\(i) == "--a--b--c--|", a: \(2 * (i + 1)), b: 4, c: 6
      """
    }.joined(separator: "\n") + "\n"
  }

  /// A reproducible stream of numbers (SplitMix64).
  struct Random {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound))
    }
  }

  /// `text` with one random edit: a character deleted, inserted or changed, a line deleted,
  /// duplicated or moved.
  static func edit(_ text: String, _ random: inout Random) -> String {
    var characters = Array(text)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let inserted: [Character] = ["1", "9", "a", "-", "|", "x", " ", "(", ")", "\"", ".", "\n", "#"]
    // A digit changed half the time: a value or a frame, the commonest edit.
    let kind = random.next(2) == 0 ? 2 : random.next(6)
    switch kind {
    case 0 where !characters.isEmpty:
      characters.remove(at: random.next(characters.count))
      return String(characters)
    case 1:
      characters.insert(
        inserted[random.next(inserted.count)], at: random.next(characters.count + 1))
      return String(characters)
    case 2 where !characters.isEmpty:
      let digits = characters.indices.filter { characters[$0].isNumber }
      guard !digits.isEmpty else { return text }
      characters[digits[random.next(digits.count)]] = Character(String(random.next(10)))
      return String(characters)
    case 3 where lines.count > 1:
      lines.remove(at: random.next(lines.count))
    case 4:
      let line = random.next(lines.count)
      lines.insert(lines[line], at: line)
    default:
      let from = random.next(lines.count)
      let moved = lines.remove(at: from)
      lines.insert(moved, at: random.next(lines.count + 1))
    }
    return lines.joined(separator: "\n")
  }

  /// The next version: an edit of `text`, or mostly of `good` (the last version that could
  /// run) when `text` could not, as in an editor, where a typo is fixed before long.
  static func next(
    after text: String, _ outcome: ScriptOutcome, good: inout String, _ random: inout Random
  ) -> String {
    if case .failed = outcome {
      if random.next(4) != 0 { return edit(good, &random) }
    } else {
      good = text
    }
    return edit(text, &random)
  }

  @Test func aScriptOfIndependentGroupsIsCutAndAnEditRunsOnlyItsPiece() throws {
    let pieces = ScriptPieces()
    let text = Self.groups(200)
    let first = Self.outcomes(text, pieces)
    #expect(Self.same(first.incremental, first.whole))
    let cut = try #require(
      pieces.pieces(of: ScriptParser.parse(SourceFile(name: "t", text: text)).script))
    #expect(cut.pieces.count > 8)
    #expect(pieces.piecesRunLast == cut.pieces.count)
    // A value changed in the middle (an `expect` fails now): one piece runs again.
    let edited = text.replacingOccurrences(of: "a: 101,", with: "a: 7,")
    #expect(edited != text)
    let second = Self.outcomes(edited, pieces)
    #expect(Self.same(second.incremental, second.whole))
    #expect(pieces.piecesRunLast == 1)
    #expect(second.incremental.run?.expectations.filter { !$0.passed }.count == 1)
    // The same text again: nothing runs.
    let third = Self.outcomes(edited, pieces)
    #expect(Self.same(third.incremental, third.whole))
    #expect(pieces.piecesRunLast == 0)
  }

  @Test func statementsThatShareANameOrAConstantStayInOnePiece() throws {
    let pieces = ScriptPieces(smallestSplit: 2, pieceSize: 1)
    let text = """
      title "pieces"
      let a = cold("-a|")
      let b = cold("-b|")
      show b
      let c = a.merge(with: b)
      show c
      let q = cold("-q|").deliverOn(main)
      show cold("-z|").deliverOn(main)
      show cold("-w|")
      show q
      """
    let cut = try #require(
      pieces.pieces(of: ScriptParser.parse(SourceFile(name: "t", text: text)).script))
    // a, b, show b, c and show c are linked by names; q and the two shows after it by `main`
    // and `q`; the title is part of every piece.
    #expect(cut.globals.count == 1)
    #expect(cut.pieces.map(\.count) == [5, 4])
    let outcome = Self.outcomes(text, pieces)
    #expect(Self.same(outcome.incremental, outcome.whole))
    #expect(outcome.incremental.run?.title == "pieces")
    #expect(
      outcome.incremental.run?.lanes.map(\.name) == [
        "b", "c", "cold(\"-z|\").deliverOn(main)", "cold(\"-w|\")", "q",
      ])
  }

  /// The `let` names of a script.
  static func names(_ text: String) -> Set<String> {
    Set(DocumentAnalysis(SourceFile(name: "t", text: text), options: nil).bindings.keys)
  }

  /// `name` and the next examples that bind none of its names, three in all, in one script
  /// (their `title`s but the first left out): a script of independent parts.
  static func combined(_ name: String) -> String? {
    let examples = ScriptFormatterTests.examples
    guard let first = examples.firstIndex(where: { $0.name == name }) else { return nil }
    var text = examples[first].text
    var bound = names(text)
    for offset in 1..<examples.count {
      let other = examples[(first + offset) % examples.count].text
      let otherNames = names(other)
      guard bound.isDisjoint(with: otherNames) else { continue }
      bound.formUnion(otherNames)
      text +=
        "\n"
        + other.split(separator: "\n", omittingEmptySubsequences: false)
        .filter { !$0.hasPrefix("title ") }.joined(separator: "\n")
      if text.count > 3 * examples[first].text.count { break }
    }
    return text
  }

  /// Most combined examples are cut into pieces that run apart (the others use a constant such
  /// as `main` throughout, or stop): the random edits below test the merge on them.
  @Test func mostCombinedExamplesAreMergedFromPieces() throws {
    var merged = 0
    for example in ScriptFormatterTests.examples {
      let pieces = ScriptPieces(smallestSplit: 2, pieceSize: 1)
      let text = try #require(Self.combined(example.name))
      let (incremental, whole) = Self.outcomes(text, pieces, options: RunOptions(maxFrames: 2_000))
      #expect(Self.same(incremental, whole), "\(example.name)")
      if pieces.lastRunWasMerged { merged += 1 }
    }
    #expect(merged * 2 > ScriptFormatterTests.examples.count, "\(merged) merged")
  }

  /// Every example with two or more others (see `combined`), cut as finely as it can be, then
  /// edited at random 40 times: each version's incremental outcome (reusing the pieces of the
  /// version before) is the whole run's.
  @Test(arguments: ScriptFormatterTests.examples.map(\.name))
  func randomEditsOfExamplesGiveTheWholeRunsOutcome(name: String) throws {
    var text = try #require(Self.combined(name))
    var random = Random(
      state: UInt64(truncatingIfNeeded: name.utf8.reduce(5381) { $0 &* 33 &+ Int($1) }))
    let pieces = ScriptPieces(smallestSplit: 2, pieceSize: 1)
    let options = RunOptions(maxFrames: 2_000)
    var merged = 0
    var firstMerged = false
    var good = text
    for round in 0..<40 {
      let (incremental, whole) = Self.outcomes(text, pieces, options: options)
      if pieces.lastRunWasMerged { merged += 1 }
      if round == 0 { firstMerged = pieces.lastRunWasMerged }
      #expect(
        Self.same(incremental, whole),
        "round \(round) of \(name):\n\(text)\nincremental: \(incremental.diagnostics)\nwhole: \(whole.diagnostics)"
      )
      if !Self.same(incremental, whole) { return }
      text = Self.next(after: text, whole, good: &good, &random)
    }
    // Where the first version is merged from pieces, so are others after edits.
    if firstMerged { #expect(merged >= 3, "\(merged) versions merged") }
  }

  /// The benchmark's script, edited at random: value, frame and line edits, each checked against
  /// the whole run.
  @Test func randomEditsOfALargeScriptGiveTheWholeRunsOutcome() {
    var text = Self.groups(60)
    var random = Random(state: 42)
    let pieces = ScriptPieces()
    var reused = 0
    var good = text
    for round in 0..<60 {
      let (incremental, whole) = Self.outcomes(text, pieces)
      #expect(Self.same(incremental, whole), "round \(round)")
      if !Self.same(incremental, whole) { return }
      if pieces.lastRunWasMerged, pieces.piecesRunLast <= 2 { reused += 1 }
      text = Self.next(after: text, whole, good: &good, &random)
    }
    // Most edits leave the script runnable, and then most pieces are kept.
    #expect(reused >= 10)
  }

  @Test func budgetsOfTheWholeRunAreKeptAcrossPieces() {
    // Each piece alone stays within the events budget, the pieces together do not: the whole
    // run's stop, not a merged success.
    let pieces = ScriptPieces(smallestSplit: 2, pieceSize: 1)
    let text = (0..<4).map { _ in "show interval(1).take(300).map { x in x }" }.joined(
      separator: "\n")
    let options = RunOptions(budgets: RunBudgets(maxEvents: 3_000))
    let (incremental, whole) = Self.outcomes(text, pieces, options: options)
    #expect(Self.same(incremental, whole))
    guard case .stopped = whole else {
      Issue.record(
        "the whole run was meant to stop at its events budget: \(String(describing: whole.diagnostics))"
      )
      return
    }
  }
}
