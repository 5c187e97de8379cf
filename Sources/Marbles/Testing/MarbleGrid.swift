/// Lays timelines out on one shared frame grid, for failure messages:
///
///               0    5
///     expected  --x--y--|   x = 10, y = 20
///     actual    --x--a--|   x = 10, a = 21
///                    ^
///
/// A frame's column is as wide as its widest cell in any row (a group `(ab)` widens the column
/// for every row), so the rows always line up.
struct MarbleGrid {
  struct Row {
    var label: String
    /// The text at each frame that has something.
    var cells: [Int: String]
    /// Frames up to this one show `-` when empty, later ones are blank; nil: all `-`.
    var dashesThrough: Int?
    /// Written after the grid, e.g. `x = 10, y = 20`.
    var legend: String = ""
  }

  var rows: [Row]
  /// Frames to mark with `^` under the rows.
  var carets: [Int]

  static let legendSeparator = "   "

  func render() -> [String] {
    let frames = rows.flatMap(\.cells.keys) + carets
    let low = min(0, frames.min() ?? 0)
    let high = max(0, frames.max() ?? 0)
    var offsets: [Int] = []
    var widths: [Int] = []
    var total = 0
    for frame in low...high {
      let width = max(1, rows.map { $0.cells[frame]?.count ?? 0 }.max() ?? 1)
      offsets.append(total)
      widths.append(width)
      total += width
    }
    let labelWidth = (rows.map(\.label.count).max() ?? 0) + 2
    let margin = String(repeating: " ", count: labelWidth)

    var ruler = [Character](repeating: " ", count: total)
    for frame in low...high where frame % 5 == 0 {
      let text = Array(String(frame))
      let offset = offsets[frame - low]
      let free =
        (offset == 0 || ruler[offset - 1] == " ")
        && (offset..<(offset + text.count)).allSatisfy { $0 >= ruler.count || ruler[$0] == " " }
      guard free else { continue }
      if offset + text.count > ruler.count {
        ruler += [Character](repeating: " ", count: offset + text.count - ruler.count)
      }
      ruler.replaceSubrange(offset..<(offset + text.count), with: text)
    }
    var lines = [trimmed(margin + String(ruler))]

    for row in rows {
      var line = row.label + String(repeating: " ", count: labelWidth - row.label.count)
      for frame in low...high {
        let width = widths[frame - low]
        let cell: String
        if let text = row.cells[frame] {
          cell = text
        } else if frame <= (row.dashesThrough ?? .max) {
          cell = "-"
        } else {
          cell = " "
        }
        line += cell + String(repeating: " ", count: width - cell.count)
      }
      if row.legend.isEmpty {
        lines.append(trimmed(line))
      } else {
        lines.append(line + Self.legendSeparator + row.legend)
      }
    }

    if !carets.isEmpty {
      var marks = [Character](repeating: " ", count: total)
      for frame in carets { marks[offsets[frame - low]] = "^" }
      lines.append(trimmed(margin + String(marks)))
    }
    return lines
  }

  private func trimmed(_ line: String) -> String {
    var line = line
    while line.last == " " { line.removeLast() }
    return line
  }
}
