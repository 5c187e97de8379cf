import Reactive

/// What one subscription to a signal saw: every event with its frame, in delivery order, and the
/// subscription's window.
///
/// Made by `TestScheduler.record`. Appending is O(1) and never copies what is recorded (the
/// package's one recording core, shared with script lanes), so recordings of millions of events
/// stay cheap; `events` and `values` make their arrays when read, so read them once. When the
/// recorded signal carries signals (`Signal<Signal<X>>`), each inner signal is itself recorded
/// from the frame it was delivered, as a `Recording<X>`.
public final class Recording<Value>: SubscriptionLogging, CustomStringConvertible,
  @unchecked Sendable
{
  // Invariant: only touched from the virtual scheduler's thread.
  // Inlinable storage, so that appending is specialised for the recorded type.
  // Unchecked exclusivity: appended to on the scheduler's thread only, one access at a time.
  @exclusivity(unchecked) @usableFromInline var log = RecordLog<Event<Value>>()

  @inlinable init() {}

  /// The events, in delivery order.
  // Inlinable, and one pass over the chunks: made in the caller's module, the array is built
  // specialised for `Value` (a generic `map` over the log looked up metadata per element).
  @inlinable public var events: [Recorded<Value>] {
    let count = log.count
    // Written in place: no capacity and uniqueness checks per element, as `append` makes.
    return [Recorded<Value>](unsafeUninitializedCapacity: count) { buffer, initialized in
      log.forEachEntry { entry in
        guard initialized < count else { return }
        buffer.initializeElement(
          at: initialized, to: Recorded(frame: entry.frame, event: entry.element))
        initialized += 1
      }
    }
  }

  /// The subscription's window: from the subscribe frame to the frame it was disposed or the
  /// signal terminated; nil before it subscribed.
  public var subscription: SubscriptionLog? { log.window }

  /// The values received, in order.
  @inlinable public var values: [Value] {
    var values: [Value] = []
    log.forEachEntry { if case .next(let value) = $0.element { values.append(value) } }
    return values
  }

  /// The subscription window as a list (empty before subscribing), for `expectSubscriptions`.
  public var subscriptions: [SubscriptionLog] { subscription.map { [$0] } ?? [] }

  /// `[next(1)@2, completed@5]`.
  public var description: String {
    "[" + events.map(\.description).joined(separator: ", ") + "]"
  }

  @usableFromInline func start(at frame: Int) {
    log.start(at: frame)
  }

  @inlinable func append(_ event: Event<Value>, at frame: Int) {
    log.append(event, at: frame)
  }

  @usableFromInline func end(at frame: Int) {
    log.end(at: frame)
  }
}
