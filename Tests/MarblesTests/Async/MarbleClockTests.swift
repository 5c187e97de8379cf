import MarblesTesting
import Testing

/// `ts.clock`'s instants: one frame is one millisecond, and an instant between two frames falls
/// in the later one (a sleep never ends before its deadline).
@Suite struct MarbleClockTests {
  @Test func anInstantBetweenFramesRoundsUp() {
    #expect(MarbleClock.Instant(offset: .microseconds(2500)).frame == 3)
    #expect(MarbleClock.Instant(offset: .nanoseconds(2_000_001)).frame == 3)
    #expect(MarbleClock.Instant(offset: .seconds(1) + .nanoseconds(1)).frame == 1001)
    #expect(MarbleClock.Instant(offset: .nanoseconds(1)).frame == 1)
  }

  @Test func anInstantOnAFrameStaysThere() {
    #expect(MarbleClock.Instant(offset: .zero).frame == 0)
    #expect(MarbleClock.Instant(offset: .milliseconds(2)).frame == 2)
    #expect(MarbleClock.Instant(offset: .seconds(2)).frame == 2000)
    #expect(MarbleClock.Instant(frame: 7).frame == 7)
    #expect(MarbleClock.Instant(frame: 7).description == "frame 7")
  }

  @Test func aSleepBetweenFramesEndsAtTheNextFrame() async throws {
    let ts = TestScheduler()
    let clock = ts.clock
    let ticks = AsyncStream<Int> { continuation in
      let task = Task {
        for tick in 1...2 {
          try? await clock.sleep(for: .microseconds(2500))
          continuation.yield(tick)
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
    }
    let recording = ts.record(ticks)
    try await ts.run()
    // 2.5 ms ends at frame 3; from there 2.5 ms more is 5.5 ms, which ends at frame 6.
    expectMarbles(recording, "---1--(2|)")
  }
}
