/// A subject that remembers the last `capacity` values and its terminal event (RACReplaySubject).
///
/// A new subscriber first receives the buffered values, then the terminal event if there was
/// one, and otherwise goes live. Unlike ObjC, events sent after termination are ignored.
///
///     subject:   -a-b-c-|
///     sub at 4:      ^(bc)   with capacity 2 … then -|
public class ReplaySubject<Value>: Subject<Value>, @unchecked Sendable {
  /// The number of values kept for late subscribers; `Int.max` for unbounded.
  public let capacity: Int
  // Invariant: `buffer`, `head`, `failure` and `terminated` are only touched while `sendLock`
  // is held (unchecked exclusivity: accesses never overlap).
  @exclusivity(unchecked) @usableFromInline var buffer: [Value] = []
  @exclusivity(unchecked) @usableFromInline var head = 0
  /// The terminal event, as `terminated` (completed unless `failure`) and `failure`: neither
  /// needs generic metadata, which an optional event of a generic value does, on every send
  /// and subscription of a subject of generic values, and in its initialiser and deinitialiser.
  @exclusivity(unchecked) @usableFromInline var terminated = false
  /// The error it failed with, once `terminated` by a failure.
  @exclusivity(unchecked) @usableFromInline var failure: (any Error)?
  /// Whether a probe is told lane `current` for every value (a `BehaviorSubject`).
  @usableFromInline let recordsCurrent: Bool

  /// Creates a replay subject keeping the last `capacity` values (unbounded by default).
  public convenience init(capacity: Int = .max) {
    self.init(capacity: capacity, recordsCurrent: false)
  }

  /// A replay subject that, when `recordsCurrent`, also tells a probe each value as `current`.
  init(capacity: Int, recordsCurrent: Bool) {
    self.capacity = max(0, capacity)
    self.recordsCurrent = recordsCurrent
    super.init(kind: .replay)
  }

  /// Replays the buffer (and the terminal event), then adds `subscriber` if still live.
  @discardableResult
  public override func subscribe(_ subscriber: Subscriber<Value>) -> any Disposable {
    sendLock.lock()
    defer { sendLock.unlock() }
    if head < buffer.count || terminated {
      replay(to: subscriber)
    } else if !subscriber.isDisposed {
      addSubscriber(subscriber)
    }
    return subscriber
  }

  /// `subscribe(_:)` with something to replay, under the send lock. Apart, so that subscribing
  /// to an empty live subject (each execution of a command is one) looks up no generic metadata
  /// for the events it would replay.
  @inline(never)
  private func replay(to subscriber: Subscriber<Value>) {
    // A copy of the buffer (a new reference to its storage), walked by index: sends during the
    // replay do not change what is replayed.
    let values = buffer
    var index = head
    while index < values.count {
      if subscriber.isDisposed { return }
      subscriber.send(.next(values[index]))
      index += 1
    }
    if terminated {
      subscriber.send(failure.map { .error($0) } ?? .completed)
    } else if !subscriber.isDisposed {
      addSubscriber(subscriber)
    }
  }

  /// `send(_:)`: records then forwards `event`; ignored once terminated. Inlinable, as `send`.
  @inlinable final func sendReplaying(_ event: Event<Value>) {
    sendLock.lock()
    defer { sendLock.unlock() }
    guard !terminated else { return }
    switch event {
    case .next(let value):
      if capacity > 0 {
        buffer.append(value)
        if buffer.count - head > capacity { head += 1 }
        // Compact once the dropped prefix dominates, keeping appends amortised O(1).
        if head > 64 && head * 2 > buffer.count {
          buffer.removeFirst(head)
          head = 0
        }
        if isProbed { record(.replayed, Array(buffer[head...])) }
      }
      if recordsCurrent && isProbed { record(.current, value) }
    case .error(let error):
      failure = error
      terminated = true
    case .completed:
      terminated = true
    }
    deliver(event)
  }

  override func reportState(to probe: StateProbe) {
    probe.record(.replayed, bufferedValues)
  }

  /// The values currently buffered, oldest first.
  public var bufferedValues: [Value] {
    sendLock.withLock { Array(buffer[head...]) }
  }

  /// The latest value buffered, nil while none is (the last of `bufferedValues`, without a
  /// copy of the buffer).
  @usableFromInline final var latestValue: Value? {
    sendLock.withLock { buffer.count > head ? buffer.last : nil }
  }

  /// Whether a terminal event has been received.
  public var isTerminated: Bool { sendLock.withLock { terminated } }
}
