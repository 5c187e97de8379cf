import Testing

@testable import Reactive

@Suite struct SwitchToLatestTests {
  @Test func forwardsOnlyTheLatestInner() {
    let t = TestClock()
    let x = t.cold("-1-2-3|")
    let y = t.cold("-4|")
    let outer = t.hot("-x---y-----|", ["x": x as Signal<Int>, "y": y])
    t.expect(t.record(outer.switchToLatest()), "--1-2-4----|")
    t.expectSubscriptions(x, "-^---!")
    t.expectSubscriptions(y, "-----^-!")
  }

  @Test func waitsForTheLatestInnerAfterTheOuterCompletes() {
    let t = TestClock()
    let x = t.cold("---1|")
    let outer = t.hot("-x|", ["x": x as Signal<Int>])
    t.expect(t.record(outer.switchToLatest()), "----1|")
  }

  @Test func subscribesTheNewInnerBeforeCuttingTheOld() {
    var events: [String] = []
    let outer = Subject<Signal<Int>>()
    let first = Signal<Int> { _ in ActionDisposable { events.append("first disposed") } }
    let second = Signal<Int> { subscriber in
      events.append("second subscribed")
      subscriber.sendNext(2)
      return nil
    }
    outer.switchToLatest().subscribe(next: { events.append("next \($0)") })
    outer.sendNext(first)
    outer.sendNext(second)
    #expect(events == ["second subscribed", "next 2", "first disposed"])
  }

  @Test func emptyNeverAndFailures() {
    let t = TestClock()
    let x = t.cold("-1-#")
    let y = t.cold("-1-----|")
    let empty = t.record(t.hot("--|", [Character: Signal<Int>]()).switchToLatest())
    let never = t.record(t.hot("-", [Character: Signal<Int>]()).switchToLatest())
    let innerFailure = t.record(t.hot("x----|", ["x": x as Signal<Int>]).switchToLatest())
    let outerFailure = t.record(t.hot("y--#", ["y": y as Signal<Int>]).switchToLatest())
    t.expect(empty, "--|")
    t.expect(never, "-")
    t.expect(innerFailure, "-1-#")
    t.expect(outerFailure, "-1-#")
    t.expectSubscriptions(y, "^--!")
  }

  @Test func disposedEarlyDisposesTheInner() throws {
    let t = TestClock()
    let x = t.cold("-1-2-3|")
    let outer = t.hot("x----|", ["x": x as Signal<Int>])
    let recording = t.record(outer.switchToLatest(), disposedAt: 2)
    try t.advance(to: 2)
    #expect(outer.subject?.subscriberCount == 0)
    #expect(t.openSubscriptions == 0)
    t.expect(recording, "-1")
    t.expectSubscriptions(x, "^-!")
  }

  @Test func ifThenElseSwitchesOnEachBool() {
    let t = TestClock()
    let yes = t.cold("-1--1--1|")
    let no = t.cold("-2|")
    let condition = t.hot("t---f---|", ["t": true, "f": false])
    t.expect(t.record(condition.if(then: yes, else: no)), "-1---2--|")
    t.expectSubscriptions(yes, "^---!")
    t.expectSubscriptions(no, "----^-!")
  }

  @Test func ifThenElseFailureAndDisposal() {
    let t = TestClock()
    let yes = t.cold("-1--1--1|")
    let condition = t.hot("t--#", ["t": true])
    let other = t.hot("t----", ["t": true])
    let failure = t.record(condition.if(then: yes, else: .never))
    let disposed = t.record(other.if(then: yes, else: .never), disposedAt: 2)
    t.expect(failure, "-1-#")
    t.expect(disposed, "-1")
    #expect(t.openSubscriptions == 0)
  }
}
