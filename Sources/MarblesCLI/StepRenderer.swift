import Marbles
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
/// Each screen is drawn by `TextRenderer` (the engine of `marbles render`) from the run cut
/// at that frame, so a step shows exactly what `render` would show for a run that stopped there.
public struct StepRenderer: Sendable {
  /// The options of the text diagram (glyphs, colour); wrapping is off: a step is one block.
  public var options: TextRenderer.Options
  /// The labels of lanes a quiz hides (`marbles step --quiz`): drawn with `?` in every step.
  public var hidden: [String] = []

  public init(options: TextRenderer.Options = .init()) {
    self.options = options
    self.options.width = nil
  }

  /// How many frames a step draws: the last ones up to its frame. A step costs what it
  /// draws, not what the run did before (so that stepping through a long run is linear).
  public static let windowFrames = 120

  /// The steps of `run`: every frame from its first to its last, but for long stretches where
  /// nothing happens (`TimeAxis`), which are skipped.
  public struct Steps: Sendable {
    let run: ScriptRun
    let diagram: VisualDiagram
    let renderer: StepRenderer
    /// The keys of every value of the run, so that a value keeps its glyph at every step.
    let keys: DiagramKeys<TimelineValue>

    /// Whether `run` is the whole run; one still going (`steps(ofRunSoFar:)`) is drawn with
    /// `step 3 of ?` (its number of steps is not known yet), its values keyed as far as known.
    public let isFinished: Bool

    init(run recorded: ScriptRun, renderer: StepRenderer, isFinished: Bool = true) {
      self.isFinished = isFinished
      var run = recorded
      // Each lane's events made once (a run's lanes make them from their recording on every
      // access); the diagram reads their order of work from the recording.
      for index in run.lanes.indices { run.lanes[index].events = run.lanes[index].events }
      self.run = run
      diagram = VisualDiagram(recorded)
      self.renderer = renderer
      keys = TextRenderer(options: renderer.options).keys(of: run)
    }

    /// How many steps there are.
    public var count: Int {
      var elided = 0
      for gap in diagram.axis.gaps { elided += gap.count }
      return diagram.last - diagram.first + 1 - elided
    }

    /// Whether step `index` of a run still going is drawn now as the run will draw it once it
    /// has gone on: the step exists, its frame has run, and enough frames after it have run
    /// that no later event can change which frames are steps up to it (a stretch where
    /// nothing happens is skipped only once it is over). Always true for a finished run's
    /// steps. The glyph keys can still differ (they are made from every value of a run).
    public func isSettled(_ index: Int) -> Bool {
      if isFinished { return index < count }
      guard index < count else { return false }
      return frame(index) + TimeAxis.elidedOver + 1 < run.lastFrame
    }

    func frame(_ index: Int) -> Int {
      var frame = diagram.first + index
      for gap in diagram.axis.gaps {
        guard gap.lowerBound <= frame else { break }
        frame += gap.count
      }
      return frame
    }

    /// Step `index` (`0..<count`) as text ending with a newline.
    public func screen(_ index: Int) -> String {
      let frame = self.frame(index)
      var out = "step \(index + 1) of \(isFinished ? String(count) : "?"): frame \(frame)\n"
      let window = max(diagram.first, frame - StepRenderer.windowFrames + 1)...frame
      let part = run.cut(window)
      let drawing = TextRenderer(options: renderer.options)
      if let (grid, notes) = drawing.diagram(part, keys: keys, positions: nil, window: window) {
        out += ScriptRun.markingHidden(
          renderer.hidden, in: (grid.render() + notes).map { $0 + "\n" }.joined())
      } else {
        out +=
          TerminalText.escaped(part.title ?? part.file, ascii: renderer.options.glyphs.isASCII)
          + "\n(no lanes)\n"
      }
      let work = diagram.steps(at: frame)
      if work.isEmpty {
        // In a quiz a hidden lane may act in a frame where the inputs do not: never "nothing".
        out +=
          "frame \(frame): \(renderer.hidden.isEmpty ? "nothing happens" : "the inputs send nothing")\n"
      } else {
        out += "frame \(frame), in order:\n"
        let ascii = renderer.options.glyphs.isASCII
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

  public func steps(of run: ScriptRun) -> Steps {
    Steps(run: run.oneRowPerSubscription, renderer: self)
  }

  /// The steps of a run still going (`ScriptEngine.recordedSoFar`): those up to its last
  /// frame, their header `step 3 of ?`; `Steps.isSettled` says which are final.
  public func steps(ofRunSoFar run: ScriptRun) -> Steps {
    Steps(run: run.oneRowPerSubscription, renderer: self, isFinished: false)
  }

  /// Every step once, separated by blank lines, handed to `write` one at a time as it is drawn
  /// (so that a long run prints as it goes and holds one step at a time); stops when `write`
  /// returns false.
  public func each(of run: ScriptRun, _ write: (String) -> Bool) {
    let steps = steps(of: run)
    for index in 0..<steps.count {
      guard write((index > 0 ? "\n" : "") + steps.screen(index)) else { return }
    }
  }
}

extension ScriptRun {
  /// The run drawn only over `window` (a step of `marbles step`): each lane's events in it,
  /// found by binary search, as `prefix(through:)` shows them at its last frame.
  func cut(_ window: ClosedRange<Int>) -> ScriptRun {
    var cut = self
    cut.firstFrame = window.lowerBound
    cut.lastFrame = Swift.max(window.lowerBound, Swift.min(lastFrame, window.upperBound))
    cut.lanes = lanes.map { lane in
      var lane = lane
      lane.subscription = lane.subscription.prefix(through: window.upperBound)
      lane.events = lane.events.slice(window)
      lane.before = lane.before.slice(window)
      return lane
    }
    cut.expectations = []
    if let stop = stopped, stop.frame > window.upperBound { cut.stopped = nil }
    return cut
  }

  /// The run as if it had stopped after `frame`: later events dropped (also inside inner
  /// signals), subscriptions that end later still open, the stop mark only once it is reached.
  func prefix(through frame: Int) -> ScriptRun {
    var cut = self
    cut.lastFrame = Swift.max(firstFrame, Swift.min(lastFrame, frame))
    cut.lanes = lanes.map { lane in
      var lane = lane
      lane.subscription = lane.subscription.prefix(through: frame)
      lane.events = lane.events.slice(Int.min...frame)
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
  /// The events at frames in `window` (the array is in frame order), as `prefix(through:)`
  /// keeps them at its last frame.
  fileprivate func slice(_ window: ClosedRange<Int>) -> [TimelineEvent] {
    func firstIndex(from frame: Int) -> Int {
      var low = 0
      var high = count
      while low < high {
        let middle = (low + high) / 2
        if self[middle].frame < frame { low = middle + 1 } else { high = middle }
      }
      return low
    }
    let start = firstIndex(from: window.lowerBound)
    let end = window.upperBound == .max ? count : firstIndex(from: window.upperBound + 1)
    return self[start..<end].map { event in
      Recorded(frame: event.frame, event: event.event.map { $0.prefix(through: window.upperBound) })
    }
  }
}

extension TimelineValue {
  fileprivate func prefix(through frame: Int) -> TimelineValue {
    switch self {
    case .signal(let inner):
      return .signal(
        Timeline(
          subscribed: inner.subscribed,
          unsubscribed: inner.unsubscribed.flatMap { $0 > frame ? nil : $0 },
          events: inner.events.slice(Int.min...frame)))
    case .tuple(let values): return .tuple(values.map { $0.prefix(through: frame) })
    case .array(let values): return .array(values.map { $0.prefix(through: frame) })
    case .error(let value): return .error(value.prefix(through: frame))
    case .event(let kind, let value): return .event(kind, value?.prefix(through: frame))
    default: return self
    }
  }
}
