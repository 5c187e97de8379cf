/// A parsed `.marble` script: its statements in source order.
///
/// Made by `ScriptParser.parse(_:)`. Statements with parser errors are left out (the errors are
/// reported), so every statement here is complete; a statement with only a lexer error inside a
/// string literal (a bad escape) is kept. Run nothing when the diagnostics contain an error.
/// Names, operators and types are checked later, by the interpreter.
package struct Script: Hashable, Sendable {
  /// The statements, in source order.
  package var statements: [ScriptStatement]

  /// A script of `statements` (the language server runs a script's pieces as scripts).
  package init(statements: [ScriptStatement]) { self.statements = statements }

  /// The text of the `title` statement, if the script has one.
  var title: ScriptStringLiteral? {
    for statement in statements {
      if case .title(let literal) = statement.kind { return literal }
    }
    return nil
  }
}

/// One statement of a script (one line, or several when brackets stay open).
package struct ScriptStatement: Hashable, Sendable {
  /// What a statement says.
  package indirect enum Kind: Hashable, Sendable {
    /// `title "…"`: the script's title; only ever the first statement.
    case title(ScriptStringLiteral)
    /// `use rxjs`: the operator semantics of the whole script (before every statement but
    /// `title`). The library name is checked by the interpreter.
    case use(ScriptIdentifier)
    /// `let NAME = EXPR`: binds an immutable name. Names are unique within a script.
    case binding(name: ScriptIdentifier, value: ScriptExpression)
    /// `show item, item …`: lanes to render, in this order (at least one).
    case show([ScriptShowItem])
    /// `expect EXPR == "marble", name: value …`: an expected timeline.
    case expect(ScriptExpectation)
    /// `expect subscriptions(EXPR) == "…"` or `== ["…", "…"]`: expected subscription windows.
    case expectSubscriptions(ScriptSubscriptionExpectation)
    /// A bare expression evaluated for its effect, such as `save.execute(1, at: 4)` or
    /// `a.subscribe(ch.leading)`.
    case expression(ScriptExpression)
  }

  /// What the statement says.
  package var kind: Kind
  /// From the statement's first token to its last.
  package var range: SourceRange

  /// The statement's expressions in source order (an `expect`'s values and error included),
  /// for walks of the script.
  package var expressions: [ScriptExpression] {
    switch kind {
    case .title, .use: []
    case .binding(_, let value), .expression(let value): [value]
    case .show(let items): items.map(\.expression)
    case .expect(let expectation):
      [expectation.subject]
        + (expectation.values + [expectation.error].compactMap { $0 }).map(\.value)
    case .expectSubscriptions(let expectation): [expectation.subject]
    }
  }
}

/// One lane of a `show` statement: `EXPR [as "label"] [subscribed "marble"]`.
///
/// The two clauses may come in either order, each at most once.
package struct ScriptShowItem: Hashable, Sendable {
  /// The shown signal (or command or channel, whose lanes the interpreter expands).
  package var expression: ScriptExpression
  /// The `as "label"` display label, if given.
  package var label: ScriptStringLiteral?
  /// The `subscribed "--^---!"` subscription marble, if given; else the lane is subscribed at
  /// frame 0 and never unsubscribed.
  var subscription: ScriptStringLiteral?
  /// From the expression to the end of the last clause.
  package var range: SourceRange

  /// The lane's name: the expression's source text without whitespace or comments
  /// (`save . enabled` is `save.enabled`).
  package var name: String { expression.laneName }
}

/// `expect EXPR == "marble", name: value …`.
package struct ScriptExpectation: Hashable, Sendable {
  /// The observed signal (left of `==`).
  package var subject: ScriptExpression
  /// The expected timeline (right of `==`); columns map back through the literal.
  package var marble: ScriptStringLiteral
  /// The values map: every labelled value after the marble except `error:`, in source order.
  /// Labels are unique.
  package var values: [ScriptArgument]
  /// The `error:` value, the failure value of `#`, if given.
  package var error: ScriptArgument?
  /// The whole statement after `expect`.
  var range: SourceRange
}

/// `expect subscriptions(EXPR) == "^--!"` or `== ["^--!", "--^-!"]`.
package struct ScriptSubscriptionExpectation: Hashable, Sendable {
  /// The signal whose subscriptions are checked (the argument of `subscriptions(…)`).
  package var subject: ScriptExpression
  /// The expected subscription marbles, one per subscription; empty for `== []` (never
  /// subscribed).
  package var marbles: [ScriptStringLiteral]
  /// Whether the marbles were written as a list (`["…"]`) rather than one string.
  package var isList: Bool
  /// The whole statement after `expect`.
  var range: SourceRange
}

/// A name with its place: a `let` name, a member name, an argument label or a closure parameter.
package struct ScriptIdentifier: Hashable, Sendable {
  /// The name as written (`_` for a wildcard closure parameter).
  package var name: String
  /// Where it is written.
  package var range: SourceRange
  package init(name: String, range: SourceRange) {
    self.name = name
    self.range = range
  }
}
