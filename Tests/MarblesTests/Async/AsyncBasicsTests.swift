import MarblesTesting
import Reactive
import Testing

@Suite struct AsyncBasicsTests {
  @Test func coldValuesAreRecordedAtTheirFrames() async throws {
    let ts = TestScheduler()
    let input: ColdSignal<String> = ts.cold("--a--b--|")
    let recording = ts.record(input.values)
    try await ts.run()
    expectMarbles(recording, "--a--b--|")
    expectSubscriptions(input, "^-------!")
  }

  @Test func aSequenceAndItsSignalRecordOneTimeline() async throws {
    let ts = TestScheduler()
    let input: ColdSignal<String> = ts.cold("--a--b--|")
    let fromSequence = ts.record(input.values)
    let fromSignal = ts.record(input)
    try await ts.run()
    let timeline = try #require(fromSequence.timeline)
    #expect(timeline == fromSignal.timeline)
    #expect(timeline.subscription == SubscriptionLog(subscribed: 0, unsubscribed: 8))
    #expect(timeline.events == [.next("a", at: 2), .next("b", at: 5), .completed(at: 8)])
  }

  @Test func mapOverValues() async throws {
    let ts = TestScheduler()
    let input = ts.cold("-1-2-3|", values: ["1": 1, "2": 2, "3": 3])
    let recording = ts.record(input.values.map { $0 * 10 })
    try await ts.run()
    expectMarbles(recording, "-a-b-c|", values: ["a": 10, "b": 20, "c": 30])
  }

  @Test func clockSleepsInVirtualTime() async throws {
    let ts = TestScheduler()
    let clock = ts.clock
    let ticks = AsyncStream<Int> { continuation in
      let task = Task {
        for tick in 1...3 {
          try? await clock.sleep(for: .milliseconds(4))
          continuation.yield(tick)
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
    }
    let recording = ts.record(ticks)
    try await ts.run()
    expectMarbles(recording, "----1---2---(3|)")
  }

  @Test func errorsAndCancellation() async throws {
    let ts = TestScheduler()
    let failing: ColdSignal<String> = ts.cold("--a--#")
    let endless: HotSignal<String> = ts.hot("-a-b-c-d-e-f")
    let failed = ts.record(failing.values)
    let cancelled = ts.record(endless.values, subscription: "^----!")
    try await ts.run()
    expectMarbles(failed, "--a--#")
    expectMarbles(cancelled, "-a-b-|")
    expectSubscriptions(endless, "^----!")
  }
}
