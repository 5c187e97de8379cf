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
