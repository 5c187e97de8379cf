import Reactive

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
    share(
      resetOnError: ShareReset(resetOnError), resetOnComplete: ShareReset(resetOnComplete),
      resetOnRefCountZero: ShareReset(resetOnRefCountZero), connector: connector, probe: probe)
  }

  /// `share` whose resets may wait for a notifier (RxJS 7 `share({ resetOnError: (e) =>
  /// timer(5) })`): the reset happens at the notifier's first value, not at all if it ends
  /// without one.
  ///
  ///     self:                                  --1--2--#
  ///     share(resetOnError: .when { _ in timer(3) }), A:  ^-1--2--#
  ///     B, subscribed at 9:                                     #     (before the reset)
  ///     C, subscribed at 11:                                      --1--… (afresh)
  ///
  /// While it waits after an error or a completion, a new subscriber gets the terminal event
  /// (or subscribes to the connector's subject), as without a reset. While it waits after the
  /// last unsubscription, the source stays subscribed; a subscriber that comes before the
  /// notifier sends cancels the reset and joins the running subscription.
  public func share(
    resetOnError: ShareReset<Value>, resetOnComplete: ShareReset<Value>,
    resetOnRefCountZero: ShareReset<Value>, connector: (() -> Subject<Value>)? = nil,
    probe: StateProbe? = nil
  ) -> Signal<Value> {
    let state = Locked(ShareState<Value>())
    /// Ends a pending reset's wait for its notifier.
    func cancelReset() {
      state.withLock { state -> (any Disposable)? in
        defer { state.resetting = nil }
        return state.resetting
      }?.dispose()
    }
    /// Waits for `notifier`'s first value, then runs `reset` (unless cancelled before).
    func reset(after notifier: Signal<Value>, _ reset: @escaping () -> Void) {
      let token = SerialDisposable()
      state.withLock { $0.resetting = token }
      let once = Subscriber<Value> { event in
        guard case .next = event else { return }
        let current = state.withLock { state -> Bool in
          guard state.resetting === token else { return false }
          state.resetting = nil
          return true
        }
        token.dispose()
        if current { reset() }
      }
      token.swap(once)?.dispose()
      notifier.subscribe(once)
    }
    probe?.record(.connected, false)
    probe?.record(.subscribers, 0)
    return Signal { subscriber in
      if state.withLock({ $0.terminal == nil }) { cancelReset() }
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
          forward.armWithLanes { lane, value in
            if forwards, lane == .replayed { probe.record(lane, value) }
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
      probe?.record(.subscribers, count)
      subject.subscribe(subscriber)
      /// Disconnects the current connection and starts afresh (the last subscriber left).
      func disconnect() {
        let dropped = state.withLock { state -> (any Disposable)? in
          guard state.subject === subject, state.terminal == nil,
            let connection = state.connection
          else { return nil }
          state.subject = nil
          state.connection = nil
          return connection
        }
        dropped?.dispose()
        if dropped != nil {
          probe?.record(.connected, false)
          if subject is ReplaySubject<Value> { probe?.record(.replayed, [Value]()) }
        }
      }
      subscriber.attach {
        let (last, count) = state.withLock { state -> (Bool, Int) in
          state.refCount -= 1
          let last =
            state.refCount == 0 && state.subject === subject && state.terminal == nil
            && state.connection != nil
          return (last, state.refCount)
        }
        probe?.record(.subscribers, count)
        guard last else { return }
        switch resetOnRefCountZero {
        case .now: disconnect()
        case .never: break
        case .when(let notifier): reset(after: notifier(nil), disconnect)
        }
      }
      guard connects else { return nil }
      let upstream = Subscriber<Value> { event in
        if event.isTerminal {
          let rule: ShareReset<Value>
          var failure: (any Error)?
          if case .error(let error) = event {
            rule = resetOnError
            failure = error
          } else {
            rule = resetOnComplete
          }
          cancelReset()
          let resetsNow = state.withLock { state -> Bool in
            guard state.subject === subject else { return false }
            state.connection = nil
            if case .now = rule { state.subject = nil } else { state.terminal = event }
            if case .now = rule { return true }
            return false
          }
          probe?.record(.connected, false)
          if case .when(let notifier) = rule {
            reset(after: notifier(failure)) {
              state.withLock { state in
                guard state.subject === subject else { return }
                state.subject = nil
                state.terminal = nil
              }
              if subject is ReplaySubject<Value> { probe?.record(.replayed, [Value]()) }
            }
          }
          subject.send(event)
          // The next connection's subject starts empty.
          if resetsNow, subject is ReplaySubject<Value> { probe?.record(.replayed, [Value]()) }
          return
        }
        subject.send(event)
      }
      probe?.record(.connected, true)
      state.withLock { $0.connection }?.swap(upstream)?.dispose()
      self.subscribe(upstream)
      return nil
    }
  }
}

/// When `share` starts afresh: at once (`true`), never (`false`), or at the first value of a
/// notifier made for the occasion (given the error, for a reset after one).
public enum ShareReset<Value> {
  /// Resets at once.
  case now
  /// Never resets.
  case never
  /// Resets at the notifier's first value.
  case when((_ error: (any Error)?) -> Signal<Value>)

  /// `.now` for true, `.never` for false.
  public init(_ flag: Bool) { self = flag ? .now : .never }
}

/// What the subscribers of one `share()` have in common.
private struct ShareState<Value> {
  /// The subscription of a notifier a reset waits for.
  var resetting: SerialDisposable?
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
