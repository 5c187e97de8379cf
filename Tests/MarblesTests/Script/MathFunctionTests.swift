import Testing

@testable import Marbles

/// The math functions of every script (`abs`, `min`, `max`, `floor`, `ceil`, `round`, `sqrt`,
/// `pow`, integer division and remainder), and JavaScript's spellings under `use rxjs`
/// (`Math.floor(x)`, `x ** y`, `%` of Doubles).
@Suite struct MathFunctionTests {
  /// The value of `expression`, evaluated as a `let` via `just(expression)`, in a script that
  /// starts with `header`.
  func value(
    _ expression: String, header: String = "", sourceLocation: SourceLocation = #_sourceLocation
  ) -> TimelineValue? {
    guard
      let run = completedRun(
        "\(header)\nlet v = just(\(expression))\nshow v", sourceLocation: sourceLocation)
    else { return nil }
    return run.lane("v")?.events.first?.value
  }

  /// The value of `expression` under `use rxjs`.
  func javaScript(_ expression: String, sourceLocation: SourceLocation = #_sourceLocation)
    -> TimelineValue?
  {
    value(expression, header: "use rxjs", sourceLocation: sourceLocation)
  }

  @Test func swiftSpellingsInEveryScript() {
    #expect(value("abs(-3)") == .int(3))
    #expect(value("abs(-2.5)") == .double(2.5))
    #expect(value("min(4, 2, 3)") == .int(2))
    #expect(value("max(4, 2.5)") == .int(4))
    #expect(value(#"max("a", "b")"#) == .string("b"))
    #expect(value("floor(2.7)") == .int(2))
    #expect(value("floor(-2.5)") == .int(-3))
    #expect(value("ceil(2.1)") == .int(3))
    #expect(value("floor(7)") == .int(7))
    // Swift's round takes halves away from zero.
    #expect(value("round(2.5)") == .int(3))
    #expect(value("round(-2.5)") == .int(-3))
    #expect(value("sqrt(16)") == .double(4))
    #expect(value("pow(2, 10)") == .int(1024))
    #expect(value("pow(2, -1)") == .double(0.5))
    #expect(value("pow(2.0, 3)") == .double(8))
    // Past Int's range, a Double (as the value would be in JavaScript).
    #expect(value("pow(10, 19)") == .double(1e19))
  }

  @Test func integerDivisionAndRemainderKeepTheDividendsSign() {
    #expect(value("7 / 2") == .int(3))
    #expect(value("-7 / 2") == .int(-3))
    #expect(value("-7 % 3") == .int(-1))
    #expect(value("7 % -3") == .int(1))
    #expect(value("5.5 % 2") == .double(1.5))
    #expect(value("-5.5 % 2") == .double(-1.5))
  }

  @Test func javaScriptSpellingsUnderUseRxJS() {
    #expect(javaScript("Math.floor(Math.sqrt(17))") == .int(4))
    #expect(javaScript("Math.abs(-4)") == .int(4))
    #expect(javaScript("Math.max(1, 5, 3)") == .int(5))
    #expect(javaScript("Math.min()") == .double(.infinity))
    #expect(javaScript("Math.ceil(0.2)") == .int(1))
    #expect(javaScript("Math.trunc(-2.7)") == .int(-2))
    #expect(javaScript("Math.sign(-0.5)") == .double(-1))
    #expect(javaScript("Math.pow(3, 3)") == .int(27))
    // JavaScript rounds halves towards +∞.
    #expect(javaScript("Math.round(2.5)") == .int(3))
    #expect(javaScript("Math.round(-2.5)") == .int(-2))
    #expect(javaScript("2 ** 10") == .int(1024))
    #expect(javaScript("2 ** 3 ** 2") == .int(512))
    #expect(javaScript("2 * 3 ** 2") == .int(18))
    #expect(javaScript("-7 % 3") == .int(-1))
    #expect(javaScript("-5.5 % 2") == .double(-1.5))
  }

  @Test func rxjsIsPrimeHelperAsAScript() {
    expectPasses(
      """
      use rxjs
      let numbers = cold("-a-b-c-d-e-f|", a: 1, b: 2, c: 9, d: 13, e: 25, f: 29)
      let primes = numbers.filter { n in
        if n < 2 { return false }
        let limit = Math.floor(Math.sqrt(n))
        for i in 2..<(limit + 1) {
          if n % i == 0 { return false }
        }
        return true
      }
      show primes
      expect primes == "---b---d---f|", b: 2, d: 13, f: 29
      """)
  }

  @Test func misuseIsAnErrorBeforeTheRun() {
    #expect(
      failureText("let v = just(2 ** 3)").contains(
        "'**' is JavaScript's, under 'use rxjs'; write 'pow(x, y)'"))
    #expect(failureText("let v = just(floor(1, 2))").contains("'floor' is called as 'floor(x)'"))
    #expect(
      failureText("let v = just(min(1))").contains(
        "'min' is called as 'min(a, b, …) with two or more'"))
    #expect(failureText("let v = just(Math.floor(1.5))").contains("Math"))
    #expect(
      failureText(#"let v = just(sqrt("x"))"#).contains(
        "the argument of 'sqrt(_:)' must be a number, not 'String' \"x\""))
  }

  @Test func aScriptsOwnNameComesFirst() {
    expectPasses(
      """
      use rxjs
      let floor = { x in x * 100 }
      let v = just(floor(2))
      expect v == "(a|)", a: 200
      """)
  }
}
