import Reactive

/// What one subscription of a script recorded: its window, its events in delivery order, and
/// where each event stood in the run's work, kept beside the events (not in their equality).
///
/// The one recording of a script: a shown lane is a name around one (`TimelineLane`), and an
/// inner signal's value is one (`TimelineValue.signal`), with absolute frames. A recorded
/// timeline keeps its events as its recorder stored them, compact; `events` and `order` are
/// made when first read, and JSON is written straight from the storage.
public struct Timeline: Hashable, Sendable {
  /// The subscription's window: when it was subscribed (for an inner signal, the frame it was
  /// emitted) and when the subscription ended, if it did.
  public var subscription: SubscriptionLog
  /// The events in delivery order (two events at one frame keep their order).
  public var events: [TimelineEvent] {
    get { storage?.events ?? givenEvents }
    set {
      givenEvents = newValue
      storage = nil
    }
  }
  /// Where each event stood in the run's work (empty for events that were not recorded).
  /// Setting it keeps the events (a row of a split lane keeps its events' places).
  public var order: [EventOrder] {
    get { storage?.order ?? givenOrder }
    set {
      givenEvents = events
      storage = nil
      givenOrder = newValue
    }
  }
  private var givenEvents: [TimelineEvent]
  private var givenOrder: [EventOrder]
  /// For a recorded timeline: the events as its recorder stored them.
  private(set) var storage: Storage?

  /// The frame it was subscribed.
  public var subscribed: Int {
    get { subscription.subscribed }
    set { subscription.subscribed = newValue }
  }
  /// The frame the subscription ended, or nil.
  public var unsubscribed: Int? {
    get { subscription.unsubscribed }
    set { subscription.unsubscribed = newValue }
  }

  public init(
    subscribed: Int, unsubscribed: Int? = nil, events: [TimelineEvent] = [],
    order: [EventOrder] = []
  ) {
    subscription = SubscriptionLog(subscribed: subscribed, unsubscribed: unsubscribed)
    (givenEvents, givenOrder) = (events, order)
  }

  /// A timeline of a run, its events kept in `storage`.
  init(subscription: SubscriptionLog, storage: Storage) {
    self.init(subscribed: subscription.subscribed, unsubscribed: subscription.unsubscribed)
    self.storage = storage
  }

  /// Equal windows and events; `order` is ignored.
  public static func == (lhs: Timeline, rhs: Timeline) -> Bool {
    lhs.subscription == rhs.subscription && lhs.events == rhs.events
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(subscription)
    hasher.combine(events)
  }

  /// Same subscription frame and matching events (`TimelineEvent.matches`).
  public func matches(_ other: Timeline) -> Bool {
    subscribed == other.subscribed && events.count == other.events.count
      && zip(events, other.events).allSatisfy { $0.matches($1) }
  }
}

/// The recording of an inner signal, now the one recording of a script.
@available(*, deprecated, renamed: "Timeline")
public typealias InnerTimeline = Timeline
