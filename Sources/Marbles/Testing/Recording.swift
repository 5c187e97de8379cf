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
  /// The events, in delivery order.
  public private(set) var events: [Recorded<Value>] = []
  /// The subscription's window: from the subscribe frame to the frame it was disposed or the
  /// signal terminated; nil before it subscribed.
  public private(set) var subscription: SubscriptionLog?

  init() {}

  /// The values received, in order.
  public var values: [Value] { events.compactMap(\.event.value) }

  /// The subscription window as a list (empty before subscribing), for `expectSubscriptions`.
  public var subscriptions: [SubscriptionLog] { subscription.map { [$0] } ?? [] }

  /// `[next(1)@2, completed@5]`.
  public var description: String {
    "[" + events.map(\.description).joined(separator: ", ") + "]"
  }

  func start(at frame: Int) {
    subscription = SubscriptionLog(subscribed: frame)
  }

  func append(_ event: Event<Value>, at frame: Int) {
    events.append(Recorded(frame: frame, event: event))
    if event.isTerminal { end(at: frame) }
  }

  func end(at frame: Int) {
    if subscription != nil, subscription?.unsubscribed == nil {
      subscription?.unsubscribed = frame
    }
  }
}
