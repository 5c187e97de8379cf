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
