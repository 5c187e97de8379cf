import Reactive

/// What one subscription to a signal saw: every event with its frame, in delivery order, and the
/// subscription's window.
///
/// Made by `TestScheduler.record`. Appending is amortised O(1), so recordings of millions of
/// events stay cheap. When the recorded signal carries signals (`Signal<Signal<X>>`), each inner
/// signal is itself recorded from the frame it was delivered, as a `Recording<X>`.
public final class Recording<Value>: SubscriptionLogging, CustomStringConvertible,
  @unchecked Sendable
{
  // Invariant: only touched from the virtual scheduler's thread.
  // Inlinable storage, so that appending is specialised for the recorded type.
  // Unchecked exclusivity: appended to on the scheduler's thread only, one access at a time.
  @exclusivity(unchecked) @usableFromInline var recorded: [Recorded<Value>] = []
  @usableFromInline var window: SubscriptionLog?

  @inlinable init() {}

  /// The events, in delivery order.
  public var events: [Recorded<Value>] { recorded }

  /// The subscription's window: from the subscribe frame to the frame it was disposed or the
  /// signal terminated; nil before it subscribed.
  public var subscription: SubscriptionLog? { window }

  /// The values received, in order.
  public var values: [Value] { events.compactMap(\.event.value) }

  /// The subscription window as a list (empty before subscribing), for `expectSubscriptions`.
  public var subscriptions: [SubscriptionLog] { subscription.map { [$0] } ?? [] }

  /// `[next(1)@2, completed@5]`.
  public var description: String {
    "[" + events.map(\.description).joined(separator: ", ") + "]"
  }

  @usableFromInline func start(at frame: Int) {
    window = SubscriptionLog(subscribed: frame)
  }

  @inlinable func append(_ event: Event<Value>, at frame: Int) {
    recorded.append(Recorded(frame: frame, event: event))
    if case .next = event { return }
    end(at: frame)
  }

  @usableFromInline func end(at frame: Int) {
    if window != nil, window?.unsubscribed == nil {
      window?.unsubscribed = frame
    }
  }
}
