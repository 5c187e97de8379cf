import ReactiveRxJS
import Testing

@testable import Reactive

/// `race` beyond its grid (in `RxJSOperatorGridTests`): a signal that wins while `race` is
/// still subscribing to the signals after it.
@Suite struct RaceTests {
  @Test func aSignalThatWinsWhileSubscribingLeavesTheLaterOnesUnsubscribed() {
    let t = TestClock()
    let later = t.cold("-2|")
    let last = t.cold("--3|")
    let immediate = Signal<Int> { subscriber in
      subscriber.sendNext(1)
      return nil
    }
    t.expect(t.record(Signal.race([immediate, later, last])), "1")
    t.expectSubscriptions(later)
    t.expectSubscriptions(last)
  }

  @Test func aLaterSignalThatWinsWhileSubscribingEndsTheEarlierOnes() {
    let t = TestClock()
    let first = t.cold("-1|")
    let last = t.cold("--3|")
    let immediate = Signal<Int> { subscriber in
      subscriber.sendNext(2)
      return nil
    }
    t.expect(t.record(Signal.race([first, immediate, last])), "2")
    t.expectSubscriptions(first, "(^!)")
    t.expectSubscriptions(last)
  }
}
