import Reactive

extension Signal {
  /// On each failure, sends the error into the signal of errors that `notifier` was given; each
  /// value of the signal `notifier` returns subscribes again (RxJS `retryWhen`).
  ///
  ///     self:                                 --1#      (each subscription)
  ///     retryWhen { errors in errors.take(1) }: --1--1|
  ///
  /// `notifier` is called once, at the first failure. Its signal's completion completes the
  /// result and its error is forwarded.
  ///
  /// - Parameters:
  ///   - probe: Told the subscription in use as lane `attempt` (1 for the first, 2 for the first
  ///     retry, …).
  ///   - notifier: Makes, from the signal of errors, the signal that triggers retries.
  public func retryWhen<T>(
    probe: StateProbe? = nil, _ notifier: @escaping (Signal<any Error>) -> Signal<T>
  ) -> Signal<Value> {
    resubscribedWhen(notifier, probe: probe) { event in
      guard case .error(let error) = event else { return nil }
      return error
    } finish: { _, subscriber in
      subscriber.sendCompleted()
    }
  }

  /// On each completion, sends a value into the signal `notifier` was given; each value of the
  /// signal `notifier` returns subscribes again (RxJS `repeatWhen`).
  ///
  ///     self:                                     --1|      (each subscription)
  ///     repeatWhen { done in done.take(1) }:      --1--1|
  ///
  /// `notifier` is called once, at the first completion (with a signal of `()`s). The result
  /// completes when its signal has completed and the source's latest subscription too; its
  /// error is forwarded.
  ///
  /// - Parameters:
  ///   - probe: Told the subscription in use as lane `attempt` (1 for the first, 2 for the first
  ///     repetition, …).
  ///   - notifier: Makes, from the signal of completions, the signal that triggers
  ///     repetitions.
  public func repeatWhen<T>(
    probe: StateProbe? = nil, _ notifier: @escaping (Signal<Void>) -> Signal<T>
  ) -> Signal<Value> {
    resubscribedWhen(notifier, probe: probe) { event in
      guard case .completed = event else { return nil }
      return ()
    } finish: { sourceDone, subscriber in
      if sourceDone { subscriber.sendCompleted() }
    }
  }

  /// Subscribes; each terminal event that `trigger` turns into a value goes into a subject that
  /// `notifier` was handed (at the first such event); each value of `notifier`'s signal
  /// subscribes again at once, as RxJS does, except while the source is still being subscribed
  /// (it terminated synchronously): then it hops onto the current scheduler, so that a runaway
  /// loop meets the scheduler's action bound, not the stack. `finish` runs at the notifier's completion with
  /// whether the source's latest subscription has ended. `probe` is told each subscription's
  /// ordinal as lane `attempt`.
  private func resubscribedWhen<E, T>(
    _ notifier: @escaping (Signal<E>) -> Signal<T>,
    probe: StateProbe?,
    trigger: @escaping (Event<Value>) -> E?,
    finish: @escaping (Bool, Subscriber<Value>) -> Void
  ) -> Signal<Value> {
    Signal { subscriber in
      let current = SerialDisposable()
      subscriber.attach(current)
      let state = Locked((subject: Subject<E>?.none, sourceDone: false, notifierDone: false))
      // Whether the source is being subscribed right now: a trigger that answers at once
      // then resubscribes from an action, not by recursion.
      var subscribing = false
      let report = probe?.take()
      var attempt = 0
      func subscribeOnce() {
        if subscriber.isDisposed { return }
        if let report {
          attempt += 1
          report(.attempt, attempt)
        }
        state.withLock { $0.sourceDone = false }
        let inner = Subscriber<Value> { event in
          guard event.isTerminal, let item = trigger(event) else { return subscriber.send(event) }
          let (subject, isNew, notifierDone) = state.withLock {
            state -> (Subject<E>, Bool, Bool) in
            state.sourceDone = true
            if let subject = state.subject { return (subject, false, state.notifierDone) }
            let subject = Subject<E>()
            state.subject = subject
            return (subject, true, false)
          }
          // The notifier has completed (`repeatWhen`): this was the last subscription.
          if notifierDone { return subscriber.send(event) }
          if isNew {
            let gate = Subscriber<T> { signal in
              switch signal {
              case .next:
                current.swap(nil)?.dispose()
                if subscribing, let scheduler = CurrentScheduler.current {
                  subscriber.schedule(on: scheduler) { subscribeOnce() }
                } else {
                  subscribeOnce()
                }
              case .error(let error): subscriber.sendError(error)
              case .completed:
                let sourceDone = state.withLock { state -> Bool in
                  state.notifierDone = true
                  return state.sourceDone
                }
                finish(sourceDone, subscriber)
              }
            }
            subscriber.attach(gate)
            notifier(subject).subscribe(gate)
          }
          subject.sendNext(item)
        }
        current.swap(inner)?.dispose()
        subscribing = true
        self.subscribe(inner)
        subscribing = false
      }
      subscribeOnce()
      return nil
    }
  }
}
