import Testing

@testable import Reactive

@Suite struct DoTests {
  private func tap(_ signal: Signal<Int>, into log: Locked<[String]>) -> Signal<Int> {
    signal
      .doNext { v in log.withLock { $0.append("doNext \(v)") } }
      .doError { e in log.withLock { $0.append("doError \(e)") } }
      .doCompleted { log.withLock { $0.append("doCompleted") } }
      .doEvent { e in log.withLock { $0.append("then \(e)") } }
  }

  @Test func runsBeforeForwardingEachEvent() {
    let t = TestClock()
    let log = Locked<[String]>([])
    let a = t.cold("--1--|")
    t.expect(t.record(tap(a, into: log)), "--1--|")
    #expect(log.value == ["doNext 1", "then next(1)", "doCompleted", "then completed"])
    t.expectSubscriptions(a, "^----!")
  }

  @Test func runsForErrors() {
    let t = TestClock()
    let log = Locked<[String]>([])
    t.expect(t.record(tap(t.cold("-#"), into: log)), "-#")
    #expect(log.value == ["doError error", "then error(error)"])
  }

  @Test func runsOncePerSubscriptionAndNotForNeverOrDisposal() {
    let t = TestClock()
    let log = Locked<[String]>([])
    let a = t.cold("-1-2|")
    let tapped = tap(a, into: log)
    let first = t.record(tapped, disposedAt: 2)
    let second = t.record(tapped, subscribedAt: 1, disposedAt: 3)
    let never = t.record(tap(t.cold("-"), into: log))
    t.expect(first, "-1")
    t.expect(second, "--1")
    t.expect(never, "-")
    #expect(log.value == ["doNext 1", "then next(1)", "doNext 1", "then next(1)"])
    t.expectSubscriptions(a, "^-!", "-^-!")
  }

  @Test func emptyRunsOnlyDoCompleted() {
    let t = TestClock()
    let log = Locked<[String]>([])
    t.expect(t.record(tap(t.cold("--|"), into: log)), "--|")
    #expect(log.value == ["doCompleted", "then completed"])
  }
}
