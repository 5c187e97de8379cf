import MarblesCore
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
  private let book = SubscriptionBook()
  private let scheduler: VirtualTimeScheduler
  private let timeline: CodedTimeline<Value>
  private let subject = Subject<Value>()
  private var isScheduled = false

  init(events: [Recorded<Value>], scheduler: VirtualTimeScheduler) {
    self.timeline = CodedTimeline(events.lazy.map { (frame: $0.frame, event: $0.event) })
    self.scheduler = scheduler
    super.init { _ in nil }
  }

  /// Every subscription, in the order made.
  public var subscriptions: [SubscriptionLog] { book.entries }

  /// The timeline, at absolute frames, in frame order.
  public var events: [Recorded<Value>] {
    timeline.timed.map { Recorded(frame: $0.frame, event: $0.event) }
  }

  /// The earliest frame of the timeline, if it has events.
  var firstFrame: Int? { timeline.frameRuns.first }

  /// Puts the timeline on the scheduler, once.
  func scheduleTimeline() {
    guard !isScheduled else { return }
    isScheduled = true
    timeline.play(on: scheduler, shiftedBy: 0) { [subject, timeline] _, events in
      for index in events { subject.send(timeline.event(at: index)) }
    }
  }

  /// Logs the subscription and forwards the shared timeline from now on.
  @discardableResult
  public override func subscribe(_ subscriber: Subscriber<Value>) -> any Disposable {
    let index = book.open(at: scheduler.now)
    subject.subscribe(subscriber)
    subscriber.attach { [weak book, scheduler] in book?.close(index, at: scheduler.now) }
    return subscriber
  }
}
