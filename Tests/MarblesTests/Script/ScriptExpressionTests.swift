import Testing

@testable import Marbles
@testable import MarblesCore

/// Expressions: every form, precedence and associativity, closures, labels and multi-line
/// expressions, each as the value of `let e = …`.
@Suite struct ScriptExpressionTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let source: String
    let dump: String
    var testDescription: String { source.debugDescription }
  }

  private static func value(_ source: String) -> (ScriptExpression?, String) {
    let (script, diagnostics, file) = parseScript("let e = " + source)
    guard case .binding(_, let value)? = script.statements.first?.kind else {
      return (nil, diagnostics.render(in: file))
    }
    return (value, diagnostics.render(in: file))
  }

  static let forms: [Case] = [
    // Literals and names.
    .init(source: "42", dump: "42"),
    .init(source: "1_000", dump: "1000"),
    .init(source: "2.5", dump: "2.5"),
    .init(source: #""--a|""#, dump: #""--a|""#),
    .init(source: #""a\"b\\c\n\u{41}""#, dump: #""a\"b\\c\nA""#),
    .init(source: "true", dump: "true"),
    .init(source: "false", dump: "false"),
    .init(source: "nil", dump: "nil"),
    .init(source: "clicks", dump: "clicks"),
    // Grouping, tuples and arrays.
    .init(source: "(a)", dump: "(paren a)"),
    .init(source: "(a, b)", dump: "(tuple a b)"),
    .init(source: "(1, (2, 3))", dump: "(tuple 1 (tuple 2 3))"),
    .init(source: "[]", dump: "(array)"),
    .init(source: "[1, 2]", dump: "(array 1 2)"),
    .init(source: "[1, 2,]", dump: "(array 1 2)"),
    // Postfix.
    .init(source: "a.b", dump: "(. a b)"),
    .init(source: "a.b.c", dump: "(. (. a b) c)"),
    .init(source: "pair.0", dump: "(. pair 0)"),
    .init(source: "pair.0.1", dump: "(. (. pair 0) 1)"),
    .init(source: "(a, b).1", dump: "(. (tuple a b) 1)"),
    .init(source: "x.in", dump: "(. x in)"),
    .init(source: "f()", dump: "(call f)"),
    .init(source: "f(1)", dump: "(call f 1)"),
    .init(source: "f(1,)", dump: "(call f 1)"),
    .init(source: "f(a: 1, 2, in: 3)", dump: "(call f a: 1 2 in: 3)"),
    .init(source: #"cold("--a|", a: 1)"#, dump: #"(call cold "--a|" a: 1)"#),
    .init(
      source: "executionSignals.switchToLatest()",
      dump: "(call (. executionSignals switchToLatest))"),
    .init(source: "f(x)(y)", dump: "(call (call f x) y)"),
    // Trailing closures.
    .init(
      source: "input.map { $0 * 10 }",
      dump: "(call (. input map) trailing: (closure $1 (* $0 10)))"),
    .init(
      source: "input.scan(0) { $0 + $1 }",
      dump: "(call (. input scan) 0 trailing: (closure $2 (+ $0 $1)))"),
    .init(
      source: "s.then { cold(\"--r|\") }",
      dump: #"(call (. s then) trailing: (closure (call cold "--r|")))"#),
    .init(
      source: "s.catch { e in just(e) }",
      dump: "(call (. s catch) trailing: (closure [e] (call just e)))"),
    .init(source: "f { 1 }", dump: "(call f trailing: (closure 1))"),
    .init(
      source: "x.map { $0 }.filter { $0 > 1 }.take(2)",
      dump: "(call (. (call (. (call (. x map) trailing: (closure $1 $0)) filter) "
        + "trailing: (closure $1 (> $0 1))) take) 2)"),
    .init(
      source:
        "Command(enabled: v, allowsConcurrentExecution: false) { input in cold(\"--r|\", r: input) }",
      dump: "(call Command enabled: v allowsConcurrentExecution: false "
        + #"trailing: (closure [input] (call cold "--r|" r: input)))"#),
    // Closures.
    .init(source: "{ x in x * 2 }", dump: "(closure [x] (* x 2))"),
    .init(source: "{ acc, x in acc + x }", dump: "(closure [acc, x] (+ acc x))"),
    .init(source: "{ (a, b) in a }", dump: "(closure [a, b] a)"),
    .init(source: #"{ _ in cold("--r|") }"#, dump: #"(closure [_] (call cold "--r|"))"#),
    .init(source: "{ $0 * 2 }", dump: "(closure $1 (* $0 2))"),
    .init(source: "{ $1 }", dump: "(closure $2 $1)"),
    .init(source: "{ (a) }", dump: "(closure (paren a))"),
    .init(
      source: "{ $0.map { $0 + $2 } }",
      dump: "(closure $1 (call (. $0 map) trailing: (closure $3 (+ $0 $2))))"),
    .init(
      source: "{ x in x.map { $0 } }",
      dump: "(closure [x] (call (. x map) trailing: (closure $1 $0)))"),
    // Prefix operators.
    .init(source: "!x", dump: "(! x)"),
    .init(source: "-x", dump: "(- x)"),
    .init(source: "- -x", dump: "(- (- x))"),
    .init(source: "!!x", dump: "(! (! x))"),
    .init(source: "-a.b", dump: "(- (. a b))"),
    .init(source: "!s.f()", dump: "(! (call (. s f)))"),
    .init(source: "-2 * 3", dump: "(* (- 2) 3)"),
    // Infix precedence and associativity.
    .init(source: "1 + 2 * 3", dump: "(+ 1 (* 2 3))"),
    .init(source: "(1 + 2) * 3", dump: "(* (paren (+ 1 2)) 3)"),
    .init(source: "1 - 2 - 3", dump: "(- (- 1 2) 3)"),
    .init(source: "8 / 4 / 2 % 3", dump: "(% (/ (/ 8 4) 2) 3)"),
    .init(source: #""a" + "b""#, dump: #"(+ "a" "b")"#),
    .init(source: "1 + 2 < 3 * 4", dump: "(< (+ 1 2) (* 3 4))"),
    .init(source: "x % 2 == 0", dump: "(== (% x 2) 0)"),
    .init(source: "a != b", dump: "(!= a b)"),
    .init(source: "a <= b", dump: "(<= a b)"),
    .init(source: "a > b", dump: "(> a b)"),
    .init(source: "a >= b", dump: "(>= a b)"),
    .init(source: "a == b && c != d", dump: "(&& (== a b) (!= c d))"),
    .init(source: "a && b || c", dump: "(|| (&& a b) c)"),
    .init(source: "a || b && c", dump: "(|| a (&& b c))"),
    .init(source: "a || b || c", dump: "(|| (|| a b) c)"),
    .init(source: "!a && b", dump: "(&& (! a) b)"),
    // Ternary.
    .init(source: "c ? a : b", dump: "(? c a b)"),
    .init(source: "a ? b : c ? d : e", dump: "(? a b (? c d e))"),
    .init(source: "a ? b ? 1 : 2 : 3", dump: "(? a (? b 1 2) 3)"),
    .init(source: "a || b ? 1 + 2 : 3", dump: "(? (|| a b) (+ 1 2) 3)"),
    .init(source: "f(x: c ? 1 : 2)", dump: "(call f x: (? c 1 2))"),
    // Multi-line inside brackets.
    .init(source: "f(\n  1,\n  a: 2\n)", dump: "(call f 1 a: 2)"),
    .init(source: "[\n1 +\n2\n]", dump: "(array (+ 1 2))"),
    .init(
      source: "x.map {\n  $0\n    * 2\n}", dump: "(call (. x map) trailing: (closure $1 (* $0 2)))"),
  ]

  @Test(arguments: forms)
  func form(_ testCase: Case) {
    let (value, rendered) = Self.value(testCase.source)
    #expect(rendered == "")
    #expect(value?.dump == testCase.dump)
  }

  @Test func nodesCarryRangesAndSourceText() throws {
    let (value, _) = Self.value("a.map { x in\n  x * 10 } + 1")
    let sum = try #require(value)
    #expect(
      sum.range == SourceRange(start: .init(line: 1, column: 9), end: .init(line: 2, column: 15)))
    #expect(sum.text == "a.map { x in\n  x * 10 } + 1")
    guard case .binary(.plus, let call, let one) = sum.kind,
      case .call(let callee, [], let closure?) = call.kind
    else {
      Issue.record("unexpected tree \(sum.dump)")
      return
    }
    #expect(one.range == SourceRange(line: 2, column: 14, length: 1))
    #expect(callee.text == "a.map")
    #expect(
      closure.range
        == SourceRange(start: .init(line: 1, column: 15), end: .init(line: 2, column: 11)))
    #expect(closure.body.text == "x * 10")
    #expect(sum.laneName == "a.map{xinx*10}+1")
    #expect(sum.height == 5)
  }

  @Test func labelsAndNamesCarryRanges() throws {
    let (value, _) = Self.value("f(at: 4)")
    guard case .call(_, let arguments, nil)? = value?.kind else {
      Issue.record("not a call")
      return
    }
    let label = try #require(arguments.first?.label)
    #expect(
      label == ScriptIdentifier(name: "at", range: SourceRange(line: 1, column: 11, length: 2)))
    #expect(arguments.first?.range == SourceRange(line: 1, column: 11, length: 5))
  }
}
