import Testing

@testable import Reactive

@Suite struct TakeLastTests {
  @Test func sendsTheLastValuesAtCompletion() {
    let t = TestClock()
    let a = t.cold("--1--2--3--|")
    let two = t.record(a.takeLast(2))
    let many = t.record(a.takeLast(5))
    let zero = t.record(a.takeLast(0))
    t.expect(two, "-----------(23|)")
    t.expect(many, "-----------(123|)")
    t.expect(zero, "-----------|")
    t.expectSubscriptions(a, "^----------!", "^----------!", "^----------!")
  }

  @Test func keepsOnlyTheLastValuesOfALongSignal() {
    var received: [Int] = []
    Signal.from(0..<1_000).takeLast(3).subscribe(next: { received.append($0) })
    #expect(received == [997, 998, 999])
  }

  @Test func emptyNeverFailureAndDisposal() {
    let t = TestClock()
    let a = t.cold("--1--2--|")
    let empty = t.record(t.cold("---|").takeLast(2))
    let never = t.record(t.cold("-1-").takeLast(2))
    let failure = t.record(t.cold("--1--#").takeLast(2))
    let disposed = t.record(a.takeLast(1), disposedAt: 6)
    t.expect(empty, "---|")
    t.expect(never, "-")
    t.expect(failure, "-----#")
    t.expect(disposed, "-")
    t.expectSubscriptions(a, "^-----!")
  }
}
