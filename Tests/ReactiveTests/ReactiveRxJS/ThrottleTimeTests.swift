import ReactiveRxJS
import Testing

@testable import Reactive

@Suite struct ThrottleTimeTests {
  @Test func sendsAValueThenIgnoresTheWindow() {
    let t = TestClock()
    let a = t.hot("-1-2-3----4---5-67---|")
    t.expect(t.record(a.throttleTime(5, on: t.scheduler)), "-1--------4-----6----|")
    t.expectSubscriptions(a, "^--------------------!")
  }

  @Test func ignoresAValueAtTheClosingFrame() {
    let t = TestClock()
    t.expect(t.record(t.cold("-1----2--3|").throttleTime(5, on: t.scheduler)), "-1-------3|")
  }

  @Test func emptyNeverAndFailure() {
    let t = TestClock()
    let empty = t.record(t.cold("---|").throttleTime(3, on: t.scheduler))
    let never = t.record(t.cold("-").throttleTime(3, on: t.scheduler))
    let failure = t.record(t.cold("-12#").throttleTime(3, on: t.scheduler))
    t.expect(empty, "---|")
    t.expect(never, "-")
    t.expect(failure, "-1-#")
  }

  @Test func terminationAndDisposalCancelTheWindowTimer() throws {
    let t = TestClock()
    let a = t.cold("-1-2-3|")
    let completed = t.record(t.cold("-1|").throttleTime(5, on: t.scheduler))
    let disposed = t.record(a.throttleTime(5, on: t.scheduler), disposedAt: 2)
    try t.advance(to: 2)
    #expect(t.liveActions == 0)
    t.expect(completed, "-1|")
    t.expect(disposed, "-1")
    t.expectSubscriptions(a, "^-!")
  }
}
