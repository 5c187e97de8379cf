/// The geometry of a `VisualDiagram` and its SVG text; shared by the SVG and HTML renderers.
package struct SVGLayout {
  static let margin = 16.0
  static let charWidth = 7.9
  static let radius = 11.0
  static let slotGap = 24.0

  let diagram: VisualDiagram
  /// Whether the HTML page hosts it: no title (the page has it), a frame cursor and a veil.
  let interactive: Bool
  /// The top of the first row (below the title and the ruler).
  let rowsTop: Double
  /// The top of each row, and the bottom of the last one at the end.
  let rowTops: [Double]
  let plotLeft: Double
  let plotRight: Double
  /// The width of every frame: wider for short runs (32 to 56 pixels), the same for all frames.
  let frameWidth: Double

  package init(_ diagram: VisualDiagram, interactive: Bool) {
    self.diagram = diagram
    self.interactive = interactive
    rowsTop = interactive ? 44 : 66
    let labelColumns = diagram.rows.map { VisualDiagram.columns($0.label) }.max() ?? 4
    let end = diagram.axis.position(of: diagram.last)
    let frameCount = end.frames + end.gaps * Self.gapFrames + 1
    frameWidth = min(56, max(32, (640 / Double(frameCount)).rounded(.down)))
    plotLeft = Self.margin + max(80, Double(labelColumns) * Self.charWidth + 28)
    plotRight = plotLeft + Double(frameCount) * frameWidth + 14
    var tops: [Double] = []
    var y = rowsTop
    for row in diagram.rows {
      tops.append(y)
      y += Self.height(of: row)
    }
    tops.append(y)
    rowTops = tops
  }

  static func height(of row: VisualDiagram.Row) -> Double {
    row.style == .booleans ? 38 : 40 + Double(row.slots - 1) * slotGap
  }

  /// How many frames' width a long empty stretch (`TimeAxis`) takes.
  package static let gapFrames = 3

  /// The centre of `frame`'s column (a frame inside an elided stretch: the stretch's start).
  func x(_ frame: Int) -> Double {
    let position = diagram.axis.position(of: frame)
    return plotLeft
      + (Double(position.frames + position.gaps * Self.gapFrames) + 0.5) * frameWidth
  }

  /// The y of row `index`'s arrow.
  func lineY(_ index: Int) -> Double { rowTops[index] + 20 }

  var rowsBottom: Double { rowTops[rowTops.count - 1] }

  /// The whole document. `interactive` adds the frame cursor and the veil the HTML page moves.
  package func document(theme: DiagramTheme) -> String {
    var work = 0
    return document(theme: theme, work: &work)
  }

  /// The whole document; adds to `work` the rows, marks, frames and legend entries drawn (a few
  /// integer additions; `SVGRenderer._render` shows the tests that drawing is one pass).
  package func document(theme: DiagramTheme, work: inout Int) -> String {
    var body = ""
    body.reserveCapacity(256 * (diagram.rows.count + 4) + 160 * diagram.frames.count)
    let legendTop = rowsBottom + 18
    let (legend, legendHeight, legendWidth) = self.legend(top: legendTop, work: &work)
    let width = max(
      plotRight + Self.margin, legendWidth + Self.margin,
      Self.margin * 2
        + Double(VisualDiagram.columns(diagram.title)) * 9.6)
    let height = legendTop + legendHeight + Self.margin
    body += "<rect class=\"bg\" x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\"/>\n"
    // The HTML page shows the title itself.
    if !interactive {
      body +=
        "<text class=\"title\" x=\"\(n(Self.margin))\" y=\"28\">\(escapeXML(diagram.title))</text>\n"
    }
    body += grid()
    body += ruler(work: &work)
    let plotTop = rowsTop - 8
    if interactive {
      body +=
        "<rect id=\"cursor\" class=\"cursor\" x=\"\(n(x(diagram.first) - frameWidth / 2))\" "
        + "y=\"\(n(plotTop))\" width=\"\(n(frameWidth))\" height=\"\(n(rowsBottom - plotTop))\"/>\n"
    }
    for index in diagram.rows.indices { body += rowText(index, work: &work) }
    if let stop = diagram.stop {
      // The stop crosses every lane: nothing was recorded to its right.
      let sx = x(stop.frame) + frameWidth / 2
      body +=
        "<g class=\"stop\"><path class=\"stopl\" d=\"M\(n(sx)) \(n(plotTop))V\(n(rowsBottom))\"/>"
      for index in diagram.rows.indices {
        let y = lineY(index)
        body += "<path class=\"stopx\" d=\"M\(n(sx - 5)) \(n(y - 5))l10 10m0 -10l-10 10\"/>"
      }
      body += "<title>\(escapeXML(stop.summary))</title></g>\n"
    }
    body += legend
    if interactive {
      // The lane labels again, on the background of their column: the page shows them, moved
      // along, while the diagram is scrolled sideways, so that long runs keep their labels.
      body +=
        "<g id=\"pinned\" style=\"display:none\"><rect class=\"bg\" x=\"0\" y=\"\(n(plotTop))\" "
        + "width=\"\(n(plotLeft - 12))\" height=\"\(n(rowsBottom - plotTop))\"/>"
      for index in diagram.rows.indices {
        body +=
          "<text class=\"label\" x=\"\(n(Self.margin))\" y=\"\(n(lineY(index) + 4))\">"
          + "\(escapeXML(diagram.rows[index].label))</text>"
      }
      body += "</g>\n"
      body +=
        "<rect id=\"veil\" class=\"veil\" x=\"\(n(plotRight))\" y=\"\(n(plotTop))\" "
        + "width=\"0\" height=\"\(n(rowsBottom - plotTop))\"/>\n"
    }
    var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"mb \(theme.rawValue)\" "
    out += "width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\" "
    out += "role=\"img\" data-first=\"\(diagram.first)\" data-last=\"\(diagram.last)\" "
    out +=
      "data-x0=\"\(n(plotLeft))\" data-fw=\"\(n(frameWidth))\" data-right=\"\(n(plotRight))\">\n"
    out += "<title>\(escapeXML(diagram.title))</title>\n"
    out += "<style>\n" + DiagramStyle.css(for: theme) + "</style>\n"
    out +=
      "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" "
    out +=
      "markerHeight=\"7\" orient=\"auto\"><path class=\"head\" d=\"M0 0L10 5L0 10z\"/></marker>"
    out += "<pattern id=\"g1\" x=\"\(n(x(diagram.first)))\" y=\"0\" width=\"\(n(frameWidth))\" "
    out +=
      "height=\"8\" patternUnits=\"userSpaceOnUse\"><path class=\"grid\" d=\"M0 0V8\"/></pattern>"
    out +=
      "<pattern id=\"g5\" x=\"\(n(x(diagram.first - ((diagram.first % 5) + 5) % 5)))\" y=\"0\" "
    out += "width=\"\(n(frameWidth * 5))\" height=\"8\" patternUnits=\"userSpaceOnUse\">"
    out += "<path class=\"grid5\" d=\"M0 0V8\"/></pattern></defs>\n"
    return out + body + "</svg>\n"
  }

  // MARK: - Background

  private func grid() -> String {
    let top = rowsTop - 8
    let x0 = x(diagram.first) - 1
    let width = x(diagram.last) - x0 + 2
    let height = rowsBottom - top
    var out = ""
    for pattern in ["g1", "g5"] {
      out += "<rect x=\"\(n(x0))\" y=\"\(n(top))\" width=\"\(n(width))\" height=\"\(n(height))\" "
      out += "fill=\"url(#\(pattern))\"/>\n"
    }
    return out
  }

  /// A tick per frame, a number every five frames (every frame when frames are wide).
  private func ruler(work: inout Int) -> String {
    var ticks = ""
    var numbers = ""
    let everyFrame = frameWidth >= 44
    for segment in diagram.axis.segments {
      switch segment {
      case .gap(let gap):
        // A long empty stretch: its length, as a marble writes it, over a narrow span.
        work += 1
        let middle = x(gap.lowerBound) + Double(Self.gapFrames - 1) * frameWidth / 2
        numbers +=
          "<text class=\"num gap\" x=\"\(n(middle))\" y=\"\(n(rowsTop - 18))\">"
          + "\(TimeAxis.label(gap))</text>"
      case .frames(let frames):
        for frame in frames {
          work += 1
          let x = n(x(frame))
          let long = frame % 5 == 0
          ticks += "M\(x) \(n(rowsTop - (long ? 14 : 11)))V\(n(rowsTop - 8))"
          if long || everyFrame {
            numbers +=
              "<text class=\"num\(long ? "" : " minor")\" x=\"\(x)\" y=\"\(n(rowsTop - 18))\">\(frame)</text>"
          }
        }
      }
    }
    return "<g class=\"ruler\"><path class=\"tick\" d=\"\(ticks)\"/>\(numbers)</g>\n"
  }

  // MARK: - Rows

  private func rowText(_ index: Int, work: inout Int) -> String {
    let row = diagram.rows[index]
    let y = lineY(index)
    let quiz = row.quiz.map { " data-quiz=\"\($0)\"" } ?? ""
    var out = "<g class=\"row\(row.depth > 0 ? " inner" : "")\"\(quiz)>"
    out +=
      "<text class=\"label\" x=\"\(n(Self.margin))\" y=\"\(n(y + 4))\">\(escapeXML(row.label))</text>"
    if row.quiz != nil {
      // A quiz draws the lane to predict as its label and a question mark.
      return out
        + "<text class=\"label quizq\" x=\"\(n(x(row.start)))\" y=\"\(n(y + 4))\">?</text></g>\n"
    }
    if let origin = row.origin {
      let from = (x(origin.frame), lineY(origin.row) + Self.radius)
      let to = (x(row.start), y - 7)
      out += "<path class=\"conn\" d=\"M\(n(from.0)) \(n(from.1))L\(n(to.0)) \(n(to.1))\"/>"
    }
    // A late subscription's `^`: under the line, or, when a marble sits at that frame, drawn
    // after the marks and below the marble, so that the marble does not hide it.
    var caret = ""
    if row.origin == nil, row.start > diagram.first {
      let sx = x(row.start)
      let covered = row.marks.contains { $0.frame == row.start }
      let top = covered ? y + Self.radius + 2 : y + 6
      caret =
        "<path class=\"sub\" d=\"M\(n(sx - 5)) \(n(top + 6))L\(n(sx)) \(n(top))L\(n(sx + 5)) \(n(top + 6))\"/>"
      if !covered {
        out += caret
        caret = ""
      }
    }
    // A lane still open when the run stopped early ends at the stop line, without an arrow.
    let stopX = diagram.stop.map { x($0.frame) + frameWidth / 2 }
    let endX = row.end.map(x) ?? stopX ?? plotRight
    let arrow = row.ending == .open && stopX == nil ? " marker-end=\"url(#arrow)\"" : ""
    let lineClass = row.style == .booleans ? "lane base" : "lane"
    out += "<path class=\"\(lineClass)\" d=\"M\(n(x(row.start))) \(n(y))H\(n(endX))\"\(arrow)/>"
    if row.style == .booleans { out += stepLine(row, y: y, endX: endX, work: &work) }
    if let firstBefore = row.before.first {
      // A hot source's past, before this lane subscribed: muted, on a dotted line.
      out +=
        "<g class=\"pre\"><path class=\"lane base\" d=\"M\(n(x(firstBefore.frame))) \(n(y))H\(n(x(row.start)))\"/>"
      for mark in row.before {
        work += 1
        out += markText(mark, row: row, y: y)
      }
      out += "</g>"
    }
    for mark in row.marks {
      work += 1
      out += markText(mark, row: row, y: y)
    }
    if row.ending == .unsubscribed, let end = row.end {
      out +=
        "<path class=\"unsub\" d=\"M\(n(x(end))) \(n(y - 10))V\(n(y + 10))\"><title>unsubscribed at frame \(end)</title></path>"
    }
    return out + caret + "</g>\n"
  }

  /// A Boolean lane: a line high for `true`, low for `false`, shaded while true.
  private func stepLine(_ row: VisualDiagram.Row, y: Double, endX: Double, work: inout Int)
    -> String
  {
    let high = y - 8
    let low = y + 8
    var path = ""
    var area = ""
    var current: (x: Double, high: Bool)?
    func close(at x: Double) {
      guard let segment = current else { return }
      path += "H\(n(x))"
      if segment.high {
        area += "M\(n(segment.x)) \(n(high))H\(n(x))V\(n(low))H\(n(segment.x))z"
      }
    }
    for mark in row.marks where mark.kind == .next {
      work += 1
      guard case .bool(let flag) = mark.value else { continue }
      let mx = x(mark.frame)
      if current == nil {
        path += "M\(n(mx)) \(n(flag ? high : low))"
      } else {
        close(at: mx)
        path += "V\(n(flag ? high : low))"
      }
      current = (mx, flag)
    }
    close(at: endX)
    var out = "<text class=\"lvl\" x=\"\(n(plotLeft - 6))\" y=\"\(n(high + 3))\">t</text>"
    out += "<text class=\"lvl\" x=\"\(n(plotLeft - 6))\" y=\"\(n(low + 3))\">f</text>"
    if !area.isEmpty { out += "<path class=\"area\" d=\"\(area)\"/>" }
    if !path.isEmpty { out += "<path class=\"step\" d=\"\(path)\"/>" }
    return out
  }

  private func markText(_ mark: VisualDiagram.Mark, row: VisualDiagram.Row, y rowY: Double)
    -> String
  {
    let mx = x(mark.frame)
    let tip = "<title>frame \(mark.frame): \(escapeXML(diagram.describe(mark)))</title>"
    if row.style == .booleans, mark.kind == .next, case .bool(let flag) = mark.value {
      return
        "<circle class=\"dot\" cx=\"\(n(mx))\" cy=\"\(n(rowY + (flag ? -8 : 8)))\" r=\"3.5\">\(tip)</circle>"
    }
    let y = row.style == .booleans ? rowY : rowY + Double(mark.slot) * Self.slotGap
    var out = ""
    if y != rowY {
      out += "<path class=\"stack\" d=\"M\(n(mx)) \(n(rowY))V\(n(y))\"/>"
    }
    switch mark.kind {
    case .completed:
      out += "<path class=\"end\" d=\"M\(n(mx)) \(n(y - 11))V\(n(y + 11))\">\(tip)</path>"
    case .error:
      out += "<path class=\"err\" d=\"M\(n(mx - 7)) \(n(y - 7))l14 14m0 -14l-14 14\">\(tip)</path>"
      if !mark.label.isEmpty {
        out +=
          "<text class=\"errt\" x=\"\(n(mx + 10))\" y=\"\(n(y + 4))\">\(escapeXML(mark.label))</text>"
      }
    case .next:
      let shape =
        mark.innerRow == nil
        ? "<circle class=\"m h\(mark.hue)\" cx=\"\(n(mx))\" cy=\"\(n(y))\" r=\"\(n(Self.radius))\">\(tip)</circle>"
        : "<circle class=\"ring\" cx=\"\(n(mx))\" cy=\"\(n(y))\" r=\"\(n(Self.radius))\">\(tip)</circle>"
      // A ring is filled with the background: its number takes the text colour of the theme.
      out +=
        shape
        + label(
          mark.label, x: mx, y: y, diameter: 2 * Self.radius - 4,
          onRing: mark.innerRow != nil)
    }
    return out
  }

  /// A centred label that never leaves its marble: the font shrinks with the length, and
  /// `textLength` squeezes anything wider than `diameter`.
  private func label(
    _ text: String, x: Double, y: Double, diameter: Double, onRing: Bool = false
  ) -> String {
    let columns = VisualDiagram.columns(text)
    let size = columns <= 1 ? 13.0 : columns == 2 ? 12 : 10
    let natural = Double(columns) * size * 0.6
    var out =
      "<text class=\"mt\(onRing ? " ringt" : "")\" x=\"\(n(x))\" y=\"\(n(y + size * 0.36))\" font-size=\"\(n(size))\""
    if natural > diameter * 0.8 {
      out += " textLength=\"\(n(min(natural, diameter)))\" lengthAdjust=\"spacingAndGlyphs\""
    }
    return out + ">\(escapeXML(text))</text>"
  }

  // MARK: - Legend

  /// The keys (a marble with its key, `= value`) and the symbols used, wrapped into lines.
  private func legend(top: Double, work: inout Int) -> (
    text: String, height: Double, width: Double
  ) {
    // A quiz's hidden lanes have no events (`ScriptRun.quiz(revealed:)`): no key of theirs.
    var entries: [(marble: (key: String, hue: Int, failure: Bool)?, text: String)] =
      diagram.legend.map { ((key: $0.key, hue: $0.hue, failure: $0.failure), "= " + $0.text) }
    var symbols: [String] = []
    let rows = diagram.rows
    if rows.contains(where: { $0.ending == .completed }) { symbols.append("| completed") }
    if rows.contains(where: { $0.ending == .failed }) { symbols.append("✕ failed") }
    if rows.contains(where: { $0.ending == .unsubscribed }) { symbols.append("╎ unsubscribed") }
    if rows.contains(where: { $0.depth == 0 && $0.start > diagram.first }) {
      symbols.append("^ subscribed")
    }
    if rows.contains(where: { $0.depth > 0 }) { symbols.append("◯ inner signal (row └ #n)") }
    if rows.contains(where: { $0.style == .booleans }) {
      symbols.append("step line: t high, f low")
    }
    if let stop = diagram.stop { symbols.append("┆ " + stop.summary) }
    entries += symbols.map { (nil, $0) }
    let maxWidth = max(plotRight - Self.margin, 480)
    var out = ""
    var x = Self.margin
    var y = top + 12
    var widest = 0.0
    for entry in entries {
      work += 1
      // The marble (or cross and key) before the text.
      var lead = entry.marble == nil ? 0.0 : 26
      if let marble = entry.marble, marble.failure {
        lead = 21 + Double(VisualDiagram.columns(marble.key)) * 6.6
      }
      let width = lead + Double(VisualDiagram.columns(entry.text)) * 7.9 + 22
      if x > Self.margin, x + width > Self.margin + maxWidth {
        x = Self.margin
        y += 28
      }
      var textX = x
      if let marble = entry.marble, marble.failure {
        // A key that only names errors is shown as the diagram shows it: beside a cross.
        out += "<path class=\"err\" d=\"M\(n(x + 1)) \(n(y - 6))l12 12m0 -12l-12 12\"/>"
        out +=
          "<text class=\"errt\" x=\"\(n(x + 16))\" y=\"\(n(y + 4))\">\(escapeXML(marble.key))</text>"
        textX += lead
      } else if let marble = entry.marble {
        out += "<circle class=\"m h\(marble.hue)\" cx=\"\(n(x + 10))\" cy=\"\(n(y))\" r=\"10\"/>"
        out += label(marble.key, x: x + 10, y: y, diameter: 16)
        textX += 26
      }
      out +=
        "<text class=\"lg\" x=\"\(n(textX))\" y=\"\(n(y + 4))\">\(escapeXML(entry.text))</text>"
      x += width
      widest = max(widest, x)
    }
    guard !entries.isEmpty else { return ("", 0, 0) }
    return ("<g class=\"legend\">" + out + "</g>\n", y - top + 16, widest)
  }

  // MARK: - Text

  /// A number with at most one decimal, no trailing `.0`.
  private func n(_ value: Double) -> String {
    let tenths = (value * 10).rounded()
    let whole = Int(tenths / 10)
    let fraction = Int(abs(tenths)) % 10
    if fraction == 0 { return String(whole) }
    return (tenths < 0 && whole == 0 ? "-" : "") + "\(whole).\(fraction)"
  }
}
