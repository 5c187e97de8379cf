/// One token of a `.marble` script, with its place in the source.
///
/// The lexer (`ScriptLexer`) produces these; the parser (`ScriptParser`) consumes them. A token's
/// `text` is the exact slice of the source it was read from, so the source text of any run of
/// tokens is `source.text[first.text.startIndex ..< last.text.endIndex]`.
package struct ScriptToken: Hashable, Sendable {
  /// What a token is. Punctuation is named by glyph; keywords carry their meaning. The payloads
  /// are small and trivial, so kinds are cheap to copy and compare.
  package enum Kind: Hashable, Sendable {
    /// A name such as `clicks`, `map` or `_`; the name is the token's `text`.
    case identifier
    /// An anonymous closure parameter such as `$0`, with its number.
    case implicitParameter(Int)
    /// A reserved word (`let`, `show`, `in`, `true`, …).
    case keyword(ScriptKeyword)
    /// An integer literal such as `42` or `1_000`; the digits are the token's `text`.
    case integer
    /// A decimal literal such as `2.5`; the digits are the token's `text`.
    case decimal
    /// A string literal `"…"`; the token's `literal` holds the decoded value.
    case string
    /// `(`
    case leftParen
    /// `)`
    case rightParen
    /// `[`
    case leftBracket
    /// `]`
    case rightBracket
    /// `{`
    case leftBrace
    /// `}`
    case rightBrace
    /// `,`
    case comma
    /// `.`
    case dot
    /// `:`
    case colon
    /// `=` (binding, in `let`)
    case assign
    /// `?` (ternary)
    case question
    /// A prefix or infix operator such as `+`, `==` or `&&`.
    case `operator`(ScriptOperator)
    /// The end of a statement: a line break outside brackets, parentheses and braces.
    case newline
    case endOfFile
    /// Characters that cannot start any token; the lexer has already reported them.
    case invalid
  }

  package var kind: Kind
  package var range: SourceRange
  /// The exact source text of the token (a slice of the script's text).
  package var text: Substring
  /// For a `.string` token, the decoded literal with the information to map offsets back to
  /// columns; nil for every other kind.
  package var literal: ScriptStringLiteral? {
    get { literalBox?.literal }
    set { literalBox = newValue.map(LiteralBox.init) }
  }
  /// The literal behind a reference, so that a token stays small (most are not strings) and a
  /// script's tokens are copied cheaply while they are lexed and parsed.
  private var literalBox: LiteralBox?

  private final class LiteralBox: Sendable {
    let literal: ScriptStringLiteral
    init(_ literal: ScriptStringLiteral) { self.literal = literal }
  }

  package init(
    kind: Kind, range: SourceRange, text: Substring, literal: ScriptStringLiteral? = nil
  ) {
    self.kind = kind
    self.range = range
    self.text = text
    self.literalBox = literal.map(LiteralBox.init)
  }

  package static func == (a: ScriptToken, b: ScriptToken) -> Bool {
    a.kind == b.kind && a.range == b.range && a.text == b.text && a.literal == b.literal
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    hasher.combine(range)
    hasher.combine(text)
    hasher.combine(literal)
  }

  /// How the token is named in a diagnostic: `'text'` for most tokens, `string literal`,
  /// `newline` or `end of file` for the others.
  var displayName: String {
    switch kind {
    case .string: "string literal"
    case .newline: "newline"
    case .endOfFile: "end of file"
    case .invalid: "'\(ScriptToken.display(text))'"
    default: "'\(text.count > 40 ? text.prefix(40) + "…" : text)'"
    }
  }

  /// Text with every character that is invisible or a control character written as `\u{…}`,
  /// for quoting in diagnostics.
  static func display<S: StringProtocol>(_ text: S) -> String {
    var result = ""
    for character in text.prefix(40) {
      let scalars = character.unicodeScalars
      let isVisible = scalars.allSatisfy { scalar in
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator,
          .paragraphSeparator, .spaceSeparator:
          false
        default: scalar != "\u{FFFD}"
        }
      }
      if isVisible {
        result.append(character)
      } else {
        for scalar in scalars {
          result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
      }
    }
    return text.count > 40 ? result + "…" : result
  }
}

/// The reserved words of the script language. They cannot be used as names.
package enum ScriptKeyword: String, Hashable, Sendable, CaseIterable {
  /// `let NAME = EXPR` binds a name.
  case `let`
  /// `show` lists lanes to render.
  case show
  /// `expect` states an expected timeline.
  case expect
  /// `title "…"` names the script.
  case title
  /// Separates closure parameters from the body.
  case `in`
  /// `show x as "label"` gives a lane a display label.
  case `as`
  case `true`
  case `false`
  case `nil`

  /// Whether the keyword starts a statement (`let`, `show`, `expect`, `title`).
  var startsStatement: Bool {
    switch self {
    case .let, .show, .expect, .title: true
    default: false
    }
  }
}

/// An operator, spelled as its raw value: a token, and the operator of a `unary` (`!`, `-`) or
/// `binary` (all but `!`) expression.
package enum ScriptOperator: String, Hashable, Sendable, CaseIterable {
  /// `+` (also string concatenation)
  case plus = "+"
  /// `-` (infix subtraction or prefix negation)
  case minus = "-"
  case star = "*"
  /// `**` (JavaScript's power, under `use rxjs`; right-associative)
  case power = "**"
  /// `/` (integer division for two integers)
  case slash = "/"
  /// `%` (for Doubles too, with the dividend's sign, as JavaScript's `%`)
  case percent = "%"
  /// `!` (prefix logical not)
  case bang = "!"
  case equal = "=="
  case notEqual = "!="
  case less = "<"
  case lessOrEqual = "<="
  case greater = ">"
  case greaterOrEqual = ">="
  case and = "&&"
  case or = "||"

  /// Binding strength of an infix operator: higher binds tighter.
  enum Precedence: Int, Comparable, Sendable {
    /// `||`
    case disjunction = 1
    /// `&&`
    case conjunction
    /// `==`, `!=`, `<`, `<=`, `>`, `>=` (non-associative)
    case comparison
    /// `+`, `-`
    case additive
    /// `*`, `/`, `%`
    case multiplicative
    /// `**`
    case exponent

    /// Orders by binding strength.
    static func < (lhs: Precedence, rhs: Precedence) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// The binding strength as an infix operator; nil for `!`, which is only prefix.
  var precedence: Precedence? {
    switch self {
    case .power: .exponent
    case .star, .slash, .percent: .multiplicative
    case .plus, .minus: .additive
    case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual: .comparison
    case .and: .conjunction
    case .or: .disjunction
    case .bang: nil
    }
  }
}
