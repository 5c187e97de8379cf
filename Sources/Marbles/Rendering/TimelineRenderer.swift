/// Draws a `ScriptRun` as aligned text timelines (OUTPUT.md §2).
///
///     map                 0    5
///     input               --a--b--|
///     output              --x--y--|
///                         x = 10, y = 20
///
/// All lanes share one grid: a frame with a group of simultaneous events, `(ab)`, widens that
/// frame's column in every lane. A lane whose values all print as one character shows them
/// inline; otherwise each distinct value gets a key and a legend line below the lane. Inner
/// signals get their own indented rows. Frames before a subscription and after it ended are
/// blank. The output is deterministic. Layout is one pass over the events plus one over the
/// frames.
public struct TimelineRenderer: Sendable {
  /// Rendering choices.
  public struct Options: Sendable {
    /// The glyph set.
    public var theme: TimelineTheme
    /// Whether to emit ANSI colors.
    public var color: Bool
    /// The maximum line width; longer timelines wrap into blocks. nil: never wrap.
    public var width: Int?

    /// Creates options.
    public init(theme: TimelineTheme = .ascii, color: Bool = false, width: Int? = nil) {
      self.theme = theme
      self.color = color
      self.width = width
    }
  }

  /// The options in use.
  public var options: Options

  /// Creates a renderer.
  public init(options: Options = Options()) {
    self.options = options
  }

  /// The run drawn as text, ending with a newline.
  public func render(_ run: ScriptRun) -> String {
    let rows = run.lanes.flatMap { makeRows(for: $0) }
    let header = run.title ?? run.file
    guard !rows.isEmpty else { return header + "\n(no lanes)\n" }
    let first = min(run.firstFrame, rows.map(\.start).min() ?? run.firstFrame)
    let last = max(run.lastFrame, rows.map(\.lastFrame).max() ?? run.lastFrame, first)
    let frames = first...last

    var widths = [Int](repeating: 1, count: frames.count)
    for row in rows {
      for (frame, tokens) in row.tokens {
        let index = frame - first
        guard index >= 0, index < widths.count else { continue }
        widths[index] = max(widths[index], cellWidth(tokens))
      }
    }

    let labelWidth = max(rows.map { $0.label.count }.max() ?? 0, 1) + 2
    var blocks: [ClosedRange<Int>] = []
    var blockStart = first
    var used = 0
    let available = options.width.map { max(10, $0 - labelWidth) }
    for frame in frames {
      let width = widths[frame - first]
      if let available, used + width > available, frame > blockStart {
        blocks.append(blockStart...(frame - 1))
        blockStart = frame
        used = 0
      }
      used += width
    }
    blocks.append(blockStart...last)

    var out = ""
    let headerFits = header.count < labelWidth
    if !headerFits { out += header + "\n" }
    for (blockIndex, block) in blocks.enumerated() {
      if blockIndex > 0 { out += "\n" }
      let rulerLabel = blockIndex == 0 && headerFits ? header : ""
      out += pad(rulerLabel, to: labelWidth) + ruler(block, first: first, widths: widths) + "\n"
      for row in rows {
        var line = pad(row.label, to: labelWidth)
        for frame in block {
          line += cell(row, frame: frame, width: widths[frame - first])
        }
        out += trimTrailingSpaces(line) + "\n"
        if blockIndex == blocks.count - 1, !row.legend.isEmpty {
          out += String(repeating: " ", count: labelWidth) + row.legend + "\n"
        }
      }
    }
    return out
  }

  // MARK: - Rows

  private struct Row {
    var label: String
    var start: Int
    /// The frame of the terminal event, or of unsubscription.
    var end: Int?
    var endsByUnsubscription: Bool
    var tokens: [Int: [Token]]
    var legend: String
    var lastFrame: Int
  }

  private enum Token {
    case value(String)
    case completed
    case failed
  }

  private func makeRows(for lane: TimelineLane) -> [Row] {
    var rows: [Row] = []
    var inners: [InnerTimeline] = []
    let keys = KeyTable(
      values: lane.events.compactMap { event -> TimelineValue? in
        guard event.kind == .next, let value = event.value else { return nil }
        if case .signal = value { return nil }
        return value
      })
    var tokens: [Int: [Token]] = [:]
    for event in lane.events {
      switch event.kind {
      case .next:
        if case .signal(let inner) = event.value {
          inners.append(inner)
          tokens[event.frame, default: []].append(.value(options.theme.innerMark))
        } else {
          tokens[event.frame, default: []].append(.value(keys.symbol(for: event.value ?? .null)))
        }
      case .completed: tokens[event.frame, default: []].append(.completed)
      case .error: tokens[event.frame, default: []].append(.failed)
      }
    }
    let terminal = lane.events.last { $0.kind != .next }?.frame
    let end = terminal ?? lane.subscription.unsubscribed
    rows.append(
      Row(
        label: lane.label, start: lane.subscription.subscribed, end: end,
        endsByUnsubscription: terminal == nil && end != nil, tokens: tokens,
        legend: keys.legend(
          errors: lane.events.compactMap { $0.kind == .error ? $0.value : nil },
          failureGlyph: options.theme.failed),
        lastFrame: max(lane.events.last?.frame ?? 0, end ?? 0)))
    for (index, inner) in inners.enumerated() {
      rows.append(
        contentsOf: makeRows(
          for: TimelineLane(
            name: lane.name, label: options.theme.innerPrefix + "#\(index + 1)",
            subscription: TimelineSubscription(
              subscribed: inner.subscribed, unsubscribed: inner.unsubscribed),
            events: inner.events)
        ).map { row in
          var row = row
          if !row.label.hasPrefix(options.theme.innerPrefix) { row.label = "  " + row.label }
          return row
        })
    }
    return rows
  }

  // MARK: - Cells

  private func cellWidth(_ tokens: [Token]) -> Int {
    let width = tokens.reduce(0) { $0 + text($1).count }
    return tokens.count > 1 ? width + 2 : width
  }

  private func text(_ token: Token) -> String {
    switch token {
    case .value(let symbol): return symbol
    case .completed: return options.theme.completed
    case .failed: return options.theme.failed
    }
  }

  private func colored(_ token: Token) -> String {
    let plain = text(token)
    guard options.color else { return plain }
    switch token {
    case .value: return "\u{1B}[32m" + plain + "\u{1B}[0m"
    case .completed: return "\u{1B}[34m" + plain + "\u{1B}[0m"
    case .failed: return "\u{1B}[31m" + plain + "\u{1B}[0m"
    }
  }

  private func cell(_ row: Row, frame: Int, width: Int) -> String {
    if frame < row.start { return String(repeating: " ", count: width) }
    if let end = row.end, frame > end { return String(repeating: " ", count: width) }
    if let end = row.end, frame == end, row.endsByUnsubscription, row.tokens[frame] == nil {
      let mark =
        options.color
        ? "\u{1B}[33m" + options.theme.unsubscribed + "\u{1B}[0m"
        : options.theme.unsubscribed
      return mark + String(repeating: " ", count: max(0, width - options.theme.unsubscribed.count))
    }
    guard let tokens = row.tokens[frame] else {
      return String(repeating: options.theme.empty, count: width)
    }
    let body = tokens.map(colored).joined()
    let used = cellWidth(tokens)
    // After the lane's last event the rest of a widened column is blank, like later frames.
    let fill: Character = frame == row.end ? " " : options.theme.empty
    let filler = String(repeating: fill, count: max(0, width - used))
    return tokens.count > 1 ? "(" + body + ")" + filler : body + filler
  }

  /// Frame numbers every five frames, each at its column's start, skipped where it would
  /// touch the previous number.
  private func ruler(_ block: ClosedRange<Int>, first: Int, widths: [Int]) -> String {
    var line = ""
    var length = 0  // line.count, kept so that each step is O(1) (String.count is O(n))
    var offset = 0
    for frame in block {
      if frame % 5 == 0, length == 0 || length < offset {
        let label = String(frame)
        line += String(repeating: " ", count: offset - length) + label
        length = offset + label.count
      }
      offset += widths[frame - first]
    }
    return line
  }

  private func pad(_ text: String, to width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }

  private func trimTrailingSpaces(_ line: String) -> String {
    var line = line
    while line.last == " " { line.removeLast() }
    return line
  }
}

/// The symbols of one lane's values: inline when every value prints as one character, else a
/// key per distinct value (a, b, c, …) with a legend.
private struct KeyTable {
  private var inline = true
  private var keys: [String: String] = [:]
  private var ordered: [(key: String, value: TimelineValue)] = []

  init(values: [TimelineValue]) {
    inline = values.allSatisfy { Self.inlineText($0) != nil }
    guard !inline else { return }
    for value in values {
      let text = value.description
      if keys[text] != nil { continue }
      let key = Self.key(ordered.count)
      keys[text] = key
      ordered.append((key, value))
    }
  }

  static func inlineText(_ value: TimelineValue) -> String? {
    switch value {
    case .bool(let flag): return flag ? "t" : "f"
    case .int(let number) where (0...9).contains(number): return String(number)
    case .string(let text) where text.count == 1 && text != " " && !"-|#()^!".contains(text):
      return text
    default: return nil
    }
  }

  static func key(_ index: Int) -> String {
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    return index < 26 ? String(letters[index]) : String(letters[index % 26]) + String(index / 26)
  }

  func symbol(for value: TimelineValue) -> String {
    if inline { return Self.inlineText(value) ?? "?" }
    return keys[value.description] ?? "?"
  }

  func legend(errors: [TimelineValue], failureGlyph: String) -> String {
    var parts = ordered.map { "\($0.key) = \($0.value)" }
    if let error = errors.first { parts.append("\(failureGlyph) = \(error)") }
    return parts.joined(separator: ", ")
  }
}
