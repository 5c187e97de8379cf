import Testing

@testable import Reactive

@Suite struct SampleTests {
  @Test func sendsTheLatestValueAtEachTrigger() {
    let t = TestClock()
    let a = t.cold("--1---2-3-----|")
    let trigger = t.cold("----x---x--x----", ["x": "x"])
    t.expect(t.record(a.sample(trigger)), "----1---3--3--|")
    t.expectSubscriptions(a, "^-------------!")
    t.expectSubscriptions(trigger, "^-------------!")
  }

  @Test func triggersBeforeTheFirstValueSendNothing() {
    let t = TestClock()
    t.expect(t.record(t.cold("---1---|").sample(t.cold("-x---x-", ["x": 0]))), "-----1-|")
  }

  @Test func completesWhenEitherCompletes() {
    let t = TestClock()
    let a = t.cold("-1------|")
    let empty = t.record(t.cold("---|").sample(t.cold("-x-x-x", ["x": 0])))
    let triggerDone = t.record(a.sample(t.cold("--x|", ["x": 0])))
    t.expect(empty, "---|")
    t.expect(triggerDone, "--1|")
    t.expectSubscriptions(a, "^--!")
  }

  @Test func failsWhenEitherFails() {
    let t = TestClock()
    let trigger = t.cold("-x-x-x-x-", ["x": 0])
    let sourceFails = t.record(t.cold("-1--#").sample(trigger))
    let triggerFails = t.record(t.cold("-1-----|").sample(t.cold("--x#", ["x": 0])))
    t.expect(sourceFails, "-1-1#")
    t.expect(triggerFails, "--1#")
    t.expectSubscriptions(trigger, "^---!")
  }

  @Test func neverAndDisposal() {
    let t = TestClock()
    let a = t.cold("-1-2-3|")
    let trigger = t.cold("--x-x-x", ["x": 0])
    let never = t.record(t.cold("-").sample(t.cold("-x-", ["x": 0])))
    let disposed = t.record(a.sample(trigger), disposedAt: 3)
    t.expect(never, "-")
    t.expect(disposed, "--1")
    t.expectSubscriptions(a, "^--!")
    t.expectSubscriptions(trigger, "^--!")
  }
}
