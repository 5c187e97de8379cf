import Testing

@testable import Reactive

@Suite struct TakeUntilTests {
  @Test func completesWhenTheTriggerSends() {
    let t = TestClock()
    let a = t.cold("--1--2--3--|")
    let trigger = t.hot("-------0")
    t.expect(t.record(a.takeUntil(trigger)), "--1--2-|")
    t.expectSubscriptions(a, "^------!")
    t.expectSubscriptions(trigger, "^------!")
  }

  @Test func completesWhenTheTriggerCompletes() {
    let t = TestClock()
    t.expect(t.record(t.cold("--1--2--|").takeUntil(t.hot("-----|"))), "--1--|")
  }

  @Test func ignoresTheTriggersError() {
    let t = TestClock()
    t.expect(t.record(t.cold("--1--2--|").takeUntil(t.hot("---#"))), "--1--2--|")
  }

  @Test func neverSubscribesWhenTheTriggerFiresSynchronously() {
    let t = TestClock()
    let a = t.cold("--1--|")
    t.expect(t.record(a.takeUntil(Signal.just(0))), "|")
    t.expectSubscriptions(a)
  }

  @Test func emptyNeverAndFailure() {
    let t = TestClock()
    let trigger = t.hot("-----0")
    let empty = t.record(t.cold("--|").takeUntil(trigger))
    let never = t.record(t.cold("-").takeUntil(trigger))
    let failure = t.record(t.cold("-1-#").takeUntil(trigger))
    t.expect(empty, "--|")
    t.expect(never, "-----|")
    t.expect(failure, "-1-#")
    t.expectSubscriptions(trigger, "^-!", "^----!", "^--!")
  }

  @Test func disposedEarlyDisposesSourceAndTrigger() {
    let t = TestClock()
    let a = t.cold("--1--2--|")
    let trigger = t.hot("-------0")
    t.expect(t.record(a.takeUntil(trigger), disposedAt: 3), "--1")
    t.expectSubscriptions(a, "^--!")
    t.expectSubscriptions(trigger, "^--!")
  }
}
