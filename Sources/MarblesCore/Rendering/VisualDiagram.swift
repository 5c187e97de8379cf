import ReactiveEvents

/// The picture-level view of a run that the SVG, HTML and step renderers share: one row per lane
/// and per inner signal, each event as a mark with a short label and a colour, and for every
/// frame the ordered work done in it.
///
/// Labels: a value is drawn as itself when its text is at most three columns wide and no other
/// value of the diagram would draw alike (`1` and `"1"` both want `1`: both get keys); otherwise
/// it gets a key (`a`, `b`, … skipping any label drawn literally) explained in the legend.
/// Colours: a deterministic hash of the value picks one of `hueCount` hues, so a value has the
/// same colour in every lane and every run. Built in one pass over the recorded events.
package struct VisualDiagram {
  /// How a row draws its values.
  enum RowStyle: Equatable {
    /// Circles with labels on an arrow.
    case marbles
    /// Every value is a Boolean: a step line (high is `true`), dots at the events.
    case booleans
  }

  /// How a row's subscription ends.
  enum Ending: Equatable {
    /// Still subscribed when the run ended.
    case open
    /// A completion at `Row.end`.
    case completed
    /// A failure at `Row.end`.
    case failed
    /// Disposed without a terminal event at `Row.end`.
    case unsubscribed
  }

  /// One drawn event.
  package struct Mark {
    /// The absolute frame.
    package var frame: Int
    /// Its place among the row's events at the same frame (0 on the arrow, then below).
    var slot: Int
    package var kind: TimelineEvent.Kind
    /// The value (next) or error value (error); nil for completion.
    var value: TimelineValue?
    /// The text drawn in the marble (or over the cross); empty for completion.
    var label: String
    /// The colour index, `0..<hueCount`.
    var hue: Int
    /// For an inner signal: the row that draws it.
    var innerRow: Int?
    /// The order of the event among all events of its frame (the recorded `sequence`; events
    /// without one come after the recorded ones)…
    var sequence: Int
    /// … and then the order in which the diagram met it (lane by lane).
    var delivery: Int
    /// The scheduler action that delivered it and its queue, when recorded.
    var action: EventAction?
  }

  /// One row: a lane or an inner signal.
  package struct Row {
    /// The label in the left column (inner rows indented: `└ #1`).
    var label: String
    /// The full name: the lane's label, an inner row's outer name and number (`taps #2`).
    package var name: String
    /// 0 for a lane, 1 for its inner signals, 2 for theirs, …
    var depth: Int
    /// The subscription frame.
    var start: Int
    /// The frame the subscription ended (terminal event or disposal), if it did.
    var end: Int?
    /// How it ended.
    var ending: Ending
    /// How values are drawn.
    var style: RowStyle
    /// The events in delivery order.
    package var marks: [Mark] = []
    /// For a hot lane: what its source emitted before the subscription (drawn muted, not part
    /// of the lane's own events).
    var before: [Mark] = []
    /// The largest number of events at one frame (at least 1).
    var slots: Int = 1
    /// For an inner row: the outer row and the frame the signal was emitted.
    var origin: (row: Int, frame: Int)?
    /// For a row of a lane a quiz hides (`TimelineLane.isHidden`): the number of its lane
    /// among the hidden lanes (0, 1, …). It is drawn as its label and `?`. Nil otherwise.
    package var quiz: Int?
  }

  /// One entry of the legend: a key and the value it stands for.
  package struct LegendEntry {
    /// The key drawn in the marbles.
    var key: String
    /// The value as a script writes it.
    var text: String
    /// The colour index.
    var hue: Int
    /// Whether the value only appears as a failure (drawn as a key beside a cross, so the
    /// legend shows a cross, not a marble).
    var failure = false
  }

  /// Where one event is: `rows[row].marks[mark]`.
  package struct Step {
    package var row: Int
    /// The mark index within the row.
    package var mark: Int
    /// When this event starts a later scheduler action of its frame than the event before it:
    /// how to announce it (`then, on the main queue:`).
    package var hop: String?
  }

  static let hueCount = DiagramStyle.hues.count

  /// The title (or the file name).
  package var title: String
  /// The file name as given.
  package var file: String
  /// Where the run stopped early, if it did (drawn across every lane).
  var stop: RunStop?
  /// The first frame drawn.
  package var first: Int
  /// The last frame drawn.
  package var last: Int
  /// The rows, each lane followed by its inner signals.
  package var rows: [Row] = []
  /// The keys in order of first appearance.
  var legend: [LegendEntry] = []
  /// Each frame in which something happened (in frame order) with its events in the order
  /// they happened: as many entries as busy frames, however far apart they are.
  package var frames: [(frame: Int, steps: [Step])] = []
  /// Which frames are drawn one by one and which long empty stretches as one progression.
  package var axis = TimeAxis(first: 0, last: 0, busy: [])
  /// The work of building it: events, values, frames and in-frame comparisons visited (the
  /// tests check that it grows linearly with the run).
  package private(set) var work = 0

  /// Builds the diagram of `run`, one row per subscription of a source drawn without
  /// subscribing (`ScriptRun.oneRowPerSubscription`); a quiz (`ScriptRun.quiz(revealed:)`, in
  /// `Marbles`) is drawn from the run it returns. `elidedOver`: the longest empty stretch drawn
  /// frame by frame (`TimeAxis`; a failure's picture takes the scale of its text).
  package init(_ run: ScriptRun, elidedOver: Int = TimeAxis.elidedOver) {
    let run = run.oneRowPerSubscription
    var toPredict = 0
    title = run.title ?? run.file
    file = run.file
    first = run.firstFrame
    last = max(run.lastFrame, run.stopped?.frame ?? .min)
    stop = run.stopped
    var values = ValueTable()
    var pendingLabels: [(row: Int, mark: Int, id: Int)] = []
    var pendingBefore: [(row: Int, mark: Int, id: Int)] = []
    for lane in run.lanes {
      let index = rows.count
      addRow(
        label: lane.label, depth: 0, timeline: lane.timeline, origin: nil, values: &values,
        pendingLabels: &pendingLabels)
      if lane.isHidden {
        for row in index..<rows.count { rows[row].quiz = toPredict }
        toPredict += 1
      }
      for event in lane.before {
        work += 1
        if event.kind == .next, let value = event.value {
          let id = values.id(of: value)
          values.drawnAsValue.insert(id)
          pendingBefore.append((index, rows[index].before.count, id))
        }
        rows[index].before.append(
          Mark(
            frame: event.frame, slot: 0, kind: event.kind, value: event.value, label: "",
            hue: 0, sequence: Int.max, delivery: 0))
      }
    }
    let textKeys = DiagramKeys.textKeys(of: run)
    let labels = values.labels(preferring: { textKeys.key(of: $0) })
    work += labels.text.count
    for (row, mark, id) in pendingLabels {
      rows[row].marks[mark].label = labels.text[id]
      rows[row].marks[mark].hue = labels.hue[id]
    }
    for (row, mark, id) in pendingBefore {
      rows[row].before[mark].label = labels.text[id]
      rows[row].before[mark].hue = labels.hue[id]
    }
    legend = labels.legend
    for row in rows {
      first = min(
        first, row.start, row.marks.first?.frame ?? first, row.before.first?.frame ?? first)
      last = max(last, row.end ?? last, row.marks.last?.frame ?? last)
    }
    var byFrame: [Int: [Step]] = [:]
    var busy: [Int] = []
    if let stop { busy.append(stop.frame) }
    for (rowIndex, row) in rows.enumerated() {
      busy.append(row.start)
      if let end = row.end { busy.append(end) }
      if let origin = row.origin { busy.append(origin.frame) }
      for mark in row.before { busy.append(mark.frame) }
      for (markIndex, mark) in row.marks.enumerated() {
        byFrame[mark.frame, default: []].append(Step(row: rowIndex, mark: markIndex))
        busy.append(mark.frame)
      }
    }
    axis = TimeAxis(first: first, last: last, busy: busy, elidedOver: elidedOver)
    frames = byFrame.sorted { $0.key < $1.key }.map { (frame: $0.key, steps: $0.value) }
    work += frames.count
    for index in frames.indices {
      var comparisons = 0
      frames[index].steps.sort {
        comparisons += 1
        let a = rows[$0.row].marks[$0.mark]
        let b = rows[$1.row].marks[$1.mark]
        return (a.sequence, a.delivery) < (b.sequence, b.delivery)
      }
      work += comparisons + frames[index].steps.count
      markHops(in: index)
    }
  }

  /// About how many bytes the SVG (or the HTML page) of this diagram takes, at most: a tick
  /// per drawn frame, a few hundred bytes per mark, row and legend entry (with their texts).
  /// Known before drawing, so that a drawing past `--max-output` is not made at all.
  package var estimatedBytes: Int {
    let end = axis.position(of: last)
    var bytes = 4_000 + (end.frames + end.gaps + 1) * 120 + legend.count * 200
    for row in rows {
      bytes += 400 + row.label.utf8.count * 2 + (row.marks.count + row.before.count) * 400
    }
    for entry in legend { bytes += entry.text.utf8.count * 2 }
    return bytes
  }

  /// The events of `frame` in the order they happened (none for a frame where nothing did).
  package func steps(at frame: Int) -> [Step] {
    var low = 0
    var high = frames.count
    while low < high {
      let middle = (low + high) / 2
      if frames[middle].frame < frame { low = middle + 1 } else { high = middle }
    }
    return low < frames.count && frames[low].frame == frame ? frames[low].steps : []
  }

  /// Announces each later scheduler action of a frame (a hop to the main queue shows as
  /// `then, on the main queue:`); work on the main queue from the frame's start says so too.
  private mutating func markHops(in index: Int) {
    var previous: Int?? = .none
    for position in frames[index].steps.indices {
      let step = frames[index].steps[position]
      guard let order = rows[step.row].marks[step.mark].action else { continue }
      if position == 0 {
        frames[index].steps[position].hop = order.queue.map { "on the \($0) queue:" }
      } else if previous != .some(order.turn) {
        frames[index].steps[position].hop =
          order.queue.map { "then, on the \($0) queue:" } ?? "then, in a later action:"
      }
      previous = .some(order.turn)
    }
  }

  /// Appends the row of one lane or inner signal, then the rows of its inner signals.
  private mutating func addRow(
    label: String, depth: Int, timeline: Timeline<TimelineValue>, origin: (row: Int, frame: Int)?,
    values: inout ValueTable, pendingLabels: inout [(row: Int, mark: Int, id: Int)]
  ) {
    let (subscription, events, order) = (timeline.subscription, timeline.events, timeline.order)
    let index = rows.count
    let terminal = events.last { $0.kind != .next }
    let nexts = events.lazy.filter { $0.kind == .next }
    let booleans =
      !nexts.isEmpty
      && nexts.allSatisfy {
        if case .bool = $0.value { return true } else { return false }
      }
    var ending = Ending.open
    if let terminal {
      ending = terminal.kind == .error ? .failed : .completed
    } else if subscription.unsubscribed != nil {
      ending = .unsubscribed
    }
    rows.append(
      Row(
        label: depth == 0 ? label : String(repeating: "  ", count: depth - 1) + "└ " + label,
        name: origin.map { rows[$0.row].name + " " + label } ?? label,
        depth: depth, start: subscription.subscribed,
        end: terminal?.frame ?? subscription.unsubscribed, ending: ending,
        style: booleans ? .booleans : .marbles, origin: origin))

    var inners: [(frame: Int, timeline: Timeline<TimelineValue>, mark: Int)] = []
    var slot = 0
    var previousFrame = Int.min
    for (position, event) in events.enumerated() {
      work += 1
      let order = position < order.count ? order[position] : nil
      slot = event.frame == previousFrame ? slot + 1 : 0
      previousFrame = event.frame
      rows[index].slots = max(rows[index].slots, slot + 1)
      values.sequence += 1
      var mark = Mark(
        frame: event.frame, slot: slot, kind: event.kind, value: event.value, label: "", hue: 0,
        sequence: order?.sequence ?? Int.max, delivery: values.sequence, action: order?.action)
      if case .signal(let inner) = event.value, event.kind == .next {
        inners.append((event.frame, inner, rows[index].marks.count))
        mark.label = "#\(inners.count)"
      } else if let value = event.value, event.kind == .next || value != .string("error") {
        // The default error of a marble's `#` needs no key: the cross says it all.
        let id = values.id(of: value)
        if event.kind == .next { values.drawnAsValue.insert(id) }
        pendingLabels.append((index, rows[index].marks.count, id))
      }
      rows[index].marks.append(mark)
    }
    for (number, inner) in inners.enumerated() {
      rows[index].marks[inner.mark].innerRow = rows.count
      addRow(
        label: "#\(number + 1)", depth: depth + 1, timeline: inner.timeline,
        origin: (index, inner.frame), values: &values, pendingLabels: &pendingLabels)
    }
  }

  /// The display width of `text`: East Asian wide characters and emoji take two columns.
  static func columns(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { width, scalar in
      switch scalar.value {
      case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
        return width + 2
      default: return width + 1
      }
    }
  }

  /// The text of a value in the step log and the legend: as a script writes it, inner signals
  /// by their row.
  package func describe(_ mark: Mark) -> String {
    if let inner = mark.innerRow {
      return "inner signal " + rows[inner].label.drop { $0 == " " || $0 == "└" }
    }
    switch mark.kind {
    case .next: return mark.value?.description ?? "nil"
    case .error: return "failed(\(mark.value?.description ?? ""))"
    case .completed: return "completed"
    }
  }
}

/// The distinct values of a diagram, in order of first appearance, and their labels.
private struct ValueTable {
  private var ids: [String: Int] = [:]
  private var values: [TimelineValue] = []
  /// The running event counter (the fallback in-frame order: delivery order, lane by lane).
  var sequence = 0
  /// The values that appear in a `next` (in a marble); the others only label failures.
  var drawnAsValue: Set<Int> = []

  mutating func id(of value: TimelineValue) -> Int {
    let identity = value.typeName + ":" + value.description
    if let id = ids[identity] { return id }
    ids[identity] = values.count
    values.append(value)
    return values.count - 1
  }

  /// Each value's drawn text and colour, and the legend of the keyed ones.
  /// `preferring`: the key the text diagram gives a value, used when the value needs a key
  /// here too and no literal is drawn alike (so one script's ASCII and SVG share their letters).
  func labels(preferring textKey: (TimelineValue) -> String? = { _ in nil }) -> (
    text: [String], hue: [Int], legend: [VisualDiagram.LegendEntry]
  ) {
    let candidates = values.map(Self.candidate)
    var wanted: [String: Int] = [:]
    for candidate in candidates {
      if let candidate { wanted[candidate, default: 0] += 1 }
    }
    let literal = candidates.map { candidate -> String? in
      guard let candidate, wanted[candidate] == 1 else { return nil }
      return candidate
    }
    let taken = Set(literal.compactMap { $0 })
    // The text diagram's keys of the values keyed here, kept where no literal takes them; the
    // other values get letters neither literal nor kept.
    var kept: [String?] = values.indices.map { id in
      guard literal[id] == nil, let key = textKey(values[id]), !taken.contains(key) else {
        return nil
      }
      return key
    }
    var seen: Set<String> = []
    for id in kept.indices {
      if let key = kept[id] {
        if seen.contains(key) { kept[id] = nil } else { seen.insert(key) }
      }
    }
    let reservedKeys = taken.union(seen)
    var text: [String] = []
    var hue: [Int] = []
    var legend: [VisualDiagram.LegendEntry] = []
    var nextKey = 0
    for (id, value) in values.enumerated() {
      let colour = Self.hue(of: value)
      hue.append(colour)
      if let drawn = literal[id] {
        text.append(drawn)
        continue
      }
      var key: String
      if let kept = kept[id] {
        key = kept
      } else {
        key = Self.key(nextKey)
        while reservedKeys.contains(key) {
          nextKey += 1
          key = Self.key(nextKey)
        }
        nextKey += 1
      }
      text.append(key)
      legend.append(
        .init(
          key: key, text: value.description, hue: colour, failure: !drawnAsValue.contains(id)))
    }
    return (text, hue, legend)
  }

  /// The text a value would like to be drawn as, if it fits in a marble (three columns).
  static func candidate(_ value: TimelineValue) -> String? {
    let text: String
    switch value {
    case .string(let string):
      guard !string.isEmpty, string.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0 != "\u{7F}" })
      else { return nil }
      text = string
    case .bool(let flag): text = flag ? "T" : "F"
    default: text = value.description
    }
    return VisualDiagram.columns(text) <= 3 ? text : nil
  }

  /// `a` … `z`, then `a2` … `z2`, …
  static func key(_ index: Int) -> String {
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    let round = index / letters.count
    return String(letters[index % letters.count]) + (round == 0 ? "" : String(round + 1))
  }

  /// FNV-1a over the value's type and text, reduced to a hue index: stable across runs and
  /// machines (Swift's `hashValue` is seeded per process, so it is not used).
  static func hue(of value: TimelineValue) -> Int {
    var hash: UInt32 = 2_166_136_261
    for byte in (value.typeName + ":" + value.description).utf8 {
      hash ^= UInt32(byte)
      hash = hash &* 16_777_619
    }
    return Int(hash % UInt32(VisualDiagram.hueCount))
  }
}
