import Reactive

extension ScriptRun {
  /// The run as the JSON object of OUTPUT.md §1 (a contract: keys are only ever added). A run
  /// that stopped early also has `"stopped": {"frame", "reason", "message"}`.
  public var json: JSONValue {
    var members: [(String, JSONValue)] = [
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
    ]
    if let stopped {
      members.append(
        (
          "stopped",
          .object([
            ("frame", .int(stopped.frame)), ("reason", .string(stopped.reason.rawValue)),
            ("message", .string(stopped.message)),
          ])
        ))
    }
    return .object(members)
  }

  /// The JSON printed for several runs: one object, or an array of them in argument order.
  public static func json(for runs: [ScriptRun]) -> JSONValue {
    runs.count == 1 ? runs[0].json : .array(runs.map(\.json))
  }
}

extension TimelineLane {
  /// `{"name", "label", "subscription", "events", "kind"}`, plus `"before"` (a hot source's
  /// events before the subscription) when there are any.
  public var json: JSONValue {
    var members: [(String, JSONValue)] = [
      ("name", .string(name)),
      ("label", .string(label)),
      ("subscription", subscription.json),
      ("events", .array(events.map(\.json))),
      ("kind", .string(kind.rawValue)),
    ]
    if !before.isEmpty { members.append(("before", .array(before.map(\.json)))) }
    return .object(members)
  }
}

extension SubscriptionLog {
  /// `{"subscribed": F, "unsubscribed": F|null}`.
  public var json: JSONValue {
    .object([
      ("subscribed", .int(subscribed)),
      ("unsubscribed", unsubscribed.map(JSONValue.int) ?? .null),
    ])
  }
}

extension TimelineEvent {
  /// `{"frame", "kind", "value"}`; an error has `"error"` instead of `"value"`; a recorded
  /// event also has `"sequence"`, its place in the order of work inside its frame.
  public var json: JSONValue {
    var members: [(String, JSONValue)] = [("frame", .int(frame)), ("kind", .string(kind.rawValue))]
    switch kind {
    case .next: members.append(("value", value?.json ?? .null))
    case .error: members.append(("error", value?.json ?? .null))
    case .completed: break
    }
    if let sequence { members.append(("sequence", .int(sequence))) }
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
  /// `{"line", "column", "lane", "passed"}`, plus on failure `"expected"`/`"actual"` (for a
  /// lane), `"message"` (the diff drawn in ascii) and `"differences"` (each differing frame
  /// with its kind and both sides' events).
  public var json: JSONValue {
    var members: [(String, JSONValue)] = [
      ("line", .int(line)), ("column", .int(column)), ("lane", .string(lane)),
      ("passed", .bool(passed)),
    ]
    if let expected { members.append(("expected", .array(expected.map(\.json)))) }
    if let actual { members.append(("actual", .array(actual.map(\.json)))) }
    if !passed {
      members.append(("message", .string(ExpectationDiffRenderer().render(self))))
    }
    if let differences = mismatch?.differences, !differences.isEmpty {
      members.append(
        (
          "differences",
          .array(
            differences.map { difference in
              .object([
                ("frame", .int(difference.frame)), ("kind", .string(difference.kind.rawValue)),
                ("expected", .array(difference.expected.map(\.json))),
                ("actual", .array(difference.actual.map(\.json))),
              ])
            })
        ))
    }
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
