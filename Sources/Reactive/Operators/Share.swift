extension Signal {
  /// Shares one subscription of this signal among all subscribers while there are any (RxJS
  /// `share`, a reference-counted multicast through a subject).
  ///
  ///     self:           --1--2--3--|
  ///     share(), A:     ^-1--2--3--|
  ///     share(), B:        ^-2--3--|     (joins the running subscription)
  ///
  /// The first subscriber connects this signal; later ones see only what comes after they
  /// join. The resets say when the next subscriber starts afresh with a new subscription:
  /// after an error (`resetOnError`), after completion (`resetOnComplete`), after the last
  /// subscriber leaves while the signal is running (`resetOnRefCountZero`, which also
  /// disposes the subscription). Without a reset, a late subscriber gets the remembered
  /// terminal event at once, and a running subscription stays connected with no subscribers.
  ///
  /// - Parameters:
  ///   - resetOnError: Start afresh after an error.
  ///   - resetOnComplete: Start afresh after completion.
  ///   - resetOnRefCountZero: Disconnect and start afresh when the last subscriber leaves.
  ///   - connector: Makes the subject of each connection (RxJS `share({ connector })`); a
  ///     subscriber after a terminal event that did not reset subscribes to it, so a
  ///     `ReplaySubject` replays (RxJS `shareReplay({ bufferSize, refCount })`). Nil: a plain
  ///     subject, and such a subscriber gets the terminal event at once.
  ///   - probe: Told whether the source is subscribed (lane `connected`) and the number of
  ///     subscribers (lane `subscribers`), for every subscriber alike; with a connector that
  ///     makes a `ReplaySubject`, also the current connection's replay buffer (lane
  ///     `replayed`, `[]` again for the subject of a new connection).
  public func share(
    resetOnError: Bool = true, resetOnComplete: Bool = true, resetOnRefCountZero: Bool = true,
    connector: (() -> Subject<Value>)? = nil, probe: StateProbe? = nil
  ) -> Signal<Value> {
    let state = Locked(ShareState<Value>())
    probe?.record("connected", false)
    probe?.record("subscribers", 0)
    return Signal { subscriber in
      let (subject, terminal, connects, count) = state.withLock { state in
        state.refCount += 1
        let made = state.subject == nil
        let subject = state.subject ?? connector?() ?? Subject<Value>()
        state.subject = subject
        if made, let probe, subject is ReplaySubject<Value> {
          // Only the buffer: `subscribers` is this operator's count, not the subject's. A
          // reset has reported the new subject's empty buffer already.
          var forwards = !state.replayReported
          state.replayReported = true
          let forward = StateProbe()
          forward.arm { lane, value in
            if forwards, lane == "replayed" { probe.record(lane, value) }
          }
          subject.addProbe(forward)
          forwards = true
        }
        let connects = state.connection == nil && state.terminal == nil
        if connects { state.connection = SerialDisposable() }
        return (subject, state.terminal, connects, state.refCount)
      }
      if let terminal {
        state.withLock { $0.refCount -= 1 }
        if connector != nil {
          subject.subscribe(subscriber)
        } else {
          subscriber.send(terminal)
        }
        return nil
      }
      probe?.record("subscribers", count)
      subject.subscribe(subscriber)
      subscriber.attach {
        let (dropped, count) = state.withLock { state -> ((any Disposable)?, Int) in
          state.refCount -= 1
          guard state.refCount == 0, resetOnRefCountZero, state.subject === subject,
            state.terminal == nil, let connection = state.connection
          else { return (nil, state.refCount) }
          state.subject = nil
          state.connection = nil
          return (connection, 0)
        }
        probe?.record("subscribers", count)
        dropped?.dispose()
        if dropped != nil {
          probe?.record("connected", false)
          if subject is ReplaySubject<Value> { probe?.record("replayed", [Value]()) }
        }
      }
      guard connects else { return nil }
      let upstream = Subscriber<Value> { event in
        if event.isTerminal {
          let reset = state.withLock { state -> Bool in
            guard state.subject === subject else { return false }
            state.connection = nil
            let resets: Bool
            if case .error = event { resets = resetOnError } else { resets = resetOnComplete }
            if resets { state.subject = nil } else { state.terminal = event }
            return resets
          }
          probe?.record("connected", false)
          subject.send(event)
          // The next connection's subject starts empty.
          if reset, subject is ReplaySubject<Value> { probe?.record("replayed", [Value]()) }
          return
        }
        subject.send(event)
      }
      probe?.record("connected", true)
      state.withLock { $0.connection }?.swap(upstream)?.dispose()
      self.subscribe(upstream)
      return nil
    }
  }
}

/// What the subscribers of one `share()` have in common.
private struct ShareState<Value> {
  /// The subject of the current connection, or nil before the first subscriber / after a reset.
  var subject: Subject<Value>?
  /// The running subscription of the source, nil when not connected.
  var connection: SerialDisposable?
  /// The terminal event remembered when no reset follows it.
  var terminal: Event<Value>?
  /// The current number of subscribers.
  var refCount = 0
  /// Whether a replay connector's buffer has been reported to the probe yet.
  var replayReported = false
}
