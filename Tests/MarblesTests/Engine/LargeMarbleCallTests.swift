import Testing

@testable import Marbles
@testable import MarblesCore

/// A `cold`/`hot` call hands its compile-time diagram over once when the marble is large (the
/// run does not keep it); a call that runs again parses its literal again, with the same result.
@Suite struct LargeMarbleCallTests {
  @Test func aLargeMarbleInAClosurePlaysTheSameEachTime() throws {
    let count = CallNode.keptMarbleEvents + 904
    let marble = String(repeating: "c", count: count) + "|"
    let run = try #require(
      completedRun(
        """
        let ticks = cold("ab|")
        let inner = ticks.flattenMap { x in cold("\(marble)", c: x) }
        show inner
        """, maxFrames: 20_000))
    let events = try #require(run.lane("inner")?.events)
    #expect(events.count == 2 * count + 1)
    // Both inner sources play every value: "a" from frame 0, "b" from frame 1.
    #expect(events.filter { $0 == .next(.string("a"), at: count - 1) }.count == 1)
    #expect(events.filter { $0 == .next(.string("b"), at: count) }.count == 1)
    #expect(events.last == .completed(at: count + 1))
  }

  @Test func theTypeCheckStillSeesTheKeysOfALargeMarble() {
    // The compiler keeps only the first event of each key for the type check.
    let marble = "-" + String(repeating: "ab", count: CallNode.keptMarbleEvents) + "|"
    let text = failureText(
      """
      let input = cold("\(marble)", b: "x")
      let output = input.map { x in x * 2 }
      show output
      """)
    #expect(
      text.contains(
        "operands of type 'String' and 'Int'; values of 'input' are String: 'a' at 1:20"))
    #expect(text.contains("1:20: warning: value 'a' has no entry in the values map"))
  }
}
