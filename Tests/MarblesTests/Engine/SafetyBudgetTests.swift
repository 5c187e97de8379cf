import Foundation
import Testing

@testable import Marbles
@testable import MarblesCLI
@testable import MarblesCore

/// Two-line scripts that once crashed every command, exhausted memory or ran for hours, each
/// run through every command in process with small budgets: each must stop with a located
/// error or a bounded output, fast.
@Suite struct SafetyBudgetTests {
  /// Every command that runs a script, in every format.
  static let commands: [[String]] = [
    ["render"], ["render", "--format", "unicode"], ["render", "--format", "json"],
    ["render", "--format", "svg"], ["render", "--format", "html"], ["run"], ["test"], ["step"],
  ]

  /// Runs `script` through every command with `flags`; returns each result, with standard
  /// output and error together in `stderr` (`test` reports a script's errors on standard
  /// output).
  static func everyCommand(_ script: String, flags: [String] = []) -> [ToolResult] {
    commands.map { command in
      var result = runTool(command + flags + ["-"], input: script)
      if command == ["test"] { result.stderr = result.stdout + result.stderr }
      return result
    }
  }

  // MARK: - Limits

  /// A budget allows exactly its limit: a script that needs N passes with N and stops with
  /// N - 1. (The first script makes 16 events: subscriptions, values and terminal events; the
  /// second holds 3 inner subscriptions open at frame 0; the third makes a 7-character string.)
  @Test func eachBudgetAllowsExactlyItsLimit() {
    let cases: [(flag: String, limit: Int, script: String)] = [
      ("--max-events", 16, "let a = cold(\"-a-b-c|\")\nshow a.map { x in x + \"!\" }"),
      (
        "--max-subscriptions", 3,
        "let a = cold(\"(abc)|\")\nshow a.flattenMap { x in cold(\"---b|\") }"
      ),
      ("--max-value-size", 7, "let a = \"abcde\"\nshow cold(\"-x|\", x: a + \"fg\")"),
    ]
    for (flag, limit, script) in cases {
      let within = runTool(["render", flag, "\(limit)", "-"], input: script)
      #expect(within.exitCode == 0, "\(flag) \(limit): \(within.stderr)")
      let over = runTool(["render", flag, "\(limit - 1)", "-"], input: script)
      #expect(over.exitCode == 1, "\(flag) \(limit - 1)")
      #expect(over.stderr.contains("budget of \(limit - 1)"), "\(over.stderr)")
    }
  }

  // MARK: - Nested dictionaries

  /// Dictionaries nested by a closure overflowed the stack of every command (SIGSEGV) in the
  /// renderers, `ScriptValue.payload(of:)` and the JSON writer: they now stop at 200 levels where the
  /// dictionary is made, like arrays.
  @Test func nestedDictionariesStopAtTheNestingBudget() {
    let script = """
      let big = interval(1).take(99999).scan(["k": 1]) { acc, x in ["a": acc, "b": x] }
      show big.last()
      """
    for (command, result) in zip(Self.commands, Self.everyCommand(script)) {
      #expect(result.exitCode == 1, "\(command)")
      #expect(
        result.stderr.contains("<stdin>:1:62: error: a value nests deeper than 200 levels"),
        "\(command): \(result.stderr.prefix(300))")
    }
  }

  /// `next(acc)` nests a materialized event one level per value: deep enough, `distinct()` and
  /// `==` recursed over it quadratically and then overflowed the stack.
  @Test func nestedEventsStopAtTheNestingBudget() {
    for body in ["show d.distinct().count()", "show d.map { x in x == x }.count()"] {
      let script = """
        let d = interval(1).take(99999).scan(1) { acc, _ in next(acc) }
        \(body)
        """
      let result = runTool(["render", "-"], input: script)
      #expect(result.exitCode == 1, "\(body)")
      #expect(
        result.stderr.contains("<stdin>:1:53: error: a value nests deeper than 200 levels"),
        "\(body)")
      #expect(result.stdout.contains("X = stopped at frame 201 by a budget of the run"))
    }
  }

  /// `["a": acc, "b": acc]` doubles what it holds each frame (7.9 GB in 20 s): dictionaries
  /// count against `--max-value-size` when made, shared parts as copies.
  @Test func sharedDictionariesStopAtTheSizeBudget() {
    let script = """
      let big = interval(1).take(60).scan(["k": 1]) { acc, x in ["a": acc, "b": acc] }
      show big.last()
      """
    let result = runTool(["render", "--max-value-size", "1000", "-"], input: script)
    #expect(result.exitCode == 1)
    #expect(
      result.stderr.contains(
        "or more characters or elements is larger than the budget of 1000 at frame 8"))
  }

  // MARK: - Shared structure

  /// `[acc, acc]` over 40 frames is a value of 2^40 leaves: it stops where it is made, and the
  /// message about it stays short.
  @Test func sharedArraysStopWhereTheyAreMade() {
    let script = """
      let big = interval(1).take(40).scan([1]) { acc, _ in [acc, acc] }
      show big.last().map { x in x - 1 }
      """
    for (command, result) in zip(
      Self.commands, Self.everyCommand(script, flags: ["--max-value-size", "5000"]))
    {
      #expect(result.exitCode == 1, "\(command)")
      #expect(result.stderr.contains("<stdin>:1:54: error: a value of"), "\(command)")
      #expect(result.stderr.utf8.count < 3_000, "\(command)")
    }
  }

  /// A value below the budget in a runtime error's message is cut after 300 characters.
  @Test func valuesInMessagesAreCut() {
    let script = """
      let all = interval(1).take(2000).collect()
      show all.map { x in x - 1 }
      """
    let result = runTool(["render", "-"], input: script)
    #expect(result.exitCode == 1)
    #expect(result.stderr.contains("'map' called the closure with 'Array' [1, 2, 3,"))
    // `render`'s default format is ascii: its messages are 7-bit, `…` spelled `...`.
    #expect(result.stderr.contains("..., which arrived at this frame"))
    #expect(result.stderr.utf8.count < 1_000)
  }

  /// Equality, `distinct()` and dictionaries of shared values: bounded by the size budget.
  @Test func equalityAndDistinctOfSharedValuesAreBounded() {
    for body in [
      "show big.map { x in x == x }", "show big.distinct()", "show big.map { x in [\"k\": x] }",
    ] {
      let script = """
        let big = interval(1).take(40).scan([1]) { acc, _ in [acc, acc] }
        \(body)
        """
      let result = runTool(["render", "--max-value-size", "5000", "-"], input: script)
      #expect(result.exitCode == 1, "\(body)")
      #expect(result.stderr.contains("larger than the budget of 5000"), "\(body)")
    }
  }

  /// One large value compared or hashed every frame costs what each comparison visits.
  @Test func comparingALargeValueAgainAndAgainIsCounted() {
    for body in [
      "show ticks.map { _ in big }.distinct()", "show ticks.map { _ in big == big }",
      "show ticks.map { _ in big }.distinctUntilChanged()",
    ] {
      let big = "[" + (0..<5000).map(String.init).joined(separator: ", ") + "]"
      let script = """
        let big = \(big)
        let ticks = interval(1).take(5000)
        \(body)
        """
      let result = runTool(["render", "--max-events", "200000", "-"], input: script)
      #expect(result.exitCode == 1, "\(body)")
      #expect(result.stderr.contains("the run went past its budget of 200000 events"), "\(body)")
    }
  }

  /// String methods that multiply their input are checked before they make anything.
  @Test func stringMethodsAreCheckedBeforeTheyAreMade() {
    let many = String(repeating: "a", count: 1000)
    let long = String(repeating: "x", count: 2000)
    for expression in [
      "s.replacingOccurrences(of: \"a\", with: \"\(long)\")",
      "s.split(separator: \"\").joined(separator: \"\(long)\")",
    ] {
      let script = """
        let s = "\(many)"
        show cold("a|", a: \(expression))
        """
      let result = runTool(["render", "--max-value-size", "100000", "-"], input: script)
      #expect(result.exitCode == 1, "\(expression)")
      #expect(result.stderr.contains("is larger than the budget of 100000"), "\(expression)")
    }
  }

  /// `collect()` of a value used many times is checked when the array is made (here it is
  /// never recorded).
  @Test func operatorsArraysAreChecked() {
    let script = """
      let part = interval(1).take(11).scan([1]) { acc, _ in [acc, acc] }.last()
      let all = part.flattenMap { p in interval(1).take(100).map { _ in p } }.collect()
      show all.map { a in 1 }
      """
    let result = runTool(["render", "--max-value-size", "10000", "-"], input: script)
    #expect(result.exitCode == 1)
    #expect(result.stderr.contains("<stdin>:2:11: error: a value of 10001 or more characters"))
  }

  // MARK: - Time before '^'

  /// `hot("a 999999999ms ^-b|")` (33 bytes) wrote 2 GB of text, and svg/html aborted on a
  /// 160 GB allocation: the time before `^` counts against `--max-frames`.
  @Test func timeBeforeTheSubscriptionPointCountsAsFrames() {
    for (command, result) in zip(
      Self.commands, Self.everyCommand("show hot(\"a 999999999ms ^-b|\")"))
    {
      #expect(result.exitCode == 1, "\(command)")
      #expect(
        result.stderr.contains(
          "<stdin>:1:10: error: the marble starts 1000000000 frames before its '^', past the limit of 100000 frames"
        ), "\(command)")
    }
  }

  /// With the bound raised, a long empty stretch is drawn as its length, aligned in every row,
  /// and what is drawn stays small in every format.
  @Test func longEmptyStretchesAreDrawnAsProgressions() {
    let script = """
      show timer(999999999)
      show hot("a 5000ms ^-b|")
      """
    for (command, result) in zip(
      Self.commands, Self.everyCommand(script, flags: ["--max-frames", "1000000000"]))
    {
      #expect(result.exitCode == 0, "\(command): \(result.stderr)")
      #expect(result.stdout.utf8.count < 200_000, "\(command)")
    }
    let text = runTool(["render", "--max-frames", "1000000000", "-"], input: script).stdout
    #expect(
      text == """
        <stdin>                        0
        timer(999999999)               ---- 999999995ms 0
                                                        |
        hot("a 5000ms ^-b|")  a        --b|

        """)
    let svg = runTool(
      ["render", "--format", "svg", "--max-frames", "1000000000", "-"], input: script)
    #expect(svg.stdout.contains(">999999995ms</text>"))
  }

  // MARK: - Work that escaped --max-events

  /// Replayed values were not counted: 5,000 replays into each of 100,000 inner subscriptions
  /// ran for minutes.
  @Test func replayedValuesAreCounted() {
    let script = """
      let r = interval(1).take(99999).replay()
      show r.flattenMap { _ in r.take(5000) }.count()
      """
    let result = runTool(["render", "--max-events", "50000", "-"], input: script)
    #expect(result.exitCode == 1)
    #expect(result.stderr.contains("the run went past its budget of 50000 events"))
  }

  /// Regression (issue 33): a closure calling a closure was charged to no budget, so
  /// `fib(fib, 40)` inside a `map` ran for ever and `fib(fib, 27)` finished under
  /// `--max-events 1000`. Every call of a closure value is an event now.
  @Test func closuresCallingClosuresAreCounted() {
    let script = """
      let fib = { f, n in n < 2 ? n : f(f, n - 1) + f(f, n - 2) }
      show cold("-a|").map { _ in fib(fib, 27) }
      """
    for result in Self.everyCommand(script, flags: ["--max-events", "1000"]) {
      #expect(result.exitCode == 1)
      #expect(result.stderr.contains("the run went past its budget of 1000 events at frame 1"))
    }
  }

  /// Regression (issue 33): a loop in a closure called by a closure is counted as well.
  @Test func loopsInClosuresCalledByClosuresAreCounted() {
    let script = """
      let spin = { n in
        var total = 0
        for i in 0..<n { total += i }
        return total
      }
      show cold("-a|").map { _ in spin(1000000000) }
      """
    let result = runTool(["run", "--max-events", "5000", "-"], input: script)
    #expect(result.exitCode == 1)
    #expect(result.stderr.contains("the run went past its budget of 5000 events at frame 1"))
  }

  /// Regression (issue 33): one value sent through `publish()` to many subscribers counted once:
  /// 9,000 inner `collect()`s of one shared `interval` ran for 24 s under the default budgets.
  /// Every delivery to every subscriber is an event now.
  @Test func deliveriesToEverySubscriberOfASharedSignalAreCounted() {
    let script = """
      let src = interval(1).take(9000).publish().autoconnect()
      show src.flattenMap { _ in src.collect() }.count()
      """
    let result = runTool(["render", "--max-events", "200000", "-"], input: script)
    #expect(result.exitCode == 1)
    #expect(result.stderr.contains("the run went past its budget of 200000 events"))
  }

  /// Regression (issue 33): a `replay()` read by thousands of late subscribers through an
  /// operator (`r.count()`) replayed everything it kept to each, uncounted.
  @Test func valuesReplayedToEveryLateSubscriberAreCounted() {
    let script = """
      let r = interval(1).take(9000).replay()
      show interval(1).take(9000).flattenMap { _ in r.count() }.count()
      """
    let result = runTool(["render", "--max-events", "200000", "-"], input: script)
    #expect(result.exitCode == 1)
    #expect(result.stderr.contains("the run went past its budget of 200000 events"))
  }

  /// A subject the script sends into, read by many subscribers: each delivery counts.
  @Test func deliveriesOfAScriptSubjectToEverySubscriberAreCounted() {
    let script = """
      let s = Subject()
      let ticks = interval(1).take(3000)
      ticks.subscribe(s)
      show ticks.flattenMap { _ in s.count() }.count()
      """
    let result = runTool(["render", "--max-events", "200000", "-"], input: script)
    #expect(result.exitCode == 1)
    #expect(result.stderr.contains("the run went past its budget of 200000 events"))
  }

  /// `acc + [x]` copies the array each time: the copies are counted.
  @Test func copiesByPlusAreCounted() {
    let script = "show interval(1).take(99999).scan([]) { acc, x in acc + [x] }.count()"
    let result = runTool(["render", "--max-events", "100000", "-"], input: script)
    #expect(result.exitCode == 1)
    #expect(
      result.stderr.contains(
        "<stdin>:1:51: error: the run went past its budget of 100000 events at frame 44"))
  }

  // MARK: - step

  /// `step` on `show interval(1)` ran for hours: it is bounded like `render`, and each step
  /// draws at most `StepRenderer.windowFrames` frames.
  @Test func stepIsBoundedAndDrawsAWindow() {
    let result = runTool(["step", "--max-frames", "400", "-"], input: "show interval(1)")
    #expect(result.exitCode == 1)
    #expect(result.stdout.contains("step 401 of 401: frame 400\n"))
    let rows = result.stdout.split(separator: "\n").filter { $0.hasPrefix("interval(1)") }
    #expect(rows.count == 401)
    #expect(rows.allSatisfy { $0.count <= "interval(1)  ".count + StepRenderer.windowFrames * 3 })
    let stopped = runTool(
      ["step", "--max-frames", "400", "--max-output", "5000", "-"], input: "show interval(1)")
    #expect(stopped.exitCode == 1)
    #expect(stopped.stdout.utf8.count <= 5_000)
    #expect(
      stopped.stderr.contains(
        "error: the output went past its budget of 5000 bytes; raise it with '--max-output N' if it needs more"
      ))
  }

  /// Without a terminal, each step is written as soon as it is drawn.
  @Test func stepWritesEachStepAsItGoes() {
    let chunks = Chunks()
    let environment = ToolEnvironment(
      run: { source, options in ScriptEngine.run(source, options: options) },
      explain: { _ in ("", false) },
      readStandardInput: { _ in Data("show interval(1).take(5)".utf8) },
      writeOutput: { chunks.append($0) })
    let result = MarblesTool.main(["step", "-"], environment: environment)
    #expect(result.exitCode == 0)
    #expect(result.stdout.isEmpty)
    #expect(chunks.all.count == 6)
    #expect(chunks.all.first?.hasPrefix("step 1 of 6: frame 0\n") == true)
    #expect(chunks.all.last?.hasPrefix("\nstep 6 of 6: frame 5\n") == true)
  }

  // MARK: - Output and input

  /// One long label on many lanes wrote gigabytes: `--max-output` stops it.
  @Test func outputIsBudgeted() {
    let lanes = (0..<50).map { "show cold(\"a|\", a: big) as \"lane \($0)\"" }
    let script =
      "let big = \"" + String(repeating: "x", count: 900) + "\"\n"
      + lanes.joined(separator: "\n")
    for format in ["ascii", "json", "svg", "html"] {
      let result = runTool(
        ["render", "--format", format, "--max-output", "20000", "-"], input: script)
      #expect(result.exitCode == 1, "\(format)")
      #expect(result.stdout.utf8.count <= 20_000, "\(format)")
      #expect(result.stderr.contains("the output went past its budget of 20000 bytes"), "\(format)")
    }
  }

  /// A 500,000-character label made every row of 2,000 lanes that wide (1 GB): labels are
  /// drawn with at most 200 characters.
  @Test func hugeLabelsAreCut() {
    let label = String(repeating: "y", count: 5_000)
    let script = "let s = cold(\"a|\")\nshow s as \"\(label)\"\nshow s as \"short\""
    for format in ["ascii", "svg", "html", "json"] {
      let result = runTool(["render", "--format", format, "-"], input: script)
      #expect(result.exitCode == 0, "\(format)")
      #expect(!result.stdout.contains(String(repeating: "y", count: 200)), "\(format)")
      // Cut with `…` (written 7-bit in ascii).
      #expect(result.stdout.contains(String(repeating: "y", count: 199)), "\(format)")
    }
  }

  /// A drawing that would pass `--max-output` is not made: the error comes at once, and
  /// nothing is written.
  @Test func drawingsPastTheOutputBudgetAreNotMade() {
    let script = (0..<300).map { "show interval(7).take(100) as \"lane \($0)\"" }
      .joined(separator: "\n")
    for format in ["ascii", "unicode", "svg", "html"] {
      let result = runTool(
        ["render", "--format", format, "--max-output", "100000", "-"], input: script)
      #expect(result.exitCode == 1, "\(format)")
      #expect(result.stdout.isEmpty, "\(format)")
      #expect(result.stderr.contains("the output went past its budget of 100000 bytes"))
    }
  }

  /// 3,000 lanes over a long empty stretch draw as a few columns each (the stretch is one
  /// progression), and the size check before drawing is linear in the lanes.
  @Test func thousandsOfLanesOverALongStretchStaySmall() {
    let script =
      "show timer(99999)\n" + (0..<3000).map { "show never as \"n\($0)\"" }.joined(separator: "\n")
    let result = runTool(["render", "-"], input: script)
    #expect(result.exitCode == 0)
    #expect(result.stdout.contains("timer(99999)  - 99998ms 0\n"))
    #expect(result.stdout.contains("n2999         - 99998ms -\n"))
    #expect(result.stdout.utf8.count < 100_000)
  }

  /// JSON goes to standard output in chunks of about 1 MB as it is made. The writer promises
  /// chunks of bytes, not of characters: a character cut by a chunk's end is written whole with
  /// the next one (the cases below), and a long run of `é` arrives with no U+FFFD.
  @Test func jsonChunksKeepCharactersWhole() {
    var bytes = Array("aé".utf8).dropLast().map { $0 }
    #expect(UTF8Chunks.incompleteEnd(of: &bytes) == [0xC3])
    #expect(bytes == [UInt8(ascii: "a")])
    var whole = Array("a€".utf8)
    #expect(UTF8Chunks.incompleteEnd(of: &whole).isEmpty)
    var emoji = Array(Array("🙂".utf8).prefix(3))
    #expect(UTF8Chunks.incompleteEnd(of: &emoji).count == 3)
    #expect(emoji.isEmpty)
    let script = "show cold(\"a|\", a: \"" + String(repeating: "é", count: 700_000) + "\")"
    let result = runTool(
      ["render", "--format", "json", "--max-value-size", "2000000", "-"], input: script)
    #expect(result.exitCode == 0)
    #expect(result.stdout.utf8.count > 1_400_000)
    #expect(!result.stdout.contains("\u{FFFD}"))
  }

  /// A script larger than `--max-input` is refused before it runs.
  @Test func inputIsBudgeted() {
    let script = String(repeating: "let _ = 1\n", count: 100)
    let result = runTool(["render", "--max-input", "500", "-"], input: script)
    #expect(result.exitCode == 1)
    #expect(
      result.stderr
        == "error: cannot read standard input: it is larger than 500 bytes, the input limit\n")
  }

  // MARK: - test

  /// `marbles test` printed nothing until every script had run (2.2 GB for 100 failing
  /// scripts): each result is written as soon as its script has run.
  @Test func testWritesEachResultAsItIsKnown() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "marbles-stream-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["a", "b", "c"] {
      try "let s = cold(\"-a|\")\nexpect s == \"-b|\"\n".write(
        to: folder.appendingPathComponent("\(name).marble"), atomically: true, encoding: .utf8)
    }
    let log = Chunks()
    let environment = ToolEnvironment(
      run: { source, options in
        log.append("run \(source.name)")
        return ScriptEngine.run(source, options: options)
      },
      explain: { _ in ("", false) },
      writeOutput: { log.append($0) })
    let result = MarblesTool.main(["test", folder.path], environment: environment)
    #expect(result.exitCode == 1)
    let runs = log.all.enumerated().filter { $0.element.hasPrefix("run ") }.map(\.offset)
    #expect(runs.count == 3)
    // Between two runs, the first one's FAIL line was written.
    for (first, second) in zip(runs, runs.dropFirst()) {
      #expect(log.all[(first + 1)..<second].contains { $0.hasPrefix("FAIL") })
    }
  }
}

/// Text written by the tool, in order (the tool writes from one thread at a time).
final class Chunks: @unchecked Sendable {
  private let lock = NSLock()
  private var chunks: [String] = []

  func append(_ text: String) {
    lock.lock()
    chunks.append(text)
    lock.unlock()
  }

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return chunks
  }
}
