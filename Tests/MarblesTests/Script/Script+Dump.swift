@testable import Marbles
@testable import MarblesCore
@testable import MarblesTesting

extension Script {
  /// A compact, one-line-per-statement rendering of the tree that parser tests compare:
  ///
  ///     let output = (call (. input map) (closure $1 (* $0 10)))
  var dump: String {
    statements.map(\.dump).joined(separator: "\n")
  }
}

extension ScriptStatement {
  /// The statement rendered as in `Script.dump`.
  var dump: String {
    switch kind {
    case .title(let literal):
      return "title \(literal.dump)"
    case .use(let library):
      return "use \(library.name)"
    case .binding(let name, let value):
      return "let \(name.name) = \(value.dump)"
    case .show(let items):
      return "show "
        + items.map { item in
          var text = item.expression.dump
          if let label = item.label { text += " as \(label.dump)" }
          if let subscription = item.subscription { text += " subscribed \(subscription.dump)" }
          return text
        }.joined(separator: ", ")
    case .expect(let expectation):
      var text = "expect \(expectation.subject.dump) == \(expectation.marble.dump)"
      for value in expectation.values { text += ", \(value.dump)" }
      if let error = expectation.error { text += ", \(error.dump)" }
      return text
    case .expectSubscriptions(let expectation):
      let marbles = expectation.marbles.map(\.dump).joined(separator: ", ")
      return "expect subscriptions(\(expectation.subject.dump)) == "
        + (expectation.isList ? "[\(marbles)]" : marbles)
    case .expression(let expression):
      return expression.dump
    }
  }
}

extension ScriptExpression {
  /// The expression as an S-expression: `(+ 1 (* 2 3))`, `(call f a: 1)`, `(. x name)`.
  var dump: String {
    switch kind {
    case .integer(let value): "\(value)"
    case .decimal(let value): "\(value)"
    case .string(let literal): literal.dump
    case .boolean(let value): "\(value)"
    case .nil: "nil"
    case .identifier(let name): name
    case .implicitParameter(let number): "$\(number)"
    case .parenthesized(let inner): "(paren \(inner.dump))"
    case .tuple(let elements): "(tuple" + elements.map { " " + $0.dump }.joined() + ")"
    case .array(let elements): "(array" + elements.map { " " + $0.dump }.joined() + ")"
    case .dictionary(let entries):
      "(dictionary" + entries.map { " (\($0.key.dump) \($0.value.dump))" }.joined() + ")"
    case .member(let base, let name): "(. \(base.dump) \(name.name))"
    case .tupleElement(let base, let index): "(. \(base.dump) \(index))"
    case .call(let callee, let arguments, let closure):
      "(call \(callee.dump)" + arguments.map { " " + $0.dump }.joined()
        + (closure.map { " trailing: " + $0.dump } ?? "") + ")"
    case .unary(let op, let operand): "(\(op.rawValue) \(operand.dump))"
    case .binary(let op, let lhs, let rhs): "(\(op.rawValue) \(lhs.dump) \(rhs.dump))"
    case .ternary(let condition, let whenTrue, let whenFalse):
      "(? \(condition.dump) \(whenTrue.dump) \(whenFalse.dump))"
    case .closure(let closure): closure.dump
    }
  }
}

extension ScriptArgument {
  /// `label: value` or `value`, as in `Script.dump`.
  var dump: String {
    (label.map { $0.name + ": " } ?? "") + value.dump
  }
}

extension ScriptClosure {
  /// `(closure [a, b] body)`, `(closure $2 body)` or `(closure body)`, as in `Script.dump`.
  var dump: String {
    let content = block.map { ScriptBlockStatement.dump($0) } ?? body.dump
    switch parameters {
    case .explicit(let names):
      return "(closure [\(names.map(\.name).joined(separator: ", "))] \(content))"
    case .implicit(let count) where count > 0: return "(closure $\(count) \(content))"
    case .implicit: return "(closure \(content))"
    }
  }
}

extension ScriptBlockStatement {
  /// `(block statement…)`, each statement as `(let x value)`, `(if c (block …) (block …))`, ….
  static func dump(_ block: [ScriptBlockStatement]) -> String {
    "(block" + block.map { " " + $0.dump }.joined() + ")"
  }

  /// The statement, as in `Script.dump`.
  var dump: String {
    switch kind {
    case .binding(let name, let value, let isVariable):
      return "(\(isVariable ? "var" : "let") \(name.name) \(value.dump))"
    case .assignment(let name, let op, let value):
      return "(\(op.map { $0.rawValue } ?? "")= \(name.name) \(value.dump))"
    case .expression(let value): return value.dump
    case .conditional(let condition, let then, let otherwise):
      return "(if \(condition.dump) \(Self.dump(then))"
        + (otherwise.map { " " + Self.dump($0) } ?? "") + ")"
    case .loop(let name, let lower, let upper, let isClosed, let body):
      let range = upper.map { " \(isClosed ? "..." : "..<") \($0.dump)" } ?? ""
      return "(for \(name?.name ?? "_") \(lower.dump)\(range) \(Self.dump(body)))"
    case .return(let value): return "(return" + (value.map { " " + $0.dump } ?? "") + ")"
    case .throw(let value): return "(throw \(value.dump))"
    case .switch(let subject, let cases, let otherwise):
      let arms = cases.map { arm in
        let patterns = arm.patterns.map { pattern in
          pattern.value.dump
            + (pattern.upper.map { " \(pattern.isClosed ? "..." : "..<") \($0.dump)" } ?? "")
        }
        return " (case [\(patterns.joined(separator: ", "))] \(Self.dump(arm.body)))"
      }
      return "(switch \(subject.dump)" + arms.joined()
        + (otherwise.map { " (default \(Self.dump($0)))" } ?? "") + ")"
    case .break: return "(break)"
    case .continue: return "(continue)"
    }
  }
}

extension ScriptStringLiteral {
  /// The value as a Swift string literal (escaped), as in `Script.dump`.
  var dump: String { value.debugDescription }
}
