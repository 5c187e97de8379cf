import Foundation
import Reactive

/// A recorded value kept small: numbers, Booleans and `nil` are stored as they are (a
/// `TimelineValue` is boxed on the heap), anything else as its `TimelineValue`.
enum RecordedValue: Sendable {
  case int(Int)
  case double(Double)
  case bool(Bool)
  case null
  /// No value (a completion).
  case none
  case other(TimelineValue)

  init(_ value: TimelineValue?) {
    switch value {
    case nil: self = .none
    case .int(let value): self = .int(value)
    case .double(let value): self = .double(value)
    case .bool(let value): self = .bool(value)
    case .null: self = .null
    case let value?: self = .other(value)
    }
  }

  /// The value as a `TimelineValue` (nil for none).
  var timelineValue: TimelineValue? {
    switch self {
    case .int(let value): return .int(value)
    case .double(let value): return .double(value)
    case .bool(let value): return .bool(value)
    case .null: return .null
    case .none: return nil
    case .other(let value): return value
    }
  }

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

/// One event of a lane, as its recorder stores it (the frame is the log entry's): 40 bytes with
/// the frame, where a `TimelineEvent` takes 72 and a box for its value.
struct LaneEvent: Sendable {
  /// The event's place in its frame's work (`TimelineEvent.sequence`).
  var sequence: Int
  /// The scheduler action that delivered it (`EventAction.turn`), or -1 for none.
  var turn: Int
  /// The value of a `next`, the error value of an `error`, `.none` for a completion.
  var value: RecordedValue
  var kind: TimelineEvent.Kind
  /// 1 + the index of the action's queue in `RecordedEvents.queues`, 0 for the scheduler.
  var queue: Int32
}

/// A lane's recorded events as its recorder stored them; `TimelineEvent`s are made only when
/// asked for (once, then kept), and JSON output writes them straight from this storage, so that
/// a run of a million events never holds them twice.
final class RecordedEvents: @unchecked Sendable {
  // Invariant: `log` and `queues` are immutable; `cache` is only touched under `lock`.
  let log: RecordLog<LaneEvent>
  /// The names of the queues that delivered events (`main`).
  let queues: [String]
  private let lock = NSLock()
  private var cache: [TimelineEvent]?

  init(log: RecordLog<LaneEvent>, queues: [String]) {
    self.log = log
    self.queues = queues
  }

  /// The number of events.
  var count: Int { log.count }

  /// The events as `TimelineEvent`s, in delivery order.
  var events: [TimelineEvent] {
    lock.lock()
    defer { lock.unlock() }
    if let cache { return cache }
    var events: [TimelineEvent] = []
    events.reserveCapacity(log.count)
    log.forEachEntry { events.append(event($0)) }
    cache = events
    return events
  }

  /// The `TimelineEvent` of one entry.
  func event(_ entry: RecordLog<LaneEvent>.Entry) -> TimelineEvent {
    let stored = entry.element
    return TimelineEvent(
      frame: entry.frame, kind: stored.kind, value: stored.value.timelineValue,
      sequence: stored.sequence,
      action: EventAction(
        turn: stored.turn < 0 ? nil : stored.turn,
        queue: stored.queue == 0 ? nil : queues[Int(stored.queue) - 1]))
  }

  /// Writes the events as a JSON array, byte for byte as `TimelineEvent.writeJSON` writes each.
  func writeJSON(to writer: inout JSONWriter) {
    writer.array { writer in
      for entry in log {
        if writer.isDiscarding { return }
        let stored = entry.element
        if Self.writeFlat(entry.frame, stored, to: &writer) { continue }
        writer.object { writer in
          writer.key("frame")
          writer.int(entry.frame)
          writer.key("kind")
          writer.string(stored.kind.rawValue)
          switch stored.kind {
          case .next:
            writer.key("value")
            stored.value.writeJSON(to: &writer)
          case .error:
            writer.key("error")
            stored.value.writeJSON(to: &writer)
          case .completed: break
          }
          writer.key("sequence")
          writer.int(stored.sequence)
        }
      }
    }
  }

  /// Writes an event whose value is an integer, a Boolean, `nil` or none in one step (the same
  /// bytes as the general path); false when it does not apply.
  private static func writeFlat(
    _ frame: Int, _ stored: LaneEvent, to writer: inout JSONWriter
  ) -> Bool {
    let value: JSONWriter.FlatScalar
    switch stored.value {
    case .int(let number): value = .int(number)
    case .bool(let flag): value = .literal(flag ? "true" : "false")
    case .null, .none: value = .literal("null")
    case .double, .other: return false
    }
    switch stored.kind {
    case .next:
      return writer.flatObject(
        "frame", .int(frame), "kind", .literal("\"next\""), "value", value, "sequence",
        .int(stored.sequence))
    case .error:
      return writer.flatObject(
        "frame", .int(frame), "kind", .literal("\"error\""), "error", value, "sequence",
        .int(stored.sequence))
    case .completed:
      return writer.flatObject(
        "frame", .int(frame), "kind", .literal("\"completed\""), "sequence",
        .int(stored.sequence))
    }
  }
}
