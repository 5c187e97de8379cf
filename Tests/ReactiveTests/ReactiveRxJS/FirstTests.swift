import ReactiveRxJS
import Testing

@testable import Reactive

@Suite struct FirstTests {
  @Test func sendsTheFirstValueAndCompletesAtOnce() {
    let t = TestClock()
    let a = t.cold("--1--2--|")
    t.expect(t.record(a.first()), "--(1|)")
    t.expectSubscriptions(a, "^-!")
  }

  @Test func firstWhereSkipsToTheFirstMatch() {
    let t = TestClock()
    let a = t.cold("--1--2--3--|")
    t.expect(t.record(a.first { $0 > 1 }), "-----(2|)")
    t.expectSubscriptions(a, "^----!")
  }

  @Test func failsWithNoElementsWhenNothingMatches() {
    let t = TestClock()
    let empty = t.record(t.cold("----|").first())
    let noMatch = t.record(t.cold("-1-2|").first { $0 > 5 })
    t.expect(empty, "----#", error: SignalError.noElements)
    t.expect(noMatch, "----#", error: SignalError.noElements)
  }

  @Test func neverFailureAndDisposal() {
    let t = TestClock()
    let a = t.cold("--1--|")
    let never = t.record(t.cold("-").first())
    let failure = t.record(t.cold("--#").first())
    let disposed = t.record(a.first(), disposedAt: 1)
    t.expect(never, "-")
    t.expect(failure, "--#")
    t.expect(disposed, "-")
    t.expectSubscriptions(a, "^!")
  }

  @Test func stopsAnInfiniteSynchronousSource() {
    let t = TestClock()
    t.expect(t.record(Signal.from(1...).first { $0 == 3 }), "(3|)")
  }
}
