import Foundation
import Testing

@testable import Marbles
@testable import MarblesCLI
@testable import MarblesCore

/// What the workshop trial of issue 31 hit, beyond the quiz and `marbles serve`: each test fails
/// without its fix.
@Suite struct WorkshopTrialTests {
  static let letters = """
    let input = cold("-a--b-|", a: "s", b: "sw")
    let same = input.map { x in x }
    show input, same

    """

  /// Regression: a value the script keyed (`a: "s"`) was drawn as itself (`s`), so the picture
  /// did not read like the script.
  @Test func aDiagramDrawsTheScriptsOwnKeys() {
    let text = runTool(["render", "-", "--color", "never"], input: Self.letters).stdout
    #expect(text.contains("input  -a--b-|"), "\(text)")
    #expect(text.contains("same   -a--b-|"), "\(text)")
    #expect(text.contains(#"a = "s", b = "sw""#), "\(text)")
    #expect(!text.contains("-s--"), "\(text)")
  }

  /// Regression: the failure diffs of `test` and `check` drew the actual values of a script
  /// that keyed them with other letters than the script's.
  @Test func failureDiffsKeepTheScriptsKeys() {
    let script = Self.letters + #"expect same == "-b----|", b: "sw""# + "\n"
    for command in ["test", "check"] {
      let text = runTool([command, "-", "--color", "never"], input: script).stdout
      #expect(text.contains(#"actual    -a--b-|   a = "s", b = "sw""#), "\(command): \(text)")
    }
  }

  /// Regression: the JUnit report and the language server's diagnostic drew a failed `expect`
  /// with keys of their own, not the script's.
  @Test func junitAndTheEditorKeepTheScriptsKeys() throws {
    let script = Self.letters + #"expect same == "-b----|", b: "sw""# + "\n"
    let source = SourceFile(name: "letters.marble", text: script)
    let run = try #require(ScriptEngine.run(source).run)
    var report = JUnitReport()
    report.add(file: source.name, run: run)
    #expect(report.xml.contains("actual    -a--b-|"), "\(report.xml)")
    let analysis = DocumentAnalysis(source, options: RunOptions())
    let failure = try #require(analysis.diagnostics.first { $0.message.contains("actual") })
    #expect(
      failure.message.contains(#"actual    -a--b-|   a = "s", b = "sw""#), "\(failure.message)")
  }

  /// Regression: `show s.internals` of a `retry` (and a `repeat`) with a `delay:` closure
  /// failed at frame 0 ("no property 'internals'"), and the whole diagram was lost.
  @Test func retryAndRepeatWithADelayClosureDrawTheirAttempts() {
    let script = """
      let flaky = cold("-a#")
      let saved = flaky.retry(2, delay: { e, n in cold("--x|") })
      let again = cold("-b|").repeat(2, delay: { n in cold("-x|") })
      show saved, saved.internals, again.internals

      """
    let text = runTool(["render", "-", "--color", "never"], input: script).stdout
    #expect(text.contains("saved.attempt  1---2---3-|"), "\(text)")
    #expect(text.contains("again.attempt  1--2-|"), "\(text)")
  }

  /// Regression: on the double-tap example, `step` listed `execute(tap) emits inner signal #1`
  /// before `clicks emits 1`: the effect before its cause (the operator had subscribed to the
  /// hot source before the lane did).
  @Test func stepListsAHotSourcesEventBeforeWhatItCauses() throws {
    let script = """
      let clicks = hot("--1|")
      let doubled = clicks.map { x in x * 2 }
      show doubled, clicks

      """
    guard case .completed(let run) = ScriptEngine.run(SourceFile(name: "x", text: script)) else {
      Issue.record("the script does not run")
      return
    }
    let screen = StepRenderer().steps(of: run).screen(2)
    let cause = try #require(screen.range(of: "clicks emits 1"), "\(screen)")
    let effect = try #require(screen.range(of: "doubled emits 2"), "\(screen)")
    #expect(cause.lowerBound < effect.lowerBound, "\(screen)")
  }

  /// `check` hints at a number of two digits written into a marble (`-10-` is 1, then 0).
  @Test func checkHintsAtAMultiDigitNumberInAMarble() {
    let script = """
      let input = cold("-1--2-|")
      let big = input.map { x in x * 10 }
      show input, big
      expect big == "-10--20-|"

      """
    let text = runTool(["check", "-", "--color", "never"], input: script).stdout
    #expect(
      text.contains(
        #"    hint: '10' in a marble is 2 events, one per character; for the value 10 use a key: "-a-", a: 10"#
      ), "\(text)")
  }

  /// `cannot find 'a' in scope` in an `expect`'s values map suggests the string.
  @Test func anUnknownNameInAnExpectsValuesSuggestsTheString() {
    let script = """
      let input = cold("-a|", a: "a")
      expect input == "-a|", a: a

      """
    let result = runTool(["check", "-"], input: script)
    #expect(
      result.stderr.contains(#"cannot find 'a' in scope; did you mean the string "a"?"#),
      "\(result.stderr)")
    // Outside a values map the message stays as it was.
    let plain = runTool(["check", "-"], input: "let x = qwerty\n")
    #expect(plain.stderr.contains("cannot find 'qwerty' in scope\n"), "\(plain.stderr)")
  }

  /// Regression: an `expect` on an input lane that held vanished from `check`'s answer.
  @Test func checkSaysAnExpectOnAnInputIsNotAPrediction() {
    let script = """
      let input = cold("-1--2-|")
      let big = input.map { x in x * 10 }
      show input, big
      expect input == "-1--2-|"

      """
    let text = runTool(["check", "-", "--color", "never"], input: script).stdout
    #expect(
      text.contains(
        "  NOTE     input (line 4): an input, shown in the quiz, not a prediction: not counted\n"),
      "\(text)")
    #expect(text.contains("0 of 1 predictions right"), "\(text)")
  }

  /// A source that fails twice, then succeeds: `perSubscription(…)`.
  @Test func perSubscriptionPlaysTheNextSignalAtEachSubscription() {
    let script = """
      let flaky = perSubscription(cold("-#"), cold("-#"), cold("-a|"))
      let saved = flaky.retry(3)
      let last = perSubscription(cold("-a|"), cold("-b|")).repeat(3)
      show saved, last
      expect saved == "---a|"
      expect last == "-a-b-b|"

      """
    let result = runTool(["test", "-"], input: script)
    #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("2 passed, 0 failed"), "\(result.stdout)")
  }
}
