import Foundation
import Testing

@testable import MarblesCLI

/// Predict, then reveal: `render --quiz` in every format and `marbles check` on a student's copy
/// of a workshop exercise, through the tool as a student runs it.
@Suite struct QuizTests {
  static let exercise = """
    title "Workshop 1: transform (map, scan)"
    let prices = cold("-a--b---c|", a: 3, b: 5, c: 2)
    let doubled = prices.map { p in p * 2 }
    let total = prices.scan(0) { sum, p in sum + p }
    show prices.recorded, doubled, total

    """

  /// A student's copy of the exercise with `predictions` appended, in a folder of its own.
  func copy(with predictions: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("marbles-quiz-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("exercise.marble").path
    try Data((Self.exercise + predictions).utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func textDrawsTheSourceAndAsksForTheDerivedLanes() {
    let result = runTool(["render", "--quiz", "-", "--format", "ascii"], input: Self.exercise)
    #expect(result.exitCode == 0)
    let rows = result.stdout.split(separator: "\n").map(String.init)
    // The source in the script's own keys (`a: 3`), as the script reads.
    #expect(rows.contains { $0.hasPrefix("prices") && $0.hasSuffix("-a--b---c|") })
    #expect(rows.contains { $0.hasSuffix("a = 3, b = 5, c = 2") })
    #expect(rows.contains { $0.hasPrefix("doubled") && $0.hasSuffix(" ?") })
    #expect(rows.contains { $0.hasPrefix("total") && $0.hasSuffix(" ?") })
    // Nothing of an answer: no value the derived lanes send is drawn or listed.
    #expect(!result.stdout.contains("10"))
    #expect(result.stdout.contains("Predict 'doubled', 'total'"))
  }

  /// The page holds the inputs only: each derived lane is its label and `?`, in the order of
  /// the lanes to predict, with no reveal button (`marbles serve` reveals).
  @Test func htmlPageMarksTheLanesToPredictInOrder() {
    let result = runTool(["render", "--quiz", "-", "--format", "html"], input: Self.exercise)
    #expect(result.exitCode == 0)
    #expect(result.stdout.contains(#"data-quiz="0""#))
    #expect(result.stdout.contains(#"data-quiz="1""#))
    #expect(!result.stdout.contains(#"data-quiz="2""#))
    #expect(result.stdout.components(separatedBy: ">?<").count - 1 == 2)
    #expect(!result.stdout.contains(#"id="reveal""#))
    let plain = runTool(["render", "-", "--format", "html"], input: Self.exercise)
    #expect(!plain.stdout.contains(#"data-quiz=""#))
  }

  @Test func svgShowsAQuestionMarkForEachHiddenLane() {
    let result = runTool(["render", "--quiz", "-", "--format", "svg"], input: Self.exercise)
    #expect(result.exitCode == 0)
    #expect(result.stdout.components(separatedBy: ">?<").count - 1 == 2)
  }

  /// A key that only hidden lanes use would give part of an answer away: neither the drawing
  /// nor the page has it, until the lane is revealed.
  @Test func legendKeepsTheKeysOfHiddenLanesBack() {
    let script = """
      let attempts = cold("-a#", error: "offline")
      let fallback = attempts.catch { e in just("cached") }
      let events = attempts.materialize()
      show attempts.recorded, fallback, events

      """
    let svg = runTool(["render", "--quiz", "-", "--format", "svg"], input: script).stdout
    #expect(svg.contains("&quot;offline&quot;"))
    #expect(!svg.contains("cached"))
    #expect(!svg.contains("next("))
    let plain = runTool(["render", "-", "--format", "svg"], input: script).stdout
    #expect(plain.contains("&quot;cached&quot;"))
    let page = runTool(["render", "--quiz", "-", "--format", "html"], input: script).stdout
    #expect(!page.contains("cached"))
    #expect(!page.contains(#"<g class="key" data-quiz"#))
  }

  @Test func checkSaysRightWrongAndNotYet() throws {
    let partial = try copy(with: "expect doubled == \"-x--y---z|\", x: 6, y: 10, z: 4\n")
    let first = runTool(["check", partial])
    #expect(first.exitCode == 1)
    #expect(first.stdout.contains("RIGHT    doubled"))
    #expect(first.stdout.contains("NOT YET  total"))
    #expect(first.stdout.contains("1 of 2 predictions right"))

    let wrong = try copy(
      with: """
        expect doubled == "-x--y---z|", x: 6, y: 10, z: 4
        expect total == "-x--y---z|", x: 3, y: 8, z: 11

        """)
    let second = runTool(["check", wrong])
    #expect(second.exitCode == 1)
    #expect(second.stdout.contains("WRONG    total (line 7)"))
    #expect(second.stdout.contains("expected next(11), got next(10)"))

    let right = try copy(
      with: """
        expect doubled == "-x--y---z|", x: 6, y: 10, z: 4
        expect total == "-x--y---z|", x: 3, y: 8, z: 10

        """)
    let third = runTool(["check", right])
    #expect(third.exitCode == 0)
    #expect(third.stdout.contains("2 of 2 predictions right"))
  }

  /// Regression (issue 33): a wrong `expect` of a source lane printed WRONG, then "0 of 0
  /// predictions right". It counts as a prediction.
  @Test func aWrongExpectOfASourceIsAWrongPrediction() {
    let script = "let input = cold(\"-a|\")\nshow input\nexpect input == \"--a|\"\n"
    let result = runTool(["check", "-"], input: script)
    #expect(result.exitCode == 1)
    #expect(result.stdout.contains("WRONG    input (line 3)"))
    #expect(result.stdout.contains("0 of 1 predictions right"))
    #expect(!result.stdout.contains("0 of 0"))
  }

  /// Regression (issue 33): under `--format ascii` (`check` and `test`'s default) the title,
  /// the file names and every message, the quoted source line included, are 7-bit ASCII.
  @Test func asciiFormatIsASCIIOnEveryStream() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "marbles-ascii-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("café.marble").path
    let script = """
      title "Prix → café"
      let prix = cold("-a|", a: "é")
      let b = prix.map { p in p + "!" }  // é
      show prix, b as "bé"
      expect b == "-x|", x: "é"

      """
    try Data(script.utf8).write(to: URL(fileURLWithPath: file))
    let broken = folder.appendingPathComponent("broken.marble").path
    let failing =
      "let prix = cold(\"-a|\", a: \"é\")\nlet b = prix.map { p in p * 2 }  // é\nshow b\n"
    try Data(failing.utf8).write(to: URL(fileURLWithPath: broken))
    let results = [
      runTool(["check", file]), runTool(["test", file]), runTool(["test", folder.path]),
      runTool(["render", broken, "--format", "ascii"]),
      runTool(["check", folder.path + "/nö.marble"]),
    ]
    for result in results {
      #expect(result.stdout.utf8.allSatisfy { $0 < 0x80 }, "\(result.stdout)")
      #expect(result.stderr.utf8.allSatisfy { $0 < 0x80 }, "\(result.stderr)")
    }
    #expect(results[0].stdout.contains("Prix -> caf\\u{e9}"))
    #expect(results[1].stdout.contains("caf\\u{e9}.marble"))
    #expect(results[3].stderr.contains("let b = prix.map { p in p * 2 }  // \\u{e9}\n"))
    // The caret stays under what it marks.
    let lines = results[3].stderr.split(separator: "\n")
    if let quoted = lines.firstIndex(where: { $0.hasPrefix("let b = ") }), quoted + 1 < lines.count
    {
      let caret = lines[quoted + 1]
      let column = caret.firstIndex(of: "^").map { caret.distance(from: caret.startIndex, to: $0) }
      #expect(
        column
          == lines[quoted].firstRange(of: "p * 2").map {
            lines[quoted].distance(from: lines[quoted].startIndex, to: $0.lowerBound)
          })
    } else {
      Issue.record("no quoted line: \(results[3].stderr)")
    }
  }
}
