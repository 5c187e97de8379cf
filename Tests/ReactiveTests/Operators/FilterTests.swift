import Testing

@testable import Reactive

@Suite struct FilterTests {
  @Test func keepsMatchingValues() {
    let t = TestClock()
    let a = t.cold("--1--2--3--4--|")
    t.expect(t.record(a.filter { $0 % 2 == 0 }), "-----2-----4--|")
    t.expectSubscriptions(a, "^-------------!")
  }

  @Test func passesEmptyAndNever() {
    let t = TestClock()
    let empty = t.record(t.cold("---|").filter { _ in true })
    let never = t.record(t.cold("-").filter { _ in true })
    t.expect(empty, "---|")
    t.expect(never, "-")
  }

  @Test func forwardsFailure() {
    let t = TestClock()
    let a = t.cold("--1--2--#")
    t.expect(t.record(a.filter { $0 % 2 == 0 }), "-----2--#")
    t.expectSubscriptions(a, "^-------!")
  }

  @Test func disposedEarlyStopsAndUnsubscribes() {
    let t = TestClock()
    let a = t.cold("--1--2--3--4--|")
    t.expect(t.record(a.filter { $0 % 2 == 0 }, disposedAt: 6), "-----2")
    t.expectSubscriptions(a, "^-----!")
    #expect(t.liveActions == 0)
  }

  @Test func ignoreValuesPassesOnlyTerminalEvents() {
    let t = TestClock()
    let a = t.cold("--1--2--|")
    let values = t.record(a.ignoreValues())
    let failure = t.record(t.cold("--1--#").ignoreValues())
    let never = t.record(t.cold("--1--2").ignoreValues())
    let disposed = t.record(a.ignoreValues(), disposedAt: 3)
    t.expect(values, "--------|")
    t.expect(failure, "-----#")
    t.expect(never, "-")
    t.expect(disposed, "-")
    t.expectSubscriptions(a, "^-------!", "^--!")
  }
}
