import Reactive

/// `marbles step`: the run's diagram as it grows, one screen per frame, each with the ordered
/// list of what happened in that frame.
///
///     step 3 of 16: frame 2
///     RACCommand: double tap 0    5
///     clicks                 --1
///     …
///     frame 2, in order:
///       1. clicks emits 1
///       2. execute(tap) emits signal execute(tap) #1
///
/// Each screen is drawn by `TimelineRenderer` (the engine of `marbles render`) from the run cut
/// at that frame, so a step shows exactly what `render` would show for a run that stopped there.
public struct StepRenderer: Sendable {
  /// The options of the text diagram (theme, colour); wrapping is off: a step is one block.
  public var options: TimelineRenderer.Options
  /// The labels of lanes a quiz hides (`marbles step --quiz`): drawn with `?` in every step.
  public var hidden: [String] = []

  public init(options: TimelineRenderer.Options = .init()) {
    self.options = options
    self.options.width = nil
  }

  /// The steps of `run`: every frame from its first to its last.
  public struct Steps: Sendable {
    let run: ScriptRun
    let diagram: VisualDiagram
    let renderer: StepRenderer

    /// How many steps there are.
    public var count: Int { diagram.last - diagram.first + 1 }

    /// Step `index` (`0..<count`) as text ending with a newline.
    public func screen(_ index: Int) -> String {
      let frame = diagram.first + index
      var out = "step \(index + 1) of \(count): frame \(frame)\n"
      out += ScriptRun.markingHidden(
        renderer.hidden,
        in: TimelineRenderer(options: renderer.options).render(
          run.prefix(through: frame), keysFrom: run))
      let work = diagram.frames[index]
      if work.isEmpty {
        out += "frame \(frame): nothing happens\n"
      } else {
        out += "frame \(frame), in order:\n"
        let ascii = renderer.options.theme.isASCII
        for (number, step) in work.enumerated() {
          if let hop = step.hop { out += "  \(TerminalText.escaped(hop, ascii: ascii))\n" }
          let row = diagram.rows[step.row]
          let mark = row.marks[step.mark]
          let verb = mark.kind == .next ? "emits " : ""
          let line = "\(number + 1). \(row.name) \(verb)\(diagram.describe(mark))"
          out += "  \(TerminalText.escaped(line, ascii: ascii))\n"
        }
      }
      return out
    }
  }

  /// The steps of `run`.
  public func steps(of run: ScriptRun) -> Steps {
    let run = run.oneRowPerSubscription
    return Steps(run: run, diagram: VisualDiagram(run), renderer: self)
  }

  /// Every step once, separated by blank lines: what `marbles step` prints without a terminal.
  public func renderAll(_ run: ScriptRun) -> String {
    let steps = steps(of: run)
    return (0..<steps.count).map(steps.screen).joined(separator: "\n")
  }
}

extension ScriptRun {
  /// The run as if it had stopped after `frame`: later events dropped (also inside inner
  /// signals), subscriptions that end later still open, the stop mark only once it is reached.
  func prefix(through frame: Int) -> ScriptRun {
    var cut = self
    cut.lastFrame = Swift.max(firstFrame, Swift.min(lastFrame, frame))
    cut.lanes = lanes.map { lane in
      var lane = lane
      lane.subscription = lane.subscription.prefix(through: frame)
      lane.events = lane.events.prefix(through: frame)
      return lane
    }
    cut.expectations = []
    // The stop mark appears at the step of the stop, not before.
    if let stop = stopped, stop.frame > frame { cut.stopped = nil }
    return cut
  }
}

extension SubscriptionLog {
  fileprivate func prefix(through frame: Int) -> SubscriptionLog {
    guard let end = unsubscribed, end > frame else { return self }
    return SubscriptionLog(subscribed: subscribed, unsubscribed: nil)
  }
}

extension [TimelineEvent] {
  fileprivate func prefix(through frame: Int) -> [TimelineEvent] {
    var kept: [TimelineEvent] = []
    for event in self {
      guard event.frame <= frame else { break }
      kept.append(
        Recorded(frame: event.frame, event: event.event.map { $0.prefix(through: frame) }))
    }
    return kept
  }
}

extension TimelineValue {
  fileprivate func prefix(through frame: Int) -> TimelineValue {
    switch self {
    case .signal(let inner):
      return .signal(
        InnerTimeline(
          subscribed: inner.subscribed,
          unsubscribed: inner.unsubscribed.flatMap { $0 > frame ? nil : $0 },
          events: inner.events.prefix(through: frame)))
    case .tuple(let values): return .tuple(values.map { $0.prefix(through: frame) })
    case .array(let values): return .array(values.map { $0.prefix(through: frame) })
    case .error(let value): return .error(value.prefix(through: frame))
    case .event(let kind, let value): return .event(kind, value?.prefix(through: frame))
    default: return self
    }
  }
}
