import ReactiveEvents

/// One shown lane: a name, a label and a kind around what its subscription recorded.
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
  /// What the shown subscription recorded: its window, its events and their order.
  public var timeline: Timeline<TimelineValue>
  /// For a `hot` lane: the source's events before the subscription (earlier frames, possibly
  /// negative), which the lane did not receive. Empty otherwise.
  public var before: [TimelineEvent]
  /// For a lane drawn without subscribing (`show x.recorded`) of a cold source subscribed more
  /// than once: each subscription's window and, for each event, the subscription it went to.
  /// The diagrams draw one row per subscription from it (`oneRowPerSubscription`); JSON keeps
  /// the one lane. Not part of equality.
  package var subscriptionRows: (windows: [SubscriptionLog], ofEvent: [Int])?
  /// Whether the lane draws a `cold`/`hot` marble source itself (`show input`, `show
  /// input.recorded`), not a signal derived from one: quiz mode draws these and hides the rest.
  package var isMarbleSource = false
  /// For a lane drawn without subscribing (`show x.recorded`) of a `cold`/`hot` marble: the
  /// marble itself, as a subscription at frame 0 receives it (a hot one from frame 0), and the
  /// frame of its last character. A quiz draws it instead of the subscriptions the operators
  /// made, whose windows would give answers away. Not part of equality.
  package var marble: (timeline: Timeline<TimelineValue>, lastFrame: Int)?
  /// Whether a quiz hides the lane (`ScriptRun.quiz(revealed:)`): it is drawn as its label and
  /// a `?`, with no events. Not part of equality.
  package var isHidden = false

  /// The window of the shown subscription (`timeline.subscription`).
  public var subscription: SubscriptionLog {
    get { timeline.subscription }
    set { timeline.subscription = newValue }
  }
  /// The recorded events in delivery order (`timeline.events`).
  public var events: [TimelineEvent] {
    get { timeline.events }
    set { timeline.events = newValue }
  }
  /// Where each event stood in the run's work (`timeline.order`).
  public var order: [EventOrder] {
    get { timeline.order }
    set { timeline.order = newValue }
  }

  public init(
    name: String, label: String? = nil, kind: Kind = .signal,
    subscription: SubscriptionLog, events: [TimelineEvent], before: [TimelineEvent] = []
  ) {
    let timeline = Timeline(
      subscribed: subscription.subscribed, unsubscribed: subscription.unsubscribed, events: events)
    self.init(name: name, label: label, kind: kind, timeline: timeline, before: before)
  }

  /// A lane around `timeline`, labelled `label` (or its name).
  public init(
    name: String, label: String? = nil, kind: Kind = .signal, timeline: Timeline<TimelineValue>,
    before: [TimelineEvent] = []
  ) {
    (self.name, self.label, self.kind) = (name, label ?? name, kind)
    (self.timeline, self.before) = (timeline, before)
  }

  /// Equal names, labels, kinds, timelines and `before` events.
  public static func == (lhs: TimelineLane, rhs: TimelineLane) -> Bool {
    lhs.name == rhs.name && lhs.label == rhs.label && lhs.kind == rhs.kind
      && lhs.timeline == rhs.timeline && lhs.before == rhs.before
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(label)
    hasher.combine(kind)
    hasher.combine(timeline)
    hasher.combine(before)
  }
}
