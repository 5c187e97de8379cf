import Reactive
import Testing

@testable import Marbles
@testable import MarblesCore

/// `show s.internals subscribed "…!"`: the internals' one subscription ends where the window
/// ends, as an ordinary lane's does.
@Suite struct OperatorInternalsWindowTests {
  @Test func internalsOfAnEndlessSourceStopAtTheWindowsEnd() throws {
    // Without the `!` honoured, interval keeps the run going until the frame limit.
    let run = try #require(
      completedRun(
        """
        let s = interval(3).scan(0) { $0 + $1 }
        show s.internals subscribed "^-------!"
        """, maxFrames: 100))
    #expect(run.stopped == nil)
    #expect(run.lastFrame < 100)
    for name in ["s", "s.acc"] {
      let lane = try #require(run.lane(name))
      #expect(lane.subscription == SubscriptionLog(subscribed: 0, unsubscribed: 8), "\(name)")
    }
    #expect(run.marble("s") == #"cold("---3--9")"#)
    #expect(run.marble("s.acc") == #"cold("0--3--9")"#)
  }

  @Test func internalsUnsubscribeTheOperatorAtTheWindowsEnd() {
    expectPasses(
      """
      let input = cold("-1-2-3-4|")
      let s = input.scan(0) { $0 + $1 }
      show s.internals subscribed "-^---!"
      expect subscriptions(input) == "-^---!"
      """)
  }

  @Test func theSubscriptionLastsUntilTheLastWindowEnds() throws {
    let run = try #require(
      expectPasses(
        """
        let input = cold("-1-2-3-4|")
        let s = input.scan(0) { $0 + $1 }
        show s.internals subscribed "^--!"
        show s.internals subscribed "^-----!"
        expect subscriptions(input) == "^-----!"
        """))
    // Each lane keeps its own window.
    #expect(run.lanes.filter { $0.name == "s.acc" }.map(\.subscription.unsubscribed) == [3, 6])
  }

  @Test func aWindowWithoutAnEndKeepsTheSubscription() {
    expectPasses(
      """
      let input = cold("-1-2-3-4|")
      let s = input.scan(0) { $0 + $1 }
      show s.internals subscribed "^--!"
      show s.internals
      expect subscriptions(input) == "^-------!"
      """)
  }

  @Test func aLaneThatStillRecordsAStateLaneKeepsTheSubscription() {
    expectPasses(
      """
      let input = cold("-1-2-3-4|")
      let s = input.scan(0) { $0 + $1 }
      let total = s.acc
      show s.internals subscribed "^--!", total
      // 's.acc' is the windowed lane; 'total' records the same state for the whole run.
      expect s.acc == "01-"
      expect total == "01-3-6-a|", a: 10
      expect subscriptions(input) == "^-------!"
      """)
  }

  @Test func aStateLaneShownInALongerWindowEndsTheSubscriptionWithIt() throws {
    let run = try #require(
      expectPasses(
        """
        let s = interval(2).scan(0) { $0 + $1 }
        let n = s.acc
        show s.internals subscribed "^--!", n subscribed "^-----!"
        expect n == "0-2-6-"
        """, maxFrames: 100))
    #expect(run.lastFrame < 100)
    #expect(run.lane("s.acc")?.subscription == SubscriptionLog(subscribed: 0, unsubscribed: 3))
  }

  // MARK: - interval

  @Test func intervalDrawsTheTicksSent() {
    expectPasses(
      """
      let ticks = interval(3)
      show ticks.internals subscribed "^----------!"
      expect ticks == "---a--b--c-", a: 3, b: 6, c: 9
      expect ticks.ticks == "0--1--2--3-"
      """, maxFrames: 100)
  }

  @Test func rxjsIntervalDrawsTheTicksSentBesideItsIndexes() {
    expectPasses(
      """
      use rxjs
      let ticks = interval(2)
      show ticks.internals subscribed "^------!"
      expect ticks == "--0-1-2"
      expect ticks.ticks == "0-1-2-3"
      """, maxFrames: 100)
  }

  @Test func intervalCountsTheTicksOfTheSubscriptionInTheWindow() {
    expectPasses(
      """
      let ticks = interval(3)
      show ticks.internals subscribed "--^-------!"
      expect ticks == "-----a--b-", a: 5, b: 8
      // The same lane, by name and as the very same signal: the windowed recording.
      expect ticks.ticks == "--0--1--2-"
      expect ticks.internals.ticks == "--0--1--2-"
      """, maxFrames: 100)
  }
}
