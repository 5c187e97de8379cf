import Testing

@testable import Marbles
@testable import MarblesCore

/// Closure bodies written as blocks: `let`, `var`, assignment, `if`/`else`, `for … in`,
/// `break`/`continue`, `return`; their parse errors at the right column; and their budgets.
@Suite struct ClosureBlockTests {
  @Test func aPrimalityTestWithALoop() {
    expectPasses(
      """
      let input = cold("-1-2-3-4-5-6-7|")
      let primes = input.filter { n in
        if n < 2 { return false }
        for d in 2..<n {
          if d * d > n { break }
          if n % d == 0 { return false }
        }
        return true
      }
      show primes
      expect primes == "---2-3---5---7|"
      """)
  }

  @Test func anArrayBuiltByRepetitionAndElseIf() {
    expectPasses(
      """
      let input = cold("-1-2-3|")
      let grown = input.map { n in
        var xs = []
        for i in 1...n { xs += [i * 10] }
        return xs
      }
      let sizes = input.map { n in
        let limit = 2
        if n < limit {
          return "small"
        } else if n == limit {
          return "even"
        } else {
          return "big"
        }
      }
      let odds = input.map { n in
        var total = 0
        for x in [1, 2, 3, 4, 5] {
          if x % 2 == 0 { continue }
          total = total + x * n
        }
        return total
      }
      show grown, sizes, odds
      expect grown == "-a-b-c|", a: [10], b: [10, 20], c: [10, 20, 30]
      expect sizes == "-s-e-b|", s: "small", e: "even", b: "big"
      expect odds == "-a-b-c|", a: 9, b: 18, c: 27
      """)
  }

  @Test func aBlockWithoutReturnGivesNilAndNestedClosuresSeeItsVars() {
    expectPasses(
      """
      let input = cold("-1-2|")
      let nothing = input.map { n in
        let ignored = n
      }
      let captured = input.flattenMap { n in
        var base = n * 100
        base += 1
        return cold("-a|").map { _ in base }
      }
      show nothing, captured
      expect nothing == "-a-b|", a: nil, b: nil
      expect captured == "--a-b|", a: 101, b: 201
      """)
  }

  @Test func switchMatchesValuesAndRangesAndBreakLeavesIt() {
    expectPasses(
      """
      let input = cold("-1-2-3-7-9|")
      let named = input.map { n in
        switch n {
        case 1: return "one"
        case 2, 3: return "few"
        case 4..<8:
          let word = "some"
          return word
        default:
          return "many"
        }
      }
      let sums = input.map { n in
        var total = 0
        for i in 0..<n {
          switch i % 3 {
          case 0: continue
          case 1: total += 1
          default: break
          }
          total += 10
        }
        return total
      }
      show named, sums
      expect named == "-a-b-b-c-d|", a: "one", b: "few", c: "some", d: "many"
      expect sums == "-a-b-c-d-e|", a: 0, b: 11, c: 21, d: 42, e: 63
      """)
    #expect(
      failureText("let a = cold(\"-1|\").map { x in switch x { 1: return 1 } }").hasPrefix(
        "t.marble:1:43: error: expected 'case' or 'default' (last) in 'switch'"))
    #expect(
      failureText("let a = cold(\"-1|\").map { x in switch x { case 1 return 1 } }").hasPrefix(
        "t.marble:1:50: error: expected ':' after the patterns of 'case'"))
  }

  @Test func aLoopCountsAgainstTheEventBudget() {
    let file = SourceFile(
      name: "t.marble",
      text: """
        let input = cold("-1|")
        let spin = input.map { n in
          for i in 0..<1_000_000_000 { }
          return n
        }
        show spin
        """)
    let outcome = ScriptEngine.run(
      file, options: RunOptions(budgets: RunBudgets(maxEvents: 10_000)))
    let text = outcome.diagnostics.render(in: file)
    #expect(
      text.hasPrefix("t.marble:3:3: error: the run went past its budget of 10000 events"), "\(text)"
    )
  }

  @Test func parseErrorsOfBlocksAreAtTheirColumn() {
    let cases: [(String, String)] = [
      (
        "let a = cold(\"-1|\").map { x in if x > 1 return 1 }",
        "t.marble:1:41: error: expected '{' after the 'if' condition"
      ),
      (
        "let b = cold(\"-1|\").map { x in for in 0..<3 { } }",
        "t.marble:1:36: error: expected a name or '_' after 'for'"
      ),
      (
        "let c = cold(\"-1|\").map { x in for i 0..<3 { } }",
        "t.marble:1:38: error: expected 'in' after 'for' and its name"
      ),
      (
        "let d = cold(\"-1|\").map { x in for i in 0..3 { } }",
        "t.marble:1:44: error: expected '..<' or '...' in a range"
      ),
      (
        "let e = cold(\"-1|\").map { x in let = 1 }",
        "t.marble:1:36: error: expected a name after 'let'"
      ),
      (
        "let f = cold(\"-1|\").map { x in var y 1 }",
        "t.marble:1:38: error: expected '=' after 'var y'"
      ),
      (
        "let g = cold(\"-1|\").map { x in if x > 1 { return 1 } else return 2 }",
        "t.marble:1:59: error: expected '{' after 'else'"
      ),
      (
        "let h = cold(\"-1|\").map { x in throw }",
        "t.marble:1:38: error: expected expression after 'throw'"
      ),
    ]
    for (script, first) in cases {
      let text = failureText(script)
      #expect(text.hasPrefix(first), "\(text)")
    }
  }

  @Test func assignmentsOnlyToVarsAndJumpsOnlyInLoops() {
    #expect(
      failureText(
        """
        let e = cold("-1|").map { x in
          let y = 1
          y = 2
          break
          x = 1
          return y
        }
        show e
        """) == """
          t.marble:3:3: error: cannot assign to 'y': it is a 'let' constant; declare it with 'var'
            y = 2
            ^
          t.marble:4:3: error: 'break' is only allowed inside a 'for' loop
            break
            ^~~~~
          t.marble:5:3: error: cannot assign to 'x': closure parameters are constants; declare it with 'var'
            x = 1
            ^

          """)
  }

  @Test func theDumpShowsTheBlock() {
    let (script, diagnostics) = ScriptParser.parse(
      SourceFile(
        name: "t.marble",
        text: "let f = { x in\n  var s = 0\n  for i in 0..<x { s += i }\n  return s\n}"))
    #expect(diagnostics.isEmpty)
    #expect(
      script.dump.contains(
        "(closure [x] (block (var s 0) (for i 0 ..< x (block (+= s i))) (return s)))"),
      "\(script.dump)")
  }
}
