import Testing

@testable import Reactive

@Suite struct ConstructorsTests {
  @Test func justSendsOneValueAndCompletesSynchronously() {
    var events: [String] = []
    Signal.just(1).observe { events.append("\($0)") }
    #expect(events == ["next(1)", "completed"])
    let t = TestClock()
    t.expect(t.record(Signal.just(1), subscribedAt: 3), "---(1|)")
  }

  @Test func emptyCompletesAtOnce() {
    let t = TestClock()
    t.expect(t.record(Signal<Int>.empty, subscribedAt: 2), "--|")
  }

  @Test func neverSendsNothing() {
    let t = TestClock()
    let recording = t.record(Signal<Int>.never, disposedAt: 5)
    t.expect(recording, "-")
    #expect(recording.subscriber?.isDisposed == true)
    #expect(t.liveActions == 0)
  }

  @Test func failSendsTheError() {
    let t = TestClock()
    t.expect(t.record(Signal<Int>.fail(TestError("boom"))), "#", error: TestError("boom"))
  }

  @Test func deferRunsTheFactoryAtEachSubscription() {
    let t = TestClock()
    let a = t.cold("-1|")
    var calls: [Int] = []
    let deferred = Signal.defer {
      calls.append(t.now)
      return a
    }
    #expect(calls.isEmpty)
    let first = t.record(deferred, subscribedAt: 1)
    let second = t.record(deferred, subscribedAt: 4)
    t.expect(first, "--1|")
    t.expect(second, "-----1|")
    #expect(calls == [1, 4])
    t.expectSubscriptions(a, "-^-!", "----^-!")
  }

  @Test func deferForwardsFailureAndDisposal() {
    let t = TestClock()
    let a = t.cold("--1--2--|")
    let disposed = t.record(Signal.defer { a }, disposedAt: 3)
    let failing = t.record(Signal.defer { t.cold("-#") })
    t.expect(disposed, "--1")
    t.expectSubscriptions(a, "^--!")
    t.expect(failing, "-#")
  }

  @Test func fromSendsEveryElementThenCompletes() {
    let t = TestClock()
    let values = t.record(Signal.from([1, 2, 3]))
    let empty = t.record(Signal.from([Int]()))
    t.expect(values, "(123|)")
    t.expect(empty, "|")
  }

  @Test func fromStopsWhenItsSubscriberIsDisposed() {
    var seen: [Int] = []
    var subscriber: Subscriber<Int>?
    subscriber = Subscriber { event in
      if let value = event.value {
        seen.append(value)
        if value == 2 { subscriber?.dispose() }
      }
    }
    if let subscriber { Signal.from(1...).subscribe(subscriber) }
    #expect(seen == [1, 2])
  }
}
