import MarblesCore
import Reactive

/// A cold marble source: every subscription replays the timeline relative to the frame it was
/// made at, and is logged in `subscriptions`.
///
///     source:        --a--|
///     subscribed 3:     --a--|     (a at 5, completion at 8; logged as 3…8)
///
/// Each subscription keeps one queued action, for its next frame, and its frames take their
/// places among the frame's other work as though all had been queued when it subscribed (see
/// `CodedTimeline`). Create one with `TestScheduler.cold`.
public final class ColdSignal<Value>: Signal<Value>, SubscriptionLogging, @unchecked Sendable {
  // Invariant: state is only touched from the virtual scheduler's thread (see
  // `VirtualTimeScheduler`).
  @usableFromInline let book: SubscriptionBook
  // The events: frames and codes, and the values apart.
  @usableFromInline let timeline: CodedTimeline<Value>

  /// A source playing `events`.
  @inlinable convenience init(events: [Recorded<Value>], scheduler: VirtualTimeScheduler) {
    self.init(
      timeline: CodedTimeline(events.lazy.map { (frame: $0.frame, event: $0.event) }),
      scheduler: scheduler)
  }

  // Inlinable, and the subscription made by a closure rather than an override, so that the
  // per-event delivery is specialised for the test's value type (an override runs generic).
  @inlinable init(timeline: CodedTimeline<Value>, scheduler: VirtualTimeScheduler) {
    let book = SubscriptionBook()
    self.timeline = timeline
    self.book = book
    super.init { subscriber in
      let start = scheduler.now
      let index = book.open(at: start)
      subscriber.attach(timeline.play(on: scheduler, shiftedBy: start, into: subscriber))
      subscriber.attach { [weak book, scheduler] in book?.close(index, at: scheduler.now) }
      return nil
    }
  }

  /// Every subscription, in the order made.
  public var subscriptions: [SubscriptionLog] { book.entries }

  /// The timeline, with frames relative to each subscription, in frame order.
  public var events: [Recorded<Value>] {
    timeline.timed.map { Recorded(frame: $0.frame, event: $0.event) }
  }
}
