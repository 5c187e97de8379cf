import Dispatch
import Testing

@testable import Reactive

@Suite struct SubjectTests {
  @Test func subscribersSeeOnlyLaterEvents() {
    let t = TestClock()
    let subject = t.hot("-1--2--3--|")
    let early = t.record(subject)
    let late = t.record(subject, subscribedAt: 5)
    t.expect(early, "-1--2--3--|")
    t.expect(late, "-------3--|")
  }

  @Test func aSubscriberAddedDuringDeliveryMissesThatEvent() {
    let subject = Subject<Int>()
    var log: [String] = []
    subject.subscribe(next: { value in
      log.append("first \(value)")
      if value == 1 { subject.subscribe(next: { log.append("second \($0)") }) }
    })
    subject.sendNext(1)
    subject.sendNext(2)
    #expect(log == ["first 1", "first 2", "second 2"])
  }

  @Test func terminationIsNotRemembered() {
    let subject = Subject<Int>()
    var log: [String] = []
    subject.sendCompleted()
    subject.observe { log.append("\($0)") }
    subject.sendNext(1)
    #expect(log == ["next(1)"])
  }

  @Test func aTerminalEventDisposesTheAttachedUpstreamFirst() {
    let subject = Subject<Int>()
    var log: [String] = []
    subject.attach(ActionDisposable { log.append("upstream disposed") })
    subject.observe { log.append("\($0)") }
    subject.sendError(TestError())
    #expect(log == ["upstream disposed", "error(error)"])
    #expect(subject.subscriberCount == 0)
  }

  @Test func disposedSubscribersAreRemoved() {
    let subject = Subject<Int>()
    let first = subject.subscribe(next: { _ in })
    subject.subscribe(next: { _ in })
    #expect(subject.subscriberCount == 2)
    first.dispose()
    #expect(subject.subscriberCount == 1)
  }

  @Test func aSignalCanFeedASubject() {
    let t = TestClock()
    let subject = Subject<Int>()
    let a = t.cold("-1-2|")
    let recording = t.record(subject)
    t.scheduler.schedule(at: 1) { a.subscribe(subject) }
    t.expect(recording, "--1-2|")
    t.expectSubscriptions(a, "-^---!")
  }

  @Test func concurrentSendsAreSerialisedAndEachValueArrivesOnce() {
    expectSerialDelivery(into: Subject<Int>())
  }
}

/// Sends 4 × 2,000 values (0..<8,000) from four threads; checks that every one arrives exactly
/// once and that no two deliveries overlap in the handler. Negative values (a replayed initial
/// value) are ignored.
func expectSerialDelivery(
  into subject: Subject<Int>, sourceLocation: SourceLocation = #_sourceLocation
) {
  struct State {
    var inside = false
    var overlaps = 0
    var received: [Int] = []
  }
  let state = Locked(State())
  subject.subscribe(next: { value in
    state.withLock { state in
      if state.inside { state.overlaps += 1 }
      state.inside = true
    }
    state.withLock { state in
      state.received.append(value)
      state.inside = false
    }
  })
  let threads = 4
  let perThread = 2_000
  DispatchQueue.concurrentPerform(iterations: threads) { thread in
    for index in 0..<perThread { subject.sendNext(thread * perThread + index) }
  }
  let result = state.value
  let received = result.received.filter { $0 >= 0 }
  #expect(result.overlaps == 0, sourceLocation: sourceLocation)
  #expect(received.count == threads * perThread, sourceLocation: sourceLocation)
  let exactlyOnce = Set(received) == Set(0..<threads * perThread)
  #expect(exactlyOnce, sourceLocation: sourceLocation)
}
