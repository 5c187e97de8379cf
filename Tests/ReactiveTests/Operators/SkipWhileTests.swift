import Testing

@testable import Reactive

@Suite struct SkipWhileTests {
  @Test func skipsUntilTheFirstFailingValue() {
    let t = TestClock()
    let a = t.cold("--1--2--5--3--|")
    var calls = 0
    let skipped = a.skipWhile { value in
      calls += 1
      return value < 4
    }
    t.expect(t.record(skipped), "--------5--3--|")
    #expect(calls == 3)
    t.expectSubscriptions(a, "^-------------!")
  }

  @Test func emptyNeverFailureAndDisposal() {
    let t = TestClock()
    let a = t.cold("--1--5--|")
    let empty = t.record(t.cold("---|").skipWhile { _ in true })
    let never = t.record(t.cold("-").skipWhile { _ in false })
    let failure = t.record(t.cold("--1--#").skipWhile { _ in true })
    let disposed = t.record(a.skipWhile { $0 < 4 }, disposedAt: 6)
    t.expect(empty, "---|")
    t.expect(never, "-")
    t.expect(failure, "-----#")
    t.expect(disposed, "-----5")
    t.expectSubscriptions(a, "^-----!")
  }
}
