import ReactiveEvents

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
  /// The recorded events (empty for a subscription expectation): `actualTimeline`'s.
  public var actual: [TimelineEvent] {
    get { actualTimeline?.events ?? [] }
    set {
      var timeline = actualTimeline ?? Timeline(subscribed: 0)
      timeline.events = newValue
      actualTimeline = timeline
    }
  }
  /// What the lane recorded (window, events, their order), nil for a subscription expectation:
  /// the one copy, which `ExpectationResult.actualTimeline` reads.
  var actualTimeline: Timeline<TimelineValue>?
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
    self.actualTimeline = actual.isEmpty ? nil : Timeline(subscribed: 0, events: actual)
    self.differences = differences
    self.keys = keys
    self.expectedWindows = expectedWindows
    self.actualWindows = actualWindows
  }
}
