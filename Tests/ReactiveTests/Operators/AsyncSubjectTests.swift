import Testing

@testable import Reactive

/// RxJS `AsyncSubject`: only the last value, only on completion, to current and later
/// subscribers; a failure passes as it is.
@Suite struct AsyncSubjectTests {
  /// A subject fed by `source` from frame 0.
  private func fed(by source: TestSignal<Int>, on t: TestClock) -> AsyncSubject<Int> {
    let subject = AsyncSubject<Int>()
    t.scheduler.schedule(at: 0) { source.subscribe(subject) }
    return subject
  }

  @Test func sendsTheLastValueOnCompletionToCurrentAndLaterSubscribers() {
    let t = TestClock()
    let source = t.cold("-1-2-|")
    let subject = fed(by: source, on: t)
    let early = t.record(subject)
    let late = t.record(subject, subscribedAt: 7)
    t.expect(early, "-----(2|)")
    t.expect(late, "-------(2|)")
    t.expectSubscriptions(source, "^----!")
    #expect(subject.lastValue == 2)
    #expect(subject.subscriberCount == 0)
    t.expectReleased()
  }

  @Test func emptyCompletesWithoutAValue() {
    let t = TestClock()
    let subject = fed(by: t.cold("--|"), on: t)
    let early = t.record(subject)
    let late = t.record(subject, subscribedAt: 4)
    t.expect(early, "--|")
    t.expect(late, "----|")
    #expect(subject.lastValue == nil)
  }

  @Test func neverSendsNothingButHoldsTheLatestValue() {
    let t = TestClock()
    let subject = fed(by: t.cold("-1-2-"), on: t)
    let r = t.record(subject)
    t.expect(r, "-")
    #expect(subject.lastValue == 2)
    #expect(subject.subscriberCount == 1)
  }

  @Test func aFailureDropsTheValueAndReachesLaterSubscribers() {
    let t = TestClock()
    let subject = fed(by: t.cold("-1-#"), on: t)
    let early = t.record(subject)
    let late = t.record(subject, subscribedAt: 5)
    t.expect(early, "---#")
    t.expect(late, "-----#")
    #expect(subject.lastValue == nil)
  }

  @Test func eventsAfterTerminationAreIgnored() {
    let t = TestClock()
    let subject = fed(by: t.cold("-1|"), on: t)
    t.scheduler.schedule(at: 3) {
      subject.sendNext(9)
      subject.sendError(TestError())
      subject.sendCompleted()
    }
    let late = t.record(subject, subscribedAt: 4)
    t.expect(late, "----(1|)")
    #expect(subject.lastValue == 1)
  }

  @Test func earlyDisposalRemovesTheSubscriber() {
    let t = TestClock()
    let source = t.cold("-1-2-|")
    let subject = fed(by: source, on: t)
    let left = t.record(subject, disposedAt: 3)
    let stayed = t.record(subject)
    do {
      try t.advance(to: 4)
    } catch {
      Issue.record("the run stopped: \(error)")
    }
    #expect(subject.subscriberCount == 1)
    t.expect(left, "-")
    t.expect(stayed, "-----(2|)")
    #expect(subject.subscriberCount == 0)
    t.expectReleased()
  }
}
