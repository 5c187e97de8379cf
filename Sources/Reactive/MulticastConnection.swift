/// Shares one subscription to a source among many subscribers through a subject
/// (RACMulticastConnection).
///
/// Nothing is subscribed until `connect()`; connecting again does nothing and returns the same
/// disposable.
public final class MulticastConnection<Value>: @unchecked Sendable {
  /// The shared signal: the subject that the source feeds once connected.
  public let signal: Subject<Value>
  private let source: Signal<Value>
  // Invariant: `connection` is set once, under `lock`.
  private let lock = Lock()
  private var connection: SerialDisposable?

  /// Creates a connection that, once connected, sends `source` into `subject`.
  public init(source: Signal<Value>, subject: Subject<Value>) {
    self.source = source
    self.signal = subject
  }

  /// Subscribes the subject to the source, once. The returned disposable disconnects.
  @discardableResult
  public func connect() -> any Disposable {
    lock.lock()
    if let connection {
      lock.unlock()
      return connection
    }
    let serial = SerialDisposable()
    connection = serial
    lock.unlock()
    serial.inner = source.subscribe(signal)
    return serial
  }

  /// A signal that connects on its first subscriber and disconnects when the last one leaves
  /// (RAC `autoconnect`).
  public func autoconnect() -> Signal<Value> {
    let count = Locked(0)
    return Signal { subscriber in
      let subscription = self.signal.subscribe(subscriber)
      if count.withLock({ $0 += 1; return $0 }) == 1 { self.connect() }
      return ActionDisposable {
        subscription.dispose()
        if count.withLock({ $0 -= 1; return $0 }) == 0 {
          self.lock.withLock {
            let connection = self.connection
            self.connection = nil
            return connection
          }?.dispose()
        }
      }
    }
  }
}

extension Signal {
  /// Multicasts through a plain `Subject`; call `connect()` to start (RAC `publish`).
  ///
  ///     source:     --a--b--|
  ///     connect at 0, late subscriber at 3:  -----b--|
  public func publish() -> MulticastConnection<Value> {
    MulticastConnection(source: self, subject: Subject())
  }

  /// Multicasts through `subject`; call `connect()` to start (RAC `multicast:`).
  public func multicast(_ subject: Subject<Value>) -> MulticastConnection<Value> {
    MulticastConnection(source: self, subject: subject)
  }

  /// Subscribes now and replays every value to every subscriber (RAC `replay`).
  ///
  ///     source:             --a--b--|
  ///     subscriber at 6:          (ab)|   … at 6, then | at 8
  public func replay() -> Signal<Value> {
    let connection = multicast(ReplaySubject())
    connection.connect()
    return connection.signal
  }

  /// Subscribes now and replays the latest value to every subscriber (RAC `replayLast`).
  public func replayLast() -> Signal<Value> {
    let connection = multicast(ReplaySubject(capacity: 1))
    connection.connect()
    return connection.signal
  }

  /// Subscribes at the first subscription, then replays every value to every subscriber; never
  /// disconnects (RAC `replayLazily`).
  public func replayLazily() -> Signal<Value> {
    let connection = multicast(ReplaySubject())
    return Signal { subscriber in
      connection.connect()
      return connection.signal.subscribe(subscriber)
    }
  }
}
