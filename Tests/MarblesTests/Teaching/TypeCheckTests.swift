import Testing

@testable import Marbles
@testable import MarblesCore

/// Types known before the run are checked before the run, every problem at once, with where
/// the values come from; runtime type errors name the value the closure was called with.
@Suite struct TypeCheckTests {
  private func errors(_ text: String) -> [String] {
    let (outcome, _) = runScript(text)
    guard case .failed(let diagnostics) = outcome else { return [] }
    return diagnostics.filter { $0.severity == .error }.map {
      "\($0.range.start.line):\($0.range.start.column) \($0.message)"
    }
  }

  @Test func everyLiteralArgumentOfTheWrongKindIsReportedBeforeTheRun() {
    let found = errors(
      """
      let input = cold("--a--b--|")
      let a = input.take("two")
      let b = input.delay(2.5)
      let c = input.throttle(-3)
      let d = input.takeUntil(5)
      show a, b, c, d
      """)
    #expect(
      found == [
        "2:20 the count of 'take' must be an integer, not 'String' \"two\"",
        "3:21 the duration of 'delay' must be an integer from 0 to 1000000000, not 'Double' 2.5",
        "4:24 the duration of 'throttle' must be an integer from 0 to 1000000000, not 'Int' -3",
        "5:25 the trigger of 'takeUntil' must be a signal, not 'Int' 5",
      ])
  }

  @Test func aNegativeCountIsAWarningBeforeTheRunAndCountsAsZero() {
    let (outcome, _) = runScript(
      """
      let input = cold("--a--b--|")
      let none = input.take(-1)
      expect none == "|"
      """)
    guard case .completed(let run) = outcome else {
      Issue.record("the script did not run: \(outcome)")
      return
    }
    #expect(run.expectations.allSatisfy { $0.passed })
    #expect(
      run.diagnostics.map {
        "\($0.severity) \($0.range.start.line):\($0.range.start.column) \($0.message)"
      }
        == [
          "warning 2:23 the count of 'take' is -1, which counts as 0 (as in RxJS): 'take(-1)' is 'take(0)'"
        ])
  }

  @Test func arithmeticOnAStringMarblesValuesNamesTheirOrigin() {
    let found = errors(
      """
      let input = cold("--a--b--|")
      let kept = input.filter { x in x != "b" }.delay(1)
      let o1 = kept.map { x in x * 10 }
      let o2 = input.map { -$0 }
      show o1, o2
      """)
    #expect(
      found == [
        "3:26 binary operator '*' cannot be applied to operands of type 'String' and 'Int'; "
          + "values of 'input' are String: 'a' at 1:21",
        "4:22 unary operator '-' cannot be applied to an operand of type 'String'; "
          + "values of 'input' are String: 'a' at 1:21",
      ])
  }

  @Test func knownGoodTypesAndUnknownTypesAreLeftAlone() {
    // Digits are Ints; values maps with literals of one type are known; mixed maps and
    // computed values are checked during the run instead.
    expectPasses(
      """
      let digits = cold("-1-2|")
      let named = cold("-a-b|", a: 1.5, b: 2)
      let words = cold("-a-b|")
      let o1 = digits.map { x in x * 10 }
      let o2 = named.map { x in x * 2 }
      let o3 = words.map { w in w + "!" }
      let o4 = words.filter { w in w < "b" }
      expect o1 == "-x-y|", x: 10, y: 20
      expect o2 == "-x-y|", x: 3.0, y: 4
      expect o3 == "-x-y|", x: "a!", y: "b!"
      expect o4 == "-a--|"
      """)
  }

  @Test func aRuntimeTypeErrorNamesTheValueTheClosureGot() {
    let text = failureText(
      """
      let input = cold("--a--b--|")
      let output = input.map { x in x + "!" }.map { y in y * 2 }
      show output
      """)
    #expect(
      text.hasPrefix(
        "t.marble:2:52: error: binary operator '*' cannot be applied to operands of type 'String'"
          + " and 'Int' at frame 2; 'map' called the closure with 'String' \"a!\", which arrived"
          + " at this frame\n"))
  }
}
