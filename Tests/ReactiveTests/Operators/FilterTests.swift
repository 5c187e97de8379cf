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

  @Test func filtersAfterAMapJoinItsStepAndRunInTheOrderWritten() {
    let t = TestClock()
    let a = t.cold("--1--2--3--4--5--6--|")
    var calls: [String] = []
    let chain = a.map { value in
      calls.append("map \(value)")
      return value * 10
    }
    .filter { value in
      calls.append("first \(value)")
      return value != 20
    }
    .filter { value in
      calls.append("second \(value)")
      return value != 40
    }
    // One step, the map's, which a further filter would join too (a filter's own step would
    // not take one).
    #expect((chain as? PipeSignal<Int>)?.keeping { _ in true } != nil)
    #expect((a.filter { _ in true } as? PipeSignal<Int>)?.keeping { _ in true } == nil)
    t.expect(t.record(chain, disposedAt: 16), "--a-----b-----c", ["a": 10, "b": 30, "c": 50])
    t.expectSubscriptions(a, "^" + String(repeating: "-", count: 15) + "!")
    #expect(
      calls == [
        "map 1", "first 10", "second 10", "map 2", "first 20", "map 3", "first 30", "second 30",
        "map 4", "first 40", "second 40", "map 5", "first 50", "second 50",
      ])
  }

  @Test func aMapWithItsFilterPassesTheTerminalEvents() {
    let t = TestClock()
    let a = t.cold("--1--2--3--4--5--6--|")
    let b = t.cold("--1--2--#")
    let mapped = a.map { $0 * 10 }
    let kept = t.record(mapped.filter { $0 > 30 })
    let all = t.record(mapped)
    let failing = t.record(b.map { $0 + 1 }.filter { $0 != 2 })
    t.expect(kept, "-----------a--b--c--|", ["a": 40, "b": 50, "c": 60])
    // The map the filter joined is unchanged.
    t.expect(
      all, "--a--b--c--d--e--f--|", ["a": 10, "b": 20, "c": 30, "d": 40, "e": 50, "f": 60])
    t.expect(failing, "-----a--#", ["a": 3])
    t.expectSubscriptions(b, "^-------!")
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
