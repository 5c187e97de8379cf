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
