import Reactive

extension RecordedValue {
  /// Writes the value as `TimelineValue.writeJSON` does, without boxing it first.
  func writeJSON(to writer: inout JSONWriter) {
    switch self {
    case .int(let value): writer.int(value)
    case .double(let value): writer.double(value)
    case .bool(let value): writer.bool(value)
    case .null, .none: writer.null()
    case .other(let value): value.writeJSON(to: &writer)
    }
  }
}

extension Timeline where Value == TimelineValue {
  /// Writes the events as a JSON array (`JSONWriter.event`), each with its `"sequence"` when it
  /// has one; a script lane's straight from its storage.
  func writeEvents(to writer: inout JSONWriter) {
    guard let storage = storage as? LaneStorage else { return writer.events(events, order: order) }
    // A span of one frame run at a time, each event read in place: indexing the log
    // retained its chunk per event, and copying an event out copied its value through the
    // value witness.
    writer.array { writer in
      storage.log.forEachSpan { first, step, events in
        var frame = first
        for index in events.indices {
          if writer.isDiscarding { return }
          writer.event(events.baseAddress! + index, at: frame, others: storage.others)
          frame &+= step
        }
      }
    }
  }
}

extension JSONWriter {
  /// Writes the event of a lane's storage at `stored`, recorded at `frame`
  /// (`event(_:_:_:sequence:)`); an integer `next` in one step, reading nothing it does not
  /// write.
  @inline(__always)
  mutating func event(
    _ stored: UnsafePointer<LaneEvent>, at frame: Int, others: [TimelineValue]
  ) {
    if stored.pointee.kind == .next, case .int(let number) = stored.pointee.value {
      if integerNext(frame: frame, value: number, sequence: stored.pointee.sequence) { return }
    }
    let stored = stored.pointee
    event(
      frame, stored.kind, RecordedValue(stored.value, others: others), sequence: stored.sequence)
  }

  /// The one writer of an event: `{"frame", "kind", "value"}`, an error with `"error"` instead
  /// of `"value"`, a completion with neither, and `"sequence"` for a recorded event. An integer,
  /// Boolean or `nil` value is written in one step (`flatObject`, the same bytes).
  mutating func event(
    _ frame: Int, _ kind: TimelineEvent.Kind, _ value: RecordedValue, sequence: Int?
  ) {
    let flat: FlatScalar?
    switch value {
    case .int(let number): flat = .int(number)
    case .bool(let flag): flat = .literal(flag ? "true" : "false")
    case .null, .none: flat = .literal("null")
    case .double, .other: flat = nil
    }
    let names: (kind: StaticString, value: StaticString) =
      kind == .next ? ("\"next\"", "value") : kind == .error ? ("\"error\"", "error") : ("", "")
    let order: FlatScalar? = sequence.map { .int($0) }
    if let flat, kind != .completed,
      flatObject(
        "frame", .int(frame), "kind", .literal(names.kind), names.value, flat,
        sequence == nil ? nil : "sequence", order)
    {
      return
    }
    if kind == .completed, let order,
      flatObject("frame", .int(frame), "kind", .literal("\"completed\""), "sequence", order)
    {
      return
    }
    object { writer in
      writer.member("frame", frame)
      writer.member("kind", kind.rawValue)
      switch kind {
      case .next:
        writer.key("value")
        value.writeJSON(to: &writer)
      case .error:
        writer.key("error")
        value.writeJSON(to: &writer)
      case .completed: break
      }
      if let sequence {
        writer.member("sequence", sequence)
      }
    }
  }
}
