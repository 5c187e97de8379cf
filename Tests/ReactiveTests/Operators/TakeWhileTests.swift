import Testing

@testable import Reactive

@Suite struct TakeWhileTests {
  @Test func completesAtTheFirstFailingValue() {
    let t = TestClock()
    let a = t.cold("--1--2--5--3--|")
    t.expect(t.record(a.takeWhile { $0 < 4 }), "--1--2--|")
    t.expectSubscriptions(a, "^-------!")
  }

  @Test func passesEverythingWhileThePredicateHolds() {
    let t = TestClock()
    t.expect(t.record(t.cold("--1--2--|").takeWhile { _ in true }), "--1--2--|")
  }

  @Test func emptyNeverFailureAndDisposal() {
    let t = TestClock()
    let a = t.cold("--1--2--|")
    let empty = t.record(t.cold("---|").takeWhile { _ in true })
    let never = t.record(t.cold("-").takeWhile { _ in true })
    let failure = t.record(t.cold("--1--#").takeWhile { _ in true })
    let disposed = t.record(a.takeWhile { _ in true }, disposedAt: 3)
    t.expect(empty, "---|")
    t.expect(never, "-")
    t.expect(failure, "--1--#")
    t.expect(disposed, "--1")
    t.expectSubscriptions(a, "^--!")
    #expect(t.liveActions == 0)
  }

  @Test func stopsAnInfiniteSynchronousSource() {
    let t = TestClock()
    t.expect(t.record(Signal.from(1...).takeWhile { $0 < 4 }), "(123|)")
  }
}
