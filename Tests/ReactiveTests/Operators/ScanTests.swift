import Testing

@testable import Reactive

@Suite struct ScanTests {
  @Test func scanSendsEachAccumulation() {
    let t = TestClock()
    let a = t.cold("--1--2--3--|")
    t.expect(t.record(a.scan(0, +)), "--1--3--6--|")
    t.expectSubscriptions(a, "^----------!")
  }

  @Test func scanKeepsOneAccumulatorPerSubscription() {
    let t = TestClock()
    let scanned = t.cold("-1-2|").scan(0, +)
    let first = t.record(scanned)
    let second = t.record(scanned, subscribedAt: 2)
    t.expect(first, "-1-3|")
    t.expect(second, "---1-3|")
  }

  @Test func scanEmptyNeverFailureAndDisposal() {
    let t = TestClock()
    let a = t.cold("-1-2-3|")
    let empty = t.record(t.cold("---|").scan(0, +))
    let never = t.record(t.cold("-").scan(0, +))
    let failure = t.record(t.cold("-1-#").scan(0, +))
    let disposed = t.record(a.scan(0, +), disposedAt: 4)
    t.expect(empty, "---|")
    t.expect(never, "-")
    t.expect(failure, "-1-#")
    t.expect(disposed, "-1-3")
    t.expectSubscriptions(a, "^---!")
  }

  @Test func aggregateSendsOnlyTheFinalAccumulation() {
    let t = TestClock()
    let a = t.cold("-1-2-3|")
    let values = t.record(t.cold("--1--2--3--|").aggregate(0, +))
    let empty = t.record(t.cold("---|").aggregate(5, +))
    let never = t.record(t.cold("-").aggregate(0, +))
    let failure = t.record(t.cold("-1-#").aggregate(0, +))
    let disposed = t.record(a.aggregate(0, +), disposedAt: 4)
    t.expect(values, "-----------(6|)")
    t.expect(empty, "---(5|)")
    t.expect(never, "-")
    t.expect(failure, "---#")
    t.expect(disposed, "-")
    t.expectSubscriptions(a, "^---!")
  }
}
