import Testing

@testable import Reactive

@Suite struct ReplaySubjectTests {
  @Test func replaysTheBufferThenGoesLive() {
    let t = TestClock()
    let subject = ReplaySubject<Int>(capacity: 2)
    let source = t.hot("-1-2-3-------4-|")
    let late = t.record(subject, subscribedAt: 6)
    let early = t.record(subject)
    t.scheduler.schedule(at: 0) { source.subscribe(subject) }
    t.expect(late, "------(23)---4-|")
    t.expect(early, "-1-2-3-------4-|")
    #expect(subject.bufferedValues == [3, 4])
  }

  @Test func replaysTheTerminalEventAndIgnoresLaterEvents() {
    let subject = ReplaySubject<Int>()
    subject.sendNext(1)
    subject.sendError(TestError())
    subject.sendNext(2)
    var log: [String] = []
    subject.observe { log.append("\($0)") }
    #expect(log == ["next(1)", "error(error)"])
    #expect(subject.isTerminated)
    #expect(subject.subscriberCount == 0)
  }

  @Test func unboundedAndZeroCapacity() {
    let all = ReplaySubject<Int>()
    let none = ReplaySubject<Int>(capacity: 0)
    for value in 0..<1_000 {
      all.sendNext(value)
      none.sendNext(value)
    }
    #expect(all.bufferedValues == Array(0..<1_000))
    #expect(none.bufferedValues.isEmpty)
    let small = ReplaySubject<Int>(capacity: 3)
    for value in 0..<1_000 { small.sendNext(value) }
    #expect(small.bufferedValues == [997, 998, 999])
  }

  @Test func aSubscriberThatStopsDuringTheReplayGetsNoMore() {
    let subject = ReplaySubject<Int>()
    for value in 1...5 { subject.sendNext(value) }
    var values: [Int] = []
    subject.take(2).subscribe(next: { values.append($0) })
    #expect(values == [1, 2])
    #expect(subject.subscriberCount == 0)
  }

  @Test func concurrentSendsAreSerialisedAndEachValueArrivesOnce() {
    let subject = ReplaySubject<Int>(capacity: 10)
    expectSerialDelivery(into: subject)
    #expect(subject.bufferedValues.count == 10)
  }
}
