import Testing

@testable import Reactive

@Suite struct ThrottleTests {
  @Test func sendsTheLatestValueAfterAQuietPeriod() {
    let t = TestClock()
    let a = t.cold("-12---3-----4|")
    t.expect(t.record(a.throttle(3, on: t.scheduler)), "-----2---3---(4|)")
    t.expectSubscriptions(a, "^------------!")
  }

  @Test func aValueAtTheEndOfTheQuietPeriodRestartsIt() {
    let t = TestClock()
    t.expect(t.record(t.cold("-1--2--|").throttle(3, on: t.scheduler)), "-------(2|)")
  }

  @Test func completionWithoutPendingValue() {
    let t = TestClock()
    let empty = t.record(t.cold("---|").throttle(3, on: t.scheduler))
    let flushed = t.record(t.cold("-1------|").throttle(3, on: t.scheduler))
    let never = t.record(t.cold("-").throttle(3, on: t.scheduler))
    t.expect(empty, "---|")
    t.expect(flushed, "----1---|")
    t.expect(never, "-")
  }

  @Test func failureDropsThePendingValue() throws {
    let t = TestClock()
    let recording = t.record(t.cold("-1-#").throttle(3, on: t.scheduler))
    try t.advance(to: 3)
    #expect(t.liveActions == 0)
    t.expect(recording, "---#")
  }

  @Test func disposalCancelsTheTimer() throws {
    let t = TestClock()
    let a = t.cold("-1-2-3|")
    let recording = t.record(a.throttle(3, on: t.scheduler), disposedAt: 4)
    try t.advance(to: 4)
    #expect(t.liveActions == 0)
    t.expect(recording, "-")
    t.expectSubscriptions(a, "^---!")
  }
}
