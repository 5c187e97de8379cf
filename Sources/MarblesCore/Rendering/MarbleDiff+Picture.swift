import ReactiveEvents

extension MarbleDiff {
  /// The expected and actual timelines as one SVG diagram (two lanes, `expected` over
  /// `actual`, drawn like `marbles render --format svg`): what `expectMarbles` attaches to a
  /// failing Swift Testing issue so that IDEs and CI show the picture next to the text.
  ///
  /// Values print with `format` (numbers, strings and Booleans keep their own form, so equal
  /// values share a colour); an error prints as its `MarbleError` message or its reflection.
  ///
  /// - Parameters:
  ///   - expected: The expected events, in order.
  ///   - actual: The recorded events, in order.
  ///   - subscription: The recording's window, if it had one (the actual lane starts there).
  ///   - title: The diagram's title.
  ///   - format: How a value prints, for values that are not numbers, strings or Booleans.
  ///   - elidedOver: The time scale of the failure text, when it drew long empty stretches as
  ///     progressions, so that the picture draws the same; nil (the default) draws at the scale
  ///     of `marbles render`.
  public static func picture<Value>(
    expected: [Recorded<Value>], actual: [Recorded<Value>], subscription: SubscriptionLog? = nil,
    title: String = "expected vs actual",
    format: @escaping (Value) -> String = { MarbleDiff.describe($0) }, elidedOver: Int? = nil
  ) -> String {
    func value(_ value: Value) -> TimelineValue {
      switch value as Any {
      case let number as Int: return .int(number)
      case let number as Double: return .double(number)
      case let text as String: return .string(text)
      case let flag as Bool: return .bool(flag)
      default: return .opaque(format(value))
      }
    }
    func failure(_ error: any Error) -> TimelineValue {
      if let marble = error as? MarbleError { return .string(marble.message) }
      return .opaque(String(reflecting: error))
    }
    func events(_ recorded: [Recorded<Value>]) -> [TimelineEvent] {
      recorded.map { item in
        switch item.event {
        case .next(let next): return .next(value(next), at: item.frame)
        case .error(let error): return .error(failure(error), at: item.frame)
        case .completed: return .completed(at: item.frame)
        }
      }
    }
    let frames = (expected + actual).map(\.frame) + [subscription?.subscribed ?? 0]
    let start = min(0, frames.min() ?? 0)
    let window = subscription ?? SubscriptionLog(subscribed: start)
    let run = ScriptRun(
      file: title, title: title, firstFrame: start, lastFrame: max(frames.max() ?? 0, start),
      lanes: [
        TimelineLane(
          name: "expected", subscription: SubscriptionLog(subscribed: start),
          events: events(expected)),
        TimelineLane(name: "actual", subscription: window, events: events(actual)),
      ])
    let diagram = VisualDiagram(run, elidedOver: elidedOver ?? TimeAxis.elidedOver)
    return SVGLayout(diagram, interactive: false).document(theme: .light)
  }
}
