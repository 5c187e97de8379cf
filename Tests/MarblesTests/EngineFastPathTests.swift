import Marbles
import Testing

@testable import Reactive

/// The engine's per-value shortcuts keep what they replace: the recording's subscriber belongs
/// to the run, and a marble's keys are still compared as Strings.
@Suite struct EngineFastPathTests {
  @Test func aRecordingSubscriberMadeBeforeTheRunTakesNoLock() throws {
    let ts = TestScheduler()
    var received: Subscriber<Int>?
    let source = Signal<Int> { subscriber in
      received = subscriber
      subscriber.sendNext(1)
      return nil
    }
    let recording = ts.record(source)
    try ts.run()
    #expect(received?.lock == nil)
    #expect(recording.values == [1])
    // A subscriber made outside any run keeps its lock.
    #expect(Subscriber<Int> { _ in }.lock != nil)
  }

  /// What a recording of `source.map.filter.scan` shows: events, its window, and the source's
  /// subscriptions; `fused` false records through a plain signal, which is not fused.
  private func recorded(
    _ marble: String, subscribed: Int, unsubscribed: Int?, fused: Bool
  ) throws -> [String] {
    let ts = TestScheduler()
    let source = ts.cold(events: MarbleTimeline<Int>(marble).events)
    let pipeline = source.map { $0 * 10 }.filter { $0 != 20 }.scan(0, +)
    let signal = fused ? pipeline : Signal { pipeline.subscribe($0) }
    let recording = ts.record(signal, subscribed: subscribed, unsubscribed: unsubscribed)
    try ts.run()
    return recording.events.map(\.description) + [
      "window \(String(describing: recording.subscription))"
    ]
      + source.subscriptions.map { "source \($0)" }
  }

  @Test func aRecordedPipelineShowsWhatAnUnfusedOneShows() throws {
    let cases: [(String, Int, Int?)] = [
      ("-1-2-3|", 0, nil), ("-1-2-3#", 2, nil), ("-1-2-3-4-5|", 1, 6), ("-1-2|", 3, 2),
      ("-1-(23)-4", 0, 5),
    ]
    for (marble, subscribed, unsubscribed) in cases {
      let fused = try recorded(
        marble, subscribed: subscribed, unsubscribed: unsubscribed, fused: true)
      let plain = try recorded(
        marble, subscribed: subscribed, unsubscribed: unsubscribed, fused: false)
      #expect(fused == plain, "\(marble)")
    }
    let first = try recorded("-1-2-3|", subscribed: 0, unsubscribed: nil, fused: true)
    #expect(first.prefix(3) == ["next(10)@1", "next(40)@5", "completed@6"])
  }

  @Test func keysEqualAsStringsButWrittenDifferentlyShareTheFirstValue() {
    // "é" as one scalar, then as e + U+0301: one key as a String, two as written.
    let timeline = MarbleTimeline<String>("-\u{E9}-e\u{301}-\u{E9}-e\u{301}|")
    #expect(timeline.events.map(\.frame) == [1, 3, 5, 7, 8])
    let values = timeline.events.compactMap(\.event.value)
    #expect(values.count == 4)
    #expect(values.allSatisfy { $0.unicodeScalars.count == 1 })
  }

  @Test func aRepeatedKeyKeepsItsValueAcrossFailureAndCompletion() {
    let timeline = MarbleTimeline<Int>("aab(a#)", values: ["a": 1, "b": 2])
    #expect(timeline.events.map(\.frame) == [0, 1, 2, 3, 3])
    #expect(timeline.events.map(\.event.value) == [1, 1, 2, 1, nil])
    #expect(timeline.events.last?.event.isTerminal == true)
  }
}
