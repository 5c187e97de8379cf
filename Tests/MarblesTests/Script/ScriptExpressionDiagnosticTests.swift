import Testing

@testable import Marbles
@testable import MarblesCore

/// Every expression-level parser diagnostic, with its full rendered text (caret included).
@Suite struct ScriptExpressionDiagnosticTests {
  static let cases: [DiagnosticCase] = [
    .init(
      "expectedExpressionAfterAssign", "let a =",
      #"""
      t.marble:1:8: error: expected expression after '='
      let a =
             ^

      """#),
    .init(
      "expectedExpressionAfterShow", "show",
      #"""
      t.marble:1:5: error: expected expression after 'show'
      show
          ^

      """#),
    .init(
      "expectedExpressionAfterComma", "show a,\n  b",
      #"""
      t.marble:1:8: error: expected expression after ','
      show a,
             ^

      """#),
    .init(
      "expectedExpressionAfterExpect", "expect",
      #"""
      t.marble:1:7: error: expected expression after 'expect'
      expect
            ^

      """#),
    .init(
      "expectedExpressionAfterOperator", "let a = 1 +",
      #"""
      t.marble:1:12: error: expected expression after '+'
      let a = 1 +
                 ^

      """#),
    .init(
      "unexpectedOperatorOnNextLine", "let a = 1\n  + 2",
      #"""
      t.marble:2:3: error: unexpected '+' in statement; expected a statement such as 'let', 'show' or 'expect'
        + 2
        ^

      """#),
    .init(
      "expectedExpressionAfterPrefix", "let a = !",
      #"""
      t.marble:1:10: error: expected expression after '!'
      let a = !
               ^

      """#),
    .init(
      "expectedExpressionInArgumentList", "let a = f(,)",
      #"""
      t.marble:1:11: error: expected expression in argument list
      let a = f(,)
                ^

      """#),
    .init(
      "expectedExpressionAfterLabel", "let a = f(x:)",
      #"""
      t.marble:1:13: error: expected expression after 'x:'
      let a = f(x:)
                  ^

      """#),
    .init(
      "expectedExpressionInParentheses", "let a = ()",
      #"""
      t.marble:1:10: error: expected expression in parentheses
      let a = ()
               ^

      """#),
    .init(
      "expectedExpressionInTuple", "let a = (1,)",
      #"""
      t.marble:1:12: error: expected expression in tuple
      let a = (1,)
                 ^

      """#),
    .init(
      "expectedExpressionInArray", "let a = [,]",
      #"""
      t.marble:1:10: error: expected expression in array literal
      let a = [,]
               ^

      """#),
    .init(
      "expectedExpressionInClosureBody", "let a = { }",
      #"""
      t.marble:1:11: error: expected expression in closure body
      let a = { }
                ^

      """#),
    .init(
      "expectedExpressionAfterQuestion", "let a = b ? : c",
      #"""
      t.marble:1:13: error: expected expression after '?'
      let a = b ? : c
                  ^

      """#),
    .init(
      "expectedExpressionAfterColon", "let a = b ? c :",
      #"""
      t.marble:1:16: error: expected expression after ':'
      let a = b ? c :
                     ^

      """#),
    .init(
      "expectedClosingParenthesis", "let a = f(",
      #"""
      t.marble:1:11: error: expected ')' to close '('
      let a = f(
                ^
      t.marble:1:10: note: '(' opened here
      let a = f(
               ^

      """#),
    .init(
      "expectedClosingParenthesisMultiline", "let a = cold(\"--a|\",\n  a: 1\nshow a",
      #"""
      t.marble:2:7: error: expected ')' to close '('
        a: 1
            ^
      t.marble:1:13: note: '(' opened here
      let a = cold("--a|",
                  ^

      """#),
    .init(
      "expectedClosingTuple", "let a = (1, 2",
      #"""
      t.marble:1:14: error: expected ')' to close '('
      let a = (1, 2
                   ^
      t.marble:1:9: note: '(' opened here
      let a = (1, 2
              ^

      """#),
    .init(
      "expectedClosingBracket", "let a = [1",
      #"""
      t.marble:1:11: error: expected ']' to close '['
      let a = [1
                ^
      t.marble:1:9: note: '[' opened here
      let a = [1
              ^

      """#),
    .init(
      "expectedClosingBrace", "let a = input.map { x in x",
      #"""
      t.marble:1:27: error: expected '}' to close '{'
      let a = input.map { x in x
                                ^
      t.marble:1:19: note: '{' opened here
      let a = input.map { x in x
                        ^

      """#),
    .init(
      "expectedClosingMismatched", "let a = f(x]",
      #"""
      t.marble:1:12: error: expected ')' to close '('
      let a = f(x]
                 ^
      t.marble:1:10: note: '(' opened here
      let a = f(x]
               ^

      """#),
    .init(
      "expectedClosingSubscriptionList", #"expect subscriptions(a) == ["^!""#,
      #"""
      t.marble:1:33: error: expected ']' to close '['
      expect subscriptions(a) == ["^!"
                                      ^
      t.marble:1:28: note: '[' opened here
      expect subscriptions(a) == ["^!"
                                 ^

      """#),
    .init(
      "expectedSeparatorArguments", "let a = f(1 2)",
      #"""
      t.marble:1:13: error: expected ',' or ')' in argument list
      let a = f(1 2)
                  ^

      """#),
    .init(
      "expectedSeparatorArray", "let a = [1 2]",
      #"""
      t.marble:1:12: error: expected ',' or ']' in array literal
      let a = [1 2]
                 ^

      """#),
    .init(
      "expectedSeparatorParentheses", "let a = (1 2)",
      #"""
      t.marble:1:12: error: expected ',' or ')' in parentheses
      let a = (1 2)
                 ^

      """#),
    .init(
      "expectedSeparatorTuple", "let a = (1, 2 3)",
      #"""
      t.marble:1:15: error: expected ',' or ')' in tuple
      let a = (1, 2 3)
                    ^

      """#),
    .init(
      "expectedMemberName", "let a = b.",
      #"""
      t.marble:1:11: error: expected member name following '.'
      let a = b.
                ^

      """#),
    .init(
      "nonAssociative", "let a = 1 < 2 == true",
      #"""
      t.marble:1:15: error: comparison operators '<' and '==' cannot be chained; add parentheses
      let a = 1 < 2 == true
                    ^~

      """#),
    .init(
      "expectedTernaryColon", "let a = b ? c",
      #"""
      t.marble:1:14: error: expected ':' after '? ...' in ternary expression
      let a = b ? c
                   ^

      """#),
    .init(
      "implicitParameterOutsideClosure", "let a = $0",
      #"""
      t.marble:1:9: error: anonymous closure argument not contained in a closure
      let a = $0
              ^~

      """#),
    .init(
      "implicitParameterWithExplicit", "let a = { x in $0 }",
      #"""
      t.marble:1:16: error: anonymous closure arguments cannot be used inside a closure that has explicit arguments
      let a = { x in $0 }
                     ^~

      """#),
    .init(
      "integerOverflow", "let a = 99999999999999999999",
      #"""
      t.marble:1:9: error: integer literal '99999999999999999999' overflows when stored into 'Int'
      let a = 99999999999999999999
              ^~~~~~~~~~~~~~~~~~~~

      """#),
    .init(
      "tupleIndexOverflow", "let a = t.99999999999999999999",
      #"""
      t.marble:1:11: error: integer literal '99999999999999999999' overflows when stored into 'Int'
      let a = t.99999999999999999999
                ^~~~~~~~~~~~~~~~~~~~

      """#),
  ]

  @Test(arguments: cases)
  func rendered(_ testCase: DiagnosticCase) {
    testCase.check()
  }

  @Test func tooDeepNestingIsReportedOnce() {
    let text =
      "let a = " + String(repeating: "(", count: 100) + "1" + String(repeating: ")", count: 100)
    let (script, diagnostics, file) = parseScript(text)
    #expect(script.statements.isEmpty)
    #expect(
      diagnostics.render(in: file) == """
        t.marble:1:73: error: expression is nested too deeply; the limit is 64 levels
        \(text)
        \(String(repeating: " ", count: 72))^

        """)
  }
}
