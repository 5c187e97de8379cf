import Foundation
import Testing

@testable import Marbles
@testable import MarblesCLI

/// A quiz keeps its secrets: before a lane is revealed, nothing drawn lets a student read it.
///
/// The strongest form, on every workshop exercise: each exercise has a twin with the same
/// inputs and the same lanes to predict, whose answers are all different (other values, other
/// timing, other subscriptions, longer runs). Every form of the quiz (`render --quiz` in ASCII,
/// Unicode, SVG and HTML, `step --quiz`, the served quiz) must be the same for both: whatever
/// differed would be a leak. Then one test per leak the issue names.
@Suite struct QuizSecretsTests {
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples/Workshop")

  /// Each exercise and how its twin changes it: (text in the exercise, text in the twin).
  static let twins: [(file: String, changes: [(String, String)])] = [
    ("01-transform", [("p * 2 }", "p * 7 }.delay(9)"), ("scan(0)", "scan(100)")]),
    (
      "02-filter",
      [
        ("keys.distinctUntilChanged()", "keys.map { k in k + k }"), ("take(2)", "take(5)"),
        ("k != \"b\"", "k == \"b\""),
      ]
    ),
    (
      "03-combine",
      [
        ("left.merge(with: right)", "left.take(1)"),
        ("left.combineLatest(with: right)", "right.combineLatest(with: left).delay(20)"),
        ("left.zip(with: right)", "left.take(2)"),
      ]
    ),
    ("04-flatten", [("cold(\"---r|\"", "cold(\"-----------r#\"")]),
    (
      "05-time",
      [
        ("throttle(3)", "throttle(9)"), ("delay(2)", "delay(20)"),
        ("bufferWithTime(5)", "bufferWithTime(2)"),
      ]
    ),
    (
      "06-errors",
      [
        ("just(\"cached\")", "just(\"other\")"), ("retry(1)", "retry(5)"),
        ("attempts.materialize()", "attempts.materialize().take(1)"),
      ]
    ),
    ("07-multicast", [("cold(\"--r|\")", "cold(\"------x#\")")]),
    ("08-command", [("cold(\"--s|\", s: n)", "cold(\"-----------s#\", s: n)")]),
    ("09-channel", [("sendNext(\"model\", at: 1)", "sendNext(\"other\", at: 7)")]),
  ]

  static func exercise(_ name: String) throws -> String {
    try String(contentsOf: folder.appendingPathComponent(name + ".marble"), encoding: .utf8)
  }

  static func twin(_ name: String) throws -> (exercise: String, twin: String) {
    let text = try exercise(name)
    var twin = text
    for (from, to) in twins.first(where: { $0.file == name })?.changes ?? [] {
      #expect(twin.contains(from), "\(name): the twin's change \(from) no longer applies")
      twin = twin.replacingOccurrences(of: from, with: to)
    }
    return (text, twin)
  }

  static let forms: [[String]] = [
    ["render", "--quiz", "-", "--format", "ascii"],
    ["render", "--quiz", "-", "--format", "unicode"],
    ["render", "--quiz", "-", "--format", "svg"],
    ["render", "--quiz", "-", "--format", "html"],
    ["step", "--quiz", "-"],
  ]

  @Test func everyExerciseHasATwin() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
      .filter { $0.hasSuffix(".marble") }.map { String($0.dropLast(".marble".count)) }
    #expect(Set(files) == Set(Self.twins.map(\.file)))
  }

  /// The quiz of an exercise and of its twin are the same in every form, while their answers
  /// differ.
  @Test(arguments: twins.map(\.file))
  func quizIsTheSameForATwinWithOtherAnswers(_ name: String) throws {
    let (exercise, twin) = try Self.twin(name)
    let answers = runTool(["render", "-", "--format", "ascii"], input: exercise)
    let twinAnswers = runTool(["render", "-", "--format", "ascii"], input: twin)
    #expect(answers.exitCode == 0 && twinAnswers.exitCode == 0)
    #expect(answers.stdout != twinAnswers.stdout, "\(name): the twin must change the answers")
    for form in Self.forms {
      let quiz = runTool(form, input: exercise)
      let twinQuiz = runTool(form, input: twin)
      #expect(quiz.exitCode == 0)
      #expect(quiz.stdout == twinQuiz.stdout, "\(name): \(form.joined(separator: " ")) leaks")
    }
  }

  /// The served quiz (ASCII and SVG, each number of lanes revealed but the last) is the same
  /// for an exercise and its twin up to the lanes revealed.
  @Test(arguments: twins.map(\.file))
  func servedQuizIsTheSameForATwin(_ name: String) throws {
    let (exercise, twin) = try Self.twin(name)
    let run = { (text: String) -> ScriptRun? in
      guard case .completed(let run) = ScriptEngine.run(SourceFile(name: "x", text: text)) else {
        return nil
      }
      return run
    }
    let (a, b) = (try #require(run(exercise)), try #require(run(twin)))
    let (quizA, hiddenA) = a.quiz
    let (quizB, hiddenB) = b.quiz
    #expect(hiddenA == hiddenB)
    #expect(SVGRenderer(quiz: true).render(a) == SVGRenderer(quiz: true).render(b))
    #expect(TextRenderer().render(quizA) == TextRenderer().render(quizB))
    #expect(quizA.lastFrame == quizB.lastFrame)
  }

  // MARK: - One test per leak

  /// Exercise 3 drew `left ·3  -1---2--!`: when `zip` unsubscribes. The source is drawn once.
  @Test func sourceIsDrawnOnceAsItsMarble() throws {
    for name in ["03-combine", "06-errors", "02-filter"] {
      let text = runTool(
        ["render", "--quiz", "-", "--format", "ascii"], input: try Self.exercise(name)
      )
      .stdout
      #expect(!text.contains(" .1"), "\(name): one row per subscription")
      #expect(!text.contains("!"), "\(name): an unsubscription is drawn")
      let unicode = runTool(
        ["render", "--quiz", "-", "--format", "unicode"], input: try Self.exercise(name)
      )
      .stdout
      #expect(!unicode.contains("·"), "\(name): one row per subscription")
    }
    let combine = runTool(
      ["render", "--quiz", "-", "--format", "ascii"], input: try Self.exercise("03-combine")
    ).stdout
    #expect(combine.contains("\nleft    -1---2---3|\n"))
    let errors = runTool(
      ["render", "--quiz", "-", "--format", "ascii"], input: try Self.exercise("06-errors")
    ).stdout
    #expect(errors.split(separator: "\n").filter { $0.hasPrefix("attempts") }.count == 1)
  }

  /// The ruler and the step count end where the inputs end (`frame 0 / 27`, `step 8 of 21`).
  @Test func rulerAndStepCountEndWhereTheInputsEnd() throws {
    let exercise = try Self.exercise("03-combine")
    let run = try #require(
      { () -> ScriptRun? in
        if case .completed(let run) = ScriptEngine.run(SourceFile(name: "x", text: exercise)) {
          return run
        }
        return nil
      }())
    // `left` ends at frame 10, `right` at 8.
    #expect(run.quiz.run.lastFrame == 10)
    let steps = runTool(["step", "--quiz", "-"], input: exercise).stdout
    #expect(steps.contains("step 1 of 11: frame 0"))
    let page = runTool(["render", "--quiz", "-", "--format", "html"], input: exercise).stdout
    #expect(page.contains(#"max="10""#))
  }

  /// `step --quiz` said `frame 7: nothing happens` on exercise 5 where `quiet` sends "c".
  @Test func stepQuizNeverSaysNothingHappens() throws {
    for name in Self.twins.map(\.file) {
      let steps = runTool(["step", "--quiz", "-"], input: try Self.exercise(name)).stdout
      #expect(!steps.contains("nothing happens"), "\(name)")
    }
    let time = runTool(["step", "--quiz", "-"], input: try Self.exercise("05-time")).stdout
    #expect(time.contains("frame 7: the inputs send nothing"))
    // Without a quiz, a frame where nothing happens says so.
    #expect(
      runTool(["step", "-"], input: "show cold(\"--a|\")").stdout.contains("nothing happens"))
  }

  /// The legend shows no gap and no hidden glyph: exercise 8 showed `× failed`.
  @Test func legendHasNoHiddenGlyph() throws {
    let command = try Self.exercise("08-command")
    for format in ["svg", "html"] {
      let quiz = runTool(["render", "--quiz", "-", "--format", format], input: command).stdout
      #expect(!quiz.contains("failed"), "\(format)")
      #expect(!quiz.contains("notEnabled"), "\(format)")
    }
    let ascii = runTool(["render", "--quiz", "-", "--format", "ascii"], input: command).stdout
    #expect(!ascii.contains("failed") && !ascii.contains("notEnabled"))
    // Exercise 6's source fails itself: that cross is the input's, and no key is skipped.
    let errors = runTool(
      ["render", "--quiz", "-", "--format", "svg"], input: try Self.exercise("06-errors")
    ).stdout
    #expect(errors.contains("failed"))
    #expect(!errors.contains("cached"))
  }

  /// The HTML quiz keeps hidden lanes out of the markup and the page's data, not only hidden
  /// by a script.
  @Test func htmlQuizHoldsNoHiddenEvent() throws {
    let page = runTool(
      ["render", "--quiz", "-", "--format", "html"], input: try Self.exercise("06-errors")
    ).stdout
    #expect(!page.contains("cached"))
    #expect(!page.contains("materialize") || !page.contains("next(\"a\")"))
    let data = try #require(page.components(separatedBy: #"id="steps">"#).last)
    // Only the source's rows act in the data: the source's `a` and its failure.
    #expect(data.contains(#"[0, "next""#))
    #expect(!data.contains(#"[1, "#) && !data.contains(#"[2, "#) && !data.contains(#"[3, "#))
    #expect(!page.contains(#"id="reveal""#))
  }

  /// `check`'s "N of M" counts a prediction of subscriptions too.
  @Test func checkCountsSubscriptionPredictions() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("marbles-quiz-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("copy.marble").path
    let script = try Self.exercise("06-errors")
    let right =
      script + """
        expect subscriptions(attempts) == ["^-!", "^-!", "--^-!", "^-!"]

        """
    try Data(right.utf8).write(to: URL(fileURLWithPath: path))
    let result = runTool(["check", path])
    #expect(result.stdout.contains("of 4 predictions right"), "\(result.stdout)")
    let wrong = script + "expect subscriptions(attempts) == \"^--!\"\n"
    try Data(wrong.utf8).write(to: URL(fileURLWithPath: path))
    let second = runTool(["check", path])
    #expect(second.stdout.contains("0 of 4 predictions right"))
    #expect(second.stdout.contains("WRONG    subscriptions(attempts)"))
  }
}
