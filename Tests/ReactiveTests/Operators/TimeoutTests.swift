import Testing

@testable import Reactive

@Suite struct TimeoutTests {
  @Test func failsIfTheSignalOutlastsTheLimit() {
    let t = TestClock()
    let a = t.cold("--1--2--3--|")
    t.expect(t.record(a.timeout(7, on: t.scheduler)), "--1--2-#", error: SignalError.timedOut)
    t.expectSubscriptions(a, "^------!")
  }

  @Test func neverTimesOut() {
    let t = TestClock()
    let recording = t.record(t.cold("-").timeout(4, on: t.scheduler))
    t.expect(recording, "----#", error: SignalError.timedOut)
  }

  @Test func terminationInTimeCancelsTheTimer() throws {
    let t = TestClock()
    let completes = t.record(t.cold("--1--|").timeout(7, on: t.scheduler))
    let fails = t.record(t.cold("--#").timeout(7, on: t.scheduler))
    let empty = t.record(t.cold("|").timeout(7, on: t.scheduler))
    try t.advance(to: 5)
    #expect(t.liveActions == 0)
    t.expect(completes, "--1--|")
    t.expect(fails, "--#")
    t.expect(empty, "|")
  }

  @Test func disposalCancelsTheTimer() throws {
    let t = TestClock()
    let a = t.cold("--1--2--|")
    let recording = t.record(a.timeout(7, on: t.scheduler), disposedAt: 3)
    try t.advance(to: 3)
    #expect(t.liveActions == 0)
    t.expect(recording, "--1")
    t.expectSubscriptions(a, "^--!")
  }

  @Test func theErrorDescribesItself() {
    #expect("\(SignalError.timedOut)" == "the signal timed out")
    #expect("\(SignalError.noElements)" == "the signal completed without a matching value")
  }
}
