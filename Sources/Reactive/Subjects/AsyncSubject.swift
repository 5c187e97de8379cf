/// A subject that sends only its last value, and only when it completes (RxJS AsyncSubject).
///
/// Values sent before completion are held, not delivered; completion delivers the last one (if
/// any) then completes, to current subscribers and to every later one. A failure is passed on
/// as is (the held value is dropped), to later subscribers too. Events after termination are
/// ignored.
///
///     sent:       -a-b-|
///     subject:    -----(b|)
///     sub at 7:          ^(b|)
public final class AsyncSubject<Value>: Subject<Value>, @unchecked Sendable {
  // Invariant: `last` and `terminal` are only touched while `sendLock` is held (unchecked
  // exclusivity: accesses never overlap).
  @exclusivity(unchecked) private var last: Value?
  @exclusivity(unchecked) private var terminal: Event<Value>?

  public override init() {
    super.init(kind: .async)
  }

  /// Sends the last value and the completion (or the failure) at once if terminated,
  /// otherwise adds `subscriber`.
  @discardableResult
  public override func subscribe(_ subscriber: Subscriber<Value>) -> any Disposable {
    sendLock.lock()
    defer { sendLock.unlock() }
    switch terminal {
    case .completed?:
      if let last { subscriber.send(.next(last)) }
      if !subscriber.isDisposed { subscriber.send(.completed) }
    case .some(let event):
      subscriber.send(event)
    case nil:
      if !subscriber.isDisposed { addSubscriber(subscriber) }
    }
    return subscriber
  }

  /// `send(_:)`: holds a value; on completion delivers the held value then completes; passes a
  /// failure on.
  @usableFromInline final func sendHolding(_ event: Event<Value>) {
    sendLock.lock()
    defer { sendLock.unlock() }
    guard terminal == nil else { return }
    switch event {
    case .next(let value):
      last = value
      if isProbed { record(.held, value) }
    case .completed:
      terminal = event
      if let last { deliver(.next(last)) }
      deliver(event)
    case .error:
      terminal = event
      last = nil
      deliver(event)
    }
  }

  override func reportState(to probe: StateProbe) {
    if let last = sendLock.withLock({ last }) { probe.record(.held, last) }
  }

  /// The value that completion would send, nil while none was sent.
  public var lastValue: Value? { sendLock.withLock { last } }
}
