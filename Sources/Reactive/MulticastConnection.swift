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
  /// Reports lane `connected` and the subject's `subscribers` (and a replay subject's `replayed`).
  public let probe: StateProbe?

  /// Creates a connection that, once connected, sends `source` into `subject`. A `probe` is
  /// told `connected` (false, then true from `connect()` until an autoconnected signal's last
  /// subscriber leaves) and the subject's state.
  public init(source: Signal<Value>, subject: Subject<Value>, probe: StateProbe? = nil) {
    self.source = source
    self.signal = subject
    self.probe = probe
    if let probe {
      probe.record(.connected, false)
      subject.addProbe(probe)
    }
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
    probe?.record(.connected, true)
    serial.inner = source.subscribe(signal)
    return serial
  }

  /// A signal that connects on its first subscriber and disconnects when the last one leaves
  /// (RAC `autoconnect`).
  ///
  /// A `probe` is told the number of its subscribers as lane `subscribers` (and `connected`).
  public func autoconnect(probe: StateProbe? = nil) -> Signal<Value> {
    let count = Locked(0)
    probe?.record(.connected, lock.withLock { connection != nil })
    probe?.record(.subscribers, 0)
    return Signal { subscriber in
      let subscription = self.signal.subscribe(subscriber)
      let subscribers = count.add(1)
      probe?.record(.subscribers, subscribers)
      if subscribers == 1 {
        self.connect()
        if probe !== self.probe { probe?.record(.connected, true) }
      }
      return ActionDisposable {
        subscription.dispose()
        let left = count.add(-1)
        probe?.record(.subscribers, left)
        if left == 0 {
          self.lock.withLock {
            let connection = self.connection
            self.connection = nil
            return connection
          }?.dispose()
          self.probe?.record(.connected, false)
          if probe !== self.probe { probe?.record(.connected, false) }
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
  ///
  /// A `probe` is told `connected` and `subscribers` (see `MulticastConnection`).
  public func publish(probe: StateProbe? = nil) -> MulticastConnection<Value> {
    MulticastConnection(source: self, subject: Subject(), probe: probe)
  }

  /// Multicasts through `subject`; call `connect()` to start (RAC `multicast:`).
  ///
  /// A `probe` is told `connected` and the subject's state (see `MulticastConnection`).
  public func multicast(_ subject: Subject<Value>, probe: StateProbe? = nil)
    -> MulticastConnection<Value>
  {
    MulticastConnection(source: self, subject: subject, probe: probe)
  }

  /// Subscribes now and replays every value to every subscriber (RAC `replay`).
  ///
  ///     source:             --a--b--|
  ///     subscriber at 6:          (ab)|   … at 6, then | at 8
  ///
  /// A `probe` is told the replay buffer (`replayed`) and the number of `subscribers`.
  public func replay(probe: StateProbe? = nil) -> Signal<Value> {
    let connection = multicast(ReplaySubject(), probe: probe)
    connection.connect()
    return connection.signal
  }

  /// Subscribes now and replays the latest value to every subscriber (RAC `replayLast`).
  ///
  /// A `probe` is told the replay buffer (`replayed`) and the number of `subscribers`.
  public func replayLast(probe: StateProbe? = nil) -> Signal<Value> {
    let connection = multicast(ReplaySubject(capacity: 1), probe: probe)
    connection.connect()
    return connection.signal
  }

  /// Subscribes at the first subscription, then replays every value to every subscriber; never
  /// disconnects (RAC `replayLazily`).
  ///
  /// A `probe` is told the replay buffer (`replayed`), `connected` and the number of
  /// `subscribers`.
  public func replayLazily(probe: StateProbe? = nil) -> Signal<Value> {
    let connection = multicast(ReplaySubject(), probe: probe)
    return Signal { subscriber in
      connection.connect()
      return connection.signal.subscribe(subscriber)
    }
  }
}
