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
  // Invariant: `buffer`, `head` and `terminal` are only touched while `sendLock` is held.
  private var buffer: [Value] = []
  private var head = 0
  private var terminal: Event<Value>?

  /// Creates a replay subject keeping the last `capacity` values (unbounded by default).
  public init(capacity: Int = .max) {
    self.capacity = max(0, capacity)
    super.init()
  }

  /// Replays the buffer (and the terminal event), then adds `subscriber` if still live.
  @discardableResult
  public override func subscribe(_ subscriber: Subscriber<Value>) -> any Disposable {
    sendLock.lock()
    defer { sendLock.unlock() }
    for value in buffer[head...] {
      if subscriber.isDisposed { return subscriber }
      subscriber.send(.next(value))
    }
    if let terminal {
      subscriber.send(terminal)
    } else if !subscriber.isDisposed {
      addSubscriber(subscriber)
    }
    return subscriber
  }

  /// Records then forwards `event`; ignored once terminated.
  public override func send(_ event: Event<Value>) {
    sendLock.lock()
    defer { sendLock.unlock() }
    guard terminal == nil else { return }
    willSend(event)
    deliver(event)
  }

  override func willSend(_ event: Event<Value>) {
    switch event {
    case .next(let value):
      guard capacity > 0 else { return }
      buffer.append(value)
      if buffer.count - head > capacity { head += 1 }
      // Compact once the dropped prefix dominates, keeping appends amortised O(1).
      if head > 64 && head * 2 > buffer.count {
        buffer.removeFirst(head)
        head = 0
      }
      if isProbed { record("replayed", Array(buffer[head...])) }
    case .error, .completed:
      terminal = event
    }
  }

  override func reportState(to probe: StateProbe) {
    probe.record("replayed", bufferedValues)
  }

  /// The values currently buffered, oldest first.
  public var bufferedValues: [Value] {
    sendLock.withLock { Array(buffer[head...]) }
  }

  /// Whether a terminal event has been received.
  public var isTerminated: Bool { sendLock.withLock { terminal != nil } }
}
