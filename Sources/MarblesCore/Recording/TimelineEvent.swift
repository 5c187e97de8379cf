/// A script's recorded event: its error is a `TimelineValue` too.
public typealias TimelineEvent = Recorded<TimelineValue>

extension Recorded where Value == TimelineValue {
  /// An event of `kind` at `frame`; `value` is the value of a `next` or the error value of an
  /// `error` (`nil` stands for `.null` there), ignored for `completed`.
  public init(frame: Int, kind: Kind, value: TimelineValue? = nil) {
    switch kind {
    case .next: self.init(frame: frame, event: .next(value ?? .null))
    case .error: self.init(frame: frame, event: .error(value ?? .null))
    case .completed: self.init(frame: frame, event: .completed)
    }
  }

  /// The value of a `next`, the error value of an `error` (other errors print as a string),
  /// nil for `completed`.
  public var value: TimelineValue? {
    switch event {
    case .next(let value): return value
    case .error(let error): return error as? TimelineValue ?? .string("\(error)")
    case .completed: return nil
    }
  }

  /// A failure at `frame` whose error is `value` (`.string("error")` for a marble's `#`).
  public static func error(_ value: TimelineValue, at frame: Int) -> Recorded {
    Recorded(frame: frame, event: .error(value))
  }

  /// Same frame, same kind, matching values (`TimelineValue.matches`).
  public func matches(_ other: Recorded) -> Bool {
    guard frame == other.frame, kind == other.kind else { return false }
    if let value, let otherValue = other.value { return value.matches(otherValue) }
    return value == other.value  // both nil, or one without a value
  }
}

extension Timeline where Value == TimelineValue {
  /// Same subscription frame and matching events (`TimelineEvent.matches`).
  public func matches(_ other: Timeline) -> Bool {
    subscribed == other.subscribed && events.count == other.events.count
      && zip(events, other.events).allSatisfy { $0.matches($1) }
  }
}
