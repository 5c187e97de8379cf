import ReactiveRxJS
import Testing

@testable import Reactive

@Suite struct DefaultIfEmptyTests {
  @Test func sendsTheDefaultOnlyForAnEmptySignal() {
    let t = TestClock()
    let a = t.cold("-----|")
    let empty = t.record(a.defaultIfEmpty(9))
    let values = t.record(t.cold("--1--|").defaultIfEmpty(9))
    t.expect(empty, "-----(9|)")
    t.expect(values, "--1--|")
    t.expectSubscriptions(a, "^----!")
  }

  @Test func neverFailureAndDisposal() {
    let t = TestClock()
    let a = t.cold("-----|")
    let never = t.record(t.cold("-").defaultIfEmpty(9))
    let failure = t.record(t.cold("--#").defaultIfEmpty(9))
    let disposed = t.record(a.defaultIfEmpty(9), disposedAt: 3)
    t.expect(never, "-")
    t.expect(failure, "--#")
    t.expect(disposed, "-")
    t.expectSubscriptions(a, "^--!")
  }
}
