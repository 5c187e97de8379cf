import Testing

@testable import Marbles
@testable import MarblesCore

/// RxJS 7's `connect(selector)`, spelled `connectWith { shared in … }` (a script's `connect`
/// connects a connectable signal), written from RxJS's documentation.
@Suite struct RxJSConnectSelectorTests {
  @Test func sharesOneSubscriptionAmongTheSelectorsParts() {
    expectPasses(
      """
      let input = cold("-1----2-----|")
      let both = input.connectWith { shared in merge(shared.map { x in x * 10 }, shared) }
      show both
      expect both == "-(a1)-(b2)--|", a: 10, b: 20
      expect subscriptions(input) == "^-----------!"
      """)
  }

  @Test func subscribesTheInputAfterTheSelectorsSignal() {
    // A synchronous input reaches every part: the parts are subscribed first.
    expectPasses(
      """
      let both = of(1, 2).connectWith { shared in merge(shared, shared.map { x in x * 10 }) }
      show both
      expect both == "(1a2b|)", a: 10, b: 20
      """)
  }

  @Test func emptyNeverAndFailingInputs() {
    expectPasses(
      """
      let empty = cold("--|").connectWith { shared in shared.map { x in x * 10 } }
      let silent = never.connectWith { shared in shared.startWith(0) }
      let failing = cold("-1----#", error: "boom").connectWith { shared in
        merge(shared, shared.map { x in x * 10 })
      }
      show empty, silent subscribed "^----!", failing
      expect empty == "--|"
      expect silent == "0----"
      expect failing == "-(1a)-#", a: 10, error: "boom"
      """)
  }

  @Test func unsubscribingReleasesTheInput() {
    expectPasses(
      """
      let input = cold("-1-2-3-4|")
      let cut = input.connectWith { shared in shared.map { x in x * 10 } }
      show cut subscribed "^----!"
      expect cut == "-a-b-", a: 10, b: 20
      expect subscriptions(input) == "^----!"
      """)
  }

  @Test func drawsHowManyPartsShareTheInput() {
    expectPasses(
      """
      let both = cold("------1---|").connectWith { shared in merge(shared, shared.take(1)) }
      show both.internals
      // Counting up as merge subscribes its two parts; take(1) leaves at the first value.
      expect both.subscribers == "(012)-1---(0|)"
      """)
  }

  @Test func aSelectorThatEndsFirstReleasesTheInput() {
    expectPasses(
      """
      let input = cold("-1-2-3-4|")
      let first = input.connectWith { shared in shared.take(2) }
      show first
      expect first == "-1-(2|)"
      expect subscriptions(input) == "^--!"
      """)
  }
}
