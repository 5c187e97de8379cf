import Reactive

extension Signal {
  /// Sends whether this signal and `other` send equal values in the same order and the same
  /// number of them, as soon as that is decided, then completes (RxJS `sequenceEqual`).
  ///
  ///     self:                   -a-b-c-|
  ///     other:                  --a-b-c-|
  ///     sequenceEqual(other):   --------(t|)
  ///     with other --a-x:       ----(f|)
  ///
  /// Values are compared pairwise as they arrive; a difference, or a value from one side after
  /// the other has completed with nothing left to compare, sends `false` at once. When the
  /// second side completes, sends whether the first one left no value unmatched (as RxJS 7
  /// does, values the second side held back before the first completed are not counted). This
  /// signal is subscribed first; an error from either is forwarded.
  ///
  /// - Parameters:
  ///   - other: The signal to compare with.
  ///   - probe: Told the values of each side not compared yet as lane `queues` (this signal's,
  ///     then `other`'s) and which sides completed as lane `done`.
  ///   - areEqual: Whether two values are equal.
  public func sequenceEqual(
    _ other: Signal<Value>, probe: StateProbe? = nil, by areEqual: @escaping (Value, Value) -> Bool
  ) -> Signal<Bool> {
    Signal<Bool> { subscriber in
      // Side 0 is this signal, side 1 `other`.
      let state = Locked((buffers: [[Value]](repeating: [], count: 2), done: [false, false]))
      let report = probe?.take()
      report?(.queues, [[Value]](repeating: [], count: 2))
      report?(.done, [false, false])
      func decide(_ equal: Bool) {
        subscriber.sendLast(equal)
      }
      func handle(_ side: Int, _ event: Event<Value>) {
        let otherSide = 1 - side
        switch event {
        case .next(let value):
          // nil: held back; .none inside: the other side is done, so unequal.
          let step = state.withLock { state -> Value?? in
            if state.buffers[otherSide].isEmpty {
              if state.done[otherSide] { return .some(nil) }
              state.buffers[side].append(value)
              return nil
            }
            return .some(state.buffers[otherSide].removeFirst())
          }
          if let report {
            switch step {
            case .some(.none): break  // the other side was done: nothing changed
            default: report(.queues, state.withLock { $0.buffers })
            }
          }
          switch step {
          case .none: break
          case .some(.none): decide(false)
          case .some(.some(let earlier)):
            let equal = side == 0 ? areEqual(value, earlier) : areEqual(earlier, value)
            if !equal { decide(false) }
          }
        case .error(let error): subscriber.sendError(error)
        case .completed:
          let outcome = state.withLock { state -> Bool? in
            state.done[side] = true
            guard state.done[otherSide] else { return nil }
            return state.buffers[otherSide].isEmpty
          }
          if let report { report(.done, state.withLock { $0.done }) }
          if let outcome { decide(outcome) }
        }
      }
      self.subscribe(for: subscriber) { handle(0, $0) }
      if subscriber.isDisposed { return nil }
      return other.subscribe(for: subscriber) { handle(1, $0) }
    }
  }
}
