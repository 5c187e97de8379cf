import ReactiveRxJS
import Testing

@testable import Reactive

@Suite struct AliasesTests {
  @Test func mergeMapIsFlattenMap() {
    let t = TestClock()
    let inner = t.cold("-0|")
    let outer = t.cold("--1-----2--|")
    let merged = t.record(outer.mergeMap { v in inner.map { _ in v } })
    let failing = t.record(t.cold("-1-#").mergeMap { _ in Signal<Int>.never })
    t.expect(merged, "---1-----2-|")
    t.expect(failing, "---#")
  }

  @Test func concatMapRunsInnersOneAfterAnother() {
    let t = TestClock()
    let inner = t.cold("--0|")
    let outer = t.hot("12--------|")
    let concatenated = t.record(outer.concatMap { v in inner.map { _ in v } })
    let disposed = t.record(outer.concatMap { v in inner.map { _ in v } }, disposedAt: 4)
    t.expect(concatenated, "--1--2----|")
    t.expect(disposed, "--1-")
    t.expectSubscriptions(inner, "^--!", "^--!", "---^--!", "---^!")
  }

  @Test func switchMapCutsOffTheOldInner() {
    let t = TestClock()
    let inner = t.cold("---0|")
    let outer = t.hot("-1-2--------|")
    let switched = t.record(outer.switchMap { v in inner.map { _ in v } })
    let failing = t.record(t.cold("-1#").switchMap { _ in inner })
    t.expect(switched, "------2-----|")
    t.expect(failing, "--#")
    t.expectSubscriptions(inner, "-^-!", "-^!", "---^---!")
  }

  @Test func catchErrorIsCatch() {
    let t = TestClock()
    let recovery = t.cold("-9|")
    t.expect(t.record(t.cold("--1--#").catchError { _ in recovery }), "--1---9|")
  }

  @Test func ignoreElementsIsIgnoreValues() {
    let t = TestClock()
    t.expect(t.record(t.cold("--1--2--|").ignoreElements()), "--------|")
  }

  @Test func switchAllIsSwitchToLatest() {
    let t = TestClock()
    let x = t.cold("-1-2-3|")
    let y = t.cold("-4|")
    let outer = t.hot("-x---y-----|", ["x": x as Signal<Int>, "y": y])
    t.expect(t.record(outer.switchAll()), "--1-2-4----|")
  }

  @Test func debounceTimeIsThrottle() {
    let t = TestClock()
    let debounced = t.cold("-12---3-----4|").debounceTime(3, on: t.scheduler)
    t.expect(t.record(debounced), "-----2---3---(4|)")
  }
}
