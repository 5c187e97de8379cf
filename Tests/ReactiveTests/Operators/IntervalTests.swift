import Testing

@testable import Reactive

@Suite struct IntervalTests {
  @Test func sendsTheTimeEveryPeriod() {
    let t = TestClock()
    let ticks = t.record(Signal.interval(3, on: t.scheduler).take(3))
    let late = t.record(Signal.interval(3, on: t.scheduler).take(2), subscribedAt: 2)
    t.expect(ticks, "---3--6--(9|)")
    t.expect(late, "-----5--(8|)")
  }

  @Test func aPeriodBelowOneCountsAsOne() {
    let t = TestClock()
    t.expect(t.record(Signal.interval(0, on: t.scheduler).take(3)), "-12(3|)")
  }

  @Test func disposalStopsTheTimer() throws {
    let t = TestClock()
    let recording = t.record(Signal.interval(3, on: t.scheduler), disposedAt: 7)
    try t.advance(to: 7)
    #expect(t.liveActions == 0)
    t.expect(recording, "---3--6")
  }

  @Test func aProbeReportsTheTicksSentForTheArmedSubscriptionOnly() throws {
    let t = TestClock()
    let probe = StateProbe()
    var reports: [String] = []
    probe.arm { lane, value in reports.append("\(lane) \(value) at \(t.scheduler.now)") }
    let ticks = Signal.interval(3, on: t.scheduler, probe: probe)
    let first = t.record(ticks, disposedAt: 7)
    let second = t.record(ticks, disposedAt: 7)
    try t.advance(to: 7)
    t.expect(first, "---3--6")
    t.expect(second, "---3--6")
    #expect(reports == ["ticks 0 at 0", "ticks 1 at 3", "ticks 2 at 6"])
    #expect(t.liveActions == 0)
  }

  @Test func aRunawayIntervalStopsAtTheFrameLimit() {
    let t = TestClock(maxFrames: 100)
    let recording = t.record(Signal.interval(1, on: t.scheduler))
    #expect(throws: VirtualTimeError.frameLimitExceeded(limit: 100, nextFrame: 101)) {
      try t.run()
    }
    #expect(recording.values.count == 100)
  }
}
