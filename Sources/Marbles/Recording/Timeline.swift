import Foundation
import Reactive

/// A recorded value, as plain data: what renderers, JSON and expectation diffs work on.
///
/// The script runner turns its live values into these when it records an event; an inner
/// signal (a higher-order value) becomes the timeline it produced, with absolute frames.
public indirect enum TimelineValue: Hashable, Sendable {
  /// An integer.
  case int(Int)
  /// A decimal number.
  case double(Double)
  /// A string.
  case string(String)
  /// A Boolean.
  case bool(Bool)
  /// `nil`.
  case null
  /// A tuple, e.g. from `combineLatest`, `zip` or `pairwise`.
  case tuple([TimelineValue])
  /// An array, e.g. from `collect`, `bufferCount` or `bufferWithTime`.
  case array([TimelineValue])
  /// A dictionary with string keys (`["x": 1]`).
  case dictionary([String: TimelineValue])
  /// An error object with a name and a message (`Error("too bad")`).
  case errorObject(name: String, message: String)
  /// An error used as a value (e.g. on `cmd.errors`).
  case error(TimelineValue)
  /// A materialized event: `next` with its value, `error` with its error, or `completed`.
  case event(TimelineEvent.Kind, TimelineValue?)
  /// An inner signal, recorded from the frame it was emitted.
  case signal(InnerTimeline)
  /// A value with no data form (a command, a channel, a closure): its description.
  case opaque(String)

  /// Whether two values are equal for expectations: numbers compare by value (`1 == 1.0`, and
  /// NaN equals NaN, as marble testers expect), inner signals by their recorded events.
  public func matches(_ other: TimelineValue) -> Bool {
    switch (self, other) {
    case (.int(let a), .double(let b)), (.double(let b), .int(let a)): return Double(a) == b
    case (.double(let a), .double(let b)): return a == b || (a.isNaN && b.isNaN)
    case (.tuple(let a), .tuple(let b)), (.array(let a), .array(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.matches($1) }
    case (.dictionary(let a), .dictionary(let b)):
      return a.count == b.count
        && a.allSatisfy { key, value in b[key].map { value.matches($0) } ?? false }
    case (.error(let a), .error(let b)): return a.matches(b)
    case (.event(let k1, let v1), .event(let k2, let v2)):
      guard k1 == k2 else { return false }
      switch (v1, v2) {
      case (nil, nil): return true
      case (let a?, let b?): return a.matches(b)
      default: return false
      }
    case (.signal(let a), .signal(let b)): return a.matches(b)
    default: return self == other
    }
  }

  /// The name of the value's type, for messages that must tell `1` from `"1"`.
  public var typeName: String {
    switch self {
    case .int: return "Int"
    case .double: return "Double"
    case .string: return "String"
    case .bool: return "Bool"
    case .null: return "Nil"
    case .tuple: return "Tuple"
    case .array: return "Array"
    case .dictionary: return "Dictionary"
    case .errorObject: return "ErrorObject"
    case .error: return "Error"
    case .event: return "Event"
    case .signal: return "Signal"
    case .opaque: return "Object"
    }
  }
}

extension TimelineValue: CustomStringConvertible {
  /// The value as a script would write it: `10`, `1.5`, `"text"`, `true`, `nil`, `(1, "a")`,
  /// `[1, 2]`, `error("boom")`, `next(1)`, `signal(--a|)`.
  ///
  /// A value longer than `describedLength` characters is cut there with `…` (diagrams, legends
  /// and diffs stay readable and bounded; JSON keeps every value whole).
  public var description: String {
    var out = ""
    write(to: &out, limit: Self.describedLength)
    return out
  }

  /// How many characters `description` prints of a value before it cuts it with `…`.
  static let describedLength = 1000

  /// Appends `description` to `out`; stops (ending `out` with `…`) once `out` holds `limit`
  /// bytes, without visiting the rest of the value. Returns false when it stopped.
  @discardableResult
  func write(to out: inout String, limit: Int) -> Bool {
    if out.utf8.count >= limit {
      out += "…"
      return false
    }
    func list(_ values: [TimelineValue], _ open: String, _ close: String, out: inout String)
      -> Bool
    {
      out += open
      for (index, value) in values.enumerated() {
        if index > 0 { out += ", " }
        guard value.write(to: &out, limit: limit) else { return false }
      }
      out += close
      return true
    }
    func wrapped(_ open: String, _ inner: TimelineValue?, out: inout String) -> Bool {
      out += open
      guard inner?.write(to: &out, limit: limit) ?? true else { return false }
      out += ")"
      return true
    }
    switch self {
    case .int(let value): out += String(value)
    case .double(let value): out += Self.format(value)
    case .string(let text):
      let room = limit - out.utf8.count
      guard text.utf8.count > room else {
        out += Self.quote(text)
        return true
      }
      out += Self.quote(String(text.prefix(room))).dropLast() + "…"
      return false
    case .bool(let value): out += value ? "true" : "false"
    case .null: out += "nil"
    case .tuple(let values): return list(values, "(", ")", out: &out)
    case .array(let values): return list(values, "[", "]", out: &out)
    case .dictionary(let values):
      if values.isEmpty {
        out += "[:]"
        return true
      }
      out += "["
      for (index, key) in values.keys.sorted().enumerated() {
        if index > 0 { out += ", " }
        out += Self.quote(key) + ": "
        guard let value = values[key], value.write(to: &out, limit: limit) else { return false }
      }
      out += "]"
    case .errorObject(let name, let message):
      out +=
        name == "Error"
        ? "Error(\(Self.quote(message)))"
        : "Error(\(Self.quote(message)), name: \(Self.quote(name)))"
    case .error(let value): return wrapped("error(", value, out: &out)
    case .event(let kind, let value):
      switch kind {
      case .next: return wrapped("next(", value, out: &out)
      case .error: return wrapped("failed(", value, out: &out)
      case .completed: out += "completed"
      }
    case .signal(let inner): out += "signal@\(inner.subscribed)"
    case .opaque(let text): out += text
    }
    return true
  }

  static func format(_ value: Double) -> String {
    if let special = nonFiniteName(value) { return special }
    if value == value.rounded(), abs(value) < 1e15 {
      return String(format: "%.1f", value)
    }
    return "\(value)"
  }

  /// `NaN`, `Infinity` or `-Infinity` for a number that is not finite (one spelling in every
  /// format: text diagrams, diffs, and JSON, where they are these strings), nil otherwise.
  static func nonFiniteName(_ value: Double) -> String? {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
    return nil
  }

  static func quote(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      default:
        // Controls (C0, DEL, C1, bidi marks) as a script writes them: `\n`, `\u{1b}`.
        if TerminalText.isControl(scalar) {
          out += TerminalText.escape(scalar)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}

// A script's failure carries a value (`Error("boom")`, `"error"`): the error of its events.
extension TimelineValue: Error {}

/// Where a recorded event stood in the run's work, kept beside the events (not in their
/// equality): the order of `step` and of a frame's stacked marks.
public struct EventOrder: Hashable, Sendable {
  /// The event's place in the order of work inside its frame, across every lane and inner
  /// signal of the run: 0 for the first event recorded at this frame, then 1, 2, … (numbers may
  /// skip events recorded only for expectations).
  public var sequence: Int
  /// The scheduler action that delivered the event and its queue, so that a command's hops to
  /// the main queue, later actions of the same frame, can be shown.
  public var action: EventAction?

  public init(sequence: Int, action: EventAction? = nil) {
    (self.sequence, self.action) = (sequence, action)
  }
}

/// The scheduled action that delivered a recorded event: events of one frame delivered by a
/// later action (a command's hop to the main queue) come after the earlier actions' work.
public struct EventAction: Hashable, Sendable {
  /// The number of the scheduler action that delivered it (counting from 0 over the run), or
  /// nil for work done while the script set up, outside any action.
  public var turn: Int?
  /// The name of the queue the action ran on (`main`), nil for the scheduler itself.
  public var queue: String?

  public init(turn: Int?, queue: String?) {
    self.turn = turn
    self.queue = queue
  }
}

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

/// Why a run stopped before the end of virtual time.
public struct RunStop: Hashable, Sendable {
  public enum Reason: String, Hashable, Sendable {
    /// A runtime error in the script (division by zero, a bad argument at run time, …).
    case runtimeError
    /// Work was scheduled past `--max-frames`.
    case frameLimit
    /// Too much work at one frame (a loop that never lets time move).
    case actionLimit
    /// A budget of the run (`--max-events`, `--max-subscriptions`, `--max-value-size`, value
    /// nesting) was exceeded.
    case budget
  }

  /// The last frame at which work ran; everything recorded is at or before it.
  public var frame: Int
  public var reason: Reason
  /// The error's message (the diagnostic in `ScriptRun.diagnostics` has its location).
  public var message: String

  public init(frame: Int, reason: Reason, message: String) {
    self.frame = frame
    self.reason = reason
    self.message = message
  }
}

/// How an `expect` failed, as data: renderers draw the diff from it.
///
/// For a lane: the expected and actual events and every frame where they differ. For
/// `expect subscriptions(...)`: the expected and actual subscription windows.
public struct ExpectationMismatch: Hashable, Sendable {
  /// What differs at one frame.
  public enum Kind: String, Hashable, Sendable {
    /// Same kinds at the frame, one `next` value differs.
    case valueDiffers
    /// Same kinds at the frame, several `next` values differ.
    case valuesDiffer
    /// Both fail at the frame, with different errors.
    case errorDiffers
    /// One completes where the other fails.
    case errorVsCompletion
    /// An event of another kind (a `next` where a terminal was expected, or the reverse).
    case wrongKind
    /// Expected events are missing at the frame.
    case missing
    /// Events nobody expected at the frame.
    case extra
    /// The lane completed or failed here while more events were expected later.
    case terminatedEarly
    /// Any other difference between the two lists at the frame.
    case eventsDiffer
  }

  /// One frame that differs.
  public struct FrameDifference: Hashable, Sendable {
    public var frame: Int
    /// The kind of difference.
    public var kind: Kind
    /// The expected events at the frame, in order.
    public var expected: [TimelineEvent]
    /// The actual events at the frame, in order.
    public var actual: [TimelineEvent]

    public init(frame: Int, kind: Kind, expected: [TimelineEvent], actual: [TimelineEvent]) {
      self.frame = frame
      self.kind = kind
      self.expected = expected
      self.actual = actual
    }
  }

  /// The expected events (empty for a subscription expectation).
  public var expected: [TimelineEvent]
  /// The recorded events (empty for a subscription expectation).
  public var actual: [TimelineEvent]
  /// Every differing frame, in frame order (empty for a subscription expectation).
  public var differences: [FrameDifference]
  /// The keys of the expected marble's values map (`x` for `{x: 10}`), which diffs reuse.
  public var keys: [String: TimelineValue]
  /// Every entry of the `expect`'s values map that holds no signal or is a `cold(…)` marble
  /// (as delivered at frame 0), whether the marble uses it or not: the keys `marbles test
  /// --update` may write.
  public var mapValues: [String: TimelineValue] = [:]
  /// The value `#` stands for in the `expect` (its `error:`, or `"error"`), when it holds no
  /// signal.
  public var errorValue: TimelineValue?
  /// For `expect subscriptions(...)`: the expected windows, else nil.
  public var expectedWindows: [SubscriptionLog]?
  /// For `expect subscriptions(...)`: the recorded windows, else nil.
  public var actualWindows: [SubscriptionLog]?
  /// For `expect subscriptions(...)`: what made each recorded subscription (`the 'show
  /// output' at 3:13`), nil where an operator made it during the run.
  public var origins: [String?]

  public init(
    expected: [TimelineEvent] = [], actual: [TimelineEvent] = [],
    differences: [FrameDifference] = [], keys: [String: TimelineValue] = [:],
    expectedWindows: [SubscriptionLog]? = nil, actualWindows: [SubscriptionLog]? = nil,
    origins: [String?] = [], mapValues: [String: TimelineValue] = [:],
    errorValue: TimelineValue? = nil
  ) {
    self.mapValues = mapValues
    self.errorValue = errorValue
    self.origins = origins
    self.expected = expected
    self.actual = actual
    self.differences = differences
    self.keys = keys
    self.expectedWindows = expectedWindows
    self.actualWindows = actualWindows
  }
}

/// The outcome of one `expect` statement.
public struct ExpectationResult: Hashable, Sendable {
  /// The 1-based line of the `expect`.
  public var line: Int
  /// The 1-based column of the `expect`.
  public var column: Int
  /// The lane name (or `subscriptions(name)`).
  public var lane: String
  /// Whether it held.
  public var passed: Bool
  /// The expected events (on failure).
  public var expected: [TimelineEvent]?
  /// The actual events (on failure).
  public var actual: [TimelineEvent]?
  /// Where each of `actual` stood in the run's work.
  public var actualOrder: [EventOrder]
  /// How it failed, as data (nil when it held); `ExpectationDiffRenderer` draws it.
  public var mismatch: ExpectationMismatch?

  public init(
    line: Int, column: Int, lane: String, passed: Bool, expected: [TimelineEvent]? = nil,
    actual: [TimelineEvent]? = nil, actualOrder: [EventOrder] = [],
    mismatch: ExpectationMismatch? = nil
  ) {
    self.actualOrder = actualOrder
    self.line = line
    self.column = column
    self.lane = lane
    self.passed = passed
    self.expected = expected
    self.actual = actual
    self.mismatch = mismatch
  }
}

/// Everything one script run recorded: the input of every renderer and of JSON output.
public struct ScriptRun: Hashable, Sendable {
  /// The file name as given (`Examples/map.marble`, `<stdin>`).
  public var file: String
  /// The `title`, if any.
  public var title: String?
  /// The first and last frame that any lane or source touched.
  public var firstFrame: Int
  /// See `firstFrame`.
  public var lastFrame: Int
  /// The shown lanes, in `show` order.
  public var lanes: [TimelineLane]
  /// Each `cold`/`hot` source's subscription log, in the order the sources were declared.
  public var subscriptions: [(name: String, log: [SubscriptionLog])] {
    get { sourceLogs.map { ($0.name, $0.log) } }
    set { sourceLogs = newValue.map { SourceLog(name: $0.name, log: $0.log) } }
  }
  /// The storage of `subscriptions` (tuples are not `Hashable`).
  private struct SourceLog: Hashable, Sendable {
    var name: String
    var log: [SubscriptionLog]
  }
  private var sourceLogs: [SourceLog] = []
  /// Every `expect`, in script order.
  public var expectations: [ExpectationResult]
  /// Warnings found while running; for a run that stopped early, also the error that
  /// stopped it (last).
  public var diagnostics: [Diagnostic]
  /// Why and where the run stopped early, or nil when it ran to the end. A stopped run holds
  /// what was recorded up to `stopped.frame` and no expectation results.
  public var stopped: RunStop?

  public init(
    file: String, title: String? = nil, firstFrame: Int = 0, lastFrame: Int = 0,
    lanes: [TimelineLane] = [], subscriptions: [(name: String, log: [SubscriptionLog])] = [],
    expectations: [ExpectationResult] = [], diagnostics: [Diagnostic] = [],
    stopped: RunStop? = nil
  ) {
    self.stopped = stopped
    self.file = file
    self.title = title
    self.firstFrame = firstFrame
    self.lastFrame = lastFrame
    self.lanes = lanes
    self.expectations = expectations
    self.diagnostics = diagnostics
    self.subscriptions = subscriptions
  }
}
