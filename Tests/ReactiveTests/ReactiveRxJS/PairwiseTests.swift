import ReactiveRxJS
import Testing

@testable import Reactive

/// RxJS `pairwise`: each value with the one before it, from the second value on.
@Suite struct PairwiseTests {
  @Test func pairwiseStartsAtTheSecondValue() {
    let t = TestClock()
    let a = t.cold("--1--2--4--|")
    t.expect(
      t.record(a.pairwise().map { [$0, $1] }), "-----p--q--|", ["p": [1, 2], "q": [2, 4]])
    t.expectSubscriptions(a, "^----------!")
  }

  @Test func pairwiseEmptyNeverFailureAndDisposal() {
    let t = TestClock()
    let a = t.cold("-1-2-3|")
    let single = t.record(t.cold("-1-|").pairwise().map { [$0, $1] })
    let never = t.record(t.cold("-").pairwise().map { [$0, $1] })
    let failure = t.record(t.cold("-1-2#").pairwise().map { [$0, $1] })
    let disposed = t.record(a.pairwise().map { [$0, $1] }, disposedAt: 4)
    t.expect(single, "---|", [Character: [Int]]())
    t.expect(never, "-", [Character: [Int]]())
    t.expect(failure, "---p#", ["p": [1, 2]])
    t.expect(disposed, "---p", ["p": [1, 2]])
    t.expectSubscriptions(a, "^---!")
  }
}
