import ReactiveEvents

/// One event seen by a recording (or written in a marble), with the frame it happened at.
///
/// Equality (when `Value` is `Equatable`) compares frames, kinds and values; two failures are
/// equal when their errors are equal (`Equatable` errors of the same type), or else when they
/// have the same type and print the same.
public struct Recorded<Value> {
  /// The virtual frame of the event.
  public var frame: Int
  public var event: Event<Value>

  @inlinable public init(frame: Int, event: Event<Value>) {
    self.frame = frame
    self.event = event
  }

  /// What kind of event it is, without its value.
  public enum Kind: String, Hashable, Sendable {
    case next, error, completed
  }

  /// `.next`, `.error` or `.completed`.
  public var kind: Kind {
    switch event {
    case .next: return .next
    case .error: return .error
    case .completed: return .completed
    }
  }

  /// A value at `frame` (value first, frame after `at:`, as scripts write `s.next(v, at: F)`).
  @inlinable public static func next(_ value: Value, at frame: Int) -> Recorded {
    Recorded(frame: frame, event: .next(value))
  }

  /// A failure at `frame`.
  @inlinable public static func error(_ error: any Error, at frame: Int) -> Recorded {
    Recorded(frame: frame, event: .error(error))
  }

  /// Completion at `frame`.
  @inlinable public static func completed(at frame: Int) -> Recorded {
    Recorded(frame: frame, event: .completed)
  }
}

extension Recorded: Sendable where Value: Sendable {}

extension Recorded: Equatable where Value: Equatable {
  /// Same frame and equal events.
  public static func == (lhs: Recorded, rhs: Recorded) -> Bool {
    lhs.frame == rhs.frame && eventsEqual(lhs.event, rhs.event, by: ==)
  }
}

extension Recorded: Hashable where Value: Hashable {
  /// Hashes the frame, the kind and a `next`'s value (errors compare by more than they hash).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(frame)
    hasher.combine(kind)
    hasher.combine(event.value)
  }
}

extension Recorded: CustomStringConvertible {
  /// `next(1)@3`.
  public var description: String { "\(event)@\(frame)" }
}

/// Whether two events are of the same kind with equal values or errors (`same` compares values,
/// and errors that are values of the recorded type).
func eventsEqual<Value>(
  _ lhs: Event<Value>, _ rhs: Event<Value>, by same: (Value, Value) -> Bool
) -> Bool {
  switch (lhs, rhs) {
  case (.next(let left), .next(let right)): return same(left, right)
  case (.error(let left), .error(let right)):
    if let left = left as? Value, let right = right as? Value { return same(left, right) }
    return errorsEqual(left, right)
  case (.completed, .completed): return true
  default: return false
  }
}

/// Compares two errors: with `==` when they are `Equatable` values of the same type, otherwise
/// by type and printed form.
func errorsEqual(_ lhs: any Error, _ rhs: any Error) -> Bool {
  // Cast through `Any` so that the error's own type is checked: with Foundation imported the
  // compiler treats every `any Error` as castable to `Equatable` (as an NSError).
  let left: Any = lhs
  if let equatable = left as? any Equatable {
    return isEqual(equatable, rhs)
  }
  return type(of: lhs) == type(of: rhs) && String(reflecting: lhs) == String(reflecting: rhs)
}

private func isEqual<Left: Equatable>(_ lhs: Left, _ rhs: Any) -> Bool {
  guard let rhs = rhs as? Left else { return false }
  return lhs == rhs
}
