import Reactive

/// One event seen by a recording (or written in a marble), with the frame it happened at.
///
/// Equality (when `Value` is `Equatable`) compares frames, kinds and values; two failures are
/// equal when their errors are equal (`Equatable` errors of the same type), or else when they
/// have the same type and print the same.
public struct Recorded<Value> {
  /// The virtual frame of the event.
  public var frame: Int
  /// The event.
  public var event: Event<Value>

  /// Creates a recorded event.
  @inlinable public init(frame: Int, event: Event<Value>) {
    self.frame = frame
    self.event = event
  }

  /// A value at `frame`.
  @inlinable public static func next(_ frame: Int, _ value: Value) -> Recorded {
    Recorded(frame: frame, event: .next(value))
  }

  /// A failure at `frame`.
  @inlinable public static func error(_ frame: Int, _ error: any Error) -> Recorded {
    Recorded(frame: frame, event: .error(error))
  }

  /// Completion at `frame`.
  @inlinable public static func completed(_ frame: Int) -> Recorded {
    Recorded(frame: frame, event: .completed)
  }
}

extension Recorded: Sendable where Value: Sendable {}

// A cold source plays its `[Recorded]` as it is (`ItemPlayback`).
extension Recorded: PlaybackItem {}

extension Recorded: Equatable where Value: Equatable {
  /// Same frame and equal events.
  public static func == (lhs: Recorded, rhs: Recorded) -> Bool {
    lhs.frame == rhs.frame && eventsEqual(lhs.event, rhs.event)
  }
}

extension Recorded: CustomStringConvertible {
  /// `next(1)@3`.
  public var description: String { "\(event)@\(frame)" }
}

/// Whether two events are of the same kind with equal values or errors.
func eventsEqual<Value: Equatable>(_ lhs: Event<Value>, _ rhs: Event<Value>) -> Bool {
  switch (lhs, rhs) {
  case (.next(let left), .next(let right)): return left == right
  case (.error(let left), .error(let right)): return MarbleDiff.errorsEqual(left, right)
  case (.completed, .completed): return true
  default: return false
  }
}
