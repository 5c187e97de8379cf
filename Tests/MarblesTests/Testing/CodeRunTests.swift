import Testing

@testable import MarblesCore
@testable import MarblesTesting
@testable import Reactive
@testable import ReactiveEvents

/// A marble's codes are kept as runs of one repeated code (`CodeRuns`), written a run at a time
/// by the parse and read from the run by the playback. Whatever breaks a run (another key, a
/// group, `|`, `#`) must leave every event its value, and what does not (a gap, `^`) too.
@Suite struct CodeRunTests {
  /// `a` is 1, `b` 2, `c` 3.
  let letters = ["a": 1, "b": 2, "c": 3]

  /// The runs of `marble`'s codes as (index, value) pairs, the completion 0 and the error −1.
  private func runs(_ marble: String, kind: MarbleKind = .cold) -> [[Int]] {
    let timeline = ParsedMarble(marble, kind: kind, values: letters).timeline
    let runs = timeline.codeRuns
    return zip(runs.starts, runs.codes).map { start, code in
      switch timeline.event(at: start) {
      case .next(let value): [start, value]
      case .completed: [start, 0]
      case .error: [start, -1]
      }
    }
  }

  /// Plays `marble` cold through `map` and records it.
  private func played(_ marble: String, subscription: String? = nil) throws -> Recording<Int> {
    let ts = TestScheduler()
    let source = ts.cold(marble, values: letters)
    let recording =
      subscription.map { ts.record(source.map { $0 * 10 }, subscription: $0) }
      ?? ts.record(source.map { $0 * 10 })
    try ts.run()
    return recording
  }

  private let tens = ["a": 10, "b": 20, "c": 30]

  @Test func aRunOfOneKeyIsOneRunBrokenByAnotherKey() throws {
    #expect(runs("aaaaaa|") == [[0, 1], [6, 0]])
    #expect(runs("aaabaac|") == [[0, 1], [3, 2], [4, 1], [6, 3], [7, 0]])
    expectMarbles(try played("aaabaac|"), "aaabaac|", values: tens)
  }

  @Test func aGroupBreaksARunAndAGapDoesNot() throws {
    #expect(runs("aa(ab)aa|") == [[0, 1], [3, 2], [4, 1], [6, 0]])
    #expect(runs("aa(aa)aa|") == [[0, 1], [6, 0]])
    #expect(runs("aa--a-aa#") == [[0, 1], [5, -1]])
    expectMarbles(try played("aa(ab)aa|"), "aa(ab)aa|", values: tens)
    expectMarbles(try played("aa--a-aa#"), "aa--a-aa#", values: tens)
  }

  @Test func aHotMarblesRunGoesAcrossTheSubscriptionPoint() throws {
    #expect(runs("aa^aab|", kind: .hot) == [[0, 1], [4, 2], [5, 0]])
    let ts = TestScheduler()
    let source = ts.hot("aa^aaba-ab|", values: letters)
    let recording = ts.record(source, subscription: "-^")
    try ts.run()
    expectMarbles(recording, "-aaba-ab|", values: letters)
  }

  @Test func disposalInTheMiddleOfARunStopsItAndAResubscriptionReadsFromTheStart() throws {
    expectMarbles(try played("aaaabbbb|", subscription: "^-----!"), "aaaabb", values: tens)
    let ts = TestScheduler()
    let source = ts.cold("aabb|", values: letters)
    let first = ts.record(source, subscription: "^--!")
    let second = ts.record(source, subscription: "--^")
    try ts.run()
    expectMarbles(first, "aab", values: letters)
    expectMarbles(second, "--aabb|", values: letters)
  }

  @Test func aKeyBreaksARunWhereverItIsInTheRunsEightByteSteps() {
    // The parse compares eight bytes at a time while all are the run's key.
    for length in 1...20 {
      for place in 0..<length {
        var keys = Array(repeating: "a", count: length)
        keys[place] = place % 3 == 0 ? "b" : place % 3 == 1 ? "-" : "c"
        let marble = keys.joined() + "aaaaaaaaa|"
        let expected = (keys + Array(repeating: "a", count: 9)).enumerated().compactMap {
          $0.element == "-" ? nil : Recorded(frame: $0.offset, event: .next(letters[$0.element]!))
        }
        #expect(ParsedMarble(marble, values: letters).events.dropLast() == expected[...])
      }
    }
  }

  @Test func codeRunsReadBackFromAnyHint() {
    let codes: [UInt32] = [7, 7, 7, 2, 7, 7, 9]
    let runs = CodeRuns(codes)
    #expect(runs.starts == [0, 3, 4, 6] && runs.codes == [7, 2, 7, 9] && runs.count == 7)
    #expect(runs.array == codes)
    var last = 0
    #expect(codes.indices.map { runs.code(at: $0, near: &last).code } == codes)
    for hint in -1...5 {
      for index in codes.indices {
        var run = hint
        let (code, end) = runs.code(at: index, near: &run)
        #expect(code == codes[index] && runs.starts[run] <= index && index < end)
        #expect(end == (run + 1 < runs.starts.count ? runs.starts[run + 1] : 7))
      }
    }
    var added = CodeRuns()
    added.append(5, count: 3)
    added.append(5, count: 0)
    added.append(5)
    added.append(6, count: 2)
    #expect(added.array == [5, 5, 5, 5, 6, 6] && added.starts == [0, 4])
    #expect(CodeRuns([]).array.isEmpty)
  }
}
