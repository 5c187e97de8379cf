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
