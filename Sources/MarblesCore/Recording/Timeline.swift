import ReactiveEvents

/// What one subscription recorded, finished: its window, its events in delivery order, and
/// where each event stood in the run's work, kept beside the events (not in their equality).
///
/// The one recording type: a Swift test's live `Recording` gives one (`timeline`), a script's
/// shown lane is a name around one (`TimelineLane`), and an inner signal's value is one
/// (`TimelineValue.signal`), with absolute frames. A timeline may keep its events as its
/// recorder stored them (`TimelineStorage`), made into `events` and `order` when first read.
public struct Timeline<Value> {
  /// The subscription's window: when it was subscribed (for an inner signal, the frame it was
  /// emitted) and when the subscription ended, if it did.
  public var subscription: SubscriptionLog
  /// The events in delivery order (two events at one frame keep their order).
  public var events: [Recorded<Value>] {
    get { storage?.events ?? givenEvents }
    set { (givenEvents, storage) = (newValue, nil) }
  }
  /// Where each event stood in the run's work (empty for events that were not recorded by a
  /// script). Setting it keeps the events (a row of a split lane keeps its events' places).
  public var order: [EventOrder] {
    get { storage?.order ?? givenOrder }
    set { (givenEvents, storage, givenOrder) = (events, nil, newValue) }
  }
  private var givenEvents: [Recorded<Value>]
  private var givenOrder: [EventOrder]
  /// For a recorded timeline: the events as its recorder stored them.
  package private(set) var storage: (any TimelineStorage<Value>)?

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
    subscribed: Int, unsubscribed: Int? = nil, events: [Recorded<Value>] = [],
    order: [EventOrder] = []
  ) {
    subscription = SubscriptionLog(subscribed: subscribed, unsubscribed: unsubscribed)
    (givenEvents, givenOrder) = (events, order)
  }

  /// A timeline of a run, its events kept in `storage`.
  package init(subscription: SubscriptionLog, storage: any TimelineStorage<Value>) {
    (self.subscription, givenEvents, givenOrder, self.storage) = (subscription, [], [], storage)
  }

  /// The events with their frames counted from the subscription, as a cold source that plays
  /// them gives them.
  public var relativeEvents: [Recorded<Value>] {
    events.map { Recorded(frame: $0.frame - subscribed, event: $0.event) }
  }
}

/// A recorder's compact form of a finished timeline's events, made into `Recorded` events and
/// their `EventOrder`s only when read (a script's lanes: `LaneStorage`).
package protocol TimelineStorage<Value>: AnyObject, Sendable {
  associatedtype Value
  /// The events, in delivery order.
  var events: [Recorded<Value>] { get }
  /// Where each of `events` stood in the run's work.
  var order: [EventOrder] { get }
}

extension Timeline: Sendable where Value: Sendable {}

extension Timeline: Equatable where Value: Equatable {
  /// Equal windows and events; `order` is ignored.
  public static func == (lhs: Timeline, rhs: Timeline) -> Bool {
    lhs.subscription == rhs.subscription && lhs.events == rhs.events
  }
}

extension Timeline: Hashable where Value: Hashable {
  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(subscription)
    hasher.combine(events)
  }
}
