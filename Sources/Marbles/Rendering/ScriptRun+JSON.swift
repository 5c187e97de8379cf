import Reactive

extension ScriptRun: JSONWritable {
  /// Writes the run as the JSON object whose keys the contract tests pin (a contract: keys are only ever added).
  /// A run that stopped early also has `"stopped": {"frame", "reason", "message"}`.
  public func writeJSON(to writer: inout JSONWriter) {
    writer.object { writer in
      writer.member("file", file)
      writer.member("title", title)
      writer.key("frames")
      writer.object { writer in
        writer.member("first", firstFrame)
        writer.member("last", lastFrame)
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
          writer.member("frame", stopped.frame)
          writer.member("reason", stopped.reason.rawValue)
          writer.member("message", stopped.message)
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
      writer.member("name", name)
      writer.member("label", label)
      writer.key("subscription")
      subscription.writeJSON(to: &writer)
      writer.key("events")
      timeline.writeEvents(to: &writer)
      writer.member("kind", kind.rawValue)
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
      writer.member("subscribed", subscribed)
      writer.member("unsubscribed", unsubscribed)
    }
  }
}

extension TimelineEvent: JSONWritable {
  /// `{"frame", "kind", "value"}`; an error has `"error"` instead of `"value"`
  /// (`JSONWriter.event`, which also writes a recorded event's `"sequence"`).
  public func writeJSON(to writer: inout JSONWriter) {
    writer.event(frame, kind, RecordedValue(value), sequence: nil)
  }
}

extension JSONWriter {
  /// `events` as an array, each with the `"sequence"` of its `order` entry when it has one.
  mutating func events(_ events: [TimelineEvent], order: [EventOrder]) {
    array(events.indices) { writer, index in
      let (event, sequence) = (events[index], index < order.count ? order[index].sequence : nil)
      writer.event(event.frame, event.kind, RecordedValue(event.value), sequence: sequence)
    }
  }
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
          writer.member("name", name)
          writer.member("message", message)
        }
      }
    case .event(let kind, let value):
      writer.object { writer in
        writer.member("event", kind.rawValue)
        switch kind {
        case .next: writer.key("value")
        case .error: writer.key("error")
        case .completed: return
        }
        if let value { value.writeJSON(to: &writer) } else { writer.null() }
      }
    case .signal(let inner):
      writer.object { writer in
        writer.key("signal")
        writer.object { writer in
          writer.member("subscribed", inner.subscribed)
          writer.member("unsubscribed", inner.unsubscribed)
          writer.key("events")
          inner.writeEvents(to: &writer)
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
      writer.member("line", line)
      writer.member("column", column)
      writer.member("lane", lane)
      writer.key("passed")
      writer.bool(passed)
      if let expected {
        writer.key("expected")
        writer.array(expected) { writer, event in event.writeJSON(to: &writer) }
      }
      if let actualTimeline {
        writer.key("actual")
        actualTimeline.writeEvents(to: &writer)
      }
      if !passed, !writer.isDiscarding {
        writer.member("message", ExpectationDiffRenderer().render(self))
      }
      if let differences = mismatch?.differences, !differences.isEmpty {
        let orderAt = Dictionary(grouping: zip(actual ?? [], actualOrder), by: \.0.frame)
        writer.key("differences")
        writer.array(differences) { writer, difference in
          writer.object { writer in
            writer.member("frame", difference.frame)
            writer.member("kind", difference.kind.rawValue)
            writer.key("expected")
            writer.array(difference.expected) { writer, event in event.writeJSON(to: &writer) }
            writer.key("actual")
            writer.events(difference.actual, order: orderAt[difference.frame]?.map(\.1) ?? [])
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
      writer.member("severity", severity.rawValue)
      writer.member("file", file)
      writer.member("line", range.start.line)
      writer.member("column", range.start.column)
      writer.member("message", message)
    }
  }

  /// Writes the object printed on standard output when a run fails with `--format json`:
  /// `{"file": …, "diagnostics": [...]}`.
  public static func writeJSONReport(
    _ diagnostics: [Diagnostic], file: String, to writer: inout JSONWriter
  ) {
    writer.object { writer in
      writer.member("file", file)
      writer.key("diagnostics")
      writer.array(diagnostics) { writer, diagnostic in
        diagnostic.writeJSON(to: &writer, file: file)
      }
    }
  }
}
