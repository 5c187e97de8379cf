import ReactiveRxJS
import Testing

@testable import Reactive

@Suite struct LastTests {
  @Test func sendsTheLastValueAtCompletion() {
    let t = TestClock()
    let a = t.cold("--1--2--|")
    t.expect(t.record(a.last()), "--------(2|)")
    t.expectSubscriptions(a, "^-------!")
  }

  @Test func lastWhereKeepsTheLastMatch() {
    let t = TestClock()
    t.expect(t.record(t.cold("--1--2--3--|").last { $0 < 3 }), "-----------(2|)")
  }

  @Test func failsWithNoElementsWhenNothingMatches() {
    let t = TestClock()
    let empty = t.record(t.cold("----|").last())
    let noMatch = t.record(t.cold("-1-2|").last { $0 > 5 })
    t.expect(empty, "----#", error: SignalError.noElements)
    t.expect(noMatch, "----#", error: SignalError.noElements)
  }

  @Test func neverFailureAndDisposal() {
    let t = TestClock()
    let a = t.cold("--1--|")
    let never = t.record(t.cold("-1-").last())
    let failure = t.record(t.cold("-1-#").last())
    let disposed = t.record(a.last(), disposedAt: 3)
    t.expect(never, "-")
    t.expect(failure, "---#")
    t.expect(disposed, "-")
    t.expectSubscriptions(a, "^--!")
  }
}
