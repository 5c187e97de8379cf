/// An expression of a script, with its source range and its exact source text.
///
/// Operator precedence, highest first (as in Swift):
///
/// | level | operators | associativity |
/// |---|---|---|
/// | postfix | `a.b`, `a.0`, `f(x)`, `f { … }` | left |
/// | prefix | `!x`, `-x` | — |
/// | multiplicative | `*` `/` `%` | left |
/// | additive | `+` `-` | left |
/// | comparison | `==` `!=` `<` `<=` `>` `>=` | none (chaining is an error) |
/// | conjunction | `&&` | left |
/// | disjunction | `\|\|` | left |
/// | ternary | `c ? a : b` | right |
///
/// The tree is at most `ScriptParser.maximumDepth` levels deep, so recursive walks are safe.
package struct ScriptExpression: Hashable, Sendable {
  /// The forms of expression.
  package indirect enum Kind: Hashable, Sendable {
    /// An integer literal: `42`, `1_000`.
    case integer(Int)
    /// A decimal literal: `2.5`.
    case decimal(Double)
    /// A string literal: `"--a|"`.
    case string(ScriptStringLiteral)
    /// `true` or `false`.
    case boolean(Bool)
    /// `nil`.
    case `nil`
    /// A name: `clicks`, `cold`, `main`.
    case identifier(String)
    /// An anonymous closure parameter `$0`, `$1`, … (always inside an implicit-parameter
    /// closure).
    case implicitParameter(Int)
    /// `(a)`: kept so that source text and ranges stay faithful; evaluates to `a`.
    case parenthesized(ScriptExpression)
    /// `(a, b, …)`: a tuple of two or more elements.
    case tuple([ScriptExpression])
    /// `[a, b, …]`: an array literal (possibly empty).
    case array([ScriptExpression])
    /// `["key": value, …]` or `[:]`: a dictionary literal (keys are checked to be strings when
    /// the script runs).
    case dictionary([ScriptDictionaryEntry])
    /// `base.name`: a property, or a method when it is the callee of a call.
    case member(base: ScriptExpression, name: ScriptIdentifier)
    /// `base.0`: a tuple element.
    case tupleElement(base: ScriptExpression, index: Int)
    /// `callee(arguments) { trailing }`. A call may have no parentheses when it has a trailing
    /// closure (`input.map { $0 * 10 }`); then `arguments` is empty.
    case call(
      callee: ScriptExpression, arguments: [ScriptArgument], trailingClosure: ScriptClosure?)
    /// `!x` or `-x`.
    case unary(ScriptOperator, ScriptExpression)
    /// `a op b`.
    case binary(ScriptOperator, ScriptExpression, ScriptExpression)
    /// `condition ? whenTrue : whenFalse`.
    case ternary(
      condition: ScriptExpression, whenTrue: ScriptExpression, whenFalse: ScriptExpression)
    /// `{ x in … }`, `{ $0 * 2 }`: a closure literal.
    case closure(ScriptClosure)
  }

  /// The form of the expression and its parts.
  package let kind: Kind
  /// From the first token to the last.
  package let range: SourceRange
  /// The exact source text, a slice of the script's text (comments and line breaks included
  /// when the expression spans lines).
  package let text: Substring
  /// The height of the tree: 1 for a leaf. The parser keeps it within
  /// `ScriptParser.maximumDepth`, so recursive walks of the tree are safe.
  let height: Int

  /// Creates an expression node; its `height` is computed from its direct children.
  init(_ kind: Kind, range: SourceRange, text: Substring) {
    self.kind = kind
    self.range = range
    self.text = text
    self.height = Self.height(of: kind)
  }

  /// The direct sub-expressions in source order, for walks of the tree; a closure's body is
  /// not among them (a walk decides what the closure's names mean and whether to enter it).
  package var operands: [ScriptExpression] {
    switch kind {
    case .integer, .decimal, .string, .boolean, .nil, .identifier, .implicitParameter, .closure: []
    case .parenthesized(let inner), .unary(_, let inner): [inner]
    case .member(let base, _), .tupleElement(let base, _): [base]
    case .tuple(let elements), .array(let elements): elements
    case .dictionary(let entries): entries.flatMap { [$0.key, $0.value] }
    case .call(let callee, let arguments, _): [callee] + arguments.map(\.value)
    case .binary(_, let lhs, let rhs): [lhs, rhs]
    case .ternary(let condition, let whenTrue, let whenFalse): [condition, whenTrue, whenFalse]
    }
  }

  /// The closure of a call with a trailing closure, or of a closure literal.
  package var closure: ScriptClosure? {
    switch kind {
    case .call(_, _, let closure?), .closure(let closure): closure
    default: nil
    }
  }

  private static func height(of kind: Kind) -> Int {
    switch kind {
    case .integer, .decimal, .string, .boolean, .nil, .identifier, .implicitParameter: 1
    case .parenthesized(let inner), .unary(_, let inner): inner.height + 1
    case .member(let base, _), .tupleElement(let base, _): base.height + 1
    case .tuple(let elements), .array(let elements):
      (elements.map(\.height).max() ?? 0) + 1
    case .dictionary(let entries):
      (entries.map { max($0.key.height, $0.value.height) }.max() ?? 0) + 1
    case .call(let callee, let arguments, let closure):
      max(
        callee.height, arguments.map(\.value.height).max() ?? 0,
        closure.map { $0.height + 1 } ?? 0) + 1
    case .binary(_, let lhs, let rhs): max(lhs.height, rhs.height) + 1
    case .ternary(let condition, let whenTrue, let whenFalse):
      max(condition.height, whenTrue.height, whenFalse.height) + 1
    case .closure(let closure): closure.height + 1
    }
  }

  /// The source text without whitespace or comments (string literals kept as written): the
  /// name of a `show` lane, as in `save.enabled` or `input.map{$0*10}`.
  package var laneName: String {
    Self.asciiLaneName(text) ?? Self.laneName(text)
  }

  /// `laneName` of `text` read bytewise, when it is all ASCII (every byte a Character, except
  /// CR LF, which is one): nil otherwise. A name is made for every lane and expectation of a
  /// run, and reading it Character by Character showed in `marbles test` profiles.
  static func asciiLaneName(_ text: Substring) -> String? {
    var bytes: [UInt8] = []
    let ascii = text.utf8.withContiguousStorageIfAvailable { source -> Bool in
      guard source.allSatisfy({ $0 < 0x80 }) else { return false }
      bytes.reserveCapacity(source.count)
      let count = source.count
      var index = 0
      /// The length of the Character at `at`: 2 for CR LF, else 1.
      func length(_ at: Int) -> Int {
        source[at] == 0x0D && at &+ 1 < count && source[at &+ 1] == 0x0A ? 2 : 1
      }
      func isNewline(_ byte: UInt8) -> Bool { (0x0A...0x0D).contains(byte) }
      while index < count {
        let byte = source[index]
        let end = index &+ length(index)
        if byte == UInt8(ascii: "\"") {
          bytes.append(byte)
          index = end
          var escaped = false
          while index < count {
            let inner = source[index]
            let innerEnd = index &+ length(index)
            bytes.append(contentsOf: source[index..<innerEnd])
            index = innerEnd
            if isNewline(inner) { break }
            if escaped {
              escaped = false
            } else if inner == UInt8(ascii: "\\") {
              escaped = true
            } else if inner == UInt8(ascii: "\"") {
              break
            }
          }
        } else if byte == UInt8(ascii: "/") {
          if end < count, source[end] == UInt8(ascii: "/") {
            // A comment: up to and including the line break.
            index = end &+ 1
            while index < count {
              let inner = source[index]
              index &+= length(index)
              if isNewline(inner) { break }
            }
          } else {
            bytes.append(byte)
            index = end
          }
        } else {
          if byte != 0x20, !(0x09...0x0D).contains(byte) { bytes.append(byte) }
          index = end
        }
      }
      return true
    }
    guard ascii == true else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `laneName` of `text`, Character by Character.
  static func laneName(_ text: Substring) -> String {
    var name = ""
    var characters = text.makeIterator()
    var pending: Character? = nil
    while let character = pending ?? characters.next() {
      pending = nil
      if character == "\"" {
        name.append(character)
        var escaped = false
        while let inner = characters.next() {
          name.append(inner)
          if inner.isNewline { break }
          if escaped {
            escaped = false
          } else if inner == "\\" {
            escaped = true
          } else if inner == "\"" {
            break
          }
        }
      } else if character == "/" {
        let following = characters.next()
        if following == "/" {
          while let inner = characters.next(), !inner.isNewline {}
        } else {
          name.append(character)
          pending = following
        }
      } else if !character.isWhitespace {
        name.append(character)
      }
    }
    return name
  }
}

/// One `key: value` of a dictionary literal.
package struct ScriptDictionaryEntry: Hashable, Sendable {
  /// The key expression (a string when the script runs).
  package var key: ScriptExpression
  package var value: ScriptExpression
}

/// A call argument: `value` or `label: value`.
package struct ScriptArgument: Hashable, Sendable {
  /// The label, such as `a` in `cold("--a|", a: 1)` or `at` in `execute(1, at: 4)`.
  package var label: ScriptIdentifier?
  package var value: ScriptExpression
  /// From the label (or value) to the end of the value.
  package var range: SourceRange
}

/// A closure literal: `{ x in body }`, `{ acc, x in body }`, `{ (a, b) in body }`,
/// `{ _ in body }` or `{ body with $0, $1 }`. The body is a single expression, or a block of
/// statements (`let`, `var`, `if`/`else`, `for … in`, `return`, `throw`).
package struct ScriptClosure: Hashable, Sendable {
  /// How a closure receives its arguments.
  package enum Parameters: Hashable, Sendable {
    /// No parameter list: the body refers to `$0`, `$1`, …; `count` is one more than the highest
    /// `$N` used directly in this closure (0 if none, as in `{ cold("--r|") }`).
    case implicit(count: Int)
    /// Named parameters before `in`; `_` ignores an argument.
    case explicit([ScriptIdentifier])
  }

  package var parameters: Parameters
  /// The single expression the closure returns; for a block, `nil` over the closure's range.
  package var body: ScriptExpression
  /// The statements, when the body is a block rather than a single expression.
  package var block: [ScriptBlockStatement]? = nil
  /// From `{` to `}`.
  var range: SourceRange

  /// The height of the body: the expression's, or the block's (at most
  /// `ScriptParser.maximumDepth`, as the parser counts each block as a level of nesting).
  var height: Int {
    guard let block else { return body.height }
    return ScriptBlockStatement.height(of: block)
  }
}

/// One `case` of a `switch`: its patterns and its statements.
package struct ScriptSwitchCase: Hashable, Sendable {
  /// One pattern: a value, or a range `value..<upper` / `value...upper`.
  package struct Pattern: Hashable, Sendable {
    package var value: ScriptExpression
    package var upper: ScriptExpression?
    var isClosed = false
  }
  package var patterns: [Pattern]
  package var body: [ScriptBlockStatement]
}

/// One statement of a closure body written as a block.
package struct ScriptBlockStatement: Hashable, Sendable {
  /// The forms of statement.
  package indirect enum Kind: Hashable, Sendable {
    /// `let name = value` or `var name = value`.
    case binding(name: ScriptIdentifier, value: ScriptExpression, isVariable: Bool)
    /// `name = value`, or `name op= value` (`+=`, `-=`, `*=`) when `op` is given.
    case assignment(name: ScriptIdentifier, op: ScriptOperator?, value: ScriptExpression)
    /// An expression evaluated for its effect (`subject.next(x)`).
    case expression(ScriptExpression)
    /// `if condition { … } else { … }`; `else if` is an `otherwise` of one `conditional`.
    case conditional(
      condition: ScriptExpression, then: [ScriptBlockStatement],
      otherwise: [ScriptBlockStatement]?)
    /// `for name in lower..<upper { … }` (`...` when `isClosed`), or `for name in sequence`
    /// (an array) when `upper` is nil; `name` nil for `_`.
    case loop(
      name: ScriptIdentifier?, lower: ScriptExpression, upper: ScriptExpression?,
      isClosed: Bool, body: [ScriptBlockStatement])
    /// `return` or `return value`.
    case `return`(ScriptExpression?)
    /// `throw value`: the closure fails with the value.
    case `throw`(ScriptExpression)
    /// `switch subject { case a, b: … default: … }`: the first case with a pattern equal to
    /// the subject (or, for a range pattern `a..<b` / `a...b`, containing it) runs; `default`
    /// when none does.
    case `switch`(
      subject: ScriptExpression, cases: [ScriptSwitchCase], otherwise: [ScriptBlockStatement]?)
    /// `break`: leaves the innermost loop (or `switch`).
    case `break`
    /// `continue`: goes on with the innermost loop's next element.
    case `continue`
  }

  /// The form and its parts.
  package var kind: Kind
  /// From the statement's first token to its last.
  var range: SourceRange

  /// The height of a block: one more than its tallest statement.
  static func height(of block: [ScriptBlockStatement]) -> Int {
    (block.map(\.height).max() ?? 0) + 1
  }

  /// The height of the statement's tree.
  var height: Int {
    switch kind {
    case .binding(_, let value, _), .assignment(_, _, let value), .expression(let value),
      .throw(let value):
      return value.height + 1
    case .return(let value): return (value?.height ?? 0) + 1
    case .break, .continue: return 1
    case .switch(let subject, let cases, let otherwise):
      let bodies =
        cases.map { Self.height(of: $0.body) } + [otherwise.map { Self.height(of: $0) } ?? 0]
      let patterns = cases.flatMap {
        $0.patterns.map { max($0.value.height, $0.upper?.height ?? 0) }
      }
      return max(subject.height, bodies.max() ?? 0, patterns.max() ?? 0) + 1
    case .conditional(let condition, let then, let otherwise):
      return max(
        condition.height, Self.height(of: then), otherwise.map { Self.height(of: $0) } ?? 0) + 1
    case .loop(_, let lower, let upper, _, let body):
      return max(lower.height, upper?.height ?? 0, Self.height(of: body)) + 1
    }
  }
}
