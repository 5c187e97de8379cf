/// What an inner signal did after it was emitted: its subscription and events, absolute frames.
public struct InnerTimeline: Hashable, Sendable {
  /// When it was subscribed (the frame it was emitted) and unsubscribed.
  public var subscribed: Int
  /// When the recorder's subscription ended, or nil.
  public var unsubscribed: Int?
  /// Its events in delivery order.
  public var events: [TimelineEvent]
  /// Where each event stood in the run's work (empty for events that were not recorded); not
  /// part of equality.
  public var order: [EventOrder]

  public init(
    subscribed: Int, unsubscribed: Int? = nil, events: [TimelineEvent] = [],
    order: [EventOrder] = []
  ) {
    (self.subscribed, self.unsubscribed) = (subscribed, unsubscribed)
    (self.events, self.order) = (events, order)
  }

  /// Equal windows and events; `order` is ignored.
  public static func == (lhs: InnerTimeline, rhs: InnerTimeline) -> Bool {
    lhs.subscribed == rhs.subscribed && lhs.unsubscribed == rhs.unsubscribed
      && lhs.events == rhs.events
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(subscribed)
    hasher.combine(unsubscribed)
    hasher.combine(events)
  }

  /// Same subscription frame and matching events.
  public func matches(_ other: InnerTimeline) -> Bool {
    subscribed == other.subscribed && events.count == other.events.count
      && zip(events, other.events).allSatisfy { $0.matches($1) }
  }
}
