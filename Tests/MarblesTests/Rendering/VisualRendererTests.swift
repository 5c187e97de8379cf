import Foundation
import GoldenFiles
import Testing

@testable import Marbles
@testable import MarblesCLI
@testable import MarblesCore

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The scripts under `Examples/`, each run once.
enum ExampleRuns {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples")

  static let names: [String] = {
    // Every example, the workshop's (`Workshop/01-transform`) included.
    let files = (try? FileManager.default.subpathsOfDirectory(atPath: directory.path)) ?? []
    return files.filter { $0.hasSuffix(".marble") }.map { String($0.dropLast(7)) }.sorted()
  }()

  static func run(_ name: String) -> ScriptRun? {
    let url = directory.appendingPathComponent(name + ".marble")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
    guard
      case .completed(let run) = ScriptEngine.run(
        SourceFile(name: "Examples/\(name).marble", text: text))
    else { return nil }
    return run
  }
}

/// Parses `text` as XML and returns the first error, or nil when it is well formed.
func xmlError(_ text: String) -> String? {
  let parser = XMLParser(data: Data(text.utf8))
  let recorder = XMLErrorRecorder()
  parser.delegate = recorder
  return parser.parse() ? nil : (parser.parserError.map { "\($0)" } ?? "parse failed")
}

private final class XMLErrorRecorder: NSObject, XMLParserDelegate {}

/// The inline `<svg>…</svg>` of an HTML page.
func inlineSVG(_ html: String) -> String? {
  guard let start = html.range(of: "<svg "), let end = html.range(of: "</svg>") else { return nil }
  return String(html[start.lowerBound..<end.upperBound])
}

@Suite struct SVGRendererTests {
  @Test func sampleGolden() throws {
    try expectGolden(SVGRenderer(theme: .light).render(sampleRun()), named: "sample.svg")
  }

  @Test func darkThemeGolden() throws {
    try expectGolden(SVGRenderer(theme: .dark).render(sampleRun()), named: "sample.dark.svg")
  }

  @Test(arguments: ["command-double-tap", "command-internals", "switch-to-latest", "map"])
  func exampleGolden(name: String) throws {
    let run = try #require(ExampleRuns.run(name))
    try expectGolden(SVGRenderer().render(run), named: "\(name).svg")
  }

  @Test func everyExampleIsWellFormedStandaloneSVG() throws {
    #expect(ExampleRuns.names.count >= 20)
    for name in ExampleRuns.names {
      let run = try #require(ExampleRuns.run(name), "\(name) did not run")
      for theme in DiagramTheme.allCases {
        let svg = SVGRenderer(theme: theme).render(run)
        #expect(xmlError(svg) == nil, "\(name) (\(theme)): \(xmlError(svg) ?? "")")
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
      }
    }
  }

  @Test func everyExampleRendersInEveryFormat() throws {
    #expect(ExampleRuns.names.contains { $0.hasPrefix("Workshop/") })
    for name in ExampleRuns.names {
      let run = try #require(ExampleRuns.run(name), "\(name) did not run")
      for theme in [TextGlyphs.ascii, .unicode] {
        let text = TextRenderer(options: .init(glyphs: theme)).render(run)
        let lines = text.split(separator: "\n").count
        #expect(lines > run.lanes.count, "\(name): a lane is missing")
      }
      let json = run.prettyJSON()
      let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
      #expect((decoded?["lanes"] as? [Any])?.count == run.lanes.count, "\(name): json lanes")
      #expect(xmlError(SVGRenderer().render(run)) == nil, "\(name): svg")
      #expect(HTMLRenderer().render(run).contains("<svg"), "\(name): html")
      let steps = StepRenderer(options: .init(glyphs: .ascii)).renderAll(run)
      #expect(steps.hasPrefix("step 1 of "), "\(name): step")
    }
  }

  @Test func textIsEscaped() throws {
    let lane = TimelineLane(
      name: "x", label: "a < b & \"c\"", subscription: .init(subscribed: 0, unsubscribed: nil),
      events: [.next(.string("<&>"), at: 1), .next(.string("]]> </svg>\u{1}"), at: 2)])
    let run = ScriptRun(file: "<t>.marble", title: "</title>", lastFrame: 3, lanes: [lane])
    let svg = SVGRenderer().render(run)
    #expect(xmlError(svg) == nil)
    #expect(svg.contains("a &lt; b &amp; &quot;c&quot;"))
    #expect(svg.components(separatedBy: "</svg>").count == 2)
  }

  @Test func escapeXMLEscapesEveryMarkupCharacterAndDropsControls() {
    #expect(
      escapeXML("<a href=\"x\">Tom's & Jerry's</a>")
        == "&lt;a href=&quot;x&quot;&gt;Tom&#39;s &amp; Jerry&#39;s&lt;/a&gt;")
    #expect(escapeXML("a\tb\nc\rd") == "a\tb\nc&#13;d")
    #expect(escapeXML("a\tb\nc", attribute: true) == "a&#9;b&#10;c")
    #expect(escapeXML("\u{1}x\u{FFFE}") == "\u{FFFD}x\u{FFFD}")
  }

  @Test func longAndCollidingValuesGetKeysThatNeverEqualALiteral() {
    let run = ScriptRun(
      file: "k.marble", lastFrame: 6,
      lanes: [
        TimelineLane(
          name: "a", subscription: .init(subscribed: 0, unsubscribed: nil),
          events: [
            .next(.string("a"), at: 0), .next(.int(1), at: 1), .next(.string("1"), at: 2),
            .next(.string("Sending request..."), at: 3), .next(.int(12), at: 4),
          ])
      ])
    let diagram = VisualDiagram(run)
    let labels = diagram.rows[0].marks.map(\.label)
    // "a" and 12 fit; 1 and "1" would draw alike, the long string does not fit: keys.
    #expect(labels[0] == "a")
    #expect(labels[4] == "12")
    #expect(Set(labels).count == labels.count)
    #expect(!["a", "12"].contains(labels[1]) && !["a", "12"].contains(labels[2]))
    #expect(diagram.legend.map(\.text) == ["1", "\"1\"", "\"Sending request...\""])
    #expect(diagram.legend.map(\.key) == [labels[1], labels[2], labels[3]])
    #expect(labels.allSatisfy { VisualDiagram.columns($0) <= 3 })
  }

  /// A key that only names an error is drawn as the diagram draws it, beside a cross (it was
  /// a coloured marble, which the diagram never shows); the default error of `#` gets no key.
  @Test func errorKeysAreCrossesInTheLegendAndTheDefaultErrorHasNone() throws {
    let run = ScriptRun(
      file: "e.marble", lastFrame: 4,
      lanes: [
        TimelineLane(
          name: "a", subscription: .init(subscribed: 0, unsubscribed: nil),
          events: [.next(.string("long value"), at: 1), .error(.string("notEnabled"), at: 2)]),
        TimelineLane(
          name: "b", subscription: .init(subscribed: 0, unsubscribed: nil),
          events: [.error(.string("error"), at: 3)]),
      ])
    let diagram = VisualDiagram(run)
    #expect(diagram.legend.map(\.text) == ["\"long value\"", "\"notEnabled\""])
    #expect(diagram.legend.map(\.failure) == [false, true])
    #expect(diagram.rows[1].marks[0].label == "")
    let svg = SVGRenderer().render(run)
    let legend = try #require(svg.range(of: "<g class=\"legend\">").map { svg[$0.upperBound...] })
    let failureKey = diagram.legend[1].key
    // The error's key: red text after a cross, then `= "notEnabled"`; the value's: a marble.
    #expect(legend.contains("class=\"errt\""))
    #expect(legend.contains(">\(failureKey)</text><text class=\"lg\""))
    #expect(legend.components(separatedBy: "<circle").count - 1 == 1)
    #expect(legend.components(separatedBy: "class=\"err\"").count - 1 == 1)
  }

  /// A run that stopped early: a stop line and a cross on every lane at the stop, open lanes
  /// end there (no arrowhead), the legend says why; a hot lane's past is drawn, muted.
  @Test func aStoppedRunMarksTheStopOnEveryLaneAndAHotLaneShowsItsPast() throws {
    let outcome = TimeTruthTests.stoppingRun()
    guard case .stopped(let run) = outcome else {
      Issue.record("the run did not stop: \(outcome)")
      return
    }
    let svg = SVGRenderer().render(run)
    #expect(xmlError(svg) == nil)
    #expect(svg.components(separatedBy: "class=\"stopl\"").count - 1 == 1)
    #expect(svg.components(separatedBy: "class=\"stopx\"").count - 1 == run.lanes.count)
    #expect(svg.contains("stopped at frame 5 by a runtime error"))
    #expect(!svg.contains("marker-end=\"url(#arrow)\""))
    let diagram = VisualDiagram(run)
    #expect(diagram.rows[0].before.map(\.frame) == [-2])
    #expect(diagram.rows[0].before.map(\.label) == ["a"])
    #expect(diagram.first == -2 || diagram.first < -2)
    #expect(svg.contains("<g class=\"pre\">"))
  }

  @Test func aValueHasOneColourEverywhere() throws {
    let run = try #require(ExampleRuns.run("command-double-tap"))
    let diagram = VisualDiagram(run)
    var hues: [String: Set<Int>] = [:]
    for row in diagram.rows {
      for mark in row.marks where mark.kind == .next && mark.innerRow == nil {
        hues[mark.value?.description ?? "", default: []].insert(mark.hue)
      }
    }
    #expect(hues["1"]?.count == 1)
    #expect(hues.values.allSatisfy { $0.count == 1 })
    #expect(SVGRenderer().render(run) == SVGRenderer().render(run))
  }

  @Test func booleanLanesAreStepLinesAndInnerSignalsGetRows() throws {
    let run = try #require(ExampleRuns.run("command-internals"))
    let diagram = VisualDiagram(run)
    let executing = try #require(diagram.rows.first { $0.name == "cmd.executing" })
    #expect(executing.style == .booleans)
    let inFlight = try #require(diagram.rows.first { $0.name == "cmd.inFlight" })
    #expect(inFlight.style == .marbles)
    #expect(inFlight.marks.map(\.label) == ["0", "1", "0"])
    let inner = try #require(diagram.rows.first { $0.name == "cmd.added #1" })
    #expect(inner.depth == 1 && inner.start == 1 && inner.ending == .completed)
    #expect(inner.origin?.frame == 1)
    let svg = SVGRenderer().render(run)
    #expect(svg.components(separatedBy: "class=\"step\"").count - 1 == 5)
  }

  @Test func simultaneousEventsStackInsteadOfWideningTime() {
    let diagram = VisualDiagram(sampleRun())
    let grouped = diagram.rows.first { $0.name == "grouped" }
    #expect(grouped?.slots == 3)
    #expect(grouped?.marks.map(\.slot) == [0, 1, 2])
    let layout = SVGLayout(diagram, interactive: false)
    // Every frame has the same width.
    #expect(abs((layout.x(7) - layout.x(6)) - (layout.x(1) - layout.x(0))) < 1e-9)
  }

  /// 20 lanes: the output grows linearly with the frames (one pass); the 10,000-frame timing
  /// is in Benchmarks.
  @Test func bigRunsAreLinear() {
    func run(frames: Int) -> ScriptRun {
      let lanes = (0..<20).map { lane in
        TimelineLane(
          name: "l\(lane)", subscription: .init(subscribed: 0, unsubscribed: nil),
          events: stride(from: lane % 3, to: frames, by: 3).map { .next(.int($0 % 7), at: $0) })
      }
      return ScriptRun(file: "big.marble", lastFrame: frames - 1, lanes: lanes)
    }
    let small = SVGRenderer().render(run(frames: 1_000)).utf8.count
    let big = SVGRenderer().render(run(frames: 2_000)).utf8.count
    #expect(Double(big) / Double(small) < 2.1)
    let html = HTMLRenderer().render(run(frames: 2_000))
    #expect(html.utf8.count < 3 * big)
  }
}

@Suite struct HTMLRendererTests {
  @Test func sampleGolden() throws {
    try expectGolden(HTMLRenderer(theme: .light).render(sampleRun()), named: "sample.html")
  }

  @Test(arguments: ["command-double-tap", "command-internals"])
  func exampleGolden(name: String) throws {
    let run = try #require(ExampleRuns.run(name))
    try expectGolden(HTMLRenderer().render(run), named: "\(name).html")
  }

  @Test func everyExampleIsOneSelfContainedPage() throws {
    for name in ExampleRuns.names {
      let run = try #require(ExampleRuns.run(name), "\(name) did not run")
      let html = HTMLRenderer().render(run)
      let svg = try #require(inlineSVG(html), "\(name)")
      #expect(xmlError(svg) == nil, "\(name): \(xmlError(svg) ?? "")")
      #expect(html.hasPrefix("<!DOCTYPE html>"))
      // No network: the only URL is the SVG namespace.
      #expect(!html.contains("https:"))
      #expect(html.components(separatedBy: "http:").count == 2, "\(name)")
      #expect(!html.contains(" src="))
      #expect(html.contains("id=\"veil\"") && html.contains("id=\"steplog\""))
    }
  }

  @Test func theStepDataListsEachFramesWorkInOrder() throws {
    let run = try #require(ExampleRuns.run("command-double-tap"))
    let html = HTMLRenderer().render(run)
    let start = try #require(html.range(of: "<script type=\"application/json\" id=\"steps\">"))
    let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
    let json =
      try JSONSerialization.jsonObject(
        with: Data(html[start.upperBound..<end.lowerBound].utf8)) as? [String: Any]
    let rows = try #require(json?["rows"] as? [String])
    let frames = try #require(json?["frames"] as? [String: [[Any]]])
    let frame4 = try #require(frames["4"])
    let who = frame4.compactMap { ($0[0] as? Int).map { rows[$0] } }
    // `execute(clicks)` subscribed to the hot clicks before the `clicks` lane did, so it hears
    // the tap first; the lane still lists the tap first: the cause before its effects (its
    // number is taken when the source starts to send). Then the inner signal fails at once.
    #expect(who == ["clicks", "execute(tap)", "execute(tap) #2"])
    #expect(frame4[2][2] as? String == "failed(\"notEnabled\")")
    #expect(frames["3"] == nil)
  }

  @Test func scriptDataCannotCloseItsElement() {
    let lane = TimelineLane(
      name: "x", subscription: .init(subscribed: 0, unsubscribed: nil),
      events: [.next(.string("</script><script>alert(1)</script>"), at: 0)])
    let html = HTMLRenderer().render(ScriptRun(file: "x.marble", lanes: [lane]))
    #expect(!html.contains("</script><script>alert"))
    #expect(html.components(separatedBy: "</script>").count == 3)
  }
}

@Suite struct StepRendererTests {
  @Test func aCommandsMainQueueHopsAreListedAsLaterActions() throws {
    let run = try #require(ExampleRuns.run("command-internals"))
    let frame1 = StepRenderer().steps(of: run).screen(1)
    let log = try #require(frame1.components(separatedBy: "frame 1, in order:\n").last)
    let lines = log.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    // The synchronous internals flip inside `execute`; executing, enabled and
    // executionSignals follow, each in its own later action on the main queue.
    let executing = try #require(lines.firstIndex { $0.hasSuffix("cmd.executing emits true") })
    let inFlight = try #require(lines.firstIndex { $0.hasSuffix("cmd.inFlight emits 1") })
    #expect(inFlight < executing)
    #expect(lines[executing - 1] == "then, on the main queue:")
    #expect(lines.filter { $0 == "then, on the main queue:" }.count == 3)
    #expect(!lines[..<inFlight].contains { $0.hasPrefix("then") })
  }

  @Test(arguments: ["command-double-tap", "command-internals", "map"])
  func stepGolden(name: String) throws {
    let run = try #require(ExampleRuns.run(name))
    try expectGolden(StepRenderer().renderAll(run), named: "\(name).step.txt")
  }

  @Test func everyExampleStepsFrameByFrameToTheFullDiagram() throws {
    for name in ExampleRuns.names {
      let run = try #require(ExampleRuns.run(name), "\(name) did not run")
      let steps = StepRenderer().steps(of: run)
      #expect(steps.count == run.lastFrame - run.firstFrame + 1, "\(name)")
      let last = steps.screen(steps.count - 1)
      // The last step draws what `render` draws.
      #expect(last.contains(TextRenderer().render(run)), "\(name)")
      #expect(steps.screen(0).hasPrefix("step 1 of \(steps.count): frame \(run.firstFrame)\n"))
    }
  }

  @Test func aStepShowsOnlyThePastAndListsTheFramesWork() throws {
    let run = try #require(ExampleRuns.run("command-double-tap"))
    let steps = StepRenderer().steps(of: run)
    let frame4 = steps.screen(4)
    #expect(frame4.contains("clicks                 --1-2\n"))
    #expect(
      frame4.hasSuffix(
        """
        frame 4, in order:
          1. clicks emits 2
          2. execute(tap) emits inner signal #2
          3. execute(tap) #2 failed("notEnabled")

        """))
    #expect(steps.screen(3).hasSuffix("frame 3: nothing happens\n"))
  }
}

/// One script's ASCII and SVG share their key letters: a value keyed in both has one letter.
@Suite struct SharedKeyTests {
  @Test func everyExampleKeysAValueAlikeInTextAndPicture() throws {
    var compared = 0
    for name in ExampleRuns.names {
      guard let run = ExampleRuns.run(name) else { continue }
      let text = DiagramKeys.textKeys(of: run)
      let picture = VisualDiagram(run)
      for entry in picture.legend {
        let value = picture.rows.lazy.flatMap(\.marks).first { $0.label == entry.key }?.value
        guard let value, let textKey = text.key(of: value) else { continue }
        compared += 1
        #expect(entry.key == textKey, "\(name): \(entry.text) is \(textKey) in text")
      }
    }
    #expect(compared > 50)
  }
}

extension StepRenderer {
  /// Every step once, separated by blank lines: what `marbles step` prints without a terminal.
  fileprivate func renderAll(_ run: ScriptRun) -> String {
    var out = ""
    each(of: run) {
      out += $0
      return true
    }
    return out
  }
}
