/// The one layout engine of the text diagrams: `marbles render` (ascii, unicode), the failure
/// diffs of `marbles test` and `expectMarbles`, and the terminal step mode all draw through it.
///
///     map          0    5
///     input        --a--b--|
///     output       --x--y--|
///                  x = 10, y = 20
///
/// Time is never distorted: frame `f` always starts at column `(f - first) * cellWidth` in
/// every row, so the distance between two marks is proportional to their frame distance and
/// can be checked against the ruler. `cellWidth` is 1 unless a diagram needs keys longer than
/// one character; then every frame of the diagram has that width, and the padding is blank
/// (never `-`), so it cannot be read as time. Several marks at one frame (`(ab)`, `(0|)`) are
/// stacked: the first on the row, the next ones on continuation rows just below it, in the
/// order they happened, without widening any frame.
///
/// Layout is one pass over the frames per row plus one over the marks: linear in the size of
/// the diagram.
package struct DiagramGrid {
  /// How a mark is coloured; the raw value is its ANSI colour code.
  package enum Style: String {
    /// A value or key.
    case value = "32"
    case completed = "34"
    case failed = "31"
    /// Unsubscription without a terminal event.
    case unsubscribed = "33"
    /// An inner signal's emission.
    case inner = "36"
    /// The frame where a run stopped early.
    case stop = "35;1"
    /// Something that happened before the lane subscribed (a hot source's past).
    case muted = "2"
  }

  /// One glyph at one frame.
  package struct Mark {
    /// The absolute frame.
    package var frame: Int
    /// The glyph (at most `cellWidth` columns).
    var text: String
    /// Its colour.
    var style: Style

    package init(frame: Int, text: String, style: Style) {
      self.frame = frame
      self.text = text
      self.style = style
    }
  }

  /// One row (a lane, an inner signal, a side of a diff).
  package struct Row {
    /// The text of the left column.
    var label: String
    /// The first frame drawn as timeline; earlier frames are blank. nil: from the start.
    package var start: Int?
    /// The last frame drawn as timeline; later frames are blank. nil: to the end.
    package var end: Int?
    /// The marks, in frame order; marks at one frame keep their order (top to bottom).
    package var marks: [Mark]
    /// The legend (`x = 10, y = 20`), or empty.
    var legend: String

    package init(label: String, start: Int?, end: Int?, marks: [Mark], legend: String = "") {
      self.label = label
      self.start = start
      self.end = end
      self.marks = marks
      self.legend = legend
    }
  }

  /// What a line of the output is: the input of the time-proportionality check.
  enum LineKind: Equatable {
    /// The title, on its own line when it is wider than the label column.
    case title
    /// Frame numbers (after the title when it fits the label column); empty between blocks.
    case ruler
    /// The main line of row `index`.
    case row(Int)
    /// A continuation line of row `index` (stacked marks).
    case continuation(Int)
    /// The legend of row `index`.
    case legend(Int)
    /// Carets under differing frames.
    case carets
  }

  var rows: [Row]
  /// The first and last frame drawn.
  var first: Int
  var last: Int
  /// The columns of one frame.
  var cellWidth = 1
  var glyphs: TextGlyphs = .ascii
  var color = false
  /// Frames marked with `^` under the rows (diffs).
  var carets: [Int] = []
  /// Legends after the row on the same line (diffs) instead of on a line below (render).
  var legendsBeside = false
  /// The maximum line width; longer diagrams wrap into blocks, each with its ruler.
  var width: Int?
  /// The text left of the first ruler (the title), when it fits.
  var header: String?
  /// The longest empty stretch drawn frame by frame (`TimeAxis`).
  var elidedOver = TimeAxis.elidedOver

  static let legendSeparator = "   "

  /// The width of the label column, in terminal columns (labels as printed: escaped).
  package var labelWidth: Int {
    max(rows.map { TerminalText.width(printable($0.label)) }.max() ?? 0, 1) + 2
  }

  /// A label, title or legend as it is printed: controls escaped (`\n`, `\u{1b}`) and, in the
  /// ascii glyphs, 7-bit.
  func printable(_ text: String) -> String {
    TerminalText.escaped(text, ascii: glyphs.isASCII)
  }

  /// The frames that draw something: marks, rows' ends, carets (`TimeAxis`).
  private var busyFrames: [Int] {
    var frames = carets
    for row in rows {
      if let start = row.start { frames.append(start) }
      if let end = row.end { frames.append(end) }
      for mark in row.marks { frames.append(mark.frame) }
    }
    return frames
  }

  /// The lines, ending without a newline each.
  package func render() -> [String] { layout().map(\.text) }

  /// The lines with what each one is.
  func layout() -> [(kind: LineKind, text: String)] {
    var steps = 0
    return layout(steps: &steps)
  }

  /// About how many bytes `render()` makes, at most (each line as wide as the widest, every
  /// cell coloured): known before drawing, so that a diagram past `--max-output` is not drawn.
  package var estimatedBytes: Int {
    let axis = TimeAxis(
      first: first, last: max(last, first), busy: busyFrames, elidedOver: elidedOver)
    var columns = 0
    for segment in axis.segments {
      switch segment {
      case .frames(let frames): columns += frames.count * cellWidth
      case .gap(let gap): columns += Self.gapWidth(gap)
      }
    }
    let perCell = (String(glyphs.empty).utf8.count > 1 ? 3 : 1) + (color ? 9 : 0)
    let labelWidth = self.labelWidth
    let blockColumns = width.map { max(10, $0 - labelWidth) } ?? max(columns, 1)
    let blocks = (columns + blockColumns - 1) / blockColumns
    var rowLines = 2
    var bytes = 0
    for row in rows {
      rowLines += Self.stack(row).count
      bytes += row.legend.utf8.count + labelWidth
    }
    return bytes + max(blocks, 1) * rowLines
      * (labelWidth + min(columns, blockColumns) * perCell + 1)
  }

  /// The columns a gap of the time axis takes: ` 999ms `.
  private static func gapWidth(_ gap: ClosedRange<Int>) -> Int {
    TimeAxis.label(gap).count + 2
  }

  /// The segments of the axis split into blocks of at most `width` columns (one block when
  /// there is no width).
  private func blocks(_ axis: TimeAxis, labelWidth: Int) -> [[TimeAxis.Segment]] {
    guard let width else { return [axis.segments] }
    let columns = max(1, max(10, width - labelWidth) / cellWidth) * cellWidth
    var blocks: [[TimeAxis.Segment]] = []
    var current: [TimeAxis.Segment] = []
    var used = 0
    for segment in axis.segments {
      switch segment {
      case .gap(let gap):
        let gapWidth = Self.gapWidth(gap)
        if used > 0, used + gapWidth > columns {
          blocks.append(current)
          current = []
          used = 0
        }
        current.append(segment)
        used += gapWidth
      case .frames(let frames):
        var next = frames.lowerBound
        while next <= frames.upperBound {
          let room = (columns - used) / cellWidth
          if room <= 0 {
            blocks.append(current)
            current = []
            used = 0
            continue
          }
          let end = min(frames.upperBound, next + room - 1)
          current.append(.frames(next...end))
          used += (end - next + 1) * cellWidth
          next = end + 1
        }
      }
    }
    if !current.isEmpty { blocks.append(current) }
    return blocks
  }

  /// The lines; `steps` counts the cells and marks visited (the work of the layout, which
  /// tests check is linear in the size of the diagram).
  func layout(steps: inout Int) -> [(kind: LineKind, text: String)] {
    let last = max(self.last, first)
    let labelWidth = self.labelWidth
    let axis = TimeAxis(first: first, last: last, busy: busyFrames, elidedOver: elidedOver)
    var out: [(kind: LineKind, text: String)] = []
    var headerLine = header.map(printable) ?? ""
    if TerminalText.width(headerLine) >= labelWidth {
      out.append((.title, headerLine))
      headerLine = ""
    }
    // Each row's marks split into stacked lines: slot 0 on the row, 1… below.
    let stacks = rows.map(Self.stack)
    // Where each stacked line's next mark is: blocks only move forward, so each mark is
    // visited once over all blocks.
    var cursors = stacks.map { [Int](repeating: 0, count: $0.count) }
    let blocks = self.blocks(axis, labelWidth: labelWidth)
    for (number, block) in blocks.enumerated() {
      if number > 0 { out.append((.ruler, "")) }
      out.append((.ruler, trimmed(pad(headerLine, labelWidth) + ruler(block))))
      headerLine = ""
      let isLast = number == blocks.count - 1
      for (index, row) in rows.enumerated() {
        let legend = row.legend.isEmpty ? "" : printable(row.legend)
        for (slot, marks) in stacks[index].enumerated() {
          var line = pad(slot == 0 ? printable(row.label) : "", labelWidth)
          line += cells(
            row, marks: marks, from: &cursors[index][slot], segments: block,
            timeline: slot == 0, steps: &steps)
          if slot == 0, isLast, legendsBeside, !legend.isEmpty {
            out.append((.row(index), line + Self.legendSeparator + legend))
          } else {
            out.append((slot == 0 ? .row(index) : .continuation(index), trimmed(line)))
          }
        }
        if isLast, !legendsBeside, !legend.isEmpty {
          out.append((.legend(index), String(repeating: " ", count: labelWidth) + legend))
        }
      }
      let shown = carets.filter { frame in
        block.contains { segment in
          if case .frames(let frames) = segment { return frames.contains(frame) }
          return false
        }
      }
      if !shown.isEmpty {
        var text = pad("", labelWidth)
        var column = 0
        for frame in shown.sorted() {
          let at = Self.column(of: frame, in: block, cellWidth: cellWidth)
          guard at >= column else { continue }
          text += String(repeating: " ", count: at - column) + paint("^", .failed)
          column = at + 1
        }
        out.append((.carets, text))
      }
    }
    return out
  }

  /// The column of `frame` (drawn one by one) within a block of `segments`.
  private static func column(of frame: Int, in segments: [TimeAxis.Segment], cellWidth: Int)
    -> Int
  {
    var column = 0
    for segment in segments {
      switch segment {
      case .frames(let frames):
        if frames.contains(frame) { return column + (frame - frames.lowerBound) * cellWidth }
        column += frames.count * cellWidth
      case .gap(let gap): column += gapWidth(gap)
      }
    }
    return column
  }

  /// The marks split by their place within their frame: `[slot][i]`, each in frame order.
  private static func stack(_ row: Row) -> [[Mark]] {
    var slots: [[Mark]] = [[]]
    var frame = Int.min
    var slot = 0
    for mark in row.marks {
      if mark.frame != frame {
        frame = mark.frame
        slot = 0
      } else {
        slot += 1
      }
      if slot == slots.count { slots.append([]) }
      slots[slot].append(mark)
    }
    return slots
  }

  /// One line of cells for a block of `segments`; `timeline`: draw `-` inside the row's span
  /// (and a gap's progression).
  private func cells(
    _ row: Row, marks: [Mark], from next: inout Int, segments: [TimeAxis.Segment],
    timeline: Bool, steps: inout Int
  ) -> String {
    let bounds = segments.map { segment -> ClosedRange<Int> in
      switch segment {
      case .frames(let frames): return frames
      case .gap(let gap): return gap
      }
    }
    guard let blockStart = bounds.first?.lowerBound, let blockEnd = bounds.last?.upperBound
    else { return "" }
    while next < marks.count, marks[next].frame < blockStart {
      next += 1
      steps += 1
    }
    // The line is built as UTF-8 bytes: a String append per frame cost more than the layout.
    var line: [UInt8] = []
    let blank = [UInt8](repeating: UInt8(ascii: " "), count: cellWidth)
    let empty = Array((String(glyphs.empty) + String(repeating: " ", count: cellWidth - 1)).utf8)
    drawing: for segment in segments {
      switch segment {
      case .gap(let gap):
        if !timeline, next >= marks.count || marks[next].frame > blockEnd { break drawing }
        steps += 1
        let inSpan = gap.lowerBound >= (row.start ?? .min) && gap.upperBound <= (row.end ?? .max)
        if timeline, inSpan {
          line.append(contentsOf: Array(" \(TimeAxis.label(gap)) ".utf8))
        } else {
          line.append(
            contentsOf: [UInt8](repeating: UInt8(ascii: " "), count: Self.gapWidth(gap)))
        }
      case .frames(let frames):
        line.reserveCapacity(line.count + frames.count * cellWidth)
        for frame in frames {
          // A stacked line (no timeline) ends at its last mark: thousands of values stacked at
          // one frame drew thousands of lines as wide as the whole diagram, and trimmed each.
          if !timeline, next >= marks.count || marks[next].frame > blockEnd { break drawing }
          steps += 1
          if next < marks.count, marks[next].frame == frame {
            let mark = marks[next]
            line.append(contentsOf: paint(mark.text, mark.style).utf8)
            let width = mark.text.utf8.count == 1 ? 1 : TerminalText.width(mark.text)
            if width < cellWidth { line.append(contentsOf: blank[..<(cellWidth - width)]) }
            next += 1
          } else if timeline, frame >= (row.start ?? .min), frame <= (row.end ?? .max) {
            line.append(contentsOf: empty)
          } else {
            line.append(contentsOf: blank)
          }
        }
      }
    }
    return String(decoding: line, as: UTF8.self)
  }

  /// Frame numbers every five frames (more when the numbers are wide), each at its frame's
  /// column, skipped where it would touch the previous number; nothing over a gap.
  private func ruler(_ segments: [TimeAxis.Segment]) -> String {
    var line = ""
    var length = 0  // line.count, kept so that each step is O(1) (String.count is O(n))
    var offset = 0
    for segment in segments {
      switch segment {
      case .gap(let gap): offset += Self.gapWidth(gap)
      case .frames(let frames):
        for frame in frames {
          if frame % 5 == 0, length == 0 || length < offset {
            let label = String(frame)
            line += String(repeating: " ", count: offset - length) + label
            length = offset + label.count
          }
          offset += cellWidth
        }
      }
    }
    return line
  }

  private func paint(_ text: String, _ style: Style) -> String {
    color ? "\u{1B}[\(style.rawValue)m" + text + "\u{1B}[0m" : text
  }

  private func pad(_ text: String, _ width: Int) -> String {
    TerminalText.padded(text, to: width)
  }

  /// `line` without its trailing space Characters. On bytes when the spaces follow ASCII text
  /// (then each is a whole Character); after other text a space may belong to its cluster.
  private func trimmed(_ line: String) -> String {
    let utf8 = line.utf8
    guard utf8.last == UInt8(ascii: " ") else { return line }
    guard let last = utf8.lastIndex(where: { $0 != UInt8(ascii: " ") }) else { return "" }
    guard utf8[last] < 0x80 else {
      var line = line
      while line.last == " " { line.removeLast() }
      return line
    }
    return String(decoding: utf8[...last], as: UTF8.self)
  }
}

extension DiagramGrid {
  /// A render's grid (no carets, legends under their rows), for the text renderer of `Marbles`.
  package init(
    rows: [Row], first: Int, last: Int, cellWidth: Int, glyphs: TextGlyphs, color: Bool,
    width: Int?, header: String?
  ) {
    self.init(
      rows: rows, first: first, last: last, cellWidth: cellWidth, glyphs: glyphs, color: color,
      width: width, header: header, elidedOver: TimeAxis.elidedOver)
  }
}
