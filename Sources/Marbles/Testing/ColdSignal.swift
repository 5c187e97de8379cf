import Reactive

/// A cold marble source: every subscription replays the timeline relative to the frame it was
/// made at, and is logged in `subscriptions`.
///
///     source:        --a--|
///     subscribed 3:     --a--|     (a at 5, completion at 8; logged as 3…8)
///
/// Each subscription schedules its events on the test scheduler when it is made, so work at one
/// frame keeps the order in which it was scheduled. Create one with `TestScheduler.cold`.
public final class ColdSignal<Value>: Signal<Value>, SubscriptionLogging, @unchecked Sendable {
  // Invariant: state is only touched from the virtual scheduler's thread (see
  // `VirtualTimeScheduler`).
  /// The timeline, with frames relative to each subscription.
  public let events: [Recorded<Value>]
  /// Every subscription, in the order made.
  public private(set) var subscriptions: [SubscriptionLog] = []
  private let scheduler: VirtualTimeScheduler
  private let batches: [(frame: Int, events: [Event<Value>])]

  init(events: [Recorded<Value>], scheduler: VirtualTimeScheduler) {
    let sorted = events.enumerated().sorted {
      ($0.element.frame, $0.offset) < ($1.element.frame, $1.offset)
    }
    .map(\.element)
    self.events = sorted
    self.scheduler = scheduler
    self.batches = batchesByFrame(sorted)
    super.init { _ in nil }
  }

  /// Logs the subscription and schedules the timeline relative to the current frame.
  @discardableResult
  public override func subscribe(_ subscriber: Subscriber<Value>) -> any Disposable {
    let start = scheduler.now
    let index = subscriptions.count
    subscriptions.append(SubscriptionLog(subscribed: start))
    let scheduled = CompositeDisposable()
    for batch in batches {
      scheduled.add(
        scheduler.schedule(at: start &+ batch.frame) {
          for event in batch.events { subscriber.send(event) }
        })
    }
    subscriber.attach(scheduled)
    subscriber.attach { [weak self, scheduler] in
      self?.subscriptions[index].unsubscribed = scheduler.now
    }
    return subscriber
  }
}

/// The events grouped by frame, keeping their order; `events` must be sorted by frame.
func batchesByFrame<Value>(_ events: [Recorded<Value>]) -> [(frame: Int, events: [Event<Value>])] {
  var batches: [(frame: Int, events: [Event<Value>])] = []
  for recorded in events {
    if let last = batches.last, last.frame == recorded.frame {
      batches[batches.count - 1].events.append(recorded.event)
    } else {
      batches.append((recorded.frame, [recorded.event]))
    }
  }
  return batches
}
