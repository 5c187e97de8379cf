import Reactive

extension Signal {
  /// Resubscribes after a failure when the signal `delay` returns for it sends a value: at most
  /// `count` times, or forever when nil (RxJS `retry({ count, delay: (error, n) => … })`).
  ///
  ///     self:                                  --1--#          (each subscription)
  ///     retry(1) { _, n in ---x }:             --1--------1--#
  ///
  /// `n` counts the retries from 1. A delay signal that completes without a value completes
  /// the result; its error is forwarded.
  ///
  /// - Parameters:
  ///   - count: The most resubscriptions; `nil` for no limit.
  ///   - delay: Makes the signal whose first value starts the next subscription.
  ///   - probe: Reports the attempt (1 for the first subscription, 2 for the first retry, …)
  ///     as lane `attempt`.
  public func retry<T>(
    _ count: Int?, when delay: @escaping (any Error, Int) -> Signal<T>, probe: StateProbe? = nil
  ) -> Signal<Value> {
    resubscribed(count, probe: probe) { event, attempt -> Signal<T>? in
      guard case .error(let error) = event else { return nil }
      return delay(error, attempt)
    }
  }

  /// Subscribes again after completion when the signal `delay` returns sends a value: `count`
  /// subscriptions in all, or forever when nil (RxJS `repeat({ count, delay: (n) => … })`).
  ///
  ///     self:                              --1--|          (each subscription)
  ///     repeat(2) { n in --x }:            --1----1--|
  ///
  /// `n` counts the repetitions from 1. A delay signal that completes without a value
  /// completes the result; its error is forwarded.
  ///
  /// - Parameters:
  ///   - count: The total number of subscriptions; `nil` for no limit.
  ///   - delay: Makes the signal whose first value starts the next subscription.
  ///   - probe: Reports the attempt (1 for the first subscription, 2 for the first repetition,
  ///     …) as lane `attempt`.
  public func `repeat`<T>(
    _ count: Int?, when delay: @escaping (Int) -> Signal<T>, probe: StateProbe? = nil
  ) -> Signal<Value> {
    guard count.map({ $0 > 0 }) ?? true else { return .empty }
    return resubscribed(count.map { $0 - 1 }, probe: probe) { event, attempt -> Signal<T>? in
      guard case .completed = event else { return nil }
      return delay(attempt)
    }
  }

  /// Subscribes, and at each terminal event that `notifier` answers with a signal (within
  /// `limit` times), subscribes again once that signal sends. Resubscriptions hop onto the
  /// current scheduler, so a runaway loop meets the scheduler's action bound, not the stack.
  /// `probe` hears the number of each subscription as it starts (lane `attempt`).
  private func resubscribed<T>(
    _ limit: Int?, probe: StateProbe?, _ notifier: @escaping (Event<Value>, Int) -> Signal<T>?
  ) -> Signal<Value> {
    Signal { subscriber in
      let current = SerialDisposable()
      subscriber.attach(current)
      let report = probe?.take()
      var attempts = 0
      func subscribeOnce() {
        if subscriber.isDisposed { return }
        report?(.attempt, attempts + 1)
        let inner = Subscriber<Value> { event in
          guard event.isTerminal, limit.map({ attempts < $0 }) ?? true,
            let delay = notifier(event, attempts + 1)
          else { return subscriber.send(event) }
          attempts += 1
          let gate = Subscriber<T> { signal in
            switch signal {
            case .next:
              current.swap(nil)?.dispose()
              if let scheduler = CurrentScheduler.current {
                subscriber.schedule(on: scheduler) { subscribeOnce() }
              } else {
                subscribeOnce()
              }
            case .error(let error): subscriber.sendError(error)
            case .completed: subscriber.sendCompleted()
            }
          }
          current.swap(gate)?.dispose()
          delay.subscribe(gate)
        }
        current.swap(inner)?.dispose()
        self.subscribe(inner)
      }
      subscribeOnce()
      return nil
    }
  }
}
