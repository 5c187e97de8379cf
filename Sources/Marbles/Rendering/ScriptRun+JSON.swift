import Reactive

extension ScriptRun: JSONWritable {
  /// Writes the run as the JSON object whose keys the contract tests pin (a contract: keys are only ever added).
  /// A run that stopped early also has `"stopped": {"frame", "reason", "message"}`.
  public func writeJSON(to writer: inout JSONWriter) {
    writer.object { writer in
      writer.key("file")
      writer.string(file)
      writer.key("title")
      if let title { writer.string(title) } else { writer.null() }
      writer.key("frames")
      writer.object { writer in
        writer.key("first")
        writer.int(firstFrame)
        writer.key("last")
        writer.int(lastFrame)
      }
      writer.key("lanes")
      writer.array(lanes) { writer, lane in lane.writeJSON(to: &writer) }
      writer.key("subscriptions")
      writer.object { writer in
        for subscription in subscriptions {
          if writer.isDiscarding { return }
          writer.key(named: subscription.name)
          writer.array(subscription.log) { writer, window in window.writeJSON(to: &writer) }
        }
      }
      writer.key("expectations")
      writer.array(expectations) { writer, result in result.writeJSON(to: &writer) }
      writer.key("diagnostics")
      writer.array(diagnostics) { writer, diagnostic in
        diagnostic.writeJSON(to: &writer, file: file)
      }
      if let stopped {
        writer.key("stopped")
        writer.object { writer in
          writer.key("frame")
          writer.int(stopped.frame)
          writer.key("reason")
          writer.string(stopped.reason.rawValue)
          writer.key("message")
          writer.string(stopped.message)
        }
      }
    }
  }
}

extension TimelineLane: JSONWritable {
  /// `{"name", "label", "subscription", "events", "kind"}`, plus `"before"` (a hot source's
  /// events before the subscription) when there are any.
  public func writeJSON(to writer: inout JSONWriter) {
    writer.object { writer in
      writer.key("name")
      writer.string(name)
      writer.key("label")
      writer.string(label)
      writer.key("subscription")
      subscription.writeJSON(to: &writer)
      writer.key("events")
      if let recorded {
        recorded.writeJSON(to: &writer)
      } else {
        writer.array(events) { writer, event in event.writeJSON(to: &writer) }
      }
      writer.key("kind")
      writer.string(kind.rawValue)
      if !before.isEmpty {
        writer.key("before")
        writer.array(before) { writer, event in event.writeJSON(to: &writer) }
      }
    }
  }
}

extension SubscriptionLog: JSONWritable {
  /// `{"subscribed": F, "unsubscribed": F|null}`.
  public func writeJSON(to writer: inout JSONWriter) {
    writer.object { writer in
      writer.key("subscribed")
      writer.int(subscribed)
      writer.key("unsubscribed")
      if let unsubscribed { writer.int(unsubscribed) } else { writer.null() }
    }
  }
}

extension TimelineEvent: JSONWritable {
  /// `{"frame", "kind", "value"}`; an error has `"error"` instead of `"value"`; a recorded
  /// event also has `"sequence"`, its place in the order of work inside its frame.
  public func writeJSON(to writer: inout JSONWriter) {
    writer.object { writer in
      writer.key("frame")
      writer.int(frame)
      writer.key("kind")
      writer.string(kind.rawValue)
      writeEventValue(kind, value, to: &writer)
      if let sequence {
        writer.key("sequence")
        writer.int(sequence)
      }
    }
  }
}

/// `"value": V` for a next, `"error": E` for an error (`null` when there is none), nothing for a
/// completion.
private func writeEventValue(
  _ kind: TimelineEvent.Kind, _ value: TimelineValue?, to writer: inout JSONWriter
) {
  switch kind {
  case .next: writer.key("value")
  case .error: writer.key("error")
  case .completed: return
  }
  if let value { value.writeJSON(to: &writer) } else { writer.null() }
}

extension TimelineValue: JSONWritable {
  /// The value's JSON form: numbers, strings, booleans, `null`, arrays for
  /// tuples and arrays, `{"error": V}`, `{"event": …}`, `{"signal": {…}}` with absolute frames.
  public func writeJSON(to writer: inout JSONWriter) {
    switch self {
    case .int(let value): writer.int(value)
    case .double(let value): writer.double(value)
    case .string(let value), .opaque(let value): writer.string(value)
    case .bool(let value): writer.bool(value)
    case .null: writer.null()
    case .tuple(let values), .array(let values):
      writer.array(values) { writer, value in value.writeJSON(to: &writer) }
    case .error(let value):
      writer.object { writer in
        writer.key("error")
        value.writeJSON(to: &writer)
      }
    case .dictionary(let values):
      writer.object { writer in
        writer.key("dictionary")
        writer.object { writer in
          for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            if writer.isDiscarding { return }
            writer.key(named: key)
            value.writeJSON(to: &writer)
          }
        }
      }
    case .errorObject(let name, let message):
      writer.object { writer in
        writer.key("errorObject")
        writer.object { writer in
          writer.key("name")
          writer.string(name)
          writer.key("message")
          writer.string(message)
        }
      }
    case .event(let kind, let value):
      writer.object { writer in
        writer.key("event")
        writer.string(kind.rawValue)
        writeEventValue(kind, value, to: &writer)
      }
    case .signal(let inner):
      writer.object { writer in
        writer.key("signal")
        writer.object { writer in
          writer.key("subscribed")
          writer.int(inner.subscribed)
          writer.key("unsubscribed")
          if let unsubscribed = inner.unsubscribed {
            writer.int(unsubscribed)
          } else {
            writer.null()
          }
          writer.key("events")
          writer.array(inner.events) { writer, event in event.writeJSON(to: &writer) }
        }
      }
    }
  }
}

extension ExpectationResult: JSONWritable {
  /// `{"line", "column", "lane", "passed"}`, plus on failure `"expected"`/`"actual"` (for a
  /// lane), `"message"` (the diff drawn in ascii) and `"differences"` (each differing frame
  /// with its kind and both sides' events).
  public func writeJSON(to writer: inout JSONWriter) {
    writer.object { writer in
      writer.key("line")
      writer.int(line)
      writer.key("column")
      writer.int(column)
      writer.key("lane")
      writer.string(lane)
      writer.key("passed")
      writer.bool(passed)
      if let expected {
        writer.key("expected")
        writer.array(expected) { writer, event in event.writeJSON(to: &writer) }
      }
      if let actual {
        writer.key("actual")
        writer.array(actual) { writer, event in event.writeJSON(to: &writer) }
      }
      if !passed, !writer.isDiscarding {
        writer.key("message")
        writer.string(ExpectationDiffRenderer().render(self))
      }
      if let differences = mismatch?.differences, !differences.isEmpty {
        writer.key("differences")
        writer.array(differences) { writer, difference in
          writer.object { writer in
            writer.key("frame")
            writer.int(difference.frame)
            writer.key("kind")
            writer.string(difference.kind.rawValue)
            writer.key("expected")
            writer.array(difference.expected) { writer, event in event.writeJSON(to: &writer) }
            writer.key("actual")
            writer.array(difference.actual) { writer, event in event.writeJSON(to: &writer) }
          }
        }
      }
    }
  }
}

extension Diagnostic {
  /// Writes `{"severity", "file", "line", "column", "message"}`.
  public func writeJSON(to writer: inout JSONWriter, file: String) {
    writer.object { writer in
      writer.key("severity")
      writer.string(severity.rawValue)
      writer.key("file")
      writer.string(file)
      writer.key("line")
      writer.int(range.start.line)
      writer.key("column")
      writer.int(range.start.column)
      writer.key("message")
      writer.string(message)
    }
  }

  /// Writes the object printed on standard output when a run fails with `--format json`:
  /// `{"file": …, "diagnostics": [...]}`.
  public static func writeJSONReport(
    _ diagnostics: [Diagnostic], file: String, to writer: inout JSONWriter
  ) {
    writer.object { writer in
      writer.key("file")
      writer.string(file)
      writer.key("diagnostics")
      writer.array(diagnostics) { writer, diagnostic in
        diagnostic.writeJSON(to: &writer, file: file)
      }
    }
  }
}
