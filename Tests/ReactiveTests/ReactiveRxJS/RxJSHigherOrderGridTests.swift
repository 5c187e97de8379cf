import ReactiveRxJS
import Testing

@testable import Reactive

/// The RxJS rows that Marbles composes from Reactive operators (`exhaust`, `switchScan`,
/// `mergeScan(concurrent:)`, `combineLatestAll`, `zipAll`, `onErrorResumeNext`,
/// `connectable`): each grid checks the Reactive pieces, composed as the catalogue composes
/// them, against RxJS 7's documented behaviour.
@Suite struct RxJSHigherOrderGridTests {
  private typealias Inner = Signal<Int>

  /// `switchScan(seed, f)` / `mergeScan(seed, f, concurrent)`: the accumulator is per
  /// subscription and is read when each inner signal is subscribed.
  private func accumulated(
    _ source: Signal<Int>, seed: Int, switching: Bool, concurrency: Int? = nil,
    _ f: @escaping (Int, Int) -> Signal<Int>
  ) -> Signal<Int> {
    Signal.defer {
      let state = Locked(seed)
      let inners = source.map { x -> Signal<Int> in
        Signal.defer { f(state.value, x).doNext { value in state.withLock { $0 = value } } }
      }
      if switching { return inners.switchToLatest() }
      guard let concurrency else { return inners.flattenMap { $0 } }
      return inners.mergeMap(concurrency: concurrency) { $0 }
    }
  }

  /// `combineLatestAll` / `zipAll`: once the outer signal completes, combines its inners.
  private func collected(
    _ outer: Signal<Inner>, _ combine: @escaping ([Inner]) -> Signal<[Int]>
  ) -> Signal<[Int]> {
    outer.collect().flattenMap { inners in inners.isEmpty ? .empty : combine(inners) }
  }

  // MARK: - exhaust

  @Test func exhaustIgnoresInnerSignalsWhileOneRuns() {
    let t = TestClock()
    let inner = t.cold("--5|")
    let outer = t.cold("-xx--x|", ["x": inner as Inner])
    let r = t.record(outer.exhaustAll())
    t.expect(r, "---5---5|")
    t.expectSubscriptions(inner, "-^--!", "-----^--!")
    t.expectSubscriptions(outer, "^-----!")
    t.expectReleased()
  }

  @Test func exhaustGrid() {
    let t = TestClock()
    let inner = t.cold("---5")
    let source = t.cold("-x--|", ["x": t.cold("-#") as Inner])
    let empty = t.record(t.cold("--|", [Character: Inner]()).exhaustAll())
    let never = t.record(t.cold("-", [Character: Inner]()).exhaustAll())
    let outerFails = t.record(t.cold("-x#", ["x": inner as Inner]).exhaustAll())
    let innerFails = t.record(source.exhaustAll())
    t.expect(empty, "--|")
    t.expect(never, "-")
    t.expect(outerFails, "--#")
    t.expect(innerFails, "--#")
    t.expectSubscriptions(inner, "-^!")
    t.expectSubscriptions(source, "^-!")

    let d = TestClock()
    let running = d.cold("--5-5|")
    let outer = d.cold("-x---|", ["x": running as Inner])
    let disposed = d.record(outer.exhaustAll(), disposedAt: 4)
    d.expect(disposed, "---5")
    d.expectSubscriptions(outer, "^---!")
    d.expectSubscriptions(running, "-^--!")
    d.expectReleased()
  }

  // MARK: - switchScan and mergeScan

  @Test func switchScanAccumulatesTheLatestInnerValue() {
    let t = TestClock()
    let sums = t.record(
      accumulated(t.cold("-1----2|"), seed: 0, switching: true) { acc, x in
        t.cold("-a-b|", ["a": acc + x, "b": acc + x * 10])
      })
    let switched = t.record(
      accumulated(t.cold("-12--|"), seed: 0, switching: true) { acc, x in
        t.cold("--s|", ["s": acc + x])
      })
    t.expect(sums, "--a-b--c-d|", ["a": 1, "b": 10, "c": 12, "d": 30])
    t.expect(switched, "----2|")
  }

  @Test func mergeScanWithAConcurrencyReadsTheAccumulatorWhenAnInnerStarts() {
    let t = TestClock()
    let one = t.record(
      accumulated(t.cold("-12-|"), seed: 0, switching: false, concurrency: 1) { acc, x in
        t.cold("--s|", ["s": acc + x])
      })
    let unlimited = t.record(
      accumulated(t.cold("-12-|"), seed: 0, switching: false) { acc, x in
        t.cold("--s|", ["s": acc + x])
      })
    t.expect(one, "---1--3|")
    t.expect(unlimited, "---12|")
  }

  @Test func switchScanAndMergeScanGrid() {
    for switching in [true, false] {
      let t = TestClock()
      let inner = t.cold("---5")
      let source = t.cold("-1--2|")
      let scan = { (s: Signal<Int>, f: @escaping (Int, Int) -> Signal<Int>) in
        self.accumulated(s, seed: 0, switching: switching, concurrency: 1, f)
      }
      let empty = t.record(scan(t.cold("--|")) { _, _ in .just(1) })
      let never = t.record(scan(t.cold("-")) { _, _ in .just(1) })
      let sourceFails = t.record(scan(t.cold("-1#")) { _, _ in inner })
      let innerFails = t.record(scan(source) { _, _ in t.cold("-#") })
      t.expect(empty, "--|")
      t.expect(never, "-")
      t.expect(sourceFails, "--#")
      t.expect(innerFails, "--#")
      t.expectSubscriptions(inner, "-^!")
      t.expectSubscriptions(source, "^-!")

      let d = TestClock()
      let running = d.cold("--5-5|")
      let outer = d.cold("-1---|")
      let disposed = d.record(scan(outer) { _, _ in running }, disposedAt: 4)
      d.expect(disposed, "---5")
      d.expectSubscriptions(outer, "^---!")
      d.expectSubscriptions(running, "-^--!")
      d.expectReleased()
    }
  }

  // MARK: - combineLatestAll and zipAll

  @Test func combineLatestAllAndZipAllWaitForTheOuterSignal() {
    let t = TestClock()
    let x = t.cold("-1-2|")
    let y = t.cold("5|")
    let z = t.cold("5-6|")
    let latest = t.record(
      collected(t.cold("-x-y|", ["x": x as Inner, "y": y])) { Signal.combineLatest($0) })
    let zipped = t.record(
      collected(t.cold("-x-y|", ["x": x as Inner, "y": z])) { Signal.zip($0) })
    t.expect(latest, "-----p-q|", ["p": [1, 5], "q": [2, 5]])
    t.expect(zipped, "-----p-(q|)", ["p": [1, 5], "q": [2, 6]])
    t.expectSubscriptions(x, "----^---!", "----^--!")
    t.expectSubscriptions(y, "----^!")
    t.expectSubscriptions(z, "----^--!")
    t.expectReleased()
  }

  @Test func combineLatestAllAndZipAllGrid() {
    let combiners: [([Inner]) -> Signal<[Int]>] = [
      { Signal.combineLatest($0) }, { Signal.zip($0) },
    ]
    for combine in combiners {
      let t = TestClock()
      let unused = t.cold("-1|")
      let none = [Character: [Int]]()
      let empty = t.record(collected(t.cold("--|", [Character: Inner]()), combine))
      let never = t.record(collected(t.cold("-", [Character: Inner]()), combine))
      let silent = t.record(collected(t.cold("x|", ["x": t.cold("-") as Inner]), combine))
      let outerFails = t.record(collected(t.cold("-x#", ["x": unused as Inner]), combine))
      let innerFails = t.record(collected(t.cold("x|", ["x": t.cold("-#") as Inner]), combine))
      t.expect(empty, "--|", none)
      t.expect(never, "-", none)
      t.expect(silent, "-", none)
      t.expect(outerFails, "--#", none)
      t.expect(innerFails, "--#", none)
      t.expectSubscriptions(unused)

      let d = TestClock()
      let inner = d.cold("-1-2-3|")
      let disposed = d.record(
        collected(d.cold("x|", ["x": inner as Inner]), combine), disposedAt: 4)
      d.expect(disposed, "--a", ["a": [1]])
      d.expectSubscriptions(inner, "-^--!")
      d.expectReleased()
    }
  }

  // MARK: - onErrorResumeNext

  private func onErrorResumeNext(_ signals: [Signal<Int>]) -> Signal<Int> {
    Signal.concat(signals.map { $0.catch { _ in .empty } })
  }

  @Test func onErrorResumeNextGoesOnAfterAFailureAsAfterACompletion() {
    let t = TestClock()
    let a = t.cold("-1#")
    let b = t.cold("-2|")
    let c = t.cold("-3#")
    let r = t.record(onErrorResumeNext([a, b, c]))
    t.expect(r, "-1-2-3|")
    t.expectSubscriptions(a, "^-!")
    t.expectSubscriptions(b, "--^-!")
    t.expectSubscriptions(c, "----^-!")
    t.expectReleased()
  }

  @Test func onErrorResumeNextGrid() {
    let t = TestClock()
    let after = t.cold("-2|")
    let unreached = t.cold("-2|")
    let empty = t.record(onErrorResumeNext([t.cold("--|"), after]))
    let never = t.record(onErrorResumeNext([t.cold("-"), unreached]))
    t.expect(empty, "---2|")
    t.expect(never, "-")
    t.expectSubscriptions(after, "--^-!")
    t.expectSubscriptions(unreached)

    let d = TestClock()
    let first = d.cold("-1#")
    let second = d.cold("--2|")
    let disposed = d.record(onErrorResumeNext([first, second]), disposedAt: 3)
    d.expect(disposed, "-1")
    d.expectSubscriptions(first, "^-!")
    d.expectSubscriptions(second, "--^!")
    d.expectReleased()
  }

  // MARK: - connectable

  @Test func connectableWaitsForConnect() {
    let t = TestClock()
    let source = t.cold("-1-2-|")
    let shared = source.publish()
    let early = t.record(shared.signal)
    let late = t.record(shared.signal, subscribedAt: 4)
    t.scheduler.schedule(at: 2) { shared.connect() }
    t.expect(early, "---1-2-|")
    t.expect(late, "-----2-|")
    t.expectSubscriptions(source, "--^----!")
    t.expectReleased()
  }

  @Test func connectableGrid() {
    let t = TestClock()
    let empty = t.cold("--|").publish()
    let never = t.cold("-").publish()
    let failing = t.cold("-1#").publish()
    let unconnected = t.cold("-1|")
    let r1 = t.record(empty.signal)
    let r2 = t.record(never.signal)
    let r3 = t.record(failing.signal)
    let r4 = t.record(unconnected.publish().signal)
    let lateToFailure = t.record(failing.signal, subscribedAt: 4)
    t.scheduler.schedule(at: 0) {
      empty.connect()
      never.connect()
      failing.connect()
    }
    t.expect(r1, "--|")
    t.expect(r2, "-")
    t.expect(r3, "-1#")
    t.expect(r4, "-")
    // RxJS 7's connectable hands a subscriber that comes after the source terminated a fresh
    // subject (resetOnDisconnect): it hears nothing until the next connection.
    t.expect(lateToFailure, "-")
    t.expectSubscriptions(unconnected)

    // Disconnecting unsubscribes the source; a subscriber that leaves early gets nothing more.
    let d = TestClock()
    let source = d.cold("-1-2-3-|")
    let shared = source.publish()
    let leaves = d.record(shared.signal, disposedAt: 2)
    let stays = d.record(shared.signal)
    d.scheduler.schedule(at: 0) {
      let connection = shared.connect()
      d.scheduler.schedule(at: 4) { connection.dispose() }
    }
    d.expect(leaves, "-1")
    d.expect(stays, "-1-2")
    d.expectSubscriptions(source, "^---!")
    d.expectReleased()
  }
}
