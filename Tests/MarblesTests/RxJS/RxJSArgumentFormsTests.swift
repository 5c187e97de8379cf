import Testing

@testable import Marbles
@testable import MarblesCore

/// Argument forms of RxJS 7 beyond the first one, written as RxJS writes them under `use
/// rxjs`: `distinct(keySelector, flushes)`.
@Suite struct RxJSArgumentFormsTests {
  @Test func distinctForgetsItsKeysAtEachFlush() {
    // RxJS: `distinct(undefined, flushes)`; the flush at 4 lets the a at 5 and the b at 7
    // through again.
    expectPasses(
      """
      use rxjs
      let input = cold("-a-b-a-b-a-b|")
      let flushes = cold("----x|")
      let output = input.distinct(nil, flushes)
      show output
      expect output == "-a-b-a-b----|"
      expect subscriptions(flushes) == "^----!"
      """)
  }

  @Test func distinctWithAKeySelectorAndFlushes() {
    // Keys x % 2: 3 repeats 1's key, the flush at 4 forgets both, 4 repeats 2's key.
    expectPasses(
      """
      use rxjs
      let input = cold("-1-3-2-4-5|")
      let positional = input.distinct({ x in x % 2 }, cold("----x|"))
      let labelled = input.distinct(flushes: cold("----x|")) { x in x % 2 }
      show positional, labelled
      expect positional == "-1---2---5|"
      expect labelled == "-1---2---5|"
      """)
  }

  @Test func distinctFailsWhenItsFlushesFail() {
    expectPasses(
      """
      use rxjs
      let input = cold("-a-b-|")
      let output = input.distinct(nil, cold("--#"))
      show output
      expect output == "-a#"
      expect subscriptions(input) == "^-!"
      """)
    #expect(
      failureText(
        """
        use rxjs
        let output = cold("-a|").distinct(nil, 3)
        show output
        """
      ).contains("the flushes"))
  }
}
