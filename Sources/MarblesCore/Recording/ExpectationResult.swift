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
  /// How it failed, as data (nil when it held); `ExpectationDiffRenderer` draws it.
  public var mismatch: ExpectationMismatch?
  /// What the lane recorded (on failure): its window, its events and their order, kept in
  /// `mismatch` (nil without one).
  public var actualTimeline: Timeline<TimelineValue>? {
    get { mismatch?.actualTimeline }
    set { mismatch?.actualTimeline = newValue }
  }

  /// The actual events (on failure): `actualTimeline.events`.
  public var actual: [TimelineEvent]? { actualTimeline?.events }
  /// Where each of `actual` stood in the run's work: `actualTimeline.order`.
  public var actualOrder: [EventOrder] { actualTimeline?.order ?? [] }

  public init(
    line: Int, column: Int, lane: String, passed: Bool, expected: [TimelineEvent]? = nil,
    actualTimeline: Timeline<TimelineValue>? = nil, mismatch: ExpectationMismatch? = nil
  ) {
    (self.line, self.column, self.lane, self.passed) = (line, column, lane, passed)
    (self.expected, self.mismatch) = (expected, mismatch)
    if let actualTimeline { self.mismatch?.actualTimeline = actualTimeline }
  }
}
