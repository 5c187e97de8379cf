import Reactive

/// Draws the expected-over-actual rows of a failure diff on the diagram grid (`DiagramGrid`),
/// with the same glyphs, keys and alignment as `marbles render`.
enum DiffDrawing {
  /// The ruler, one row per side (stacked marks below it), and carets under `carets`.
  static func draw<Value: Equatable>(
    _ sides: [(label: String, events: [Recorded<Value>])], carets: [Int],
    keys: [String: Value], authorKeys: [(key: String, value: Value)] = [],
    format: @escaping (Value) -> String,
    typeName: @escaping (Value) -> String, equal: @escaping (Value, Value) -> Bool,
    glyphs: TextGlyphs, color: Bool
  ) -> [String] {
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
    }
    return fitted(
      DiagramGrid(
        rows: rows, first: min(0, frames.min() ?? 0), last: max(0, frames.max() ?? 0),
        cellWidth: diagramKeys.width, glyphs: glyphs, color: color, carets: carets,
        legendsBeside: true))
  }

  /// The widest line a failure diff may have: a terminal's.
  static let maxWidth = 120

  /// The grid's lines, fitted to `maxWidth` when they are wider: empty stretches of more than
  /// a few frames drawn as time progressions (` 299ms `, at the same columns in every row, so
  /// expected and actual stay aligned; differing frames have carets, so they are always
  /// drawn), then, if that is not enough, the diagram wrapped into blocks.
  static func fitted(_ grid: DiagramGrid) -> [String] {
    func fits(_ lines: [String]) -> Bool {
      lines.allSatisfy { TerminalText.width($0) <= maxWidth }
    }
    let lines = grid.render()
    if fits(lines) { return lines }
    var compressed = grid
    // A progression takes ` 99ms `: shorter stretches are drawn frame by frame.
    compressed.elidedOver = 8
    let shorter = compressed.render()
    if fits(shorter) { return shorter }
    compressed.width = maxWidth
    return compressed.render()
  }

  /// The subscription rows of `expect subscriptions(...)`: `^` at each subscription, `!` at
  /// its end; a side with no subscription reads `none`.
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
    return DiagramGrid(
      rows: rows, first: min(0, frames.min() ?? 0), last: max(0, frames.max() ?? 0),
      glyphs: glyphs, color: color, carets: carets, legendsBeside: true
    ).render()
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
