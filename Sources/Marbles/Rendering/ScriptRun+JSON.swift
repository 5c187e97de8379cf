extension ScriptRun {
  /// The run as the JSON object of OUTPUT.md §1 (a contract: keys are only ever added).
  public var json: JSONValue {
    .object([
      ("file", .string(file)),
      ("title", title.map(JSONValue.string) ?? .null),
      ("frames", .object([("first", .int(firstFrame)), ("last", .int(lastFrame))])),
      ("lanes", .array(lanes.map(\.json))),
      (
        "subscriptions",
        .object(subscriptions.map { ($0.name, .array($0.log.map(\.json))) })
      ),
      ("expectations", .array(expectations.map(\.json))),
      ("diagnostics", .array(diagnostics.map { $0.json(file: file) })),
    ])
  }

  /// The JSON printed for several runs: one object, or an array of them in argument order.
  public static func json(for runs: [ScriptRun]) -> JSONValue {
    runs.count == 1 ? runs[0].json : .array(runs.map(\.json))
  }
}

extension TimelineLane {
  /// `{"name", "label", "subscription", "events"}`.
  public var json: JSONValue {
    .object([
      ("name", .string(name)),
      ("label", .string(label)),
      ("subscription", subscription.json),
      ("events", .array(events.map(\.json))),
    ])
  }
}

extension TimelineSubscription {
  /// `{"subscribed": F, "unsubscribed": F|null}`.
  public var json: JSONValue {
    .object([
      ("subscribed", .int(subscribed)),
      ("unsubscribed", unsubscribed.map(JSONValue.int) ?? .null),
    ])
  }
}

extension TimelineEvent {
  /// `{"frame", "kind", "value"}`; an error has `"error"` instead of `"value"`.
  public var json: JSONValue {
    var members: [(String, JSONValue)] = [("frame", .int(frame)), ("kind", .string(kind.rawValue))]
    switch kind {
    case .next: members.append(("value", value?.json ?? .null))
    case .error: members.append(("error", value?.json ?? .null))
    case .completed: break
    }
    return .object(members)
  }
}

extension TimelineValue {
  /// The value's JSON form (OUTPUT.md §1): numbers, strings, booleans, `null`, arrays for
  /// tuples and arrays, `{"error": V}`, `{"event": …}`, `{"signal": {…}}` with absolute frames.
  public var json: JSONValue {
    switch self {
    case .int(let value): return .int(value)
    case .double(let value): return .double(value)
    case .string(let value): return .string(value)
    case .bool(let value): return .bool(value)
    case .null: return .null
    case .tuple(let values), .array(let values): return .array(values.map(\.json))
    case .error(let value): return .object([("error", value.json)])
    case .dictionary(let values):
      let members = values.sorted { $0.key < $1.key }.map { ($0.key, $0.value.json) }
      return .object([("dictionary", .object(members))])
    case .errorObject(let name, let message):
      return .object([
        ("errorObject", .object([("name", .string(name)), ("message", .string(message))]))
      ])
    case .event(let kind, let value):
      var members: [(String, JSONValue)] = [("event", .string(kind.rawValue))]
      switch kind {
      case .next: members.append(("value", value?.json ?? .null))
      case .error: members.append(("error", value?.json ?? .null))
      case .completed: break
      }
      return .object(members)
    case .signal(let inner):
      return .object([
        (
          "signal",
          .object([
            ("subscribed", .int(inner.subscribed)),
            ("unsubscribed", inner.unsubscribed.map(JSONValue.int) ?? .null),
            ("events", .array(inner.events.map(\.json))),
          ])
        )
      ])
    case .opaque(let text): return .string(text)
    }
  }
}

extension ExpectationResult {
  /// `{"line", "lane", "passed"}`, plus `"expected"`/`"actual"`/`"message"` on failure.
  public var json: JSONValue {
    var members: [(String, JSONValue)] = [
      ("line", .int(line)), ("column", .int(column)), ("lane", .string(lane)),
      ("passed", .bool(passed)),
    ]
    if let expected { members.append(("expected", .array(expected.map(\.json)))) }
    if let actual { members.append(("actual", .array(actual.map(\.json)))) }
    if let message { members.append(("message", .string(message))) }
    return .object(members)
  }
}

extension Diagnostic {
  /// `{"severity", "file", "line", "column", "message"}`.
  public func json(file: String) -> JSONValue {
    .object([
      ("severity", .string(severity.rawValue)),
      ("file", .string(file)),
      ("line", .int(range.start.line)),
      ("column", .int(range.start.column)),
      ("message", .string(message)),
    ])
  }

  /// The object printed on standard output when a run fails with `--format json`:
  /// `{"file": …, "diagnostics": [...]}`.
  public static func jsonReport(_ diagnostics: [Diagnostic], file: String) -> JSONValue {
    .object([
      ("file", .string(file)),
      ("diagnostics", .array(diagnostics.map { $0.json(file: file) })),
    ])
  }
}
