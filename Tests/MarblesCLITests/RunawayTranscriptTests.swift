import Foundation
import Testing

/// Scripts that recurse or run away: each stops with one located error and exit 1, never a
/// stack overflow (exit 139 with nothing printed) or a hang.
@Suite struct RunawayTranscriptTests {
  @Test(arguments: [
    "recursion-self-apply", "recursion-defer", "recursion-catch", "recursion-then",
    "recursion-switchmap", "recursion-concat-defer",
    "recursion-startwith-defer",
  ])
  func recursionStopsWithALocatedError(script: String) throws {
    let output = try Binary.run(["render", "Fixtures/\(script).marble"])
    try expectTranscript(output, named: "render-\(script)")
    #expect(output.exitCode == 1)
    // Nothing drawn when it stops while the statements are evaluated; otherwise the diagram
    // up to the stop.
    #expect(output.stdout.isEmpty || output.stdout.contains("X = stopped at frame"))
    #expect(output.stderr.contains("error: recursion deeper than 5000 calls"))
  }

  /// A closure whose values are signals of itself: the recording nests without end, and stops
  /// at the nesting bound of recorded values, with the message naming that recursion.
  @Test func recursionThroughRecordedValuesStops() throws {
    let output = try Binary.run(["render", "Fixtures/recursion-map.marble"])
    try expectTranscript(output, named: "render-recursion-map")
    #expect(output.exitCode == 1)
    #expect(
      output.stderr.contains(
        "4:6: error: recursion through recorded values: signals inside signals nest deeper"))
  }

  /// A script of `count` `let`s after `first`, each made from the one before (`link(i)` is
  /// line i), then `last`.
  static func chain(first: String, count: Int, link: (Int) -> String, last: String) -> Data {
    var script = first + "\n"
    for index in 1..<count { script += link(index) + "\n" }
    return Data((script + last + "\n").utf8)
  }

  /// 100,000 closures, each calling the one before (100,000 nested calls, a 3 MB script): the
  /// call 5,000 deep, on line 95,001, is the located error.
  @Test func closureChainDeeperThanTheBoundStops() throws {
    let closures = Self.chain(
      first: "let f0 = { x in x }", count: 100_000,
      link: { "let f\($0) = { x in f\($0 - 1)(x) }" }, last: "let r = f99999(1)")
    let output = try Binary.run(["render", "-"], stdin: closures)
    try expectTranscript(output, named: "render-recursion-closure-chain")
    #expect(output.exitCode == 1)
    #expect(output.stderr.hasPrefix("<stdin>:95001:21: error: recursion deeper than 5000 calls"))
  }

  /// 12,000 signals, each mapping the one before (subscribing the last subscribes them all).
  @Test func signalChainDeeperThanTheBoundStops() throws {
    let signals = Self.chain(
      first: "let s0 = cold(\"a|\")", count: 12_000, link: { "let s\($0) = s\($0 - 1).map { $0 }" },
      last: "show s11999")
    let output = try Binary.run(["render", "-"], stdin: signals)
    try expectTranscript(output, named: "render-recursion-signal-chain")
    #expect(output.exitCode == 1)
  }

  /// A chain below the bound still runs.
  @Test func shallowChainRuns() throws {
    let script = Self.chain(
      first: "let s0 = cold(\"0|\")", count: 500,
      link: { "let s\($0) = s\($0 - 1).map { $0 + 1 }" },
      last: "expect s499 == \"x|\", x: 499")
    let output = try Binary.run(["test", "-"], stdin: script)
    #expect(output.exitCode == 0)
    #expect(output.stdout.hasSuffix("1 passed, 0 failed\n"))
  }

  /// Values that grow each frame, exponential fan-out and runaway event counts stop at a budget,
  /// with the flag that raises it named.
  @Test(arguments: [
    ("budget-scan-string", [String]()), ("budget-scan-array", []), ("budget-scan-nested", []),
    ("budget-concat-defer", []), ("budget-flattenmap-exponential", []),
    ("budget-events", ["--max-events", "1000"]),
    ("budget-scan-string", ["--max-value-size", "100"]),
    ("budget-flattenmap-exponential", ["--max-subscriptions", "50"]),
    // Recorded values count by their size (with the defaults these stop at about 450 and
    // 650 MB; they grew past 3 GB within seconds).
    ("budget-recorded-growth", ["--max-events", "20000"]),
    ("budget-recorded-large", ["--max-events", "1000000"]),
  ])
  func budgetsStopTheRun(script: String, flags: [String]) throws {
    let output = try Binary.run(["render"] + flags + ["Fixtures/\(script).marble"])
    let suffix = flags.first.map { "-" + $0.dropFirst(2) } ?? ""
    try expectTranscript(output, named: "render-\(script)\(suffix)")
    #expect(output.exitCode == 1)
    #expect(output.stderr.contains("budget of"))
  }

  /// A run that stops with many lanes active names ten of them and counts the rest (a script
  /// of 385,000 lanes printed every name).
  @Test func manyActiveLanesAreCounted() throws {
    let output = try Binary.run(
      ["render", "--max-frames", "5", "Fixtures/runaway-many-lanes.marble"])
    try expectTranscript(output, named: "render-runaway-many-lanes")
    #expect(output.exitCode == 1)
    #expect(output.stderr.contains("'t9' and 2 more;"))
  }

  /// `--max-frames` and the budgets are bounded: `Int.max` is a usage error, not an unbounded run.
  @Test(arguments: ["--max-frames", "--max-events", "--max-subscriptions", "--max-value-size"])
  func limitsHaveACeiling(flag: String) throws {
    let output = try Binary.run(["render", flag, "9223372036854775807", "Fixtures/flow.marble"])
    try expectTranscript(output, named: "render-ceiling\(flag.dropFirst(1))")
    #expect(output.exitCode == 64)
  }
}

/// NaN and ±infinity print one way in every format, apart from `nil` in JSON, and `expect`
/// treats NaN as equal to NaN.
@Suite struct NonFiniteNumberTranscriptTests {
  @Test(arguments: [
    ("render-numbers-non-finite", ["render"]),
    ("render-numbers-non-finite-unicode", ["render", "--format", "unicode"]),
    ("run-numbers-non-finite-json", ["run"]),
    ("test-numbers-non-finite", ["test"]),
  ])
  func transcript(name: String, arguments: [String]) throws {
    let output = try Binary.run(arguments + ["Fixtures/numbers-non-finite.marble"])
    try expectTranscript(output, named: name)
    #expect(!output.stdout.contains("nan") && !output.stdout.contains("inf"))
  }

  /// NaN is one value: one key however often it appears, the same in `render` and in each step
  /// of `step` (NaN got a new key at each appearance, and another one in each step).
  @Test(arguments: [
    ("render-numbers-nan-twice", ["render"]), ("step-numbers-nan-twice", ["step"]),
    ("step-numbers-non-finite", ["step", "Fixtures/numbers-non-finite.marble"]),
  ])
  func nanDrawsWithOneKey(name: String, arguments: [String]) throws {
    let file = arguments.count > 1 ? [] : ["Fixtures/numbers-nan-twice.marble"]
    let output = try Binary.run(arguments + file)
    try expectTranscript(output, named: name)
    #expect(output.exitCode == 0)
    #expect(!output.stdout.contains("b = NaN") && !output.stdout.contains("e = NaN"))
  }

  /// SVG and HTML print the same spellings.
  @Test(arguments: ["svg", "html"])
  func visualFormatsSpellNonFiniteNumbersAlike(format: String) throws {
    let output = try Binary.run(
      ["render", "--format", format, "Fixtures/numbers-non-finite.marble"])
    #expect(output.exitCode == 0 && output.stderr.isEmpty)
    for spelling in ["frame 0: NaN", "frame 1: Infinity", "frame 2: -Infinity", "frame 3: nil"] {
      #expect(output.stdout.contains(spelling))
    }
    #expect(!output.stdout.contains(": nan") && !output.stdout.contains(": inf"))
  }

  @Test func jsonKeepsNaNApartFromNil() throws {
    let output = try Binary.run(["run", "Fixtures/numbers-non-finite.marble"])
    #expect(output.stdout.contains(#""value": "NaN""#))
    #expect(output.stdout.contains(#""value": "Infinity""#))
    #expect(output.stdout.contains(#""value": "-Infinity""#))
    #expect(output.stdout.contains(#""value": null"#))
  }

  @Test func nanEqualsNaNInExpect() throws {
    let output = try Binary.run(["test", "Fixtures/numbers-non-finite.marble"])
    #expect(output.stdout.hasSuffix("1 passed, 1 failed\n"))
  }
}

/// Corners that were quadratic: the output stays small and the run ends.
@Suite struct QuadraticCornerTranscriptTests {
  /// 200 back-to-back subscriptions and a failing `expect subscriptions`: the diff draws the
  /// actual windows in two rows (it drew one row, of the run's width, per subscription).
  @Test func repeatWithExpectSubscriptions() throws {
    let output = try Binary.run(["test", "Fixtures/quadratic-repeat-subscriptions.marble"])
    try expectTranscript(output, named: "test-quadratic-repeat-subscriptions")
    #expect(output.exitCode == 1)
    #expect(output.stdout.split(separator: "\n").filter { $0.hasPrefix("actual") }.count == 2)
  }

  /// `repeat(5000)` and a failing `expect subscriptions`: one line per subscription, the actual
  /// windows packed in two rows (5,000 took 36 s when each subscription drew a row).
  @Test func repeat5000WithExpectSubscriptions() throws {
    let script = Data(
      """
      let a = cold("a|")
      let r = a.repeat(5000)
      show r
      expect subscriptions(a) == ["^!"]

      """.utf8)
    let output = try Binary.run(["test", "-"], stdin: script)
    #expect(output.exitCode == 1)
    #expect(output.stderr.isEmpty)
    let lines = output.stdout.split(separator: "\n").map(String.init)
    let message =
      "<stdin>:4:1: error: expectation failed for subscriptions of 'a' at frame 1: extra: "
      + "expected no subscription, got '^' at frame 1 and '!' at frame 2"
    #expect(lines.prefix(2) == ["FAIL <stdin> (1 expectation)", message])
    #expect(lines.filter { $0.hasPrefix("actual") }.count == 2)
    #expect(lines.filter { $0.hasPrefix("subscription ") }.count == 4_999)
    #expect(
      lines.contains(
        "subscription 5000: extra: expected no subscription, got '^' at frame 4999 and '!' at frame 5000"
      ))
    #expect(output.stdout.hasSuffix("\n0 passed, 1 failed\n"))
  }

  /// A 1 MB script of 37,000 `let`s of signals (the default budgets promise any script of at
  /// most 1 MB ends in bounded time and memory; a 10 MB one of 385,000 lines took 41 s).
  @Test func megabyteScriptOfLets() throws {
    let script = RunawayTranscriptTests.chain(
      first: "let v000000 = cold(\"-a-|\")", count: 37_000,
      link: { "let v" + String(1_000_000 + $0).dropFirst() + " = cold(\"-a-|\")" },
      last: "expect v036999 == \"-a-|\"")
    #expect(script.count > 990_000 && script.count <= 1_000_000)
    let output = try Binary.run(["test", "-"], stdin: script)
    try expectTranscript(output, named: "test-quadratic-megabyte-of-lets")
    #expect(output.exitCode == 0)
  }

  /// A 100,000-character marble renders: one lane line and a ruler as long as the marble.
  @Test func longMarbleRenders() throws {
    let marble = String(repeating: "a", count: 100_000) + "|"
    let script = Data("let a = cold(\"\(marble)\")\nshow a\n".utf8)
    let output = try Binary.run(["render", "-"], stdin: script)
    #expect(output.exitCode == 0 && output.stderr.isEmpty)
    let lines = output.stdout.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines.last?.hasSuffix("aaaa|") == true)
    #expect((lines.last?.count ?? 0) > 100_000)
    #expect(lines.dropFirst().first?.hasSuffix("100000") == true)
  }

  /// The same at 2,000 characters, as a transcript.
  @Test func longMarbleTranscript() throws {
    let marble = String(repeating: "a", count: 2_000) + "|"
    let script = Data("let a = cold(\"\(marble)\")\nshow a\n".utf8)
    try expectTranscript(
      Binary.run(["render", "-"], stdin: script), named: "render-quadratic-long-marble")
  }
}
