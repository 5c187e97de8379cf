import Testing

@testable import Marbles
@testable import MarblesCore

/// Every kind of error the interpreter reports, with its full rendered text: names, operators
/// and arguments (found before the run, all reported), marble strings at their script columns,
/// and runtime errors, which name the virtual frame and stop the run.
@Suite struct InterpreterDiagnosticTests {
  static let cases: [FailingScript] = [
    FailingScript(
      "unknownNameSuggestion",
      #"""
      let input = cold("-a|")
      let output = inptu.map { $0 }
      """#,
      #"""
      t.marble:2:14: error: cannot find 'inptu' in scope; did you mean 'input'?
      let output = inptu.map { $0 }
                   ^~~~~
      """#),
    FailingScript(
      "unknownNameNoSuggestion",
      #"""
      let output = qwerty
      """#,
      #"""
      t.marble:1:14: error: cannot find 'qwerty' in scope
      let output = qwerty
                   ^~~~~~
      """#),
    FailingScript(
      "usedBeforeDeclaration",
      #"""
      show later
      let later = just(1)
      """#,
      #"""
      t.marble:1:6: error: 'later' is used before its 'let'; names are defined in script order
      show later
           ^~~~~
      t.marble:2:5: note: 'later' is declared here
      let later = just(1)
          ^~~~~
      """#),
    FailingScript(
      "unknownClosureParameter",
      #"""
      let input = cold("-a|")
      let output = input.map { value in valeu }
      """#,
      #"""
      t.marble:2:35: error: cannot find 'valeu' in scope; did you mean 'value'?
      let output = input.map { value in valeu }
                                        ^~~~~
      """#),
    FailingScript(
      "unknownOperator",
      #"""
      let input = cold("-a|")
      let output = input.mapp { $0 }
      """#,
      #"""
      t.marble:2:20: error: unknown operator 'mapp'; did you mean 'map'?
      let output = input.mapp { $0 }
                         ^~~~
      """#),
    FailingScript(
      "unknownProperty",
      #"""
      let input = cold("-a|")
      let output = input.enabeld
      """#,
      #"""
      t.marble:2:20: error: unknown property 'enabeld'; did you mean 'enabled'?
      let output = input.enabeld
                         ^~~~~~~
      """#),
    FailingScript(
      "operatorNotCalled",
      #"""
      let input = cold("-a|")
      let output = input.switchToLatest
      """#,
      #"""
      t.marble:2:20: error: operator 'switchToLatest' must be called, as in 'switchToLatest(…)'
      let output = input.switchToLatest
                         ^~~~~~~~~~~~~~
      """#),
    FailingScript(
      "propertyCalled",
      #"""
      let cmd = Command { x in just(x) }
      show cmd.enabled()
      """#,
      #"""
      t.marble:2:10: error: 'enabled' is a property, not an operator; remove the '()'
      show cmd.enabled()
               ^~~~~~~
      """#),
    FailingScript(
      "constantCalled",
      #"""
      let m = main()
      """#,
      #"""
      t.marble:1:9: error: 'main' cannot be called; write 'main' without parentheses
      let m = main()
              ^~~~
      """#),
    FailingScript(
      "functionNotCalled",
      #"""
      let c = cold
      """#,
      #"""
      t.marble:1:9: error: 'cold' must be called, as in 'cold(…)'
      let c = cold
              ^~~~
      """#),
    FailingScript(
      "subscriptionsOutsideExpect",
      #"""
      let a = cold("-a|")
      let b = subscriptions(a)
      """#,
      #"""
      t.marble:2:9: error: 'subscriptions(…)' can only be used as 'expect subscriptions(x) == "^--!"'
      let b = subscriptions(a)
              ^~~~~~~~~~~~~
      """#),
    FailingScript(
      "unknownLabel",
      #"""
      let a = cold("-a|")
      let b = a.merge(width: a)
      """#,
      #"""
      t.marble:2:17: error: 'merge' has no argument label 'width:'; did you mean 'with:'?
      let b = a.merge(width: a)
                      ^~~~~
      """#),
    FailingScript(
      "extraneousLabel",
      #"""
      let a = cold("-a|")
      let b = a.take(count: 2)
      """#,
      #"""
      t.marble:2:16: error: 'take' has no argument label 'count:'; it is written '.take(count)'
      let b = a.take(count: 2)
                     ^~~~~
      """#),
    FailingScript(
      "extraArgument",
      #"""
      let a = cold("-a|")
      let b = a.take(1, 2)
      """#,
      #"""
      t.marble:2:19: error: extra argument in call to 'take'; it is written '.take(count)'
      let b = a.take(1, 2)
                        ^
      """#),
    FailingScript(
      "missingArgument",
      #"""
      let a = cold("-a|")
      let b = a.merge()
      """#,
      #"""
      t.marble:2:9: error: missing argument for 'with:' in call to 'merge'; it is written '.merge(with: other)'
      let b = a.merge()
              ^~~~~~~~~
      """#),
    FailingScript(
      "missingClosure",
      #"""
      let a = cold("-a|")
      let b = a.map()
      """#,
      #"""
      t.marble:2:9: error: missing closure in call to 'map'; it is written '.map { x in … }'
      let b = a.map()
              ^~~~~~~
      """#),
    FailingScript(
      "unexpectedClosure",
      #"""
      let a = cold("-a|")
      let b = a.take(1) { $0 }
      """#,
      #"""
      t.marble:2:19: error: 'take' does not take a closure here; it is written '.take(count)'
      let b = a.take(1) { $0 }
                        ^~~~~~
      """#),
    FailingScript(
      "duplicateLabel",
      #"""
      let a = cold("-a|", x: 1, x: 2)
      """#,
      #"""
      t.marble:1:16: warning: value 'a' has no entry in the values map; it is the string "a"
      let a = cold("-a|", x: 1, x: 2)
                     ^
      t.marble:1:27: error: argument 'x:' is given twice
      let a = cold("-a|", x: 1, x: 2)
                                ^
      """#),
    FailingScript(
      "marbleErrorInCold",
      #"""
      let a = cold("--(ab--|")
      """#,
      #"""
      t.marble:1:17: error: group is never closed; expected ')'
      let a = cold("--(ab--|")
                      ^
      t.marble:1:20: error: '-' cannot appear inside a group; time does not advance within a group
      let a = cold("--(ab--|")
                         ^
      t.marble:1:21: error: '-' cannot appear inside a group; time does not advance within a group
      let a = cold("--(ab--|")
                          ^
      """#),
    FailingScript(
      "marbleErrorAfterEscape",
      #"""
      let a = cold("\u{41}-a|-b")
      """#,
      #"""
      t.marble:1:25: error: value 'b' after completion '|' is never delivered
      let a = cold("\u{41}-a|-b")
                              ^
      """#),
    FailingScript(
      "marbleErrorInShowWindow",
      #"""
      let a = cold("-a|")
      show a subscribed "--a--!"
      """#,
      #"""
      t.marble:2:20: error: subscription marble has no subscription point '^'; mark the subscribe frame
      show a subscribed "--a--!"
                         ^~~~~~
      t.marble:2:22: error: value 'a' cannot appear in a subscription marble; use only '-', spaces, time progressions, groups, '^' and '!'
      show a subscribed "--a--!"
                           ^
      """#),
    FailingScript(
      "marbleErrorInExpect",
      #"""
      let a = cold("-a|")
      expect a == "-a|b"
      """#,
      #"""
      t.marble:2:17: error: value 'b' after completion '|' is never delivered
      expect a == "-a|b"
                      ^
      """#),
    FailingScript(
      "syntaxErrors",
      #"""
      let a = cold("-a|"
      let = 3
      show a
      """#,
      #"""
      t.marble:1:19: error: expected ')' to close '('
      let a = cold("-a|"
                        ^
      t.marble:1:13: note: '(' opened here
      let a = cold("-a|"
                  ^
      t.marble:2:5: error: expected a name after 'let'
      let = 3
          ^
      """#),
    FailingScript(
      "typeMismatch",
      #"""
      let input = cold("--a--b--|")
      let output = input.map { x in x * 2 }
      show output
      """#,
      #"""
      t.marble:2:31: error: binary operator '*' cannot be applied to operands of type 'String' and 'Int'; values of 'input' are String: 'a' at 1:21
      let output = input.map { x in x * 2 }
                                    ^~~~~
      """#),
    FailingScript(
      "divisionByZero",
      #"""
      let input = cold("-1-2-0|")
      let output = input.map { 10 / $0 }
      show output
      """#,
      #"""
      t.marble:2:26: error: division by zero at frame 5; 'map' called the closure with 'Int' 0, which arrived at this frame
      let output = input.map { 10 / $0 }
                               ^~~~~~~
      """#),
    FailingScript(
      "remainderByZero",
      #"""
      let x = 5 % 0
      """#,
      #"""
      t.marble:1:9: error: division by zero in remainder operation at frame 0
      let x = 5 % 0
              ^~~~~
      """#),
    FailingScript(
      "overflow",
      #"""
      let input = cold("-a|", a: 9223372036854775807)
      let output = input.map { $0 + 1 }
      show output
      """#,
      #"""
      t.marble:2:26: error: arithmetic overflow: '9223372036854775807 + 1' does not fit in an Int at frame 1; 'map' called the closure with 'Int' 9223372036854775807, which arrived at this frame
      let output = input.map { $0 + 1 }
                               ^~~~~~
      """#),
    FailingScript(
      "tupleIndex",
      #"""
      let input = cold("--1--2--|")
      let output = input.map { x in (x, x).2 }
      show output
      """#,
      #"""
      t.marble:2:31: error: tuple index 2 is out of range at frame 2; the tuple has 2 elements
      let output = input.map { x in (x, x).2 }
                                    ^~~~~~~~
      """#),
    FailingScript(
      "notATuple",
      #"""
      let t = 5
      let x = t.0
      """#,
      #"""
      t.marble:2:9: error: value of type 'Int' has no element '.0' at frame 0; only tuples have elements
      let x = t.0
              ^~~
      """#),
    FailingScript(
      "noProperty",
      #"""
      let ch = Channel()
      let l = ch.leadnig
      """#,
      #"""
      t.marble:2:12: error: unknown property 'leadnig'; did you mean 'leading'?
      let l = ch.leadnig
                 ^~~~~~~
      """#),
    FailingScript(
      "propertyOfWrongValue",
      #"""
      let x = cold("a|")
      let y = x.enabled
      """#,
      #"""
      t.marble:2:9: error: value of type 'Signal' has no property 'enabled' at frame 0
      let y = x.enabled
              ^~~~~~~~~
      """#),
    FailingScript(
      "wrongReceiver",
      #"""
      let x = 3
      let y = x.map { $0 }
      """#,
      #"""
      t.marble:2:9: error: 'map' needs a signal, but it was used on a value of type 'Int' at frame 0
      let y = x.map { $0 }
              ^~~~~~~~~~~~
      """#),
    FailingScript(
      "argumentType",
      #"""
      let input = cold("-a|")
      let o = input.take("a")
      """#,
      #"""
      t.marble:2:20: error: the count of 'take' must be an integer, not 'String' "a"
      let o = input.take("a")
                         ^~~
      """#),
    FailingScript(
      "negativeCount",
      #"""
      let input = cold("-a|")
      let o = input.elementAt(-1)
      """#,
      #"""
      t.marble:2:25: error: the index of 'elementAt' must be an integer ≥ 0, not 'Int' -1 at frame 0
      let o = input.elementAt(-1)
                              ^~
      """#),
    FailingScript(
      "closureMustReturnSignal",
      #"""
      let input = cold("--a--b--|")
      let output = input.flattenMap { x in x }
      show output
      """#,
      #"""
      t.marble:2:38: error: the closure of 'flattenMap' must return a signal, not 'String' "a" at frame 2
      let output = input.flattenMap { x in x }
                                           ^
      """#),
    FailingScript(
      "closureMustReturnBool",
      #"""
      let input = cold("--a|")
      show input.filter { $0 }
      """#,
      #"""
      t.marble:2:21: error: the closure of 'filter' must return a Bool, not 'String' "a" at frame 2
      show input.filter { $0 }
                          ^~
      """#),
    FailingScript(
      "closureArity",
      #"""
      let input = cold("--a|")
      let output = input.map { a, b, c in a }
      show output
      """#,
      #"""
      t.marble:2:24: error: closure takes 3 arguments but is called with 1 at frame 2; 'map' called the closure with 'String' "a", which arrived at this frame
      let output = input.map { a, b, c in a }
                             ^~~~~~~~~~~~~~~~
      """#),
    FailingScript(
      "notAFunction",
      #"""
      let f = 3
      let y = f(1)
      """#,
      #"""
      t.marble:2:9: error: cannot call a value of type 'Int' at frame 0
      let y = f(1)
              ^
      """#),
    FailingScript(
      "ternaryCondition",
      #"""
      let input = cold("-1|")
      let output = input.map { $0 ? "a" : "b" }
      show output
      """#,
      #"""
      t.marble:2:26: error: the condition of '?:' must be a Bool, not 'Int' 1 at frame 1; 'map' called the closure with 'Int' 1, which arrived at this frame
      let output = input.map { $0 ? "a" : "b" }
                               ^~
      """#),
    FailingScript(
      "logicOperand",
      #"""
      let x = 1 && true
      """#,
      #"""
      t.marble:1:9: error: the left operand of '&&' must be a Bool, not 'Int' 1 at frame 0
      let x = 1 && true
              ^
      """#),
    FailingScript(
      "unaryOperand",
      #"""
      let x = -"a"
      """#,
      #"""
      t.marble:1:9: error: unary operator '-' cannot be applied to an operand of type 'String' at frame 0
      let x = -"a"
              ^~~~
      """#),
    FailingScript(
      "comparisonOperands",
      #"""
      let x = "a" < 1
      """#,
      #"""
      t.marble:1:9: error: binary operator '<' cannot be applied to operands of type 'String' and 'Int' at frame 0
      let x = "a" < 1
              ^~~~~~~
      """#),
    FailingScript(
      "showNonSignal",
      #"""
      let n = 3
      show n
      """#,
      #"""
      t.marble:2:6: error: cannot show 'n' of type 'Int' at frame 0; 'show' takes a signal, a command or a channel
      show n
           ^
      """#),
    FailingScript(
      "expectNonSignal",
      #"""
      let n = 3
      expect n == "-a"
      """#,
      #"""
      t.marble:2:8: error: cannot compare 'n' of type 'Int' with a marble at frame 0; 'expect' needs a signal
      expect n == "-a"
             ^
      """#),
    FailingScript(
      "subscriptionsOfNonSource",
      #"""
      let a = cold("-a|").map { $0 }
      expect subscriptions(a) == "^-!"
      """#,
      #"""
      t.marble:2:22: error: 'a' is not a 'cold' or 'hot' source at frame 0; only they log their subscriptions
      expect subscriptions(a) == "^-!"
                           ^
      """#),
    FailingScript(
      "marbleNotString",
      #"""
      let m = 3
      let a = cold(m)
      """#,
      #"""
      t.marble:2:14: error: a marble must be a string, not 'Int' at frame 0
      let a = cold(m)
                   ^
      """#),
    FailingScript(
      "runtimeMarbleError",
      #"""
      let m = "--(a"
      let a = cold(m)
      """#,
      #"""
      t.marble:2:14: error: in marble "--(a": group is never closed at frame 0; expected ')'
      let a = cold(m)
                   ^
      """#),
    FailingScript(
      "feedbackLoop",
      #"""
      let s = Subject()
      s.subscribe(s)
      s.sendNext(1, at: 3)
      show s
      """#,
      #"""
      t.marble:2:1: error: events feed back into the signal they come from (more than 1000 nested deliveries) at frame 3; break the cycle
      s.subscribe(s)
      ^~~~~~~~~~~~~~
      """#),
    FailingScript(
      "frameLimit",
      #"""
      let ticks = interval(5)
      let output = ticks.map { $0 * 2 }
      show ticks, output
      """#,
      #"""
      t.marble:3:6: error: the run reached the limit of 20 frames with work still scheduled at frame 25; lanes still active: 'ticks', 'output'; raise '--max-frames' or end the sources
      show ticks, output
           ^~~~~
      """#, maxFrames: 20),
    FailingScript(
      "actionLimit",
      #"""
      let forever = empty.repeat()
      show forever
      """#,
      #"""
      t.marble:2:6: error: more than 200000 actions ran at frame 0 without time moving on; lanes still active: 'forever'; is something repeating or retrying forever?
      show forever
           ^~~~~~~
      """#),
    FailingScript(
      "enabledNotBool",
      #"""
      let valid = hot("t-1", t: true)
      let save = Command(enabled: valid) { x in just(x) }
      show save.enabled
      """#,
      #"""
      t.marble:2:12: error: the 'enabled:' signal must send Bools, but it sent 'Int' 1 at frame 2
      let save = Command(enabled: valid) { x in just(x) }
                 ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
      """#),
    FailingScript(
      "commandBlockNotSignal",
      #"""
      let save = Command { x in x }
      save.execute(1, at: 2)
      show save.executing
      """#,
      #"""
      t.marble:1:27: error: the closure of 'Command' must return a signal, not 'Int' 1 at frame 2
      let save = Command { x in x }
                                ^
      """#),
    FailingScript(
      "dematerializeNonEvent",
      #"""
      let a = cold("-a|")
      show a.dematerialize()
      """#,
      #"""
      t.marble:2:6: error: 'dematerialize' needs materialized events, not 'String' "a" at frame 1
      show a.dematerialize()
           ^~~~~~~~~~~~~~~~~
      """#),
    FailingScript(
      "andNonBool",
      #"""
      let a = cold("-a|")
      show combineLatest(a, a).and()
      """#,
      #"""
      t.marble:2:6: error: 'and' needs tuples of Bools, not 'Tuple' ("a", "a") at frame 1
      show combineLatest(a, a).and()
           ^~~~~~~~~~~~~~~~~~~~~~~~~
      """#),
    FailingScript(
      "notNonBool",
      #"""
      let a = cold("-a|")
      show a.not()
      """#,
      #"""
      t.marble:2:6: error: the signal of 'not' must send Bools, but it sent 'String' "a" at frame 1
      show a.not()
           ^~~~~~~
      """#),
    FailingScript(
      "flattenNonSignal",
      #"""
      let a = cold("-a|")
      show a.flatten()
      """#,
      #"""
      t.marble:2:6: error: 'flatten' needs a signal of signals, but a value was 'String' "a" at frame 1
      show a.flatten()
           ^~~~~~~~~~~
      """#),
    FailingScript(
      "multicastNonSubject",
      #"""
      let a = cold("-a|")
      let c = a.multicast(a)
      """#,
      #"""
      t.marble:2:21: error: the subject of 'multicast' must be a Subject or ReplaySubject, not 'Signal' signal at frame 0
      let c = a.multicast(a)
                          ^
      """#),
    FailingScript(
      "connectNonConnection",
      #"""
      let a = cold("-a|")
      a.connect()
      """#,
      #"""
      t.marble:2:1: error: 'connect' needs a connection from 'publish()', but it was used on a value of type 'Signal' at frame 0
      a.connect()
      ^~~~~~~~~~~
      """#),
    FailingScript(
      "executeNonCommand",
      #"""
      let a = cold("-a|")
      a.execute(1)
      """#,
      #"""
      t.marble:2:1: error: 'execute' needs a command, but it was used on a value of type 'Signal' at frame 0
      a.execute(1)
      ^~~~~~~~~~~~
      """#),
    FailingScript(
      "subscribeNonObserver",
      #"""
      let a = cold("-a|")
      a.subscribe(a)
      """#,
      #"""
      t.marble:2:13: error: the observer of 'subscribe' must be a Subject or a channel terminal, not 'Signal' signal at frame 0
      a.subscribe(a)
                  ^
      """#),
    FailingScript(
      "schedulerArgument",
      #"""
      let a = cold("-a|")
      let b = a.deliverOn(1)
      """#,
      #"""
      t.marble:2:21: error: the scheduler of 'deliverOn' must be 'main', not 'Int' 1 at frame 0
      let b = a.deliverOn(1)
                          ^
      """#),
  ]

  @Test(arguments: cases)
  func rendersTheDiagnostic(_ script: FailingScript) {
    let text = failureText(script.source, maxFrames: script.maxFrames)
    #expect(text == script.rendered + "\n")
  }

  @Test func everyProblemBeforeTheRunIsReportedAtOnce() {
    let text = failureText(
      """
      let a = cold("-a|")
      let b = a.mapp { $0 }
      let c = a.take(1, 2)
      let d = colds("-a")
      """)
    #expect(text.components(separatedBy: ": error: ").count == 4)
  }

  @Test func warningsComeWithTheErrorThatStopsTheRun() {
    let text = failureText(
      """
      let a = cold("-a-b|", a: 1)
      let b = a.map { $0 * 2 }
      show b
      """)
    #expect(
      text == """
        t.marble:1:18: warning: value 'b' has no entry in the values map; it is the string "b"
        let a = cold("-a-b|", a: 1)
                         ^
        t.marble:2:17: error: binary operator '*' cannot be applied to operands of type 'String' and 'Int' at frame 3; 'map' called the closure with 'String' "b", which arrived at this frame
        let b = a.map { $0 * 2 }
                        ^~~~~~
        """ + "\n")
  }
}
