import Reactive

/// A cold marble source: every subscription replays the timeline relative to the frame it was
/// made at, and is logged in `subscriptions`.
///
///     source:        --a--|
///     subscribed 3:     --a--|     (a at 5, completion at 8; logged as 3…8)
///
/// Each subscription keeps one queued action, for its next frame, and its frames take their
/// places among the frame's other work as though all had been queued when it subscribed (see
/// `PlaybackTimeline`). Create one with `TestScheduler.cold`.
public final class ColdSignal<Value>: Signal<Value>, SubscriptionLogging, @unchecked Sendable {
  // Invariant: state is only touched from the virtual scheduler's thread (see
  // `VirtualTimeScheduler`).
  /// Every subscription, in the order made.
  public private(set) var subscriptions: [SubscriptionLog] = []
  private let scheduler: VirtualTimeScheduler
  let timeline: PlaybackTimeline<Value>

  init(events: [Recorded<Value>], scheduler: VirtualTimeScheduler) {
    self.timeline = PlaybackTimeline(frames: events.map(\.frame), events: events.map(\.event))
    self.scheduler = scheduler
    super.init { _ in nil }
  }

  /// The timeline, with frames relative to each subscription, in frame order.
  public var events: [Recorded<Value>] {
    timeline.timed.map { Recorded(frame: $0.frame, event: $0.event) }
  }

  /// Logs the subscription and plays the timeline relative to the current frame.
  @discardableResult
  public override func subscribe(_ subscriber: Subscriber<Value>) -> any Disposable {
    let start = scheduler.now
    let index = subscriptions.count
    subscriptions.append(SubscriptionLog(subscribed: start))
    subscriber.attach(
      timeline.play(on: scheduler, shiftedBy: start) { _, events in
        for event in events { subscriber.send(event) }
      })
    subscriber.attach { [weak self, scheduler] in
      self?.subscriptions[index].unsubscribed = scheduler.now
    }
    return subscriber
  }
}
