import Reactive

/// A hot marble source: one shared timeline at absolute frames, whoever subscribes. A subscriber
/// sees only the events from its subscription on; every subscription is logged.
///
///     source:        --^-a--b--|      (a at frame 1, b at 4, completion at 7)
///     subscribed 3:        ^b--|
///
/// Events before the `^` happen at negative frames, before anything else. The timeline is put on
/// the scheduler when the test scheduler starts running (`run`, `advance`), after every
/// subscription already scheduled, so that a subscription at frame N sees the source's events at
/// frame N. Create one with `TestScheduler.hot`.
public final class HotSignal<Value>: Signal<Value>, SubscriptionLogging, @unchecked Sendable {
  // Invariant: state is only touched from the virtual scheduler's thread.
  /// The timeline, at absolute frames.
  public let events: [Recorded<Value>]
  /// Every subscription, in the order made.
  public private(set) var subscriptions: [SubscriptionLog] = []
  private let scheduler: VirtualTimeScheduler
  private let subject = Subject<Value>()
  private var isScheduled = false

  init(events: [Recorded<Value>], scheduler: VirtualTimeScheduler) {
    let sorted = events.enumerated().sorted {
      ($0.element.frame, $0.offset) < ($1.element.frame, $1.offset)
    }
    .map(\.element)
    self.events = sorted
    self.scheduler = scheduler
    super.init { _ in nil }
  }

  /// The earliest frame of the timeline, if it has events.
  var firstFrame: Int? { events.first?.frame }

  /// Puts the timeline on the scheduler, once.
  func scheduleTimeline() {
    guard !isScheduled else { return }
    isScheduled = true
    for batch in batchesByFrame(events) {
      scheduler.schedule(at: batch.frame) { [subject] in
        for event in batch.events { subject.send(event) }
      }
    }
  }

  /// Logs the subscription and forwards the shared timeline from now on.
  @discardableResult
  public override func subscribe(_ subscriber: Subscriber<Value>) -> any Disposable {
    let index = subscriptions.count
    subscriptions.append(SubscriptionLog(subscribed: scheduler.now))
    subject.subscribe(subscriber)
    subscriber.attach { [weak self, scheduler] in
      self?.subscriptions[index].unsubscribed = scheduler.now
    }
    return subscriber
  }
}
