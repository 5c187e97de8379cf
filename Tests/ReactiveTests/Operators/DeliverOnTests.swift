import Testing

@testable import Reactive

@Suite struct DeliverOnTests {
  @Test func deliversEveryEventOnTheSchedulerInTheSameFrame() {
    let t = TestClock()
    let a = t.cold("--1--2--|")
    var onMain: [Bool] = []
    let delivered = Signal<Int> { subscriber in
      a.deliverOn(t.scheduler.main).subscribe(
        Subscriber { event in
          onMain.append(t.scheduler.main.isCurrent)
          subscriber.send(event)
        })
    }
    t.expect(t.record(delivered), "--1--2--|")
    #expect(onMain == [true, true, true])
    t.expectSubscriptions(a, "^-------!")
  }

  @Test func deliveryIsAHopNotInline() throws {
    let t = TestClock()
    let subject = Subject<Int>()
    var log: [String] = []
    subject.deliverOn(t.scheduler.main).subscribe(next: { log.append("delivered \($0)") })
    t.scheduler.schedule(at: 1) {
      subject.sendNext(1)
      log.append("sent")
    }
    try t.run()
    #expect(log == ["sent", "delivered 1"])
  }

  @Test func emptyNeverAndFailure() {
    let t = TestClock()
    let empty = t.record(t.cold("--|").deliverOn(t.scheduler.main))
    let never = t.record(t.cold("-").deliverOn(t.scheduler.main))
    let failure = t.record(t.cold("-1-#").deliverOn(t.scheduler.main))
    t.expect(empty, "--|")
    t.expect(never, "-")
    t.expect(failure, "-1-#")
  }

  @Test func disposalDropsPendingDeliveries() throws {
    let t = TestClock()
    let subject = Subject<Int>()
    let recording = t.record(subject.deliverOn(t.scheduler.main))
    t.scheduler.schedule(at: 2) {
      subject.sendNext(1)
      recording.subscriber?.dispose()
    }
    try t.run()
    #expect(recording.events.isEmpty)
    #expect(subject.subscriberCount == 0)
    #expect(t.liveActions == 0)
  }

  @Test func releasesFinishedDeliveries() throws {
    let scheduler = InlineScheduler()
    let subject = Subject<Int>()
    let subscription = subject.deliverOn(scheduler).subscribe(next: { _ in })
    for value in 0..<3 { subject.sendNext(value) }
    subscription.dispose()
    // Every delivery ran inline and was detached; disposing found none still attached.
    #expect(scheduler.disposedActions == 0)
  }

  @Test func subscribeOnSubscribesInAnAction() throws {
    let t = TestClock()
    let a = t.cold("-1|")
    var subscribed: [Bool] = []
    let source = Signal<Int>.defer {
      subscribed.append(t.scheduler.main.isCurrent)
      return a
    }
    t.expect(t.record(source.subscribeOn(t.scheduler.main), subscribedAt: 2), "---1|")
    #expect(subscribed == [true])
    t.expectSubscriptions(a, "--^-!")
  }

  @Test func subscribeOnDisposedBeforeTheActionNeverSubscribes() {
    let t = TestClock()
    let a = t.cold("-1|")
    t.expect(t.record(a.subscribeOn(t.scheduler.main), disposedAt: 0), "-")
    t.expectSubscriptions(a)
    #expect(t.liveActions == 0)
  }

  @Test func subscribeOnPassesFailureAndDisposal() {
    let t = TestClock()
    let a = t.cold("-1-2|")
    let failure = t.record(t.cold("-#").subscribeOn(t.scheduler.main))
    let disposed = t.record(a.subscribeOn(t.scheduler.main), disposedAt: 2)
    t.expect(failure, "-#")
    t.expect(disposed, "-1")
    t.expectSubscriptions(a, "^-!")
  }
}

/// Runs every action inline but, like a queue that wins the race, returns a disposable that is
/// still live; counts how many of those get disposed.
final class InlineScheduler: Scheduler, @unchecked Sendable {
  private let count = Locked(0)
  var disposedActions: Int { count.value }
  var now: Int { 0 }

  func schedule(_ action: @escaping () -> Void) -> any Disposable {
    action()
    return ActionDisposable { [count] in count.withLock { $0 += 1 } }
  }

  func schedule(after delay: Int, _ action: @escaping () -> Void) -> any Disposable {
    schedule(action)
  }
}
