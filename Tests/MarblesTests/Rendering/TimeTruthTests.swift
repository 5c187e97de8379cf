import Foundation
import Testing

@testable import Marbles
@testable import MarblesCLI
@testable import MarblesCore

/// The text diagrams never distort time: in every lane of every example, each event stands at
/// the column of its frame read off the ruler; and the cases that used to mislead render true.
@Suite struct TimeTruthTests {
  /// Renders `text` as `marbles render` does.
  func render(_ text: String, theme: TextGlyphs = .ascii) throws -> String {
    let outcome = ScriptEngine.run(SourceFile(name: "t.marble", text: text))
    let run = try #require(outcome.run)
    return TextRenderer(options: .init(glyphs: theme)).render(run)
  }

  @Test func aGroupInOneLaneDoesNotStretchAnother() throws {
    let text = try render(
      """
      let a = timer(2)
      let b = just(1).delay(3)
      let c = cold("-a-b-c|").map { x in x == "a" ? "zz" : x }
      show a, b, c
      """)
    #expect(
      text == """
        t.marble
           0    5
        a  --0
             |
        b  ---1
              |
        c  -a-b-c|
           a = "zz"

        """)
  }

  @Test func retryRestartsAtTheFrameOfTheError() throws {
    // Subscriptions at 0, 5 and 10: '1' at 2, 7 and 12, the error at 15.
    let text = try render(#"show cold("--1--#").retry(2)"#)
    let lane = try #require(text.split(separator: "\n").first { $0.contains("--1") })
    #expect(lane.hasSuffix("  --1----1----1--#"))
    #expect(text.contains("0    5    10   15"))
  }

  @Test func aKeyNeverEqualsALiteralAndNoTwoValuesDrawAlike() throws {
    let text = try render(
      """
      let s = cold("-a-b|", a: "a", b: "long value")
      let n = cold("-x-y|", x: 1, y: "1")
      show s, n
      """)
    let lines = text.split(separator: "\n").map(String.init)
    // "a" is drawn as itself, so "long value" must not get the key 'a'.
    #expect(lines.contains { $0.hasPrefix("s") && $0.hasSuffix("-a-b|") })
    #expect(lines.contains { $0.contains("b = \"long value\"") })
    // 1 and "1" would both draw as '1': both get keys instead.
    let n = try #require(lines.first { $0.hasPrefix("n ") })
    #expect(!n.contains("1"))
    #expect(lines.contains { $0.contains("= 1,") && $0.contains("= \"1\"") })
  }

  /// A hot lane with a past and a division by zero at frame 5.
  static func stoppingRun() -> ScriptOutcome {
    ScriptEngine.run(
      SourceFile(
        name: "t.marble",
        text: """
          let h = hot("-a-^-b--c|")
          let d = cold("--1--2--3|").map { x in 10 / (x - 2) }
          show h, d
          """))
  }

  @Test func aStoppedRunIsDrawnUpToTheStopOnEveryLane() throws {
    let outcome = Self.stoppingRun()
    guard case .stopped(let run) = outcome else {
      Issue.record("the run did not stop: \(outcome)")
      return
    }
    #expect(run.stopped?.frame == 5)
    #expect(run.stopped?.reason == .runtimeError)
    #expect(run.diagnostics.last?.severity == .error)
    let text = TextRenderer().render(run)
    #expect(
      text == """
        t.marble
              0    5
        h   a --b--c
                   X
        d     --d--X
           d = -10
           X = stopped at frame 5 by a runtime error

        """)
    // The hot lane carries what its source emitted before the subscription.
    #expect(run.lanes[0].kind == .hot)
    #expect(run.lanes[0].before.map(\.frame) == [-2])
  }

  @Test func eventsOfOneFrameAreNumberedInTheOrderTheyHappened() throws {
    let outcome = ScriptEngine.run(
      SourceFile(
        name: "t.marble",
        text: """
          let s = cold("-(ab)|")
          let t = s.map { x in x + x }
          show s, t
          """))
    let run = try #require(outcome.run)
    // s delivers 'a' to t's map (shown later) before its own lane? Whatever the order, the
    // sequence numbers of frame 1 are 0..<4 with no repeats, and each lane's are increasing.
    let atFrame1 = { (lane: TimelineLane) in
      zip(lane.events, lane.order).filter { $0.0.frame == 1 }.map(\.1.sequence)
    }
    let frame1 = run.lanes.flatMap(atFrame1)
    #expect(frame1.sorted() == Array(0..<4))
    for lane in run.lanes {
      let numbers = atFrame1(lane)
      #expect(numbers == numbers.sorted())
    }
  }

  /// Every example, in ascii and unicode: each lane's marks stand at the column of their frame
  /// read off the ruler, and no frame is wider than the others.
  @Test(arguments: [TextGlyphs.ascii, .unicode].indices)
  func everyExampleKeepsTimeInEveryLane(_ themeIndex: Int) throws {
    let theme = [TextGlyphs.ascii, .unicode][themeIndex]
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../../Examples").standardized
    let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".marble") }.sorted()
    #expect(files.count >= 20)
    var checkedMarks = 0
    for file in files {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      let outcome = ScriptEngine.run(SourceFile(name: file, text: text))
      guard let run = outcome.run else { continue }
      let renderer = TextRenderer(options: .init(glyphs: theme))
      let (grid, _) = try #require(renderer.diagram(run))
      checkedMarks += try checkTime(grid, file: file)
    }
    #expect(checkedMarks > 200)
  }

  /// Checks one laid-out grid against the ruler; returns the number of marks checked.
  func checkTime(_ grid: DiagramGrid, file: String) throws -> Int {
    let lines = grid.layout()
    let labelWidth = grid.labelWidth
    // Ruler: each number stands at the column of its frame.
    let ruler = try #require(lines.first { $0.kind == .ruler })
    let rulerColumns = Array(ruler.text)
    var numbers: [(column: Int, frame: Int)] = []
    var column = labelWidth
    while column < rulerColumns.count {
      if rulerColumns[column].isNumber || rulerColumns[column] == "-" {
        var end = column
        while end < rulerColumns.count, rulerColumns[end] != " " { end += 1 }
        if let frame = Int(String(rulerColumns[column..<end])) {
          numbers.append((column - labelWidth, frame))
        }
        column = end
      } else {
        column += 1
      }
    }
    #expect(!numbers.isEmpty, "\(file): the ruler has no numbers")
    // Every ruler number, and so every frame, is at (frame - first) * cellWidth: one width
    // for every frame.
    for (column, frame) in numbers {
      #expect(column == (frame - grid.first) * grid.cellWidth, "\(file): ruler \(frame)")
    }
    // Every mark of every row is drawn at its frame's column, on its row or a continuation.
    var checked = 0
    for (index, row) in grid.rows.enumerated() {
      let rowLines = lines.filter { $0.kind == .row(index) || $0.kind == .continuation(index) }
        .map { Array($0.text) }
      var slot = 0
      var previous = Int.min
      for mark in row.marks {
        slot = mark.frame == previous ? slot + 1 : 0
        previous = mark.frame
        let at = labelWidth + (mark.frame - grid.first) * grid.cellWidth
        let line = try #require(
          slot < rowLines.count ? rowLines[slot] : nil, "\(file): \(row.label) slot \(slot)")
        let drawn =
          at + mark.text.count <= line.count
          ? String(line[at..<(at + mark.text.count)]) : ""
        #expect(drawn == mark.text, "\(file): '\(row.label)' frame \(mark.frame)")
        checked += 1
      }
      // Nothing but marks, time and blanks in the lane's frames: count the glyphs drawn.
      let glyphs = rowLines.reduce(0) { count, line in
        count + line.dropFirst(labelWidth).filter { $0 != " " && $0 != grid.glyphs.empty }.count
      }
      #expect(glyphs == row.marks.map(\.text.count).reduce(0, +), "\(file): '\(row.label)'")
    }
    return checked
  }
}

/// Rendering is one linear pass: the layout visits each cell and each mark a bounded number of
/// times, wrapped or not, and the keys of many distinct values (even `nan`s) cost no scans.
@Suite struct RenderingScaleTests {
  /// `lanes` lanes of `frames` frames: each lane a value every frame (10 distinct values per
  /// lane, so keys are needed), a group every 7th frame, completion at the end.
  /// With `every` > 1: a value every `every`-th frame (lanes staggered).
  func bigRun(lanes: Int, frames: Int, every: Int = 1) -> ScriptRun {
    let made = (0..<lanes).map { lane in
      var events: [TimelineEvent] = []
      for frame in stride(from: lane % every, to: frames, by: every) {
        events.append(.next(.string("v\(lane)-\(frame % 10)"), at: frame))
        if frame % 7 == 0 { events.append(.next(.int(frame % 10), at: frame)) }
      }
      events.append(.completed(at: frames))
      return TimelineLane(
        name: "lane\(lane)", subscription: .init(subscribed: 0, unsubscribed: frames),
        events: events)
    }
    return ScriptRun(file: "big.marble", firstFrame: 0, lastFrame: frames, lanes: made)
  }

  func steps(_ run: ScriptRun, width: Int? = nil) throws -> (steps: Int, cells: Int) {
    let renderer = TextRenderer(options: .init(width: width))
    let (grid, _) = try #require(renderer.diagram(run))
    var steps = 0
    let lines = grid.layout(steps: &steps)
    let rowLines = lines.filter {
      if case .row = $0.kind { return true }
      if case .continuation = $0.kind { return true }
      return false
    }
    let marks = grid.rows.map(\.marks.count).reduce(0, +)
    // Every row line has one cell per frame; every mark is visited at most once more.
    let frames = grid.last - grid.first + 1
    #expect(steps <= rowLines.count * frames + marks)
    return (steps, rowLines.count * frames)
  }

  @Test func twentyLanesOfManyFramesIsOneLinearPass() throws {
    // (The 20 × 10,000 run is timed in Benchmarks; here a smaller one keeps the suite fast.)
    let small = try steps(bigRun(lanes: 20, frames: 2_500))
    let large = try steps(bigRun(lanes: 20, frames: 5_000))
    // Twice the frames, twice the work (within the rounding of the last group).
    #expect(Double(large.steps) / Double(small.steps) < 2.05)
    // Wrapping at 100 columns does the same work (or less: a stacked line ends at its last
    // mark in each block), not one scan per block.
    let wrapped = try steps(bigRun(lanes: 20, frames: 2_500), width: 100)
    #expect(wrapped.steps <= small.steps)
  }

  /// The issue's size, 20 lanes × 10,000 frames, in every format, against a quarter of it:
  /// four times the frames is four times the work (counted: cells, marks, frames, events,
  /// in-frame comparisons and legend entries visited) and four times the output, never the
  /// sixteen times of a pass per frame. Work, not time: the counts are exact.
  @Test func everyFormatOfTwentyLanesOfTenThousandFramesIsOneLinearPass() throws {
    // As Benchmarks' render rows: a value every third frame, a group every 21st, keyed values.
    let quarter = bigRun(lanes: 20, frames: 2_500, every: 3)
    let full = bigRun(lanes: 20, frames: 10_000, every: 3)
    let events = { (run: ScriptRun) in run.lanes.map(\.events.count).reduce(0, +) }
    func ratio(_ big: Int, _ small: Int) -> Double { Double(big) / Double(small) }
    // ascii and unicode: the grid visits each cell once and each mark at most once more.
    for theme in [TextGlyphs.ascii, .unicode] {
      var counts: [Int] = []
      var sizes: [Int] = []
      for run in [quarter, full] {
        let renderer = TextRenderer(options: .init(glyphs: theme))
        let (grid, _) = try #require(renderer.diagram(run))
        var steps = 0
        let lines = grid.layout(steps: &steps)
        let cells = lines.filter { $0.kind != .ruler }.count * (grid.last - grid.first + 1)
        #expect(steps <= cells + events(run), "\(theme.empty): \(steps) steps")
        counts.append(steps)
        sizes.append(lines.reduce(0) { $0 + $1.text.utf8.count + 1 })
      }
      #expect(ratio(counts[1], counts[0]) < 4.1, "\(theme.empty): \(counts)")
      #expect(ratio(sizes[1], sizes[0]) < 4.1, "\(theme.empty): \(sizes)")
    }
    // svg and html: building the picture and drawing it.
    var svg: [(work: Int, bytes: Int)] = []
    var html: [(work: Int, bytes: Int)] = []
    for run in [quarter, full] {
      var work = 0
      let document = SVGRenderer()._render(run, work: &work)
      // At most a few visits per event and per frame.
      #expect(work <= 8 * (events(run) + run.lastFrame + 1), "svg: \(work)")
      svg.append((work, document.utf8.count))
      work = 0
      let page = HTMLRenderer()._render(run, work: &work)
      #expect(work <= 10 * (events(run) + run.lastFrame + 1), "html: \(work)")
      html.append((work, page.utf8.count))
    }
    for (name, pair) in [("svg", svg), ("html", html)] {
      #expect(ratio(pair[1].work, pair[0].work) < 4.1, "\(name): \(pair)")
      #expect(ratio(pair[1].bytes, pair[0].bytes) < 4.1, "\(name): \(pair)")
    }
    // json: four times the events, four times the text (the writer's work is checked with it).
    let json = [quarter, full].map { $0.prettyJSON().utf8.count }
    #expect(ratio(json[1], json[0]) < 4.1, "json: \(json)")
    #expect(ratio(json[1], json[0]) > 3.9, "json: \(json)")
  }

  @Test func keysOfValuesUnequalToThemselvesStayLinear() {
    // 10,000 `nan`s: each is a different value (it equals nothing), each gets its own key.
    var comparisons = 0
    let values = [Double](repeating: .nan, count: 10_000)
    let keys = DiagramKeys(
      values: values, reserved: TextGlyphs.ascii.reserved, pool: TextGlyphs.ascii.keyPool,
      equal: { (a: Double, b: Double) in
        comparisons += 1
        return a == b
      },
      print: { "\($0)" }, literal: { _ in nil })
    #expect(comparisons <= 2 * values.count)
    // 50 one-character keys, 2,500 pairs, then pairs with a number: never two alike.
    #expect(Set((0..<values.count).map(keys.glyph(at:))).count == values.count)
    #expect(keys.width == 3)
  }
}

/// `marbles step` draws each step with the whole run's keys: a value keeps its glyph.
@Suite struct StepKeysTests {
  @Test func aValueKeepsItsKeyFromStepToStep() throws {
    let outcome = ScriptEngine.run(
      SourceFile(
        name: "t.marble",
        text: """
          let s = cold("-x-a|", x: "long", a: "a")
          show s
          """))
    let run = try #require(outcome.run)
    // Cut after frame 1, "long" alone would take the key 'a'; with the run's keys it cannot,
    // because "a" is drawn as itself at frame 3.
    let early = StepRenderer().steps(of: run).screen(1)
    let late = StepRenderer().steps(of: run).screen(4)
    let key = { (text: String) in
      text.split(separator: "\n").first { $0.contains("= \"long\"") }?
        .trimmingCharacters(in: .whitespaces).prefix(1)
    }
    #expect(key(early) != "a")
    #expect(key(early) == key(late))
  }
}

/// An inner signal in a diff's words is written by `marbleString` (the inverse of the marble
/// parser), not by a second writer of its own: it reads back as the same events.
@Suite struct InnerSignalTextTests {
  func text(_ events: [TimelineEvent], subscribed: Int = 3) -> String {
    ExpectationDiffRenderer.describe(
      .signal(Timeline(subscribed: subscribed, unsubscribed: nil, events: events)))
  }

  @Test func aSimpleInnerSignalIsItsMarbleRelativeToItsSubscription() {
    #expect(text([.next(.string("r"), at: 5), .completed(at: 6)]) == #"cold("--r|")"#)
    // A group takes a frame per character: `(12)` at 1 spans 1–4, the error is at 5.
    #expect(
      text([.next(.int(1), at: 4), .next(.int(2), at: 4), .error(.string("error"), at: 8)])
        == #"cold("-(12)#")"#)
  }

  @Test func valuesWithoutAMarbleFormGetKeysAndAFailureItsError() {
    // `1ms` would read back as a time progression, not as the values 1, "m" and "s".
    let progression = text([
      .next(.int(1), at: 3), .next(.string("m"), at: 4), .next(.string("s"), at: 5),
    ])
    #expect(progression == #"cold("abc", a: 1, b: "m", c: "s")"#)
    // A string that looks like a number does not read back as itself.
    #expect(text([.next(.string("7"), at: 3)]) == #"cold("a", a: "7")"#)
    #expect(
      text([.next(.int(12), at: 4), .error(.string("timeout"), at: 5)])
        == #"cold("-a#", a: 12, error: "timeout")"#)
  }

  @Test func aMarbleThatNoStringDrawsIsAListOfEvents() {
    // An event inside the frames of the group before it has no marble form.
    let inGroup = text([
      .next(.int(1), at: 3), .next(.int(2), at: 3), .next(.int(3), at: 4),
    ])
    #expect(inGroup == #"signal[next(1)@+0, next(2)@+0, next(3)@+1]"#)
  }

  @Test func aValueDrawnAsItselfKeepsItsKeyAndTooManyValuesAreAList() {
    // "a" keeps the key `a` although "long" comes first (a Swift test's text keys in order).
    #expect(
      text([.next(.string("long"), at: 3), .next(.string("a"), at: 4)]) == #"cold("ba", b: "long")"#
    )
    let many = text((0..<27).map { .next(.int(10 + $0), at: 3 + $0) })
    #expect(many.hasPrefix("signal[next(10)@+0, next(11)@+1, "))
  }
}
