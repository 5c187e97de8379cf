import MarblesCore

/// Draws a `ScriptRun` as aligned text timelines on the diagram grid
/// (`DiagramGrid`), the engine the failure diffs use too.
///
///     map                 0    5
///     input               --a--b--|
///     output              --x--y--|
///                         x = 10, y = 20
///
/// One column per frame in every lane, so distances read true against the ruler. Several
/// events at one frame stack on continuation rows under the lane, in the order they happened:
///
///     a   --0
///           |
///
/// A value that prints as one character no other value of the diagram draws as (`1`, `a`,
/// `t`/`f` for Booleans) is drawn as itself; every other value gets a key that no literal of
/// the diagram uses, with a legend under its lane. Inner signals get their own indented rows.
/// Frames before a subscription and after it ended are blank; a hot lane shows what its source
/// emitted before the subscription, without the timeline. A run that stopped early is drawn up
/// to the stop, with the stop frame marked on every lane. One pass over the events plus one
/// over the frames of each row.
public struct TextRenderer: Sendable {
  public struct Options: Sendable {
    /// The glyph set.
    public var glyphs: TextGlyphs
    /// Whether to emit ANSI colors.
    public var color: Bool
    /// The maximum line width; longer timelines wrap into blocks. nil: never wrap.
    public var width: Int?

    public init(glyphs: TextGlyphs = .ascii, color: Bool = false, width: Int? = nil) {
      self.glyphs = glyphs
      self.color = color
      self.width = width
    }
  }

  public var options: Options

  public init(options: Options = Options()) {
    self.options = options
  }

  /// The run drawn as text, ending with a newline.
  public func render(_ run: ScriptRun) -> String {
    render(run, keysFrom: nil)
  }

  /// The run drawn as text, or nil when it would take more than `limit` bytes (about: see
  /// `DiagramGrid.estimatedBytes`); then nothing is drawn.
  public func render(_ run: ScriptRun, limit: Int) -> String? {
    guard let (grid, notes) = diagram(run, keysFrom: nil) else {
      return TerminalText.escaped(run.title ?? run.file, ascii: options.glyphs.isASCII)
        + "\n(no lanes)\n"
    }
    guard grid.estimatedBytes <= limit else { return nil }
    return (grid.render() + notes).map { $0 + "\n" }.joined()
  }

  /// A part of `full` (the run cut at a frame, for `marbles step`) drawn with the keys of the
  /// whole run, so that a value keeps its glyph from one step to the next.
  public func render(_ part: ScriptRun, keysFrom full: ScriptRun?) -> String {
    guard let (grid, notes) = diagram(part, keysFrom: full) else {
      return TerminalText.escaped(part.title ?? part.file, ascii: options.glyphs.isASCII)
        + "\n(no lanes)\n"
    }
    return (grid.render() + notes).map { $0 + "\n" }.joined()
  }

  /// The grid of `run` and the notes under it (the stop), or nil when there are no lanes.
  /// With `full`, the keys are those of `full`: its values come first, and `run`'s, all among
  /// them, change nothing.
  func diagram(_ run: ScriptRun, keysFrom full: ScriptRun? = nil)
    -> (grid: DiagramGrid, notes: [String])?
  {
    let run = run.oneRowPerSubscription
    let full = full?.oneRowPerSubscription
    guard !run.lanes.isEmpty else { return nil }
    var values: [TimelineValue] = []
    for lane in full?.lanes ?? [] { DiagramKeys.collect(lane.before + lane.events, into: &values) }
    let skipped = values.count
    for lane in run.lanes { DiagramKeys.collect(lane.before + lane.events, into: &values) }
    return diagram(run, keys: keys(of: values, authorKeys: run.authorKeys), positions: skipped)
  }

  /// The keys of a diagram that draws `values` (in the order `collect` meets them).
  func keys(of values: [TimelineValue], authorKeys: [ScriptRun.AuthorKey] = [])
    -> DiagramKeys<TimelineValue>
  {
    DiagramKeys(
      values: values, authorKeys: authorKeys.map { ($0.key, $0.value) },
      reserved: options.glyphs.reserved, pool: options.glyphs.keyPool,
      ascii: options.glyphs.isASCII, equal: DiagramKeys.sameValue, print: \.description,
      literal: DiagramKeys.literal)
  }

  /// The keys of every value `run` draws: `diagram(_:keys:positions:)` draws any part of
  /// `run` with them, each value looked up (so a step of `marbles step` costs what it draws).
  package func keys(of run: ScriptRun) -> DiagramKeys<TimelineValue> {
    var values: [TimelineValue] = []
    for lane in run.lanes { DiagramKeys.collect(lane.before + lane.events, into: &values) }
    return keys(of: values, authorKeys: run.authorKeys)
  }

  /// The grid of `run` with `keys`: from position `positions` on of the values they were made
  /// from, or, with nil, each value looked up among them.
  /// With `window`, only those frames are drawn (a step of `marbles step`).
  package func diagram(
    _ run: ScriptRun, keys: DiagramKeys<TimelineValue>, positions: Int?,
    window: ClosedRange<Int>? = nil
  ) -> (grid: DiagramGrid, notes: [String])? {
    guard !run.lanes.isEmpty else { return nil }
    let glyphs = options.glyphs
    var rows: [DiagramGrid.Row] = []
    var position = positions ?? 0
    for lane in run.lanes {
      addRows(
        label: lane.label, start: lane.subscription.subscribed,
        unsubscribed: lane.subscription.unsubscribed, events: lane.events, before: lane.before,
        depth: 0, keys: keys, byValue: positions == nil, position: &position,
        stop: run.stopped?.frame, stopped: run.stopped != nil, into: &rows)
    }
    var first = window?.lowerBound ?? run.firstFrame
    var last = window?.upperBound ?? max(run.lastFrame, run.stopped?.frame ?? .min)
    for row in rows where window == nil {
      first = min(first, row.start ?? first, row.marks.first?.frame ?? first)
      last = max(last, row.end ?? last, row.marks.last?.frame ?? last)
    }
    let grid = DiagramGrid(
      rows: rows, first: first, last: last, cellWidth: keys.width, glyphs: glyphs,
      color: options.color, width: options.width, header: run.title ?? run.file)
    var notes: [String] = []
    if let stop = run.stopped {
      notes.append(
        String(repeating: " ", count: grid.labelWidth) + glyphs.stopped + " = " + stop.summary)
    }
    return (grid, notes)
  }

  private func addRows(
    label: String, start: Int, unsubscribed: Int?, events: [TimelineEvent],
    before: [TimelineEvent], depth: Int, keys: DiagramKeys<TimelineValue>, byValue: Bool,
    position: inout Int, stop: Int?, stopped: Bool, into rows: inout [DiagramGrid.Row]
  ) {
    let glyphs = options.glyphs
    var marks: [DiagramGrid.Mark] = []
    let firstValue = position
    var drawn: [TimelineValue] = []
    var inners: [Timeline<TimelineValue>] = []
    var failure: TimelineValue?
    for (index, event) in (before + events).enumerated() {
      let muted = index < before.count
      switch event.kind {
      case .next:
        if case .signal(let inner)? = event.value {
          inners.append(inner)
          marks.append(.init(frame: event.frame, text: glyphs.innerMark, style: .inner))
        } else {
          let glyph: String
          if byValue {
            let value = event.value ?? .null
            glyph = keys.glyph(of: value) ?? "?"
            drawn.append(value)
          } else {
            glyph = keys.glyph(at: position)
          }
          marks.append(.init(frame: event.frame, text: glyph, style: muted ? .muted : .value))
          position += 1
        }
      case .completed:
        marks.append(.init(frame: event.frame, text: glyphs.completed, style: .completed))
      case .error:
        // The default error of a marble's `#` needs no legend.
        if failure == nil, event.value != .string("error") { failure = event.value }
        marks.append(.init(frame: event.frame, text: glyphs.failed, style: .failed))
      }
    }
    let terminal = events.last { $0.kind != .next }?.frame
    if terminal == nil, let unsubscribed {
      marks.append(.init(frame: unsubscribed, text: glyphs.unsubscribed, style: .unsubscribed))
    }
    if let stop { marks.append(.init(frame: stop, text: glyphs.stopped, style: .stop)) }
    // A run that stopped early may have stopped because its values grew without bound.
    var legend =
      byValue
      ? keys.legend(of: drawn, elideOver: stopped ? 100 : nil, ascii: options.glyphs.isASCII)
      : keys.legend(
        at: firstValue..<position, elideOver: stopped ? 100 : nil, ascii: options.glyphs.isASCII)
    if let failure {
      legend += (legend.isEmpty ? "" : ", ") + "\(glyphs.failed) = \(failure)"
    }
    rows.append(
      DiagramGrid.Row(
        label: label, start: start, end: terminal ?? unsubscribed, marks: marks, legend: legend))
    for (index, inner) in inners.enumerated() {
      addRows(
        label: String(repeating: "  ", count: depth) + glyphs.innerPrefix + "#\(index + 1)",
        start: inner.subscribed, unsubscribed: inner.unsubscribed, events: inner.events,
        before: [], depth: depth + 1, keys: keys, byValue: byValue, position: &position,
        stop: nil,
        stopped: stopped, into: &rows)
    }
  }
}
