/// The name of one lane of an operator's internal state (`show s.internals`), as a stateful
/// operator reports it to its `StateProbe` and as the catalogue row that draws it lists it.
///
/// Each lane's one spelling is its constant here: operators report `.acc`, rows list `.acc`.
public struct StateLane: Hashable, Sendable {
  /// The lane's name as a script spells it (`s.acc`).
  public let name: String

  /// A lane called `name`; for a name made at run time (a lane given as an argument).
  public init(_ name: String) { self.name = name }
}

extension StateLane {
  public static let acc = StateLane("acc")
  public static let active = StateLane("active")
  public static let arrived = StateLane("arrived")
  public static let attempt = StateLane("attempt")
  public static let branch = StateLane("branch")
  public static let buffered = StateLane("buffered")
  public static let buffers = StateLane("buffers")
  public static let collected = StateLane("collected")
  public static let connected = StateLane("connected")
  public static let counted = StateLane("counted")
  public static let current = StateLane("current")
  public static let deadline = StateLane("deadline")
  public static let done = StateLane("done")
  public static let fired = StateLane("fired")
  public static let groups = StateLane("groups")
  public static let held = StateLane("held")
  public static let inWindow = StateLane("inWindow")
  public static let index = StateLane("index")
  public static let kept = StateLane("kept")
  public static let largest = StateLane("largest")
  public static let latest = StateLane("latest")
  public static let match = StateLane("match")
  public static let matched = StateLane("matched")
  public static let matching = StateLane("matching")
  public static let pending = StateLane("pending")
  public static let previous = StateLane("previous")
  public static let queue = StateLane("queue")
  public static let queues = StateLane("queues")
  public static let replaced = StateLane("replaced")
  public static let replayed = StateLane("replayed")
  public static let seen = StateLane("seen")
  public static let skipped = StateLane("skipped")
  public static let skipping = StateLane("skipping")
  public static let smallest = StateLane("smallest")
  public static let subscribers = StateLane("subscribers")
  public static let switched = StateLane("switched")
  public static let taken = StateLane("taken")
  public static let taking = StateLane("taking")
  public static let ticks = StateLane("ticks")
  public static let windowOpen = StateLane("windowOpen")
  public static let windows = StateLane("windows")
  public static let winner = StateLane("winner")
}
