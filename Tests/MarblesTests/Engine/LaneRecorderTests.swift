import Reactive
import Testing

@testable import Marbles
@testable import MarblesCore

/// A lane's recorder: its subscriber holds it unretained, under the invariant that the recorder's
/// `deinit` disposes that subscriber, so nothing is sent to a recorder that is gone.
@Suite struct LaneRecorderTests {
  @Test func aRecorderThatIsGoneIsNotSentTo() throws {
    let scheduler = VirtualTimeScheduler()
    let subject = Subject<ScriptValue>()
    weak var gone: LaneRecorder?
    var recorded: [TimelineValue?] = []
    var subscribers: [Int] = []
    _ = scheduler.schedule(at: 1) {
      // Made in the run: a subscriber without a lock, the unretained handler.
      let recorder = LaneRecorder(scheduler: scheduler, clock: SequenceClock())
      recorder.start(subject)
      subject.send(.next(.int(1)))
      subject.send(.next(.string("a")))
      recorded = recorder.timeline.events.map(\.value)
      subscribers.append(subject.subscriberCount)
      gone = recorder
    }
    // Sent after the recorder went: a handler left behind would reach freed memory.
    _ = scheduler.schedule(at: 2) {
      subscribers.append(subject.subscriberCount)
      subject.send(.next(.int(2)))
    }
    _ = scheduler.schedule(at: 3) { subject.send(.completed) }
    try scheduler.run()
    #expect(gone == nil)
    #expect(recorded == [.int(1), .string("a")])
    // Its `deinit` disposed the subscription, dropping the handlers.
    #expect(subscribers == [1, 0])
  }

  @Test func aRecorderRecordsScalarsAndOtherValuesInOrder() throws {
    let scheduler = VirtualTimeScheduler()
    let subject = Subject<ScriptValue>()
    let recorder = LaneRecorder(scheduler: scheduler, clock: SequenceClock())
    _ = scheduler.schedule(at: 0) { recorder.start(subject) }
    let values: [ScriptValue] = [.int(-7), .double(2.5), .bool(true), .null, .string("s")]
    for (frame, value) in values.enumerated() {
      _ = scheduler.schedule(at: frame + 1) { subject.send(.next(value)) }
    }
    _ = scheduler.schedule(at: 9) { subject.send(.completed) }
    try scheduler.run()
    let events = recorder.timeline.events
    #expect(events.map(\.frame) == [1, 2, 3, 4, 5, 9])
    #expect(
      events.map(\.value) == [.int(-7), .double(2.5), .bool(true), .null, .string("s"), nil])
    #expect(recorder.window == SubscriptionLog(subscribed: 0, unsubscribed: 9))
  }
}
