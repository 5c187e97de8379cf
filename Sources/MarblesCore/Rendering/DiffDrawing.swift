import ReactiveEvents

/// Draws the expected-over-actual rows of a failure diff on the diagram grid (`DiagramGrid`),
/// with the same glyphs, keys and alignment as `marbles render`.
enum DiffDrawing {
  /// The ruler, one row per side (stacked marks below it), and carets under `carets`, fitted to
  /// a terminal (`fitted`); `elidedOver` is the time scale the drawing took (for the picture).
  static func draw<Value: Equatable>(
    _ sides: [(label: String, events: [Recorded<Value>])], carets: [Int],
    keys: [String: Value], authorKeys: [(key: String, value: Value)] = [],
    format: @escaping (Value) -> String,
    typeName: @escaping (Value) -> String, equal: @escaping (Value, Value) -> Bool,
    glyphs: TextGlyphs, color: Bool
  ) -> (lines: [String], elidedOver: Int?) {
    var values: [Value] = []
    for side in sides {
      for recorded in side.events {
        if case .next(let value) = recorded.event { values.append(value) }
      }
    }
    let diagramKeys = DiagramKeys(
      values: values, preferred: keys.map { ($0.key, $0.value) }, authorKeys: authorKeys,
      reserved: glyphs.reserved,
      pool: glyphs.keyPool, ascii: glyphs.isASCII, equal: equal, print: format,
      literal: { literal(format($0)) })
    var rows: [DiagramGrid.Row] = []
    var shortLegends: [String] = []
    var frames = carets
    var position = 0
    for side in sides {
      var marks: [DiagramGrid.Mark] = []
      let firstValue = position
      for recorded in side.events {
        frames.append(recorded.frame)
        switch recorded.event {
        case .next:
          marks.append(
            .init(frame: recorded.frame, text: diagramKeys.glyph(at: position), style: .value))
          position += 1
        case .error: marks.append(.init(frame: recorded.frame, text: glyphs.failed, style: .failed))
        case .completed:
          marks.append(.init(frame: recorded.frame, text: glyphs.completed, style: .completed))
        }
      }
      rows.append(
        DiagramGrid.Row(
          label: side.label, start: nil,
          end: side.events.first(where: \.event.isTerminal)?.frame, marks: marks,
          legend: diagramKeys.legend(at: firstValue..<position, typeName: typeName)))
      shortLegends.append(
        diagramKeys.legend(
          at: firstValue..<position, typeName: typeName, elideOver: shortValue,
          ascii: glyphs.isASCII))
    }
    return fitted(
      DiagramGrid(
        rows: rows, first: min(0, frames.min() ?? 0), last: max(0, frames.max() ?? 0),
        cellWidth: diagramKeys.width, glyphs: glyphs, color: color, carets: carets,
        legendsBeside: true),
      shortLegends: shortLegends)
  }

  /// The widest line a failure diff may have: a terminal's.
  static let maxWidth = 120

  /// The longest empty stretch a fitted diagram draws frame by frame: a progression takes
  /// ` 99ms `, so shorter stretches are drawn frame by frame.
  static let fittedElidedOver = 8

  /// The characters of a value a legend keeps when the full legend does not fit.
  static let shortValue = 40

  /// The grid's lines, fitted to `maxWidth` when they are wider, and the time scale it took
  /// (`elidedOver`, nil: every frame drawn). The time axis first: when the rows (without their
  /// legends) do not fit, empty stretches of more than a few frames are drawn as time
  /// progressions (` 299ms `, at the same columns in every row, so expected and actual stay
  /// aligned; differing frames have carets, so they are always drawn), and if that is not
  /// enough the diagram wraps into blocks. Then the legends: long values are cut
  /// (`shortLegends`), then the legends go below the rows; a line still too wide is folded
  /// (when wrapping).
  /// `wrap`: whether a diagram still too wide wraps into blocks (subscription rows don't: a
  /// dense log stays one line per row).
  static func fitted(_ grid: DiagramGrid, shortLegends: [String]? = nil, wrap: Bool = true) -> (
    lines: [String], elidedOver: Int?
  ) {
    func fits(_ lines: [String]) -> Bool {
      lines.allSatisfy { TerminalText.width($0) <= maxWidth }
    }
    var bare = grid
    for index in bare.rows.indices { bare.rows[index].legend = "" }
    var fitting = grid
    var elidedOver: Int?
    if !fits(bare.render()) {
      fitting.elidedOver = fittedElidedOver
      bare.elidedOver = fittedElidedOver
      elidedOver = fittedElidedOver
      if wrap, !fits(bare.render()) { fitting.width = maxWidth }
    }
    var lines = fitting.render()
    if !fits(lines), let shortLegends, shortLegends.count == fitting.rows.count {
      for index in fitting.rows.indices { fitting.rows[index].legend = shortLegends[index] }
      lines = fitting.render()
    }
    if !fits(lines) {
      fitting.legendsBeside = false
      lines = fitting.render()
    }
    return (fits(lines) || !wrap ? lines : lines.flatMap { folded($0) }, elidedOver)
  }

  /// `line` in lines of at most `width` columns: cut after the last space that fits (or, in a
  /// run without spaces, at the width), the continuations indented by four spaces.
  static func folded(_ line: String, width: Int = maxWidth) -> [String] {
    guard TerminalText.width(line) > width else { return [line] }
    let indent = "    "
    var out: [String] = []
    var rest = Substring(line)
    var room = width
    while TerminalText.width(String(rest)) > room {
      var columns = 0
      var cut = rest.startIndex
      var lastSpace: Substring.Index?
      for index in rest.indices {
        let next = columns + TerminalText.width(rest[index])
        if next > room { break }
        columns = next
        if rest[index] == " ", index > rest.startIndex { lastSpace = index }
        cut = rest.index(after: index)
      }
      if let lastSpace, rest.distance(from: rest.startIndex, to: lastSpace) > room / 2 {
        cut = lastSpace
      }
      guard cut > rest.startIndex else { break }
      out.append((out.isEmpty ? "" : indent) + rest[..<cut])
      rest = rest[cut...].drop { $0 == " " }
      room = width - indent.count
    }
    if !rest.isEmpty || out.isEmpty { out.append((out.isEmpty ? "" : indent) + rest) }
    return out
  }

  /// The subscription rows of `expect subscriptions(...)`: `^` at each subscription, `!` at
  /// its end; a side with no subscription reads `none`. Fitted to a terminal as the event rows
  /// are: long quiet stretches as time progressions.
  static func drawSubscriptions(
    expected: [SubscriptionLog], actual: [SubscriptionLog], carets: [Int],
    glyphs: TextGlyphs, color: Bool
  ) -> [String] {
    var rows: [DiagramGrid.Row] = []
    var frames = carets
    for (label, logs) in [("expected", expected), ("actual", actual)] {
      if logs.isEmpty {
        rows.append(DiagramGrid.Row(label: label, start: .max, end: nil, marks: [], legend: "none"))
      }
      // A window goes into the first row of its side whose windows all ended before it starts,
      // so back-to-back subscriptions (`repeat(5000)`) take two rows, not one each: the drawing
      // stays linear in the run's length.
      let first = rows.count
      for log in logs {
        frames.append(log.subscribed)
        let fits = rows[first...].firstIndex { row in
          row.end.map { $0 < log.subscribed } ?? false
        }
        let index = fits ?? rows.count
        if fits == nil {
          rows.append(DiagramGrid.Row(label: label, start: log.subscribed, end: nil, marks: []))
        }
        rows[index].marks.append(.init(frame: log.subscribed, text: "^", style: .value))
        if let end = log.unsubscribed {
          rows[index].marks.append(.init(frame: end, text: "!", style: .unsubscribed))
          frames.append(end)
        }
        rows[index].end = log.unsubscribed
      }
    }
    return fitted(
      DiagramGrid(
        rows: rows, first: min(0, frames.min() ?? 0), last: max(0, frames.max() ?? 0),
        glyphs: glyphs, color: color, carets: carets, legendsBeside: true), wrap: false
    ).lines
  }

  /// The one-character form of a printed value (`1`, `a` for `"a"`), if it has one.
  static func literal(_ printed: String) -> String? {
    var text = printed
    if text.count == 3, text.first == "\"", text.last == "\"" {
      text = String(text.dropFirst().dropLast())
    }
    guard text.count == 1, isValidMarbleKey(text) else { return nil }
    return text
  }
}
