import ReactiveRxJS
import Testing

@testable import Reactive

/// `debounce` (RxJS's, with a duration signal per value): the operator grid — values, an empty
/// source, a silent one, a failing one, early disposal, and every subscription and timer
/// released — with the pending value flushed on completion in each shape it can take.
@Suite struct DebounceTests {
  @Test func sendsAValueOnceItsDurationSignalSends() {
    let t = TestClock()
    let a = t.cold("-12----3---|")
    let duration = t.cold("--x", ["x": 0])
    t.expect(t.record(a.debounce { _ in duration }), "----2----3-|")
    // Each value replaces the pending one and its duration signal.
    t.expectSubscriptions(duration, "-^!", "--^-!", "-------^-!")
    t.expectSubscriptions(a, "^----------!")
  }

  @Test func completionFlushesThePendingValueAtOnce() {
    let t = TestClock()
    let a = t.cold("-1-2|")
    let duration = t.cold("-----x", ["x": 0])
    t.expect(t.record(a.debounce { _ in duration }), "----(2|)")
    t.expectSubscriptions(duration, "-^-!", "---^!")
  }

  @Test func completionAtTheFrameOfAValueFlushesThatValue() {
    let t = TestClock()
    let a = t.cold("-1-(2|)")
    t.expect(t.record(a.debounce { _ in t.cold("---x", ["x": 0]) }), "---(2|)")
  }

  @Test func completionWithNothingPendingSendsOnlyTheCompletion() {
    let t = TestClock()
    let a = t.cold("-1------|")
    t.expect(t.record(a.debounce { _ in t.cold("--x", ["x": 0]) }), "---1----|")
  }

  @Test func aDurationThatCompletesEmptyKeepsTheValueUntilCompletion() {
    let t = TestClock()
    let duration = t.cold("-|")
    t.expect(t.record(t.cold("-1-----|").debounce { _ in duration }), "-------(1|)")
    t.expectSubscriptions(duration, "-^!")
  }

  @Test func emptyAndNever() {
    let t = TestClock()
    let empty = t.record(t.cold("--|").debounce { _ in t.cold("-x", ["x": 0]) })
    let never = t.record(t.cold("-").debounce { _ in t.cold("-x", ["x": 0]) })
    t.expect(empty, "--|")
    t.expect(never, "-")
    #expect(t.liveActions == 0)
  }

  @Test func aFailureDropsThePendingValue() {
    let t = TestClock()
    let duration = t.cold("---x", ["x": 0])
    t.expect(t.record(t.cold("-1#").debounce { _ in duration }), "--#")
    t.expectSubscriptions(duration, "-^!")
    t.expectReleased()
  }

  @Test func aFailingDurationSignalFailsTheOutput() {
    let t = TestClock()
    let a = t.cold("-1---|")
    t.expect(t.record(a.debounce { _ in t.cold("-#") }), "--#")
    t.expectSubscriptions(a, "^-!")
  }

  @Test func earlyDisposalDropsThePendingValueAndReleasesEverything() throws {
    let t = TestClock()
    let a = t.cold("-1--2--|")
    let duration = t.cold("--x", ["x": 0])
    let recording = t.record(a.debounce { _ in duration }, disposedAt: 5)
    try t.advance(to: 5)
    #expect(t.liveActions == 0)
    t.expect(recording, "---1")
    t.expectSubscriptions(a, "^----!")
    t.expectSubscriptions(duration, "-^-!", "----^!")
    t.expectReleased()
  }
}
