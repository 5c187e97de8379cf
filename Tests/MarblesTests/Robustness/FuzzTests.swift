import Foundation
import Testing

@testable import Marbles
@testable import MarblesCore

/// A deterministic mutation fuzz of the examples through the marble parser, the script parser,
/// the compiler and the interpreter: fixed seeds, small budgets (frames, events, subscriptions,
/// value size), so the work is bounded by counts, not by a clock. Every input must give a result
/// or at least one located error, never a crash or a hang. `Fuzz/` holds the long-running
/// versions (libFuzzer and the release-binary mutation driver).
@Suite struct FuzzTests {
  /// SplitMix64: a small, seedable generator, the same sequence on every machine.
  struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }
  }

  static let examples: [(name: String, text: String)] = {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".marble") }.sorted().compactMap { name in
      (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)).map {
        (name, $0)
      }
    }
  }()

  static let fragments = [
    "(", ")", "{", "}", "[", "]", "\"", ",", ".", "|", "#", "^", "!", "-", " x in ", "map",
    "switchToLatest()", "defer { }", "let ", "expect ", "show ", "\n", "\\", "a", "0", "1e308",
  ]

  /// One mutation of `text`: deleted, duplicated or swapped characters, random bytes (as
  /// scalars), a long line, deep nesting.
  static func mutate(_ text: String, _ random: inout Generator) -> String {
    var scalars = Array(text.unicodeScalars)
    let count = max(scalars.count, 1)
    for _ in 0...random.below(4) {
      let at = random.below(scalars.count + 1)
      switch random.below(8) {
      case 0:
        if !scalars.isEmpty {
          scalars.removeSubrange(at..<min(scalars.count, at + 1 + random.below(8)))
        }
      case 1:
        let end = min(scalars.count, at + 1 + random.below(40))
        scalars.insert(contentsOf: scalars[at..<end], at: at)
      case 2:
        let other = random.below(count)
        if at < scalars.count, other < scalars.count { scalars.swapAt(at, other) }
      case 3:
        let scalar = Unicode.Scalar(UInt32(random.below(0x80))) ?? "?"
        scalars.insert(scalar, at: at)
      case 4:
        scalars.insert(contentsOf: fragments[random.below(fragments.count)].unicodeScalars, at: at)
      case 5:
        let glyph = ["-", "a", "(", "x", " "][random.below(5)]
        scalars.insert(contentsOf: String(repeating: glyph, count: 2_000).unicodeScalars, at: at)
      case 6:
        let depth = 50 + random.below(400)
        let open = ["(", "[", "{", "map { x in "][random.below(4)]
        scalars.insert(contentsOf: String(repeating: open, count: depth).unicodeScalars, at: at)
      default:
        if let line = text.split(separator: "\n").randomElement(using: &random) {
          scalars.insert(contentsOf: (String(line) + "\n").unicodeScalars, at: at)
        }
      }
    }
    var result = String.UnicodeScalarView()
    result.append(contentsOf: scalars)
    return String(result)
  }

  static let options = RunOptions(
    maxFrames: 2_000,
    budgets: RunBudgets(maxEvents: 20_000, maxSubscriptions: 500, maxValueSize: 10_000))

  /// A completed run, or a failure with at least one error at a real line and column.
  func expectResultOrLocatedError(_ outcome: ScriptOutcome, _ text: String, _ name: String) {
    switch outcome {
    case .completed: break
    case .failed, .stopped:
      let located = outcome.diagnostics.contains {
        $0.severity == .error && $0.range.start.line >= 1 && $0.range.start.column >= 1
      }
      #expect(located, "no located error for a mutation of \(name):\n\(text.prefix(300))")
    }
  }

  @Test(arguments: 0..<8)
  func mutatedExamplesRunOrReportLocatedErrors(seed: Int) {
    var random = Generator(state: UInt64(seed) &* 0x1234_5678_9ABC_DEF1 &+ 7)
    for example in Self.examples {
      for _ in 0..<3 {
        let text = Self.mutate(example.text, &random)
        let source = SourceFile(name: example.name, text: text)
        let (_, parseDiagnostics) = ScriptParser.parse(source)
        if parseDiagnostics.contains(where: { $0.severity == .error }) {
          #expect(parseDiagnostics.allSatisfy { $0.range.start.line >= 1 })
        }
        expectResultOrLocatedError(
          ScriptEngine.run(source, options: Self.options), text, example.name)
      }
    }
    #expect(Self.examples.count >= 20)
  }

  /// Found by `Fuzz/mutate.py`: 5,000 unclosed groups gave 10,000 errors, each printed with
  /// the whole line (7 s). A marble reports at most `maximumDiagnostics`.
  @Test func thousandsOfBrokenGroupsGiveAFewErrors() {
    let (_, diagnostics) = MarbleParser.parse(String(repeating: "-(", count: 5_000), kind: .cold)
    #expect(diagnostics.count == MarbleParser.maximumDiagnostics)
    #expect(diagnostics.first?.message == "group is never closed; expected ')'")
    // A 40,000-character subscription marble of stray values printed 40,000 errors (45 s, 4 GB).
    let junk = MarbleParser.parseSubscription(String(repeating: "x", count: 40_000)).diagnostics
    #expect(junk.count == MarbleParser.maximumDiagnostics)
    let junkPulls = MarbleParser.parsePulls(String(repeating: "x", count: 40_000)).diagnostics
    #expect(junkPulls.count == MarbleParser.maximumDiagnostics)
  }

  @Test func mutatedMarblesParseWithDiagnosticsInRange() {
    var random = Generator(state: 42)
    let marbles = Self.examples.flatMap { example in
      example.text.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }
        .map { String($0.element) }
    }
    #expect(marbles.count > 50)
    for marble in marbles {
      let mutated = Self.mutate(marble, &random)
      for kind in [MarbleKind.cold, .hot] {
        let (_, diagnostics) = MarbleParser.parse(mutated, kind: kind)
        for diagnostic in diagnostics {
          #expect(diagnostic.range.start.line >= 1 && diagnostic.range.start.column >= 1)
        }
      }
      let (pulls, diagnostics) = MarbleParser.parsePulls(mutated)
      #expect(pulls == pulls.sorted(), "\(mutated)")
      for diagnostic in diagnostics {
        #expect(diagnostic.range.start.line >= 1 && diagnostic.range.start.column >= 1)
      }
    }
  }

  // MARK: - Shapes that once took a command down

  /// Scripts of the shapes an adversarial round found: values that share or nest structure
  /// (arrays, tuples, dictionaries), long progressions before `^` and long timers, huge
  /// strings and labels, replays fanned out, `+` in a loop, each with random sizes.
  static func shape(_ random: inout Generator) -> String {
    let seed = ["[1]", "[\"k\": 1]", "(1, 2)", "\"ab\""][random.below(4)]
    let grow = [
      "[acc, acc]", "[\"a\": acc, \"b\": acc]", "(acc, acc)", "[acc]", "[\"a\": acc, \"b\": x]",
      "(acc, x)", "acc + acc",
    ][random.below(7)]
    let frames = 1 + random.below(300)
    let value = "let v = interval(1).take(\(frames)).scan(\(seed)) { acc, x in \(grow) }\n"
    let huge = String(repeating: "x", count: random.below(60_000))
    switch random.below(8) {
    case 0: return value + "show v.last()"
    case 1: return value + "show v.map { x in x == x }, v.distinct()"
    case 2: return value + "show v.last().map { x in x - 1 }"
    case 3: return value + "show v.map { x in [\"k\": x, \"j\": [x, x]] }.collect()"
    case 4:
      let before = [1, 999, 5_000, 999_999_999][random.below(4)]
      return "show hot(\"a \(before)ms ^-b|\")\nshow timer(\(random.below(1_000_000_000)))"
    case 5:
      let lanes = (0..<(1 + random.below(40))).map { _ in "show cold(\"a|\", a: big) as big" }
      return "let big = \"\(huge)\"\n" + lanes.joined(separator: "\n")
    case 6:
      return "let r = interval(1).take(\(frames * 100)).replay()\n"
        + "show r.flattenMap { _ in r.take(\(random.below(5_000))) }.count()"
    default:
      return "show interval(1).take(\(frames * 300)).scan([]) { acc, x in acc + [x] }.count()"
    }
  }

  /// Every command and format on every shape, with small budgets: exit code 0 or 1, a located
  /// error when it fails, and output within `--max-output`.
  @Test(arguments: 0..<4)
  func shapesRunThroughEveryCommandWithinTheBudgets(seed: Int) {
    var random = Generator(state: UInt64(seed) &* 0x9E37_79B9 &+ 11)
    let budgets = [
      "--max-frames", "3000", "--max-events", "20000", "--max-value-size", "10000",
      "--max-output", "300000",
    ]
    let commands: [[String]] = [
      ["render"], ["render", "--format", "unicode"], ["render", "--format", "json"],
      ["render", "--format", "svg"], ["render", "--format", "html"], ["test"], ["step"],
    ]
    for _ in 0..<6 {
      let script = Self.shape(&random)
      let command = commands[random.below(commands.count)]
      let result = runTool(command + budgets + ["-"], input: script)
      #expect(result.exitCode == 0 || result.exitCode == 1, "\(command): \(script.prefix(200))")
      #expect(result.stdout.utf8.count <= 300_000, "\(command): \(script.prefix(200))")
      if result.exitCode == 1 {
        // `test` reports a script's errors on standard output.
        #expect(
          (result.stdout + result.stderr).contains("error:"), "\(command): \(script.prefix(200))")
      }
    }
  }
}

extension FuzzTests.Generator: RandomNumberGenerator {}
