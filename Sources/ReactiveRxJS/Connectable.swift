import Reactive

/// RxJS 7's `connectable(source, { connector, resetOnDisconnect })`: a shared signal that
/// subscribes its source only when `connect()` is called, through a subject that `connector`
/// makes.
///
///     source:                      -a-b-|
///     connect() at 2, subscriber:  ---a-b-|
///
/// Unlike `MulticastConnection` (RAC's, which connects once for good), a connection that has
/// ended (the source terminated, or the disposable `connect()` returned was disposed) can be
/// made again by calling `connect()` again, which subscribes the source anew. With
/// `resetOnDisconnect` (RxJS's default), the end of a connection also replaces the subject by
/// a new one from `connector`: a subscriber that comes afterwards waits for the next
/// connection instead of getting the old end. Without it, the one subject stays: a later
/// subscriber gets what the subject keeps (its end at once, or a replay), and a new
/// connection feeds a subject that has ended, so nobody hears it.
public final class ResettingConnection<Value>: @unchecked Sendable {
  private let source: Signal<Value>
  private let connector: () -> Subject<Value>
  private let resetOnDisconnect: Bool
  /// Told lane `connected` and the current subject's state (`subscribers`, a replay
  /// subject's `replayed`).
  public let probe: StateProbe?
  // Invariant: `subject` and `connection` are only touched under `lock`; no subject is sent
  // to or subscribed while it is held.
  private let lock = Lock()
  private var subject: Subject<Value>
  private var connection: Subscriber<Value>?

  /// Creates an unconnected connectable of `source`, calling `connector` for its first
  /// subject now.
  public init(
    source: Signal<Value>, connector: @escaping () -> Subject<Value>,
    resetOnDisconnect: Bool = true, probe: StateProbe? = nil
  ) {
    self.source = source
    self.connector = connector
    self.resetOnDisconnect = resetOnDisconnect
    self.probe = probe
    let subject = connector()
    self.subject = subject
    probe?.record(.connected, false)
    watch(subject)
  }

  /// The shared signal: each subscription subscribes the subject current at that time.
  public var signal: Signal<Value> {
    Signal { subscriber in
      self.lock.withLock { self.subject }.subscribe(subscriber)
    }
  }

  /// The subject that subscribers get now.
  public var currentSubject: Subject<Value> { lock.withLock { subject } }

  /// Subscribes the current subject to the source, unless a connection is running (then
  /// returns that one). Disposing the result ends the connection.
  @discardableResult
  public func connect() -> any Disposable {
    lock.lock()
    if let connection {
      lock.unlock()
      return connection
    }
    let subject = self.subject
    var upstream: Subscriber<Value>?
    let made = Subscriber<Value> { [weak self] event in
      subject.send(event)
      // As RxJS: the subject hears the end first, then the connection closes.
      if event.isTerminal, let upstream { self?.disconnected(upstream) }
    }
    upstream = made
    connection = made
    lock.unlock()
    probe?.record(.connected, true)
    let subscription = source.subscribe(made)
    return ActionDisposable { [weak self] in
      subscription.dispose()
      made.dispose()
      self?.disconnected(made)
    }
  }

  /// Ends `upstream`'s connection if it is still the current one, resetting the subject.
  private func disconnected(_ upstream: Subscriber<Value>) {
    let fresh = lock.withLock { () -> Subject<Value>?? in
      guard connection === upstream else { return nil }
      connection = nil
      guard resetOnDisconnect else { return .some(nil) }
      let fresh = connector()
      subject = fresh
      return .some(fresh)
    }
    guard let fresh else { return }
    probe?.record(.connected, false)
    if let fresh { watch(fresh) }
  }

  /// Reports `subject`'s state to the probe while it is the current subject.
  private func watch(_ subject: Subject<Value>) {
    guard let probe else { return }
    let forward = StateProbe()
    forward.armWithLanes { [weak self] lane, value in
      guard let self, self.lock.withLock({ self.subject === subject }) else { return }
      probe.record(lane, value)
    }
    subject.addProbe(forward)
  }
}
