import ReactiveRxJS
import Testing

@testable import Reactive

@Suite struct TimerTests {
  @Test func sendsZeroAfterTheDelayThenCompletes() {
    let t = TestClock()
    let three = t.record(Signal.timer(3, on: t.scheduler))
    let late = t.record(Signal.timer(2, on: t.scheduler), subscribedAt: 4)
    let zero = t.record(Signal.timer(0, on: t.scheduler))
    t.expect(three, "---(0|)")
    t.expect(late, "------(0|)")
    t.expect(zero, "(0|)")
  }

  @Test func disposalCancelsTheTimer() throws {
    let t = TestClock()
    let recording = t.record(Signal.timer(5, on: t.scheduler), disposedAt: 2)
    try t.advance(to: 2)
    #expect(t.liveActions == 0)
    t.expect(recording, "-")
  }
}
