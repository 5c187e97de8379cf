import Testing

@testable import Reactive

/// RAC `takeUntilReplacement:`: the replacement's first event takes over from the receiver.
@Suite struct TakeUntilReplacementTests {
  @Test func theReplacementTakesOverAtItsFirstEvent() {
    let t = TestClock()
    let a = t.cold("--1--2--3--|")
    let replacement = t.hot("-------7--8|")
    t.expect(t.record(a.takeUntilReplacement(replacement)), "--1--2-7--8|")
    t.expectSubscriptions(a, "^------!")
    t.expectSubscriptions(replacement, "^----------!")
    t.expectReleased()
  }

  @Test func theReceiversCompletionWaitsForTheReplacement() {
    let t = TestClock()
    let a = t.cold("-1|")
    let replacement = t.hot("-----7|")
    t.expect(t.record(a.takeUntilReplacement(replacement)), "-1---7|")
    t.expectReleased()
  }

  @Test func emptyNeverAndFailure() {
    let t = TestClock()
    let replacement = t.hot("----7|")
    let empty = t.record(t.cold("--|").takeUntilReplacement(replacement))
    let never = t.record(t.cold("-").takeUntilReplacement(replacement))
    let failure = t.record(t.cold("-1-#").takeUntilReplacement(replacement))
    t.expect(empty, "----7|")
    t.expect(never, "----7|")
    t.expect(failure, "-1-#")
    t.expectSubscriptions(replacement, "^----!", "^----!", "^--!")
    t.expectReleased()
  }

  @Test func theReplacementsFailureEndsIt() {
    let t = TestClock()
    t.expect(t.record(t.cold("-1--2-|").takeUntilReplacement(t.hot("---#"))), "-1-#")
    t.expectReleased()
  }

  @Test func aReplacementThatSendsAtOnceMeansTheReceiverIsNeverSubscribed() {
    let t = TestClock()
    let a = t.cold("--1--|")
    t.expect(t.record(a.takeUntilReplacement(.just(9))), "(9|)")
    t.expectSubscriptions(a)
    t.expectReleased()
  }

  @Test func disposedEarlyDisposesTheReceiverAndTheReplacement() {
    let t = TestClock()
    let a = t.cold("--1--2--|")
    let replacement = t.hot("------7|")
    t.expect(t.record(a.takeUntilReplacement(replacement), disposedAt: 3), "--1")
    t.expectSubscriptions(a, "^--!")
    t.expectSubscriptions(replacement, "^--!")
    t.expectReleased()
  }

  @Test func theProbeReportsWhenTheReplacementTookOver() {
    let t = TestClock()
    let probe = StateProbe()
    let reports = Locked<[String]>([])
    probe.arm { lane, value in reports.withLock { $0.append("\(t.now) \(lane) \(value)") } }
    let r = t.record(t.cold("-1--2|").takeUntilReplacement(t.hot("---7|"), probe: probe))
    t.expect(r, "-1-7|")
    #expect(reports.value == ["0 replaced false", "3 replaced true"])
    t.expectReleased()
  }
}
