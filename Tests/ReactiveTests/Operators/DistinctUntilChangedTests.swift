import Testing

@testable import Reactive

@Suite struct DistinctUntilChangedTests {
  @Test func dropsRepeatedValues() {
    let t = TestClock()
    let a = t.cold("--1--1--2--1--|")
    t.expect(t.record(a.distinctUntilChanged()), "--1-----2--1--|")
    t.expectSubscriptions(a, "^-------------!")
  }

  @Test func usesTheGivenEquivalence() {
    let t = TestClock()
    let a = t.cold("-1-3-2-4-5|")
    t.expect(t.record(a.distinctUntilChanged { $0 % 2 == $1 % 2 }), "-1---2---5|")
  }

  @Test func keepsStatePerSubscription() {
    let t = TestClock()
    let distinct = t.cold("-1-1|").distinctUntilChanged()
    let first = t.record(distinct)
    let second = t.record(distinct, subscribedAt: 2)
    t.expect(first, "-1--|")
    t.expect(second, "---1--|")
  }

  @Test func emptyNeverFailureAndDisposal() {
    let t = TestClock()
    let a = t.cold("-1-2-3|")
    let empty = t.record(t.cold("--|").distinctUntilChanged())
    let never = t.record(t.cold("-").distinctUntilChanged())
    let failure = t.record(t.cold("-1-1-#").distinctUntilChanged())
    let disposed = t.record(a.distinctUntilChanged(), disposedAt: 4)
    t.expect(empty, "--|")
    t.expect(never, "-")
    t.expect(failure, "-1---#")
    t.expect(disposed, "-1-2")
    t.expectSubscriptions(a, "^---!")
  }
}
