/// Why a virtual-time run stopped before its queue was empty.
public enum VirtualTimeError: Error, Equatable, CustomStringConvertible {
  /// Work was scheduled past the frame bound (`maxFrames`, `--max-frames`).
  case frameLimitExceeded(limit: Int, nextFrame: Int)
  /// More than `maxActionsPerFrame` actions ran at one frame: a loop that never lets time move.
  case actionLimitExceeded(limit: Int, frame: Int)
  /// `stop()` was called (for example after a script's runtime error).
  case stopped(frame: Int)
  /// A real scheduler (`QueueScheduler`, the process's main queue) was asked to schedule work
  /// inside the run: work the run cannot see, which would touch virtual-time state from another
  /// thread. Usually a `Command` made with `mainScheduler: QueueScheduler.main` in a test.
  case realSchedulerInVirtualRun(frame: Int)

  /// A one-line explanation.
  public var description: String {
    switch self {
    case .frameLimitExceeded(let limit, let nextFrame):
      return "virtual time reached the limit of \(limit) frames with work still scheduled "
        + "(next at frame \(nextFrame)); the run was stopped"
    case .actionLimitExceeded(let limit, let frame):
      return "more than \(limit) actions ran at frame \(frame) without time moving on; "
        + "the run was stopped"
    case .stopped(let frame):
      return "the run was stopped at frame \(frame)"
    case .realSchedulerInVirtualRun(let frame):
      return "a real scheduler (QueueScheduler) was asked to schedule work at frame \(frame) of "
        + "a virtual-time run, which cannot see it; the run was stopped. Give the Command its "
        + "virtual main queue, `Command(mainScheduler: ts.main) { … }`, and time-based "
        + "operators `ts.scheduler`"
    }
  }
}
