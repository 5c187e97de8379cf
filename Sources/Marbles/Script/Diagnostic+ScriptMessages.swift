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
    static func unterminatedString(at range: SourceRange) -> Diagnostic {
      .error("unterminated string literal", at: range)
    }

    /// A backslash followed by a character that is not an escape (`\q`).
    static func invalidEscape(_ text: String, at range: SourceRange) -> Diagnostic {
      .error(
        "invalid escape sequence '\(ScriptToken.display(text))' in literal; "
          + "use '\\\\', '\\\"', '\\n', '\\t', '\\r', '\\0' or '\\u{…}'",
        at: range)
    }

    /// `\u` not followed by `{`.
    static func expectedUnicodeEscapeBraces(at range: SourceRange) -> Diagnostic {
      .error("expected hexadecimal code in braces after unicode escape", at: range)
    }

    /// `\u{…}` without 1 to 8 hexadecimal digits and a closing `}`.
    static func invalidUnicodeEscapeDigits(at range: SourceRange) -> Diagnostic {
      .error("\\u{...} escape sequence expects between 1 and 8 hex digits", at: range)
    }

    /// `\u{…}` naming no Unicode scalar (a surrogate or a value past 10FFFF).
    static func invalidUnicodeScalar(at range: SourceRange) -> Diagnostic {
      .error("invalid unicode scalar", at: range)
    }

    /// `$` not followed by digits.
    static func expectedImplicitParameterNumber(at range: SourceRange) -> Diagnostic {
      .error("expected a number after '$', such as '$0'", at: range)
    }

    /// `$N` with more than four digits.
    static func implicitParameterOutOfRange(_ text: String, at range: SourceRange) -> Diagnostic {
      .error("anonymous closure argument '\(text.prefix(40))' is out of range", at: range)
    }

    /// More than `ScriptParser.maximumErrors` errors: the rest are not reported.
    static func tooManyErrors(at range: SourceRange) -> Diagnostic {
      .error(
        "too many errors emitted, stopping now; the limit is \(ScriptParser.maximumErrors)",
        at: range)
    }

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
    static func consecutiveStatements(at range: SourceRange) -> Diagnostic {
      .error("consecutive statements on a line must be separated by a newline", at: range)
    }

    /// `x = …` or `a.b = …`: there is no assignment.
    static func assignment(at range: SourceRange) -> Diagnostic {
      .error(
        "assignment is not supported; bind a new name with 'let name = …'", at: range)
    }

    /// A `title` statement after another statement (or a second `title`).
    static func titleNotFirst(at range: SourceRange) -> Diagnostic {
      .error("'title' must be the first statement", at: range)
    }

    /// A dictionary literal entry without `key: value`.
    static func expectedDictionaryColon(at range: SourceRange) -> Diagnostic {
      .error("expected ':' after the key in dictionary literal", at: range)
    }

    /// `use …` after a statement other than `title`.
    static func useNotFirst(at range: SourceRange) -> Diagnostic {
      .error(
        "'use' must come before every other statement (only 'title' may precede it)", at: range)
    }

    /// `title` not followed by a string literal.
    static func expectedTitle(at range: SourceRange) -> Diagnostic {
      .error("expected a string literal after 'title'", at: range)
    }

    /// `if`, `for` or `else` in a closure's block not followed by `{`.
    static func expectedBlock(after context: String, at range: SourceRange) -> Diagnostic {
      .error("expected '{' after \(context)", at: range)
    }

    /// Something other than `case` or `default` (once, last) in a `switch`.
    static func expectedCase(at range: SourceRange) -> Diagnostic {
      .error("expected 'case' or 'default' (last) in 'switch'", at: range)
    }

    /// `case` patterns not followed by `:`.
    static func expectedCaseColon(at range: SourceRange) -> Diagnostic {
      .error("expected ':' after the patterns of 'case'", at: range)
    }

    /// `for` not followed by a name or `_`.
    static func expectedLoopName(at range: SourceRange) -> Diagnostic {
      .error("expected a name or '_' after 'for'", at: range)
    }

    /// `for name` not followed by `in`.
    static func expectedLoopIn(at range: SourceRange) -> Diagnostic {
      .error("expected 'in' after 'for' and its name", at: range)
    }

    /// `..` not followed by `<` or `.`.
    static func expectedRangeOperator(at range: SourceRange) -> Diagnostic {
      .error("expected '..<' or '...' in a range", at: range)
    }

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
    static func expectedShowLabel(at range: SourceRange) -> Diagnostic {
      .error("expected a label string after 'as'", at: range)
    }

    /// `subscribed` in a `show` item not followed by a string literal.
    static func expectedShowSubscription(at range: SourceRange) -> Diagnostic {
      .error("expected a subscription marble string after 'subscribed'", at: range)
    }

    /// A second `as` or `subscribed` clause on one `show` item.
    static func duplicateShowClause(_ clause: String, at range: SourceRange) -> Diagnostic {
      .error("duplicate '\(clause)' clause for one lane", at: range)
    }

    /// `expect EXPR` not followed by `==`.
    static func expectedExpectComparison(at range: SourceRange) -> Diagnostic {
      .error("expected '==' and a marble string after the expression in 'expect'", at: range)
    }

    /// `expect EXPR ==` not followed by a string literal.
    static func expectedExpectMarble(at range: SourceRange) -> Diagnostic {
      .error("expected a marble string after '=='", at: range)
    }

    /// `expect subscriptions(…) ==` not followed by a string or a list of strings.
    static func expectedSubscriptionMarbles(at range: SourceRange) -> Diagnostic {
      .error("expected a marble string or a list of marble strings after '=='", at: range)
    }

    /// Something other than a string in the list of `expect subscriptions(…) == [ … ]`.
    static func expectedSubscriptionMarbleInList(at range: SourceRange) -> Diagnostic {
      .error("expected a subscription marble string in the list", at: range)
    }

    /// A list of marbles compared with something other than `subscriptions(…)`.
    static func marbleListNeedsSubscriptions(at range: SourceRange) -> Diagnostic {
      .error(
        "a list of marble strings can only be compared with 'subscriptions(…)'", at: range)
    }

    /// `subscriptions` called with other than one unlabelled argument.
    static func subscriptionsArgument(at range: SourceRange) -> Diagnostic {
      .error("'subscriptions' takes one signal, as in 'subscriptions(input)'", at: range)
    }

    /// Values after a subscription marble.
    static func subscriptionValues(at range: SourceRange) -> Diagnostic {
      .error("subscription marbles take no values", at: range)
    }

    /// A value after the marble of an `expect` without a `name:` label.
    static func expectedValueLabel(at range: SourceRange) -> Diagnostic {
      .error("expected a value name such as 'a:' before the value", at: range)
    }

    /// The same value name twice in one values list (`a: 1, a: 2`).
    static func duplicateValue(_ name: String, at range: SourceRange, previous: SourceRange)
      -> Diagnostic
    {
      Diagnostic(
        .error, "duplicate value '\(name)'", at: range,
        notes: [Diagnostic(.note, "'\(name)' first given here", at: previous)])
    }

    /// The `expect … == "…" map { … }` form, which the project dropped.
    static func expectMapUnsupported(at range: SourceRange) -> Diagnostic {
      .error(
        "'map' after an expected marble is not supported; give the values as labels, "
          + "such as 'x: 10'",
        at: range)
    }

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
    static func javaScriptArrow(at range: SourceRange) -> Diagnostic {
      .error(
        "'=>' is JavaScript's arrow; a closure is written in braces: 'map { x in x * 2 }' "
          + "(or 'map { $0 * 2 }')", at: range)
    }

    /// `.` not followed by a name or a tuple index.
    static func expectedMemberName(at range: SourceRange) -> Diagnostic {
      .error("expected member name following '.'", at: range)
    }

    /// Too many nested parentheses, brackets, closures or operators.
    static func nestedTooDeeply(at range: SourceRange) -> Diagnostic {
      .error(
        "expression is nested too deeply; the limit is \(ScriptParser.maximumDepth) levels",
        at: range)
    }

    /// `a < b < c`: comparisons do not chain.
    static func nonAssociative(_ first: String, _ second: String, at range: SourceRange)
      -> Diagnostic
    {
      .error(
        "comparison operators '\(first)' and '\(second)' cannot be chained; add parentheses",
        at: range)
    }

    /// `c ? a` without `: b`.
    static func expectedTernaryColon(at range: SourceRange) -> Diagnostic {
      .error("expected ':' after '? ...' in ternary expression", at: range)
    }

    /// `$0` outside any closure.
    static func implicitParameterOutsideClosure(at range: SourceRange) -> Diagnostic {
      .error("anonymous closure argument not contained in a closure", at: range)
    }

    /// `$0` in a closure that names its parameters.
    static func implicitParameterWithExplicit(at range: SourceRange) -> Diagnostic {
      .error(
        "anonymous closure arguments cannot be used inside a closure that has explicit arguments",
        at: range)
    }

    /// An integer literal too large for `Int`.
    static func integerOverflow(_ text: Substring, at range: SourceRange) -> Diagnostic {
      .error(
        "integer literal '\(text.prefix(40))\(text.count > 40 ? "…" : "")' overflows when stored into 'Int'",
        at: range)
    }
  }
}
