import Testing

@testable import Reactive

@Suite struct CombinePreviousTests {
  @Test func combinesEachValueWithThePreviousOne() {
    let t = TestClock()
    let a = t.cold("--1--2--4--|")
    t.expect(t.record(a.combinePrevious(0, +)), "--1--3--6--|")
    t.expectSubscriptions(a, "^----------!")
  }

  @Test func combinePreviousEmptyNeverFailureAndDisposal() {
    let t = TestClock()
    let a = t.cold("-1-2-3|")
    let empty = t.record(t.cold("---|").combinePrevious(0, +))
    let never = t.record(t.cold("-").combinePrevious(0, +))
    let failure = t.record(t.cold("-1-#").combinePrevious(5, +))
    let disposed = t.record(a.combinePrevious(0, +), disposedAt: 4)
    t.expect(empty, "---|")
    t.expect(never, "-")
    t.expect(failure, "-6-#")
    t.expect(disposed, "-1-3")
    t.expectSubscriptions(a, "^---!")
  }
}
