import Reactive

extension Signal {
  /// Waits for all `signals` to complete and sends their last values together, then completes
  /// (RxJS `forkJoin`).
  ///
  ///     a:              --1--2----|
  ///     b:              ----x--|
  ///     forkJoin(a, b): ----------([2, x]|)
  ///
  /// A signal that completes without a value completes the result at once, without a value;
  /// the first error is forwarded. No signals: `empty`.
  ///
  /// A `probe` reports the last value of each input as lane `latest` and how many
  /// inputs completed as lane `done`.
  public static func forkJoin(_ signals: [Signal<Value>], probe: StateProbe? = nil)
    -> Signal<[Value]>
  {
    guard !signals.isEmpty else { return .empty }
    return Signal<[Value]> { subscriber in
      let state = Locked((last: [Value?](repeating: nil, count: signals.count), done: 0))
      let report = probe?.take()
      report?(.latest, state.value.last)
      report?(.done, 0)
      for (index, signal) in signals.enumerated() {
        if subscriber.isDisposed { break }
        signal.subscribe(for: subscriber) { event in
          switch event {
          case .next(let value):
            let last = state.withLock {
              $0.last[index] = value
              return $0.last
            }
            report?(.latest, last)
          case .error(let error): subscriber.sendError(error)
          case .completed:
            let (values, finished, done) = state.withLock { state -> ([Value?], Bool, Int) in
              state.done += 1
              return (state.last, state.done == signals.count, state.done)
            }
            report?(.done, done)
            guard values[index] != nil else { return subscriber.sendCompleted() }
            guard finished else { return }
            subscriber.sendLast(values.compactMap { $0 })
          }
        }
      }
      return nil
    }
  }
}
