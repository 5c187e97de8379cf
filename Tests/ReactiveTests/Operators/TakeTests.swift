import Testing

@testable import Reactive

@Suite struct TakeTests {
  @Test func takeForwardsTheFirstValuesThenCompletes() {
    let t = TestClock()
    let a = t.cold("--1--2--3--|")
    t.expect(t.record(a.take(2)), "--1--(2|)")
    t.expectSubscriptions(a, "^----!")
  }

  @Test func takeZeroIsEmptyAndNeverSubscribes() {
    let t = TestClock()
    let a = t.cold("--1--|")
    t.expect(t.record(a.take(0)), "|")
    t.expectSubscriptions(a)
  }

  @Test func takeEmptyNeverAndFailure() {
    let t = TestClock()
    let empty = t.record(t.cold("---|").take(2))
    let never = t.record(t.cold("-").take(2))
    let failure = t.record(t.cold("--1--#").take(2))
    t.expect(empty, "---|")
    t.expect(never, "-")
    t.expect(failure, "--1--#")
  }

  @Test func takeDisposedEarly() {
    let t = TestClock()
    let a = t.cold("--1--2--3--|")
    t.expect(t.record(a.take(3), disposedAt: 4), "--1")
    t.expectSubscriptions(a, "^---!")
    #expect(t.liveActions == 0)
  }

  @Test func takeReleasesAHotSourceAtOnce() throws {
    let t = TestClock()
    let a = t.hot("--1--2--3--|")
    _ = t.record(a.take(1))
    try t.advance(to: 2)
    #expect(a.subject?.subscriberCount == 0)
  }

  /// Regression: `take` ties its upstream subscriber to the downstream one before subscribing,
  /// so a source that is still sending synchronously stops when `take` completes.
  @Test func takeStopsAnInfiniteSynchronousSource() {
    let t = TestClock()
    t.expect(t.record(Signal.from(1...).take(3)), "(123|)")
  }

  @Test func skipDropsTheFirstValues() {
    let t = TestClock()
    let a = t.cold("--1--2--3--|")
    let two = t.record(a.skip(2))
    let zero = t.record(a.skip(0))
    let empty = t.record(t.cold("---|").skip(2))
    let never = t.record(t.cold("-").skip(2))
    let failure = t.record(t.cold("--1--#").skip(2))
    t.expect(two, "--------3--|")
    t.expect(zero, "--1--2--3--|")
    t.expect(empty, "---|")
    t.expect(never, "-")
    t.expect(failure, "-----#")
  }

  @Test func skipDisposedEarly() {
    let t = TestClock()
    let a = t.cold("--1--2--3--|")
    t.expect(t.record(a.skip(1), disposedAt: 6), "-----2")
    t.expectSubscriptions(a, "^-----!")
  }
}
