import Testing

@testable import Reactive

@Suite struct BehaviorSubjectTests {
  @Test func startsWithItsValueThenReplaysTheLatest() {
    let t = TestClock()
    let subject = BehaviorSubject(value: 0)
    let source = t.hot("--1--2--|")
    let first = t.record(subject)
    let late = t.record(subject, subscribedAt: 4)
    t.scheduler.schedule(at: 0) { source.subscribe(subject) }
    t.expect(first, "0-1--2--|")
    t.expect(late, "----12--|")
    #expect(subject.value == 2)
  }

  @Test func valueFollowsTheLatestSend() {
    let subject = BehaviorSubject(value: "a")
    #expect(subject.value == "a")
    subject.sendNext("b")
    #expect(subject.value == "b")
    subject.sendCompleted()
    subject.sendNext("c")
    #expect(subject.value == "b")
  }

  @Test func concurrentSendsAreSerialisedAndEachValueArrivesOnce() {
    let subject = BehaviorSubject(value: -1)
    expectSerialDelivery(into: subject)
    #expect(subject.value != nil)
  }
}
