import ReactiveEvents

/// What one subscription to a signal saw: every event with its frame, in delivery order, and the
/// subscription's window.
///
/// Made by `TestScheduler.record` and by the recorders of async sequences, and filled in while
/// the test holds it; `timeline` is what it holds so far as a finished value, the one recording
/// type (`Timeline`), as a script's lanes are. Appending is O(1) and never copies what is
/// recorded (a `RecordLog`: values in chunks, frames as runs), so recordings of millions of
/// events stay cheap; `events`, `values` and `timeline` make their arrays when read, so read
/// them once. When the recorded signal carries signals (`Signal<Signal<X>>`), each inner signal
/// is itself recorded from the frame it was delivered, as a `Recording<X>`.
public final class Recording<Value>: SubscriptionLogging, CustomStringConvertible,
  @unchecked Sendable
{
  // Invariant: only touched from the virtual scheduler's thread.
  // Inlinable storage, so that appending is specialised for the recorded type.
  // Unchecked exclusivity: appended to on the scheduler's thread only, one access at a time.
  // The values of the `.next` events with their frames, and the window. Kept apart from the
  // other events, so that values that need no clean-up (`Int`) are freed without a per-value
  // destroy: an `Event` holds an `any Error`.
  @exclusivity(unchecked) @usableFromInline var log = RecordLog<Value>()
  /// The events other than `.next` (a terminal event: at most one, as the event grammar goes),
  /// each with its place among all the events recorded.
  @exclusivity(unchecked) @usableFromInline var others: [(place: Int, event: Recorded<Value>)] = []

  @inlinable package init() {}

  /// The events, in delivery order.
  // Inlinable, and one pass over the log: made in the caller's module, the array is built
  // specialised for `Value` (a generic `map` over the log looked up metadata per element).
  @inlinable public var events: [Recorded<Value>] {
    let (log, others) = (log, others)
    // Written in place: no capacity and uniqueness checks per element, as `append` makes.
    return [Recorded<Value>](unsafeUninitializedCapacity: count) { buffer, initialized in
      var other = 0
      // The other events whose place has come.
      func addOthers() {
        while other < others.count, others[other].place == initialized {
          buffer.initializeElement(at: initialized, to: others[other].event)
          (initialized, other) = (initialized + 1, other + 1)
        }
      }
      log.forEachEntry { entry in
        addOthers()
        buffer.initializeElement(
          at: initialized, to: Recorded(frame: entry.frame, event: .next(entry.element)))
        initialized += 1
      }
      addOthers()
    }
  }

  /// The number of events recorded so far, `events.count` without building `events`. O(1).
  @inlinable public var count: Int { log.count + others.count }

  /// The subscription's window: from the subscribe frame to the frame it was disposed or the
  /// signal terminated; nil before it subscribed.
  public var subscription: SubscriptionLog? { log.window }

  /// The values received, in order.
  @inlinable public var values: [Value] {
    var values: [Value] = []
    values.reserveCapacity(log.count)
    log.forEachChunk { values += $0 }
    return values
  }

  /// What was recorded so far as the one recording type, a value that no longer changes: the
  /// window and `events` (no `order`: that is a script's). Nil before it subscribed.
  @inlinable public var timeline: Timeline<Value>? {
    subscription.map {
      Timeline(subscribed: $0.subscribed, unsubscribed: $0.unsubscribed, events: events)
    }
  }

  /// The subscription window as a list (empty before subscribing), for `expectSubscriptions`.
  public var subscriptions: [SubscriptionLog] { subscription.map { [$0] } ?? [] }

  /// `[next(1)@2, completed@5]`.
  public var description: String {
    "[" + events.map(\.description).joined(separator: ", ") + "]"
  }

  @usableFromInline package func start(at frame: Int) { log.start(at: frame) }

  @inlinable package func append(_ event: Event<Value>, at frame: Int) {
    if case .next(let value) = event {
      appendNext(value, at: frame)
      return
    }
    others.append((count, Recorded(frame: frame, event: event)))
    log.end(at: frame)
  }

  /// Appends a `.next` event of `value` at `frame`.
  // Always inlined into the recording's handler, as `RecordLog.appendUnshared` is (its slow
  // path is out of line): one call less per recorded value. Only this recording appends to
  // its log (`events` reads a copy).
  @inlinable @inline(__always) package func appendNext(_ value: Value, at frame: Int) {
    log.appendUnshared(value, at: frame)
  }

  @usableFromInline package func end(at frame: Int) { log.end(at: frame) }
}
