import Testing

@testable import Marbles
@testable import MarblesCore

/// Every statement-level parser diagnostic, with its full rendered text (caret included).
@Suite struct ScriptStatementDiagnosticTests {
  static let cases: [DiagnosticCase] = [
    .init(
      "unexpectedInStatement", ") = 1",
      #"""
      t.marble:1:1: error: unexpected ')' in statement; expected a statement such as 'let', 'show' or 'expect'
      ) = 1
      ^

      """#),
    .init(
      "unexpectedKeywordInStatement", "in x",
      #"""
      t.marble:1:1: error: unexpected 'in' in statement; expected a statement such as 'let', 'show' or 'expect'
      in x
      ^~

      """#),
    .init(
      "unknownStatement", "lett x = 1",
      #"""
      t.marble:1:1: error: unknown statement 'lett'; did you mean 'let'?
      lett x = 1
      ^~~~

      """#),
    .init(
      "unknownStatementShow", "shw a",
      #"""
      t.marble:1:1: error: unknown statement 'shw'; did you mean 'show'?
      shw a
      ^~~

      """#),
    .init(
      "consecutiveStatements", "show a b",
      #"""
      t.marble:1:8: error: consecutive statements on a line must be separated by a newline
      show a b
             ^

      """#),
    .init(
      "assignment", "x = 1",
      #"""
      t.marble:1:3: error: assignment is not supported; bind a new name with 'let name = …'
      x = 1
        ^

      """#),
    .init(
      "titleNotFirst", "let a = 1\ntitle \"t\"",
      #"""
      t.marble:2:1: error: 'title' must be the first statement
      title "t"
      ^~~~~

      """#),
    .init(
      "expectedTitle", "title t",
      #"""
      t.marble:1:7: error: expected a string literal after 'title'
      title t
            ^

      """#),
    .init(
      "expectedName", "let = 1",
      #"""
      t.marble:1:5: error: expected a name after 'let'
      let = 1
          ^

      """#),
    .init(
      "keywordAsName", "let show = 1",
      #"""
      t.marble:1:5: error: keyword 'show' cannot be used as a name
      let show = 1
          ^~~~

      """#),
    .init(
      "expectedAssign", "let a 1",
      #"""
      t.marble:1:7: error: expected '=' after 'let a'
      let a 1
            ^

      """#),
    .init(
      "redeclaration", "let a = 1\nlet a = 2",
      #"""
      t.marble:2:5: error: invalid redeclaration of 'a'; names are immutable
      let a = 2
          ^
      t.marble:1:5: note: 'a' previously declared here
      let a = 1
          ^

      """#),
    .init(
      "expectedShowLabel", "show a as b",
      #"""
      t.marble:1:11: error: expected a label string after 'as'
      show a as b
                ^

      """#),
    .init(
      "expectedShowSubscription", "show a subscribed",
      #"""
      t.marble:1:18: error: expected a subscription marble string after 'subscribed'
      show a subscribed
                       ^

      """#),
    .init(
      "duplicateShowClauseAs", #"show a as "x" as "y""#,
      #"""
      t.marble:1:15: error: duplicate 'as' clause for one lane
      show a as "x" as "y"
                    ^~

      """#),
    .init(
      "duplicateShowClauseSubscribed", #"show a subscribed "^" subscribed "^""#,
      #"""
      t.marble:1:23: error: duplicate 'subscribed' clause for one lane
      show a subscribed "^" subscribed "^"
                            ^~~~~~~~~~

      """#),
    .init(
      "expectedExpectComparison", "expect a",
      #"""
      t.marble:1:9: error: expected '==' and a marble string after the expression in 'expect'
      expect a
              ^

      """#),
    .init(
      "expectedExpectMarble", "expect a == b",
      #"""
      t.marble:1:13: error: expected a marble string after '=='
      expect a == b
                  ^

      """#),
    .init(
      "expectedSubscriptionMarbles", "expect subscriptions(a) == 1",
      #"""
      t.marble:1:28: error: expected a marble string or a list of marble strings after '=='
      expect subscriptions(a) == 1
                                 ^

      """#),
    .init(
      "expectedSubscriptionMarbleInList", #"expect subscriptions(a) == ["^!", 1]"#,
      #"""
      t.marble:1:35: error: expected a subscription marble string in the list
      expect subscriptions(a) == ["^!", 1]
                                        ^

      """#),
    .init(
      "marbleListNeedsSubscriptions", #"expect a == ["^!"]"#,
      #"""
      t.marble:1:13: error: a list of marble strings can only be compared with 'subscriptions(…)'
      expect a == ["^!"]
                  ^

      """#),
    .init(
      "subscriptionsArgument", #"expect subscriptions(a, b) == "^!""#,
      #"""
      t.marble:1:8: error: 'subscriptions' takes one signal, as in 'subscriptions(input)'
      expect subscriptions(a, b) == "^!"
             ^~~~~~~~~~~~~~~~~~~

      """#),
    .init(
      "subscriptionValues", #"expect subscriptions(a) == "^!", a: 1"#,
      #"""
      t.marble:1:32: error: subscription marbles take no values
      expect subscriptions(a) == "^!", a: 1
                                     ^

      """#),
    .init(
      "expectedValueLabel", #"expect a == "-a|", 1"#,
      #"""
      t.marble:1:20: error: expected a value name such as 'a:' before the value
      expect a == "-a|", 1
                         ^

      """#),
    .init(
      "duplicateValue", #"expect a == "-a|", a: 1, a: 2"#,
      #"""
      t.marble:1:26: error: duplicate value 'a'
      expect a == "-a|", a: 1, a: 2
                               ^
      t.marble:1:20: note: 'a' first given here
      expect a == "-a|", a: 1, a: 2
                         ^

      """#),
    .init(
      "expectMapUnsupported", #"expect output == "--a--b--|" map { x in x * 10 }"#,
      #"""
      t.marble:1:30: error: 'map' after an expected marble is not supported; give the values as labels, such as 'x: 10'
      expect output == "--a--b--|" map { x in x * 10 }
                                   ^~~

      """#),
  ]

  @Test(arguments: cases)
  func rendered(_ testCase: DiagnosticCase) {
    testCase.check()
  }
}
