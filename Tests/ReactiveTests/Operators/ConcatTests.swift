import Testing

@testable import Reactive

@Suite struct ConcatTests {
  @Test func concatWithSubscribesTheSecondAfterTheFirstCompletes() {
    let t = TestClock()
    let a = t.cold("--1--|")
    let b = t.cold("--2--|")
    t.expect(t.record(a.concat(with: b)), "--1----2--|")
    t.expectSubscriptions(a, "^----!")
    t.expectSubscriptions(b, "-----^----!")
  }

  @Test func concatWithStopsAtAnError() {
    let t = TestClock()
    let a = t.cold("--1--#")
    let b = t.cold("--2--|")
    t.expect(t.record(a.concat(with: b)), "--1--#")
    t.expectSubscriptions(b)
  }

  @Test func concatWithEmptyAndNever() {
    let t = TestClock()
    let b = t.cold("-1|")
    let empty = t.record(t.cold("--|").concat(with: t.cold("-|")))
    let never = t.record(t.cold("-").concat(with: b))
    t.expect(empty, "---|")
    t.expect(never, "-")
    t.expectSubscriptions(b)
  }

  @Test func concatWithDisposedEarlyDisposesTheSecond() {
    let t = TestClock()
    let a = t.cold("--1|")
    let b = t.cold("--2--|")
    t.expect(t.record(a.concat(with: b), disposedAt: 6), "--1--2")
    t.expectSubscriptions(b, "---^--!")
    #expect(t.liveActions == 0)
  }

  @Test func staticConcatForms() {
    let t = TestClock()
    let a = t.cold("--1|")
    let b = t.cold("-2|")
    let c = t.cold("3|")
    let three = t.record(Signal.concat(a, b, c))
    let array = t.record(Signal.concat([a, b]))
    let none = t.record(Signal<Int>.concat([]))
    t.expect(three, "--1-23|")
    t.expect(array, "--1-2|")
    t.expect(none, "|")
  }

  @Test func startWithSendsTheValueFirst() {
    let t = TestClock()
    let a = t.cold("--1--|")
    let values = t.record(a.startWith(0))
    let failure = t.record(t.cold("--#").startWith(0))
    let never = t.record(t.cold("-").startWith(0))
    let disposed = t.record(a.startWith(0), disposedAt: 1)
    t.expect(values, "0-1--|")
    t.expect(failure, "0-#")
    t.expect(never, "0")
    t.expect(disposed, "0")
    t.expectSubscriptions(a, "^----!", "^!")
  }

  @Test func concatOfSignalsRunsThemOneAtATime() {
    let t = TestClock()
    let x = t.cold("--1|")
    let y = t.cold("-2|")
    let outer = t.hot("xy-------|", ["x": x as Signal<Int>, "y": y])
    t.expect(t.record(outer.concat()), "--1-2----|")
    t.expectSubscriptions(x, "^--!")
    t.expectSubscriptions(y, "---^-!")
  }

  @Test func concatOfSignalsWaitsForTheLastInner() {
    let t = TestClock()
    let x = t.cold("----1|")
    let outer = t.hot("x|", ["x": x as Signal<Int>])
    t.expect(t.record(outer.concat()), "----1|")
  }

  @Test func concatOfSignalsEmptyNeverAndFailure() {
    let t = TestClock()
    let x = t.cold("-1-#")
    let y = t.cold("-2|")
    let outer = t.hot("xy---|", ["x": x as Signal<Int>, "y": y])
    let empty = t.record(t.hot("--|", [Character: Signal<Int>]()).concat())
    let never = t.record(t.hot("-", [Character: Signal<Int>]()).concat())
    let innerFailure = t.record(outer.concat())
    let outerFailure = t.record(t.hot("--#", [Character: Signal<Int>]()).concat())
    t.expect(empty, "--|")
    t.expect(never, "-")
    t.expect(innerFailure, "-1-#")
    t.expectSubscriptions(y)
    t.expect(outerFailure, "--#")
  }

  @Test func concatOfSignalsDisposedEarly() {
    let t = TestClock()
    let x = t.cold("--1--2|")
    let outer = t.hot("x---|", ["x": x as Signal<Int>])
    t.expect(t.record(outer.concat(), disposedAt: 3), "--1")
    t.expectSubscriptions(x, "^--!")
    #expect(t.liveActions == 0)
  }

  @Test func concatOfSynchronousSignalsDoesNotRecurse() {
    var count = 0
    Signal.from((0..<10_000).map { _ in Signal.just(1) }).concat().subscribe(next: { count += $0 })
    #expect(count == 10_000)
  }
}
