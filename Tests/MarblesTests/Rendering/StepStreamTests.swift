import Foundation
import Testing

@testable import Marbles
@testable import MarblesCLI
@testable import MarblesCore

/// `marbles step` draws from a run that goes only as far as its steps need (`StepStream`).
@Suite struct StepStreamTests {
  private func stream(
    _ text: String, maxFrames: Int = 1_000, budgets: RunBudgets = RunBudgets(),
    lookahead: Int = StepStream.lookahead, quiz: Bool = false
  ) -> StepStream {
    let run = ScriptEngine(
      SourceFile(name: "s.marble", text: text),
      options: RunOptions(maxFrames: maxFrames, budgets: budgets))
    return StepStream(
      run: run, renderer: StepRenderer(options: .init(glyphs: .ascii)), quiz: quiz,
      lookahead: lookahead)
  }

  /// Every step of `stream`, in order, until it ends.
  private func all(_ stream: StepStream) -> [String] {
    var screens: [String] = []
    while let screen = stream.screen(screens.count) { screens.append(screen) }
    return screens
  }

  /// What `marbles step` printed before it streamed: the whole run first, then its steps.
  private func whole(_ text: String, maxFrames: Int = 1_000, quiz: Bool = false) -> [String] {
    let outcome = ScriptEngine.run(
      SourceFile(name: "s.marble", text: text), options: RunOptions(maxFrames: maxFrames))
    guard var run = outcome.run else { return [] }
    var renderer = StepRenderer(options: .init(glyphs: .ascii))
    if quiz { (run, renderer.hidden) = run.quiz }
    let steps = renderer.steps(of: run)
    return (0..<steps.count).map(steps.screen)
  }

  /// An endless script with a huge `--max-frames`: the first step comes after the lookahead's
  /// frames, not the run's; the 5,000th after at most twice as many as it needs.
  @Test func theFirstStepOfAnEndlessRunCostsTheLookahead() throws {
    let endless = stream("show interval(1)\n", maxFrames: 1_000_000_000)
    let first = try #require(endless.screen(0))
    #expect(first.hasPrefix("step 1 of ?: frame 0\n"))
    #expect(endless.run.outcome == nil)
    #expect(endless.run.ranThrough == StepStream.lookahead)
    #expect(endless.run.actionsRun <= StepStream.lookahead + 10)

    let later = try #require(endless.screen(4_999))
    #expect(later.hasPrefix("step 5000 of ?: frame 4999\n"))
    #expect(later.contains("  1. interval(1) emits 4999\n"))
    #expect(endless.run.ranThrough <= 2 * (4_999 + 1_002))
    #expect(endless.run.outcome == nil)
  }

  /// A long silence is skipped only once it is over: the step after it waits for the run to
  /// get there, and is the frame the whole run shows there.
  @Test func aLongSilenceIsSkippedAsInTheWholeRun() throws {
    let text = "show merge(interval(1).take(2), interval(1).delay(5_000))\n"
    let whole = try #require(
      ScriptEngine.run(
        SourceFile(name: "s.marble", text: text), options: RunOptions(maxFrames: 6_000)
      ).run)
    let expected = StepRenderer(options: .init(glyphs: .ascii)).steps(of: whole).screen(3)
    #expect(expected.hasPrefix("step 4 of 1003: frame 5001\n"))
    let streamed = stream(text, maxFrames: 1_000_000, lookahead: 10)
    let fourth = try #require(streamed.screen(3))
    #expect(fourth.hasPrefix("step 4 of ?: frame 5001\n"))
    // The same work; the drawing's glyphs are keyed from the values run so far (values up to
    // frame 10240 here, not 6000), so its columns may be wider than the whole run's.
    let work = { (screen: String) in screen.split(separator: "\n").drop { !$0.hasPrefix("frame ") }
    }
    #expect(Array(work(fourth)) == Array(work(expected)))
    #expect(
      Array(work(fourth)) == [
        "frame 5001, in order:", "  1. merge(interval(1).take(2),interval(1).delay(5_000)) emits 1",
      ])
    #expect(streamed.run.outcome == nil)
    #expect(streamed.run.ranThrough >= 5_001 + 1_002)
    #expect(streamed.run.ranThrough <= 2 * (5_001 + 1_002))
  }

  /// Every example, stepped through a run taken forward a few frames at a time, shows the
  /// steps of the whole run: the same frames in the same order, the same work in each, and
  /// (once the run has ended, or where the values met so far key alike) the same drawing;
  /// while it goes on, only the header's total is `?`. With the default lookahead every
  /// example ends before its first step, and its steps are exactly the whole run's.
  @Test(arguments: FuzzTests.examples.map(\.name))
  func everyExampleStepsAsTheWholeRun(name: String) throws {
    let text = try #require(FuzzTests.examples.first { $0.name == name }?.text)
    let expected = whole(text)
    #expect(all(stream(text)) == expected)

    let streamed = all(stream(text, lookahead: 1))
    #expect(streamed.count == expected.count)
    for (index, (got, want)) in zip(streamed, expected).enumerated() {
      let header = "step \(index + 1) of ?:"
      let got =
        got.hasPrefix(header)
        ? "step \(index + 1) of \(expected.count):" + got.dropFirst(header.count) : got
      #expect(got.split(separator: "\n").first == want.split(separator: "\n").first)
      let work = { (screen: String) in
        screen.split(separator: "\n").drop { !$0.hasPrefix("frame ") }
      }
      #expect(Array(work(got)) == Array(work(want)))
    }
  }

  /// A budget that trips mid-stream stops the steps at its frame, with the message the whole
  /// run gives, the stop marked as in the whole run's last steps.
  @Test func aBudgetTripsMidStreamWithTheLocatedMessage() throws {
    let text = "let ticks = interval(1)\nshow ticks\n"
    let streamed = stream(text, maxFrames: 2_500, lookahead: 5)
    let first = try #require(streamed.screen(0))
    #expect(first.hasPrefix("step 1 of ?: frame 0\n"))
    #expect(streamed.run.ranThrough < 2_500)
    let screens = all(streamed)
    let expected = whole(text, maxFrames: 2_500)
    #expect(screens.count == expected.count)
    #expect(screens.last == expected.last)
    #expect(screens.last?.hasPrefix("step 2501 of 2501: frame 2500\n") == true)
    let outcome = ScriptEngine.run(
      SourceFile(name: "s.marble", text: text), options: RunOptions(maxFrames: 2_500))
    let diagnostics = try #require(streamed.run.outcome?.diagnostics)
    #expect(diagnostics == outcome.diagnostics)
    #expect(diagnostics.last?.message.contains("2500") == true)
    #expect(diagnostics.last?.range.start.line == 2)
  }

  /// The event budget too: it trips at the same frame, in a stream, as in the whole run.
  @Test func anEventBudgetTripsMidStream() throws {
    let text = "show interval(1)\n"
    var budgets = RunBudgets()
    budgets.maxEvents = 40
    let streamed = stream(text, maxFrames: 1_000_000, budgets: budgets, lookahead: 3)
    let screens = all(streamed)
    let outcome = ScriptEngine.run(
      SourceFile(name: "s.marble", text: text),
      options: RunOptions(maxFrames: 1_000_000, budgets: budgets))
    let run = try #require(outcome.run)
    let stop = try #require(run.stopped)
    #expect(screens.last?.contains(": frame \(stop.frame)\n") == true)
    #expect(streamed.run.outcome?.diagnostics == outcome.diagnostics)
    #expect(stop.reason == .budget)
  }

  /// `marbles step` without a terminal on an endless script: its first steps are written
  /// (streamed, `of ?`) before the output budget stops it; the run never reached its frames.
  @Test func theToolStreamsAnEndlessScript() {
    let result = runTool(
      ["step", "--max-frames", "1000000000", "--max-output", "2000", "-"],
      input: "show interval(1)")
    #expect(result.stdout.hasPrefix("step 1 of ?: frame 0\n"))
    #expect(result.stderr.contains("--max-output"))
    #expect(result.exitCode == 1)
  }

  /// Several lanes, inner signals and a run that outlasts the lookahead: streamed, every step
  /// has the whole run's frame and work, and the steps drawn after the run ended are the
  /// whole run's, byte for byte.
  @Test func aLongMultiLaneRunStreamsTheWholeRunsSteps() {
    let text = """
      let ticks = interval(1).take(2600)
      show ticks.bufferCount(500)
      show ticks.filter { x in x % 700 == 0 }.flattenMap { x in timer(3).map { _ in x } }
      """
    let expected = whole(text, maxFrames: 10_000)
    let streamed = stream(text, maxFrames: 10_000, lookahead: 100)
    var screens: [String] = []
    var streamedCount = 0
    while let screen = streamed.screen(screens.count) {
      if screen.hasPrefix("step \(screens.count + 1) of ?:") { streamedCount += 1 }
      screens.append(screen)
    }
    #expect(streamedCount > 100)
    #expect(expected.count > 2_000)
    #expect(screens.count == expected.count)
    let work = { (screen: String) in screen.split(separator: "\n").drop { !$0.hasPrefix("frame ") }
    }
    for (index, (got, want)) in zip(screens, expected).enumerated() {
      #expect(Array(work(got)) == Array(work(want)), "step \(index + 1)")
      if index >= streamedCount { #expect(got == want, "step \(index + 1)") }
    }
  }

  /// On a terminal, stepping an endless script shows `of ?` steps at once; quitting leaves
  /// the rest unrun, with exit status 0.
  @Test func steppingAnEndlessScriptOnATerminal() {
    let screens = Screens()
    let terminal = StepTerminal(
      readKey: { screens.nextKey() }, show: { screens.append($0) })
    let environment = ToolEnvironment(
      run: { source, options in ScriptEngine.run(source, options: options) },
      explain: { name in Explainer.explain(name) },
      readStandardInput: { _ in Data("show interval(1)".utf8) }, stepTerminal: terminal)
    let result = MarblesTool.main(
      ["step", "--max-frames", "1000000000", "-"], environment: environment)
    #expect(result.exitCode == 0)
    let shown = screens.all
    #expect(shown.count == 4)
    #expect(
      shown.map { $0.prefix { $0 != "\n" } } == [
        "step 1 of ?: frame 0", "step 2 of ?: frame 1", "step 1 of ?: frame 0",
        "step 2 of ?: frame 1",
      ])
    #expect(shown.allSatisfy { !$0.contains("(last frame)") })
  }
}

/// The screens a fake terminal was shown, and the keys it answers with: next, previous,
/// next, quit.
private final class Screens: @unchecked Sendable {
  // Invariant: every access holds `lock`.
  private let lock = NSLock()
  private var shown: [String] = []
  private var keys: [StepKey] = [.next, .previous, .next, .quit]

  func append(_ screen: String) { lock.withLock { shown.append(screen) } }
  func nextKey() -> StepKey? { lock.withLock { keys.isEmpty ? nil : keys.removeFirst() } }
  var all: [String] { lock.withLock { shown } }
}
