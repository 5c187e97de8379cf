import Testing

@testable import Reactive

@Suite struct FlattenMapTests {
  @Test func mergesTheInnerSignals() {
    let t = TestClock()
    let outer = t.cold("-1--2------|")
    let inner = t.cold("-1-2|")
    let result = outer.flattenMap { v in inner.map { $0 + v * 10 } }
    t.expect(t.record(result), "--a-bc-d---|", ["a": 11, "b": 12, "c": 21, "d": 22])
    t.expectSubscriptions(inner, "-^---!", "----^---!")
    t.expectSubscriptions(outer, "^----------!")
  }

  @Test func docDiagram() {
    let t = TestClock()
    let outer = t.cold("--1-----2--|")
    let inner = t.cold("-0|")
    t.expect(t.record(outer.flattenMap { v in inner.map { _ in v } }), "---1-----2-|")
  }

  @Test func completesOnlyAfterEveryInner() {
    let t = TestClock()
    let inner = t.cold("---0|")
    t.expect(t.record(t.cold("-1|").flattenMap { _ in inner }), "----0|")
  }

  @Test func passesEmptyAndNever() {
    let t = TestClock()
    let empty = t.record(t.cold("---|").flattenMap { _ in Signal.just(1) })
    let never = t.record(t.cold("-").flattenMap { _ in Signal.just(1) })
    t.expect(empty, "---|")
    t.expect(never, "-")
  }

  @Test func innerFailureTerminatesEverything() {
    let t = TestClock()
    let outer = t.cold("-1-2----|")
    let inner = t.cold("-1---#")
    t.expect(t.record(outer.flattenMap { _ in inner }), "--1-1-#")
    t.expectSubscriptions(outer, "^-----!")
    t.expectSubscriptions(inner, "-^----!", "---^--!")
  }

  @Test func outerFailureDisposesTheInners() {
    let t = TestClock()
    let inner = t.cold("-0-----|")
    let outer = t.cold("--1--#")
    t.expect(t.record(outer.flattenMap { _ in inner }), "---0-#")
    t.expectSubscriptions(inner, "--^--!")
  }

  @Test func disposedEarlyDisposesOuterAndInners() {
    let t = TestClock()
    let outer = t.cold("-1-2----|")
    let inner = t.cold("-1-2-3|")
    t.expect(t.record(outer.flattenMap { _ in inner }, disposedAt: 5), "--1-(21)")
    t.expectSubscriptions(outer, "^----!")
    t.expectSubscriptions(inner, "-^---!", "---^-!")
    #expect(t.liveActions == 0)
  }

  @Test func releasesFinishedInnersBeforeTheEnd() throws {
    let t = TestClock()
    let inner = t.hot("------1-|")
    let outer = t.cold("-1-----|")
    let recording = t.record(outer.flattenMap { _ in inner.take(1) })
    try t.advance(to: 6)
    #expect(inner.subject?.subscriberCount == 0)
    t.expect(recording, "------1|")
  }

  @Test func flattenMergesASignalOfSignals() {
    let t = TestClock()
    let x = t.cold("-1|")
    let y = t.cold("--2|")
    let outer = t.hot("-x---y---|", ["x": x as Signal<Int>, "y": y])
    t.expect(t.record(outer.flatten()), "--1----2-|")
  }

  @Test func mergeWithInterleaves() {
    let t = TestClock()
    let a = t.cold("--1-----3--|")
    let b = t.cold("-----2-----|")
    t.expect(t.record(a.merge(with: b)), "--1--2--3--|")
  }

  @Test func mergeFailsOnTheFirstError() {
    let t = TestClock()
    let a = t.cold("--1-----3--|")
    let b = t.cold("---#")
    t.expect(t.record(Signal.merge(a, b)), "--1#")
    t.expectSubscriptions(a, "^--!")
  }

  @Test func staticMergeForms() {
    let t = TestClock()
    let a = t.cold("-1---|")
    let b = t.cold("--2-|")
    let c = t.cold("---3|")
    let three = t.record(Signal.merge(a, b, c))
    let array = t.record(Signal.merge([a, b]))
    let none = t.record(Signal<Int>.merge([]))
    let disposed = t.record(Signal.merge(a, b), disposedAt: 2)
    t.expect(three, "-123-|")
    t.expect(array, "-12--|")
    t.expect(none, "|")
    t.expect(disposed, "-1")
  }
}
