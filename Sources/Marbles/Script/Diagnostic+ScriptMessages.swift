extension Diagnostic {
  /// Every diagnostic of the script lexer and parser, in one place.
  ///
  /// Wording follows swiftc: lowercase start, no final period, names and glyphs in single quotes,
  /// a fix after `;` or in a note. `Guides/Diagnostics.md` (section Scripts) lists each with an example.
  enum ScriptSyntax {
    // MARK: - Lexer

    /// A Character that starts no token, such as `@`, `;` or a lone `&`.
    static func invalidCharacter(_ character: Character, at range: SourceRange) -> Diagnostic {
      let quoted = "'\(ScriptToken.display(String(character)))'"
      let hint: String
      switch character {
      case "&": hint = "; did you mean '&&'?"
      case "|": hint = "; did you mean '||'?"
      case "#": hint = "; comments start with '//'"
      case ";": hint = "; statements end at the end of the line"
      case "'": hint = "; strings are written in double quotes"
      default: hint = ""
      }
      return .error("invalid character \(quoted) in script\(hint)", at: range)
    }

    /// A `"` with no closing `"` on the same line.
    static let unterminatedString: FixedError = "unterminated string literal"

    /// A backslash followed by a character that is not an escape (`\q`).
    static func invalidEscape(_ text: String, at range: SourceRange) -> Diagnostic {
      .error(
        "invalid escape sequence '\(ScriptToken.display(text))' in literal; "
          + "use '\\\\', '\\\"', '\\n', '\\t', '\\r', '\\0' or '\\u{…}'",
        at: range)
    }

    /// `\u` not followed by `{`.
    static let expectedUnicodeEscapeBraces: FixedError =
      "expected hexadecimal code in braces after unicode escape"

    /// `\u{…}` without 1 to 8 hexadecimal digits and a closing `}`.
    static let invalidUnicodeEscapeDigits: FixedError =
      "\\u{...} escape sequence expects between 1 and 8 hex digits"

    /// `\u{…}` naming no Unicode scalar (a surrogate or a value past 10FFFF).
    static let invalidUnicodeScalar: FixedError = "invalid unicode scalar"

    /// `$` not followed by digits.
    static let expectedImplicitParameterNumber: FixedError =
      "expected a number after '$', such as '$0'"

    /// `$N` with more than four digits.
    static func implicitParameterOutOfRange(_ text: String, at range: SourceRange) -> Diagnostic {
      .error("anonymous closure argument '\(text.prefix(40))' is out of range", at: range)
    }

    /// More than `ScriptParser.maximumErrors` errors: the rest are not reported.
    static let tooManyErrors = FixedError(
      "too many errors emitted, stopping now; the limit is \(ScriptParser.maximumErrors)")

    // MARK: - Statements

    /// A statement that starts with a token that starts no statement or expression.
    static func unexpectedInStatement(_ token: ScriptToken) -> Diagnostic {
      .error(
        "unexpected \(token.displayName) in statement; "
          + "expected a statement such as 'let', 'show' or 'expect'",
        at: token.range)
    }

    /// A name first on a line, followed by more, that looks like a misspelled statement keyword.
    static func unknownStatement(_ name: String, suggestion: String, at range: SourceRange)
      -> Diagnostic
    {
      .error("unknown statement '\(name)'; did you mean '\(suggestion)'?", at: range)
    }

    /// More tokens after a complete statement on the same line.
    static let consecutiveStatements: FixedError =
      "consecutive statements on a line must be separated by a newline"

    /// `x = …` or `a.b = …`: there is no assignment.
    static let assignment: FixedError =
      "assignment is not supported; bind a new name with 'let name = …'"

    /// A `title` statement after another statement (or a second `title`).
    static let titleNotFirst: FixedError = "'title' must be the first statement"

    /// A dictionary literal entry without `key: value`.
    static let expectedDictionaryColon: FixedError =
      "expected ':' after the key in dictionary literal"

    /// `use …` after a statement other than `title`.
    static let useNotFirst: FixedError =
      "'use' must come before every other statement (only 'title' may precede it)"

    /// `title` not followed by a string literal.
    static let expectedTitle: FixedError = "expected a string literal after 'title'"

    /// `if`, `for` or `else` in a closure's block not followed by `{`.
    static func expectedBlock(after context: String, at range: SourceRange) -> Diagnostic {
      .error("expected '{' after \(context)", at: range)
    }

    /// Something other than `case` or `default` (once, last) in a `switch`.
    static let expectedCase: FixedError = "expected 'case' or 'default' (last) in 'switch'"

    /// `case` patterns not followed by `:`.
    static let expectedCaseColon: FixedError = "expected ':' after the patterns of 'case'"

    /// `for` not followed by a name or `_`.
    static let expectedLoopName: FixedError = "expected a name or '_' after 'for'"

    /// `for name` not followed by `in`.
    static let expectedLoopIn: FixedError = "expected 'in' after 'for' and its name"

    /// `..` not followed by `<` or `.`.
    static let expectedRangeOperator: FixedError = "expected '..<' or '...' in a range"

    /// `let` or `var` (the `keyword`) not followed by a name.
    static func expectedName(after keyword: String, at range: SourceRange) -> Diagnostic {
      .error("expected a name after '\(keyword)'", at: range)
    }

    /// A keyword where a name is expected (`let show = …`).
    static func keywordAsName(_ keyword: ScriptKeyword, at range: SourceRange) -> Diagnostic {
      .error("keyword '\(keyword.rawValue)' cannot be used as a name", at: range)
    }

    /// `let NAME` (or `var NAME` in a closure's block) not followed by `=`.
    static func expectedAssign(_ keyword: String, name: String, at range: SourceRange)
      -> Diagnostic
    {
      .error("expected '=' after '\(keyword) \(name)'", at: range)
    }

    /// A second `let` of the same name.
    static func redeclaration(_ name: String, at range: SourceRange, previous: SourceRange)
      -> Diagnostic
    {
      Diagnostic(
        .error, "invalid redeclaration of '\(name)'; names are immutable", at: range,
        notes: [Diagnostic(.note, "'\(name)' previously declared here", at: previous)])
    }

    /// `as` in a `show` item not followed by a string literal.
    static let expectedShowLabel: FixedError = "expected a label string after 'as'"

    /// `subscribed` in a `show` item not followed by a string literal.
    static let expectedShowSubscription: FixedError =
      "expected a subscription marble string after 'subscribed'"

    /// A second `as` or `subscribed` clause on one `show` item.
    static func duplicateShowClause(_ clause: String, at range: SourceRange) -> Diagnostic {
      .error("duplicate '\(clause)' clause for one lane", at: range)
    }

    /// `expect EXPR` not followed by `==`.
    static let expectedExpectComparison: FixedError =
      "expected '==' and a marble string after the expression in 'expect'"

    /// `expect EXPR ==` not followed by a string literal.
    static let expectedExpectMarble: FixedError = "expected a marble string after '=='"

    /// `expect subscriptions(…) ==` not followed by a string or a list of strings.
    static let expectedSubscriptionMarbles: FixedError =
      "expected a marble string or a list of marble strings after '=='"

    /// Something other than a string in the list of `expect subscriptions(…) == [ … ]`.
    static let expectedSubscriptionMarbleInList: FixedError =
      "expected a subscription marble string in the list"

    /// A list of marbles compared with something other than `subscriptions(…)`.
    static let marbleListNeedsSubscriptions: FixedError =
      "a list of marble strings can only be compared with 'subscriptions(…)'"

    /// `subscriptions` called with other than one unlabelled argument.
    static let subscriptionsArgument: FixedError =
      "'subscriptions' takes one signal, as in 'subscriptions(input)'"

    /// Values after a subscription marble.
    static let subscriptionValues: FixedError = "subscription marbles take no values"

    /// A value after the marble of an `expect` without a `name:` label.
    static let expectedValueLabel: FixedError =
      "expected a value name such as 'a:' before the value"

    /// The same value name twice in one values list (`a: 1, a: 2`).
    static func duplicateValue(_ name: String, at range: SourceRange, previous: SourceRange)
      -> Diagnostic
    {
      Diagnostic(
        .error, "duplicate value '\(name)'", at: range,
        notes: [Diagnostic(.note, "'\(name)' first given here", at: previous)])
    }

    /// The `expect … == "…" map { … }` form, which the project dropped.
    static let expectMapUnsupported = FixedError(
      "'map' after an expected marble is not supported; give the values as labels, "
        + "such as 'x: 10'")

    // MARK: - Expressions

    /// An expression is missing; `context` says where, as in "after '='" or "in argument list".
    static func expectedExpression(_ context: String, at range: SourceRange) -> Diagnostic {
      .error("expected expression \(context)", at: range)
    }

    /// A bracket, parenthesis or brace is never closed.
    static func expectedClosing(
      _ closer: String, opener: String, at range: SourceRange, openedAt openerRange: SourceRange
    ) -> Diagnostic {
      Diagnostic(
        .error, "expected '\(closer)' to close '\(opener)'", at: range,
        notes: [Diagnostic(.note, "'\(opener)' opened here", at: openerRange)])
    }

    /// Something other than `,` or the closer after an element of a list.
    static func expectedSeparator(_ closer: String, in list: String, at range: SourceRange)
      -> Diagnostic
    {
      .error("expected ',' or '\(closer)' in \(list)", at: range)
    }

    /// `x => …` (a JavaScript arrow function) where an argument list goes on.
    static let javaScriptArrow = FixedError(
      "'=>' is JavaScript's arrow; a closure is written in braces: 'map { x in x * 2 }' "
        + "(or 'map { $0 * 2 }')")

    /// `.` not followed by a name or a tuple index.
    static let expectedMemberName: FixedError = "expected member name following '.'"

    /// Too many nested parentheses, brackets, closures or operators.
    static let nestedTooDeeply = FixedError(
      "expression is nested too deeply; the limit is \(ScriptParser.maximumDepth) levels")

    /// `a < b < c`: comparisons do not chain.
    static func nonAssociative(_ first: String, _ second: String, at range: SourceRange)
      -> Diagnostic
    {
      .error(
        "comparison operators '\(first)' and '\(second)' cannot be chained; add parentheses",
        at: range)
    }

    /// `c ? a` without `: b`.
    static let expectedTernaryColon: FixedError = "expected ':' after '? ...' in ternary expression"

    /// `$0` outside any closure.
    static let implicitParameterOutsideClosure: FixedError =
      "anonymous closure argument not contained in a closure"

    /// `$0` in a closure that names its parameters.
    static let implicitParameterWithExplicit: FixedError =
      "anonymous closure arguments cannot be used inside a closure that has explicit arguments"

    /// An integer literal too large for `Int`.
    static func integerOverflow(_ text: Substring, at range: SourceRange) -> Diagnostic {
      .error(
        "integer literal '\(text.prefix(40))\(text.count > 40 ? "…" : "")' overflows when stored into 'Int'",
        at: range)
    }
  }
}
