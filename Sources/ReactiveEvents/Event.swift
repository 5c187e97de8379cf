/// One event of a signal: a value, a failure, or completion.
///
/// A signal sends any number of `next` events followed by at most one terminal event
/// (`error` or `completed`); nothing follows a terminal event (see `Guides/Contracts.md`).
///
///     --a--b--|     next(a), next(b), completed
///     --a--#        next(a), error(e)
public enum Event<Value> {
  case next(Value)
  /// A failure; terminal.
  case error(any Error)
  /// Successful completion; terminal.
  case completed

  /// Whether this is `error` or `completed`.
  @inlinable public var isTerminal: Bool {
    if case .next = self { return false }
    return true
  }

  /// The value of a `next` event, otherwise `nil`.
  @inlinable public var value: Value? {
    if case .next(let value) = self { return value }
    return nil
  }

  /// The failure of an `error` event, otherwise `nil`.
  @inlinable public var error: (any Error)? {
    if case .error(let error) = self { return error }
    return nil
  }

  /// The event with its value transformed; terminal events pass unchanged.
  @inlinable public func map<T>(_ transform: (Value) throws -> T) rethrows -> Event<T> {
    switch self {
    case .next(let value): return .next(try transform(value))
    case .error(let error): return .error(error)
    case .completed: return .completed
    }
  }
}

extension Event: @unchecked Sendable {}

extension Event: CustomStringConvertible {
  /// `next(v)`, `error(e)` or `completed`.
  public var description: String {
    switch self {
    case .next(let value): return "next(\(value))"
    case .error(let error): return "error(\(error))"
    case .completed: return "completed"
    }
  }
}
