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

  /// A recorded value that holds no reference: `other` is an index into the lane's table of
  /// such values (`LaneStorage.others`).
  enum Stored: Sendable {
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    case none
    case other(Int)
  }

  /// This value as stored, an `other` value appended to `others`.
  func stored(in others: inout [TimelineValue]) -> Stored {
    switch self {
    case .int(let value): return .int(value)
    case .double(let value): return .double(value)
    case .bool(let value): return .bool(value)
    case .null: return .null
    case .none: return .none
    case .other(let value):
      others.append(value)
      return .other(others.count - 1)
    }
  }

  /// The value `stored` stands for, an `other` one from `others`.
  init(_ stored: Stored, others: [TimelineValue]) {
    switch stored {
    case .int(let value): self = .int(value)
    case .double(let value): self = .double(value)
    case .bool(let value): self = .bool(value)
    case .null: self = .null
    case .none: self = .none
    case .other(let index): self = .other(others[index])
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
}

/// One event of a lane, as its recorder stores it (its frame is kept by the log, as runs): 24
/// bytes, where a `TimelineEvent` takes 72 and a box for its value. The fields are laid out
/// so that the value's tag, the kind, the queue and the sequence share its last 8 bytes. It holds
/// no reference, so that a log of millions is freed without a destroy per event.
struct LaneEvent: Sendable {
  /// The scheduler action that delivered it (`EventAction.turn`), or -1 for none.
  var turn: Int
  /// The value of a `next`, the error value of an `error`, `.none` for a completion.
  var value: RecordedValue.Stored
  var kind: TimelineEvent.Kind
  private var storedQueue: UInt16
  private var storedSequence: UInt32

  /// `queue` must be below 2^16 (a script's queues are the scheduler and `main`), `sequence`
  /// below 2^32 (a frame's recorded events: that many would take over 128 GB).
  init(
    sequence: Int, turn: Int, value: RecordedValue.Stored, kind: TimelineEvent.Kind, queue: Int32
  ) {
    self.turn = turn
    self.value = value
    self.kind = kind
    self.storedQueue = UInt16(truncatingIfNeeded: queue)
    self.storedSequence = UInt32(truncatingIfNeeded: sequence)
  }

  /// The event's place in its frame's work (`EventOrder.sequence`).
  var sequence: Int { Int(storedSequence) }
  /// 1 + the index of the action's queue in `LaneStorage.queues`, 0 for the scheduler.
  var queue: Int32 { Int32(storedQueue) }
}

/// A script lane's recorded events as its recorder stored them; `TimelineEvent`s and their
/// `EventOrder`s are made only when asked for (once, then kept), and JSON output writes them
/// straight from this storage, so that a run of a million events never holds them twice.
final class LaneStorage: TimelineStorage, @unchecked Sendable {
  // Invariant: `log`, `others` and `queues` are immutable; `cache` is only touched under `lock`.
  let log: RecordLog<LaneEvent>
  /// The values of the events other than numbers, Booleans and `nil` (`RecordedValue.Stored`).
  let others: [TimelineValue]
  /// The names of the queues that delivered events (`main`).
  let queues: [String]
  private let lock = NSLock()
  private var cache: (events: [TimelineEvent], order: [EventOrder])?

  init(log: RecordLog<LaneEvent>, others: [TimelineValue], queues: [String]) {
    self.log = log
    self.others = others
    self.queues = queues
  }

  var events: [TimelineEvent] { made.events }

  var order: [EventOrder] { made.order }

  private var made: (events: [TimelineEvent], order: [EventOrder]) {
    lock.lock()
    defer { lock.unlock() }
    if let cache { return cache }
    var made: (events: [TimelineEvent], order: [EventOrder]) = ([], [])
    made.events.reserveCapacity(log.count)
    made.order.reserveCapacity(log.count)
    log.forEachEntry { entry in
      let stored = entry.element
      made.events.append(
        TimelineEvent(
          frame: entry.frame, kind: stored.kind,
          value: RecordedValue(stored.value, others: others).timelineValue))
      made.order.append(
        EventOrder(
          sequence: stored.sequence,
          action: EventAction(
            turn: stored.turn < 0 ? nil : stored.turn,
            queue: stored.queue == 0 ? nil : queues[Int(stored.queue) - 1])))
    }
    cache = made
    return made
  }
}
