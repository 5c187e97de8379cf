import Testing

@testable import Marbles
@testable import MarblesCore

@Suite struct InterpreterExpressionTests {
  /// The value of `expression`, evaluated as a `let`, via `just(expression)`.
  func value(_ expression: String, sourceLocation: SourceLocation = #_sourceLocation)
    -> TimelineValue?
  {
    guard
      let run = completedRun("let v = just(\(expression))\nshow v", sourceLocation: sourceLocation)
    else { return nil }
    return run.lane("v")?.events.first?.value
  }

  @Test func arithmeticFollowsSwiftPrecedence() {
    #expect(value("1 + 2 * 3") == .int(7))
    #expect(value("(1 + 2) * 3") == .int(9))
    #expect(value("10 - 4 - 3") == .int(3))
    #expect(value("7 / 2") == .int(3))
    #expect(value("7 % 3") == .int(1))
    #expect(value("-7 / 2") == .int(-3))
    #expect(value("7.0 / 2") == .double(3.5))
    #expect(value("1 + 0.5") == .double(1.5))
    #expect(value("-(2 + 3)") == .int(-5))
  }

  @Test func stringsConcatenateAndCompare() {
    #expect(value(#""a" + "b" + "c""#) == .string("abc"))
    #expect(value(#""a" < "b""#) == .bool(true))
    #expect(value(#""line\n\u{41}""#) == .string("line\nA"))
  }

  @Test func comparisonsAndLogic() {
    #expect(value("1 == 1.0") == .bool(true))
    #expect(value("1 != 2 && 2 <= 2") == .bool(true))
    #expect(value("1 > 2 || !false") == .bool(true))
    #expect(value(#"1 == "1""#) == .bool(false))
    #expect(value("(1, 2) == (1, 2.0)") == .bool(true))
    #expect(value("nil == nil") == .bool(true))
  }

  @Test(arguments: [
    ("1 < 2", true), ("2 < 2", false), ("2 <= 2", true), ("3 <= 2", false),
    ("2 > 1", true), ("2 > 2", false), ("2 >= 2", true), ("1 >= 2", false),
    (#""b" >= "b""#, true), ("2.5 >= 2.5", true), (#""a" >= "b""#, false),
  ])
  func eachComparisonAtItsBoundary(_ expression: String, _ expected: Bool) {
    #expect(value(expression) == .bool(expected), "\(expression)")
  }

  @Test func andAndOrOverEveryPairOfBools() {
    for x in [false, true] {
      for y in [false, true] {
        #expect(value("\(x) && \(y)") == .bool(x && y), "\(x) && \(y)")
        #expect(value("\(x) || \(y)") == .bool(x || y), "\(x) || \(y)")
      }
    }
  }

  @Test func logicShortCircuits() {
    #expect(value("false && 1 / 0 == 0") == .bool(false))
    #expect(value("true || 1 / 0 == 0") == .bool(true))
  }

  @Test func ternaryTuplesAndArrays() {
    #expect(value("1 < 2 ? \"yes\" : \"no\"") == .string("yes"))
    #expect(value("(1, \"a\").1") == .string("a"))
    #expect(value("((1, 2), 3).0.1") == .int(2))
    #expect(value("[1, 2] + [3]") == .array([.int(1), .int(2), .int(3)]))
    #expect(value("nil") == .null)
  }

  @Test func closuresWithNamedAndImplicitParametersAndTrailingSyntax() {
    expectPasses(
      """
      let input = cold("-1-2-3|")
      let a = input.map { x in x * 2 }
      let b = input.map { $0 * 2 }
      let c = input.scan(0) { $0 + $1 }
      let d = input.scan(10) { acc, x in acc - x }
      let e = input.map({ _ in "k" })
      expect a == "-2-4-6|"
      expect b == "-2-4-6|"
      expect c == "-a-b-c|", a: 1, b: 3, c: 6
      expect d == "-a-b-c|", a: 9, b: 7, c: 4
      expect e == "-k-k-k|"
      """)
  }

  @Test func closuresCaptureLetNamesAndOuterParameters() {
    expectPasses(
      """
      let factor = 100
      let double = { x in x * 2 }
      let input = cold("-1--2|")
      let scaled = input.map { x in double(x) * factor }
      let nested = input.flattenMap { x in cold("-a|").map { y in (x, y) } }
      let deeper = input.flattenMap { x in cold("-a|").flattenMap { y in just(1).map { z in x + z } } }
      expect scaled == "-a--b|", a: 200, b: 400
      expect nested == "--p--q|", p: (1, "a"), q: (2, "a")
      expect deeper == "--2--3|"
      """)
  }

  @Test func aClosureOfSeveralParametersTakesATupleApart() {
    expectPasses(
      """
      let a = cold("-1-2|")
      let b = cold("-x--|")
      let both = combineLatest(a, b).map { n, s in s + "!" }
      let pairs = a.zip(with: a).map { $0 + $1 }
      expect both == "-a-a|", a: "x!"
      expect pairs == "-2-4|"
      """)
  }

  @Test func numbersCompareByValueInExpectations() {
    expectPasses(
      """
      let input = cold("-a-b|", a: 1, b: 2.5)
      let halves = input.map { $0 * 1.0 }
      expect halves == "-a-b|", a: 1, b: 2.5
      expect input == "-1-b|", b: 2.5
      """)
  }

  /// Messages name every kind of value by its type (`ScriptValue.typeName`).
  @Test(arguments: [
    ("c", "Command"), ("c.internals", "CommandInternals"), ("main", "Scheduler"),
    ("f", "Closure"), ("just(1)", "Signal"), ("nil", "Nil"), ("1.5", "Double"), ("[1]", "Array"),
    ("(1, 2)", "Tuple"), (#"["a": 1]"#, "Dictionary"), (#"Error("x")"#, "ErrorObject"),
  ])
  func messagesNameTheTypeOfEveryValue(expression: String, type: String) {
    let text = failureText(
      """
      let c = Command { x in just(x) }
      let f = { x in x }
      let t = just(1).map { x in !(\(expression)) }
      show t
      """)
    #expect(text.contains("an operand of type '\(type)'"), "\(text)")
  }

  @Test func messagesNameAnEventByItsType() {
    let text = failureText("let t = just(1).materialize().map { x in !x }\nshow t")
    #expect(text.contains("an operand of type 'Event'"), "\(text)")
  }
}
