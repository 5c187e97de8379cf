import Reactive

/// One shown lane: a named signal, its subscription window and its events.
public struct TimelineLane: Hashable, Sendable {
  /// What a lane shows.
  public enum Kind: String, Hashable, Sendable {
    /// A signal shown with `show` (or every signal `let`, when there is no `show`).
    case signal
    /// A `hot(...)` marble shown directly: `before` holds what it emitted before the lane
    /// subscribed (negative frames for a `^` marble).
    case hot
    /// A passive lane that watches a source without subscribing (`show input.recorded`).
    case recorded
    /// A public lane of a command (`show cmd`: `cmd.executing`, `cmd.enabled`, …).
    case command
    /// An internal lane of a command (`show cmd.internals`).
    case internals
    /// A terminal of a channel (`show channel`: `.leading`, `.following`).
    case channel
  }

  /// The lane's name: the shown expression's source text without spaces (`save.enabled`).
  public var name: String
  /// The display label (`as "…"`), or the name.
  public var label: String
  /// What the lane shows.
  public var kind: Kind
  /// The subscription window of the shown subscription.
  public var subscription: SubscriptionLog
  /// The recorded events in delivery order (two events at one frame keep their order).
  public var events: [TimelineEvent] {
    get { recorded?.events ?? givenEvents }
    set {
      givenEvents = newValue
      recorded = nil
    }
  }
  /// Where each event stood in the run's work (empty for a lane that was not recorded).
  /// Setting it keeps the events (a row of a split lane keeps its events' places).
  public var order: [EventOrder] {
    get { recorded?.order ?? givenOrder }
    set {
      givenEvents = events
      recorded = nil
      givenOrder = newValue
    }
  }
  /// The order as set, for a lane not stored by a recorder.
  private var givenOrder: [EventOrder] = []
  /// For a `hot` lane: the source's events before the subscription (earlier frames, possibly
  /// negative), which the lane did not receive. Empty otherwise.
  public var before: [TimelineEvent]
  /// The events as given to `init` or set.
  private var givenEvents: [TimelineEvent]
  /// For a lane drawn without subscribing (`show x.recorded`) of a cold source subscribed more
  /// than once: each subscription's window and, for each event, the subscription it went to.
  /// The diagrams draw one row per subscription from it (`oneRowPerSubscription`); JSON keeps
  /// the one lane. Not part of equality.
  var subscriptionRows: (windows: [SubscriptionLog], ofEvent: [Int])?
  /// Whether the lane draws a `cold`/`hot` marble source itself (`show input`, `show
  /// input.recorded`), not a signal derived from one: quiz mode draws these and hides the rest.
  package var isMarbleSource = false
  /// For a lane of a run: the events as its recorder stored them, made into `events` only when
  /// asked for, and written to JSON straight from this storage.
  private(set) var recorded: RecordedEvents?

  public init(
    name: String, label: String? = nil, kind: Kind = .signal,
    subscription: SubscriptionLog, events: [TimelineEvent], before: [TimelineEvent] = []
  ) {
    self.name = name
    self.label = label ?? name
    self.kind = kind
    self.subscription = subscription
    self.givenEvents = events
    self.before = before
  }

  /// A lane of a run, its events kept as recorded.
  init(
    name: String, label: String, kind: Kind, subscription: SubscriptionLog,
    recorded: RecordedEvents, before: [TimelineEvent]
  ) {
    self.init(
      name: name, label: label, kind: kind, subscription: subscription, events: [],
      before: before)
    self.recorded = recorded
  }

  /// Equal names, labels, kinds, windows and events (events compare as `TimelineEvent`s do).
  public static func == (lhs: TimelineLane, rhs: TimelineLane) -> Bool {
    lhs.name == rhs.name && lhs.label == rhs.label && lhs.kind == rhs.kind
      && lhs.subscription == rhs.subscription && lhs.before == rhs.before
      && lhs.events == rhs.events
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(label)
    hasher.combine(kind)
    hasher.combine(subscription)
    hasher.combine(events)
    hasher.combine(before)
  }
}
