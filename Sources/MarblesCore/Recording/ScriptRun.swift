import ReactiveEvents

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
  /// The keys the script gave values (`cold("-a-b|", a: "s", b: "sw")`), first use of each
  /// key first: every picture draws such a value with its key.
  package var authorKeys: [AuthorKey] = []

  /// A key the script gave a value.
  package struct AuthorKey: Hashable, Sendable {
    package var key: String
    package var value: TimelineValue
    package init(key: String, value: TimelineValue) {
      self.key = key
      self.value = value
    }
  }

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
