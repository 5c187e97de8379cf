import Testing

@testable import Marbles
@testable import MarblesCLI
@testable import MarblesCore
@testable import MarblesTesting
@testable import Reactive

/// `next(1)@2 completed@5`: a compact form of recorded events.
private func summary<Value>(_ events: [Recorded<Value>]) -> String {
  events.map(\.description).joined(separator: " ")
}

/// Merges signals by hand (operators are written elsewhere), forwarding every event.
private func merged<Value>(_ signals: [Signal<Value>]) -> Signal<Value> {
  Signal { subscriber in
    let disposables = CompositeDisposable()
    for signal in signals {
      disposables.add(signal.subscribe(next: { subscriber.sendNext($0) }))
    }
    return disposables
  }
}

@Suite struct TestSchedulerTests {
  @Test func coldReplaysRelativeToEachSubscription() throws {
    let ts = TestScheduler()
    let source = ts.cold(events: [.next("a", at: 2), .completed(at: 4)])
    let first = ts.record(source)
    let second = ts.record(source, subscribed: 3)
    try ts.run()
    #expect(summary(first.events) == "next(a)@2 completed@4")
    #expect(summary(second.events) == "next(a)@5 completed@7")
    #expect(
      source.subscriptions == [
        SubscriptionLog(subscribed: 0, unsubscribed: 4),
        SubscriptionLog(subscribed: 3, unsubscribed: 7),
      ])
    #expect(first.subscription == SubscriptionLog(subscribed: 0, unsubscribed: 4))
  }

  @Test func countIsTheNumberOfEventsWithoutReadingThem() throws {
    let ts = TestScheduler()
    let source = ts.cold(events: [.next(1, at: 1), .next(2, at: 2), .completed(at: 3)])
    let whole = ts.record(source)
    let cut = ts.record(source, subscribed: 0, unsubscribed: 2)
    #expect(whole.count == 0)
    try ts.run()
    #expect(whole.count == 3)
    #expect(whole.count == whole.events.count)
    #expect(cut.count == 1)
    #expect(cut.count == cut.events.count)
  }

  @Test func coldFromAMarbleTimeline() throws {
    let ts = TestScheduler()
    let source = ts.cold(events: ParsedMarble<String>("--a--(bc)-|").events)
    let recording = ts.record(source)
    try ts.run()
    #expect(
      summary(recording.events) == "next(a)@2 next(b)@5 next(c)@5 completed@10")
    #expect(recording.values == ["a", "b", "c"])
  }

  @Test func hotIsOneSharedTimeline() throws {
    let ts = TestScheduler()
    let source = ts.hot(events: ParsedMarble<String>("-a-^-b--c--|", kind: .hot).events)
    let early = ts.record(source)
    let late = ts.record(source, subscribed: 4)
    try ts.run()
    #expect(summary(early.events) == "next(b)@2 next(c)@5 completed@8")
    #expect(summary(late.events) == "next(c)@5 completed@8")
    #expect(
      source.subscriptions == [
        SubscriptionLog(subscribed: 0, unsubscribed: 8),
        SubscriptionLog(subscribed: 4, unsubscribed: 8),
      ])
  }

  @Test func hotEventsBeforeTheSubscriptionPointHappenAtNegativeFrames() throws {
    let ts = TestScheduler()
    let source = ts.hot(events: ParsedMarble<String>("a-^b", kind: .hot).events)
    var seen: [String] = []
    source.subscribe(next: { seen.append("\($0)@\(ts.now)") })
    try ts.run()
    #expect(seen == ["a@-2", "b@1"])  // '^' takes a frame, as in RxJS
  }

  @Test func hotCreatedAfterTheRecordingIsStillSeenAtFrameZero() throws {
    let ts = TestScheduler()
    let subject = Subject<String>()
    let recording = ts.record(subject)
    let source = ts.hot(events: [.next("x", at: 0)])
    source.subscribe(subject)
    try ts.run()
    #expect(summary(recording.events) == "next(x)@0")
  }

  @Test func hotTimelineIsScheduledEvenWhenRunningTheVirtualSchedulerDirectly() throws {
    let ts = TestScheduler()
    let source = ts.hot(events: [.next("a", at: -1), .next("b", at: 2)])
    var seen: [String] = []
    source.subscribe(next: { seen.append("\($0)@\(ts.now)") })
    try ts.scheduler.run()
    #expect(seen == ["a@-1", "b@2"])
  }

  @Test func hotCreatedDuringARunIsScheduledAtOnce() throws {
    let ts = TestScheduler()
    var seen: [String] = []
    ts.scheduler.schedule(at: 3) {
      let source = ts.hot(events: [.next("late", at: 1), .next("b", at: 5)])
      source.subscribe(next: { seen.append("\($0)@\(ts.now)") })
    }
    try ts.run()
    #expect(seen == ["late@3", "b@5"])
  }

  @Test func subscriptionAtAFrameSeesThatFramesEvents() throws {
    let ts = TestScheduler()
    let hot = ts.hot(events: [.next(1, at: 3), .next(2, at: 5)])
    let cold = ts.cold(events: [.next(10, at: 0)])
    let hotRecording = ts.record(hot, subscribed: 3)
    let coldRecording = ts.record(cold, subscribed: 3)
    try ts.run()
    #expect(summary(hotRecording.events) == "next(1)@3 next(2)@5")
    #expect(summary(coldRecording.events) == "next(10)@3")
  }

  @Test func unsubscriptionAtAFrameMissesThatFramesEvents() throws {
    let ts = TestScheduler()
    let cold = ts.cold(events: [.next("a", at: 1), .next("b", at: 3), .completed(at: 5)])
    let recording = ts.record(cold, subscribed: 0, unsubscribed: 3)
    try ts.run()
    #expect(summary(recording.events) == "next(a)@1")
    #expect(recording.subscription == SubscriptionLog(subscribed: 0, unsubscribed: 3))
    #expect(cold.subscriptions == [SubscriptionLog(subscribed: 0, unsubscribed: 3)])
  }

  @Test func subscribingAndUnsubscribingInOneFrameSeesNothing() throws {
    let ts = TestScheduler()
    let cold = ts.cold(events: [.next("a", at: 0), .completed(at: 1)])
    let recording = ts.record(
      cold, subscription: SubscriptionMarble(subscribed: 2, unsubscribed: 2))
    try ts.run()
    #expect(recording.events.isEmpty)
    #expect(cold.subscriptions == [SubscriptionLog(subscribed: 2, unsubscribed: 2)])
  }

  @Test func workAtOneFrameRunsInTheOrderScheduled() throws {
    let ts = TestScheduler()
    let first = ts.cold(events: [.next("a1", at: 2), .next("a2", at: 2)])
    let second = ts.cold(events: [.next("b", at: 2)])
    let hot = ts.hot(events: [.next("h", at: 2)])
    let recording = ts.record(merged([first, second, hot]))
    try ts.run()
    // The hot timeline is scheduled when the run starts; the cold ones when subscribed at 0.
    #expect(summary(recording.events) == "next(h)@2 next(a1)@2 next(a2)@2 next(b)@2")
  }

  @Test func mainQueueRunsAfterTheFramesQueuedWork() throws {
    let ts = TestScheduler()
    var log: [String] = []
    let source = ts.cold(events: [.next("a", at: 1), .next("b", at: 1)])
    source.subscribe(next: { value in
      log.append(value)
      ts.main.schedule { log.append("main after \(value) @\(ts.now)") }
    })
    try ts.run()
    #expect(log == ["a", "b", "main after a @1", "main after b @1"])
    #expect(ts.main === ts.scheduler.main)
  }

  @Test func advancesStepByStep() throws {
    let ts = TestScheduler()
    let recording = ts.record(ts.cold(events: [.next(1, at: 2), .next(2, at: 6)]))
    try ts.advance(to: 4)
    #expect(ts.now == 4)
    #expect(summary(recording.events) == "next(1)@2")
    try ts.advance(by: 2)
    #expect(summary(recording.events) == "next(1)@2 next(2)@6")
    try ts.flush()
    #expect(ts.now == 6)
  }

  @Test func stopsAtTheFrameLimit() {
    let ts = TestScheduler(maxFrames: 10)
    _ = ts.record(ts.cold(events: [.next(1, at: 20)]))
    #expect(throws: VirtualTimeError.frameLimitExceeded(limit: 10, nextFrame: 20)) {
      try ts.run()
    }
  }

  @Test func recordsInnerSignalsFromTheFrameTheyArrive() throws {
    let ts = TestScheduler()
    let inner1: Signal<Int> = ts.cold(events: [.next(1, at: 1), .completed(at: 2)])
    let inner2: Signal<Int> = ts.cold(events: [.next(2, at: 0)])
    let outer = ts.cold(events: [.next(inner1, at: 1), .next(inner2, at: 4), .completed(at: 6)])
    let recording = ts.record(outer)
    try ts.run()
    #expect(recording.events.map(\.frame) == [1, 4, 6])
    let inners = recording.values
    #expect(summary(inners[0].events) == "next(1)@2 completed@3")
    #expect(inners[0].subscription == SubscriptionLog(subscribed: 1, unsubscribed: 3))
    #expect(summary(inners[1].events) == "next(2)@4")
    #expect(inners[1].subscription == SubscriptionLog(subscribed: 4))
  }

  @Test func recordsAMillionEventsCheaply() throws {
    let ts = TestScheduler()
    let count = 1_000_000
    let burst = Signal<Int> { subscriber in
      for value in 0..<count { subscriber.sendNext(value) }
      subscriber.sendCompleted()
      return nil
    }
    let recording = ts.record(burst)
    try ts.run()
    #expect(recording.events.count == count + 1)
    #expect(recording.events[count - 1].event.value == count - 1)
    #expect(recording.subscription == SubscriptionLog(subscribed: 0, unsubscribed: 0))
  }
}
