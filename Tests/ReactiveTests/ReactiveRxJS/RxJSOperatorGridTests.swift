import ReactiveRxJS
import Testing

@testable import Reactive

/// One operator's scenario grid beyond its values case: an empty source, a silent one, a
/// failing one, and an early disposal after which the source is unsubscribed and nothing is
/// left scheduled or subscribed.
private struct Grid<V: Equatable> {
  var operation: (TestClock, Signal<Int>) -> Signal<V>
  var values: [Character: V] = [:]

  func check(
    empty: String, emptyError: any Error = TestError(), never: String = "-",
    neverError: any Error = TestError(), failure: String,
    disposing source: String, at frame: Int,
    expected: String, window: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let t = TestClock()
    let emptyRun = t.record(operation(t, t.cold("--|")))
    let neverRun = t.record(operation(t, t.cold("-")))
    let failureRun = t.record(operation(t, t.cold("-1#")))
    t.expect(emptyRun, empty, values, error: emptyError, sourceLocation: sourceLocation)
    t.expect(neverRun, never, values, error: neverError, sourceLocation: sourceLocation)
    t.expect(failureRun, failure, values, sourceLocation: sourceLocation)

    let d = TestClock()
    let input = d.cold(source)
    let disposed = d.record(operation(d, input), disposedAt: frame)
    do {
      try d.advance(to: frame)
    } catch {
      Issue.record("the run stopped: \(error)", sourceLocation: sourceLocation)
    }
    #expect(d.liveActions == 0, "actions left after disposal", sourceLocation: sourceLocation)
    d.expect(disposed, expected, values, sourceLocation: sourceLocation)
    d.expectSubscriptions(input, window, sourceLocation: sourceLocation)
  }
}

@Suite struct RxJSOperatorGridTests {
  @Test func rxjsDelay() {
    let t = TestClock()
    let a = t.cold("--1--2|")
    let r1 = t.record(a.rxjs.delay(3, on: t.scheduler))
    t.expect(r1, "-----1--(2|)")
    t.expectSubscriptions(a, "^-----!")
    Grid { t, s in s.rxjs.delay(3, on: t.scheduler) }.check(
      empty: "--|", failure: "--#", disposing: "-1-2-|", at: 3, expected: "-", window: "^--!")
  }

  @Test func rxjsSample() {
    let t = TestClock()
    let a = t.cold("--1---2-3-----|")
    let notifier = t.cold("----x---x--x-|", ["x": 0])
    let r1 = t.record(a.rxjs.sample(notifier))
    t.expect(r1, "----1---3-----|")
    t.expectSubscriptions(notifier, "^------------!")
    Grid { t, s in s.rxjs.sample(t.cold("-x-x-x-x", ["x": 0])) }.check(
      empty: "--|", failure: "-1#", disposing: "1-2-3-|", at: 4, expected: "-1-2", window: "^---!")
  }

  @Test func rxjsTakeUntil() {
    let t = TestClock()
    let a = t.cold("--1--2--3--|")
    let r1 = t.record(a.rxjs.takeUntil(t.cold("----|")))
    let r2 = t.record(a.rxjs.takeUntil(t.cold("------x", ["x": 0])))
    let r3 = t.record(a.rxjs.takeUntil(t.cold("---#")))
    t.expect(r1, "--1--2--3--|")
    t.expect(r2, "--1--2|")
    t.expect(r3, "--1#")
    Grid { t, s in s.rxjs.takeUntil(t.cold("----------x", ["x": 0])) }.check(
      empty: "--|", never: "----------|", failure: "-1#", disposing: "-1-2-|", at: 2,
      expected: "-1", window: "^-!")
  }

  @Test func rxjsTimeout() {
    let t = TestClock()
    let a = t.cold("-1---2------3|")
    let r1 = t.record(a.rxjs.timeout(each: 5, with: t.cold("-9|"), on: t.scheduler))
    let r2 = t.record(a.rxjs.timeout(each: 5, on: t.scheduler))
    let r3 = t.record(a.rxjs.timeout(first: 2, each: nil, on: t.scheduler))
    t.expect(r2, "-1---2----#", error: SignalError.timedOut)
    t.expect(
      r1, "-1---2-----9|")
    t.expect(r3, "-1---2------3|")
    Grid { t, s in s.rxjs.timeout(each: 3, on: t.scheduler) }.check(
      empty: "--|", never: "---#", neverError: SignalError.timedOut, failure: "-1#",
      disposing: "-1-2--|", at: 3, expected: "-1-",
      window: "^--!")
  }

  @Test func rxjsThrottle() {
    let t = TestClock()
    let a = t.cold("-123---4--|")
    let r1 = t.record(a.rxjs.throttle(trailing: true) { _ in t.cold("---x", ["x": 0]) })
    let r2 = t.record(a.rxjs.throttle { _ in t.cold("---x", ["x": 0]) })
    t.expect(r2, "-1-----4--|")
    t.expect(
      r1, "-1--3--4--|")
    Grid { t, s in s.rxjs.throttle { _ in t.cold("--x", ["x": 0]) } }.check(
      empty: "--|", failure: "-1#", disposing: "-1-2-3|", at: 4, expected: "-1", window: "^---!")
  }

  @Test func buffer() {
    let t = TestClock()
    let a = t.cold("-1-2--3--4|")
    let r1 = t.record(a.buffer(t.cold("----x---x", ["x": 0])))
    t.expect(
      r1, "----x---y-(z|)",
      ["x": [1, 2], "y": [3], "z": [4]])
    Grid(
      operation: { t, s in s.buffer(t.cold("---x", ["x": 0])) }, values: ["e": [], "x": [1, 2]]
    )
    .check(
      empty: "--(e|)", never: "---e", failure: "--#", disposing: "-1-2-|", at: 4, expected: "---x",
      window: "^---!")
  }

  @Test func share() {
    let t = TestClock()
    let a = t.cold("-1-2-3-|")
    let shared = a.share()
    let r1 = t.record(shared)
    let r2 = t.record(shared, subscribedAt: 2)
    t.expect(r1, "-1-2-3-|")
    t.expect(r2, "---2-3-|")
    t.expectSubscriptions(a, "^------!")
    Grid { _, s in s.share() }.check(
      empty: "--|", failure: "-1#", disposing: "-1-2-|", at: 2, expected: "-1", window: "^-!")
  }

  @Test func shareResetOptions() {
    let t = TestClock()
    let failing = t.cold("-1#")
    let kept = failing.share(resetOnError: false)
    let fresh = t.cold("-1|")
    let reset = fresh.share()
    let r1 = t.record(kept)
    let r2 = t.record(kept, subscribedAt: 4)
    let r3 = t.record(reset)
    let r4 = t.record(reset, subscribedAt: 4)
    t.expect(r1, "-1#")
    t.expect(r2, "----#")
    t.expect(r3, "-1|")
    t.expect(r4, "-----1|")
    t.expectSubscriptions(failing, "^-!")
    t.expectSubscriptions(fresh, "^-!", "----^-!")
  }

  @Test func distinct() {
    let t = TestClock()
    let r1 = t.record(t.cold("-1-2-1-3-2|").distinct { $0 })
    let r2 = t.record(t.cold("-1-2-11-3|").distinct { $0 % 10 })
    t.expect(r1, "-1-2---3--|")
    t.expect(r2, "-1-2----3|")
    Grid { _, s in s.distinct { $0 } }.check(
      empty: "--|", failure: "-1#", disposing: "-1-1-2|", at: 4, expected: "-1", window: "^---!")
  }

  @Test func distinctWithFlushes() {
    // Keys are forgotten at each value of `flushes` (at 4 here): the 1 at 5 and the 2 at 7
    // pass again. `flushes` is subscribed after the source and ends with it; its completion
    // changes nothing, its failure fails the result.
    let t = TestClock()
    let flushes = t.cold("----0|")
    let r1 = t.record(t.cold("-1-2-1-2-1-2|").distinct(flushes: flushes) { $0 })
    let failing = t.cold("-1-2|")
    let r2 = t.record(failing.distinct(flushes: t.cold("--#")) { $0 })
    t.expect(r1, "-1-2-1-2----|")
    t.expect(r2, "-1#")
    t.expectSubscriptions(flushes, "^----!")
    t.expectSubscriptions(failing, "^-!")
    Grid { t, s in s.distinct(flushes: t.cold("--0-"), by: { $0 }) }.check(
      empty: "--|", failure: "-1#", disposing: "-1-1-1|", at: 4, expected: "-1-1",
      window: "^---!")
  }

  @Test func tapWithAnObserver() {
    // Each callback at its moment: subscribe before the source is subscribed, next and
    // complete before the event is forwarded, finalize after it; unsubscribe only when the
    // subscriber leaves first.
    let t = TestClock()
    let calls = Locked<[String]>([])
    func note(_ text: String) { calls.withLock { $0.append("\(t.now):\(text)") } }
    func observed(_ s: Signal<Int>) -> Signal<Int> {
      s.rxjs.tap(
        subscribe: { note("s") }, next: { note("n\($0)") }, error: { _ in note("e") },
        complete: { note("c") }, unsubscribe: { note("u") }, finalize: { note("f") })
    }
    let ended = t.record(observed(t.cold("-1|")))
    let failed = t.record(observed(t.cold("---#")))
    let left = t.record(observed(t.cold("-----1|")), disposedAt: 4)
    t.expect(ended, "-1|")
    t.expect(failed, "---#")
    t.expect(left, "-")
    #expect(
      calls.withLock { $0 } == [
        "0:s", "0:s", "0:s", "1:n1", "2:c", "2:f", "3:e", "3:f", "4:u", "4:f",
      ])
    Grid { _, s in s.rxjs.tap(next: { _ in }, finalize: {}) }.check(
      empty: "--|", failure: "-1#", disposing: "-1-2-3|", at: 4, expected: "-1-2", window: "^---!")
  }

  @Test func findAndFindIndex() {
    let t = TestClock()
    let r1 = t.record(t.cold("-1-5-7|").find { v, _ in v > 4 })
    let r2 = t.record(t.cold("-1-2|").find { v, _ in v > 4 })
    let r3 = t.record(t.cold("-1-5-7|").findIndex { v, _ in v > 4 })
    t.expect(r1, "---(5|)", ["5": 5])
    t.expect(r2, "----(n|)", ["n": nil])
    t.expect(r3, "---(1|)")
    Grid(operation: { _, s in s.find { v, _ in v > 4 } }, values: ["n": nil]).check(
      empty: "--(n|)", failure: "--#", disposing: "-1-2-5|", at: 4, expected: "-", window: "^---!")
  }

  @Test func elementAt() {
    let t = TestClock()
    let r1 = t.record(t.cold("-1-2-3|").elementAt(1))
    let r2 = t.record(t.cold("-1|").elementAt(2, default: 9))
    let r3 = t.record(t.cold("-1|").elementAt(2))
    t.expect(r1, "---(2|)")
    t.expect(r2, "--(9|)")
    t.expect(r3, "--#", error: SignalError.outOfRange)
    Grid { _, s in s.elementAt(0, default: 9) }.check(
      empty: "--(9|)", failure: "-(1|)", disposing: "---1|", at: 2, expected: "-", window: "^-!")
  }

  @Test func everyAndIsEmpty() {
    let t = TestClock()
    let values: [Character: Bool] = ["t": true, "f": false]
    let r1 = t.record(t.cold("-1-7-2|").every { v, _ in v < 5 })
    let r2 = t.record(t.cold("-1-2|").every { v, _ in v < 5 })
    let r3 = t.record(t.cold("-1-|").isEmpty())
    t.expect(r1, "---(f|)", values)
    t.expect(r2, "----(t|)", values)
    t.expect(r3, "-(f|)", values)
    Grid(operation: { _, s in s.every { v, _ in v < 5 } }, values: values).check(
      empty: "--(t|)", failure: "--#", disposing: "-1-2-|", at: 3, expected: "-", window: "^--!")
  }

  @Test func countReduceAndScan() {
    let t = TestClock()
    let r1 = t.record(t.cold("-1-2-3|").count())
    let r2 = t.record(t.cold("-1-2-4|").count { v, _ in v % 2 == 0 })
    let r3 = t.record(t.cold("-1-2-3|").reduce(+))
    let r4 = t.record(t.cold("-1-2-3|").scan(+))
    let r5 = t.record(t.cold("-3-1-2|").minimum(by: <))
    let r6 = t.record(t.cold("-3-1-2|").maximum(by: <))
    t.expect(r1, "------(3|)")
    t.expect(r2, "------(2|)")
    t.expect(r3, "------(6|)")
    t.expect(r4, "-1-3-6|")
    t.expect(r5, "------(1|)")
    t.expect(r6, "------(3|)")
    Grid { _, s in s.count() }.check(
      empty: "--(0|)", failure: "--#", disposing: "-1-2-|", at: 3, expected: "-", window: "^--!")
    Grid { _, s in s.reduce(+) }.check(
      empty: "--|", failure: "--#", disposing: "-1-2-|", at: 3, expected: "-", window: "^--!")
    Grid { _, s in s.scan(+) }.check(
      empty: "--|", failure: "-1#", disposing: "-1-2-|", at: 2, expected: "-1", window: "^-!")
  }

  @Test func exhaustMap() {
    let t = TestClock()
    let inner = t.cold("-1-2|")
    let r1 = t.record(t.cold("-a-b---c---|", ["a": 0, "b": 0, "c": 0]).exhaustMap { _ in inner })
    t.expect(
      r1,
      "--1-2---1-2|")
    t.expectSubscriptions(inner, "-^---!", "-------^---!")
    Grid { t, s in s.exhaustMap { _ in t.cold("-5-6|") } }.check(
      empty: "--|", failure: "--#", disposing: "1---|", at: 3, expected: "-5-", window: "^--!")
  }

  @Test func auditTime() {
    let t = TestClock()
    let r1 = t.record(t.cold("-12---3-----|").auditTime(3, on: t.scheduler))
    t.expect(r1, "----2----3--|")
    Grid { t, s in s.auditTime(3, on: t.scheduler) }.check(
      empty: "--|", failure: "--#", disposing: "-1-2-|", at: 3, expected: "-", window: "^--!")
  }

  @Test func skipLast() {
    let t = TestClock()
    let r1 = t.record(t.cold("-1-2-3-4|").skipLast(2))
    t.expect(r1, "-----1-2|")
    Grid { _, s in s.skipLast(1) }.check(
      empty: "--|", failure: "--#", disposing: "-1-2-3|", at: 4, expected: "---1", window: "^---!")
  }

  @Test func mergeMapWithConcurrency() {
    let t = TestClock()
    let inner = t.cold("--5|")
    let r1 = t.record(t.cold("12-3|").mergeMap(concurrency: 1) { _ in inner })
    t.expect(r1, "--5--5--5|")
    t.expectSubscriptions(inner, "^--!", "---^--!", "------^--!")
    Grid { t, s in s.mergeMap(concurrency: 1) { _ in t.cold("-7|") } }.check(
      empty: "--|", failure: "--#", disposing: "1-2-3|", at: 3, expected: "-7", window: "^--!")
  }

  @Test func throttleTimeLeadingAndTrailing() {
    let t = TestClock()
    let a = t.cold("-123-----4|")
    let r1 = t.record(a.throttleTime(3, leading: false, trailing: true, on: t.scheduler))
    let r2 = t.record(a.throttleTime(3, trailing: true, on: t.scheduler))
    t.expect(r2, "-1--3----4|")
    t.expect(
      r1,
      "----3-------(4|)")
    Grid { t, s in s.throttleTime(3, trailing: true, on: t.scheduler) }.check(
      empty: "--|", failure: "-1#", disposing: "-12-|", at: 3, expected: "-1-", window: "^--!")
  }

  @Test func takeWhileInclusive() {
    let t = TestClock()
    let r1 = t.record(t.cold("-1-2-3-1|").takeWhile(inclusive: true) { $0 < 3 })
    t.expect(r1, "-1-2-(3|)")
  }

  @Test func retryAndRepeatWithDelay() {
    let t = TestClock()
    let flaky = t.cold("-1#")
    let once = t.cold("-1|")
    let r1 = t.record(flaky.retry(1, delay: (2, t.scheduler)))
    let r2 = t.record(once.repeat(2, delay: (3, t.scheduler)))
    t.expect(r1, "-1---1#")
    t.expectSubscriptions(flaky, "^-!", "----^-!")
    t.expect(r2, "-1----1|")
    t.expectSubscriptions(once, "^-!", "-----^-!")
    Grid { t, s in s.retry(1, delay: (2, t.scheduler)) }.check(
      empty: "--|", failure: "-1---1#", disposing: "-1#", at: 3, expected: "-1", window: "^-!")
  }

  @Test func skipUntil() {
    let t = TestClock()
    let notifier = t.cold("----x", ["x": 0])
    let r1 = t.record(t.cold("-1-2-3-4|").skipUntil(notifier))
    let r2 = t.record(t.cold("-1-2|").skipUntil(t.cold("-|")))
    t.expect(r1, "-----3-4|")
    t.expect(r2, "----|")
    t.expectSubscriptions(notifier, "^---!")
    Grid { t, s in s.skipUntil(t.cold("x", ["x": 0])) }.check(
      empty: "--|", failure: "-1#", disposing: "-1-2-|", at: 2, expected: "-1", window: "^-!")
  }

  @Test func race() {
    let t = TestClock()
    let slow = t.cold("----1|")
    let fast = t.cold("--2---3|")
    let r1 = t.record(Signal.race([slow, fast]))
    t.expect(r1, "--2---3|")
    t.expectSubscriptions(slow, "^-!")
    t.expectSubscriptions(fast, "^------!")
    Grid { t, s in Signal.race([s, t.cold("-----9|")]) }.check(
      empty: "--|", never: "-----9|", failure: "-1#", disposing: "-1-2-|", at: 2, expected: "-1",
      window: "^-!")
  }

  @Test func forkJoin() {
    let t = TestClock()
    let a = t.cold("-1-2---|")
    let b = t.cold("---3|")
    let r1 = t.record(Signal.forkJoin([a, b]))
    let r2 = t.record(Signal.forkJoin([t.cold("-1-----|"), t.cold("--|")]))
    t.expect(r1, "-------(x|)", ["x": [2, 3]])
    t.expect(r2, "--|", [:])
    Grid(operation: { t, s in Signal.forkJoin([s, t.cold("-5|")]) }, values: ["x": [1, 5]])
      .check(
        empty: "--|", failure: "--#", disposing: "-1-2-|", at: 3, expected: "-", window: "^--!")
  }

  @Test func throwIfEmpty() {
    let t = TestClock()
    let r1 = t.record(t.cold("-1|").throwIfEmpty())
    t.expect(r1, "-1|")
    Grid { _, s in s.throwIfEmpty(TestError()) }.check(
      empty: "--#", failure: "-1#", disposing: "-1-2-|", at: 2, expected: "-1", window: "^-!")
  }

  @Test func debounce() {
    let t = TestClock()
    let duration = t.cold("--x", ["x": 0])
    let r1 = t.record(t.cold("-12----3---|").debounce { _ in duration })
    let r2 = t.record(t.cold("-1--|").debounce { _ in t.cold("-|") })
    t.expect(r1, "----2----3-|")
    t.expect(r2, "----(1|)")
    t.expectSubscriptions(duration, "-^!", "--^-!", "-------^-!")
    Grid { t, s in s.debounce { _ in t.cold("--x", ["x": 0]) } }.check(
      empty: "--|", failure: "--#", disposing: "-1-2--|", at: 4, expected: "-", window: "^---!")
  }

  @Test func single() {
    let t = TestClock()
    let r1 = t.record(t.cold("-1-2-3|").single { v, _ in v == 2 })
    let r2 = t.record(t.cold("-1-2-3|").single { v, _ in v > 1 })
    let r3 = t.record(t.cold("-1-2-3|").single { v, _ in v > 5 })
    t.expect(r1, "------(2|)")
    t.expect(r2, "-----#", error: SignalError.notSingle)
    t.expect(r3, "------#", error: SignalError.noElements)
    Grid { _, s in s.single() }.check(
      empty: "--#", emptyError: SignalError.noElements, failure: "--#", disposing: "-1--|", at: 2,
      expected: "-", window: "^-!")
  }

  @Test func delayWhen() {
    let t = TestClock()
    let duration = t.cold("---x", ["x": 0])
    let r1 = t.record(t.cold("-1--2|").delayWhen { _ in duration })
    let r2 = t.record(
      t.cold("-1-2|").delayWhen { v in v == 1 ? t.cold("-|") : t.cold("-x", ["x": 0]) })
    t.expect(r1, "----1--(2|)")
    t.expect(r2, "----(2|)")
    t.expectSubscriptions(duration, "-^--!", "----^--!")
    Grid { t, s in s.delayWhen { _ in t.cold("--x", ["x": 0]) } }.check(
      empty: "--|", failure: "--#", disposing: "-1-2-|", at: 3, expected: "-", window: "^--!")
  }

  @Test func retryAndRepeatWhenADelaySignalSends() {
    let t = TestClock()
    let flaky = t.cold("-1#")
    let once = t.cold("-1|")
    let r1 = t.record(flaky.retry(1) { _, n in t.cold("--x", ["x": n]) })
    let r2 = t.record(once.repeat(2) { _ in t.cold("-x", ["x": 0]) })
    let r3 = t.record(t.cold("-1#").retry(nil) { _, _ in t.cold("-|") })
    t.expect(r1, "-1---1#")
    t.expectSubscriptions(flaky, "^-!", "----^-!")
    t.expect(r2, "-1--1|")
    t.expectSubscriptions(once, "^-!", "---^-!")
    t.expect(r3, "-1-|")
    Grid { t, s in s.retry(1) { _, _ in t.cold("--x", ["x": 0]) } }.check(
      empty: "--|", failure: "-1---1#", disposing: "-1#", at: 3, expected: "-1", window: "^-!")
  }

  @Test func windowsOpenAndClose() {
    let t = TestClock()
    let values = t.cold("-1-2-3|")
    let inner = Locked<[[Int]]>([])
    let r1 = t.record(
      values.windowCount(2).flattenMap { window in
        window.collect().map { collected -> Int in
          inner.withLock { $0.append(collected) }
          return collected.count
        }
      })
    let r2 = t.record(t.cold("-1-2|").window(t.cold("--x", ["x": 0])).flattenMap { $0 })
    t.expect(r1, "---2--(1|)")
    t.expect(r2, "-1-2|")
    #expect(inner.value == [[1, 2], [3]])
  }
}
