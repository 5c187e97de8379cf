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
