import Reactive

extension Signal {
  /// Sends a value once the signal `duration` returns for it sends, unless a newer value came
  /// first (RxJS `debounce`).
  ///
  ///     self:                       -ab----c---|
  ///     debounce { _ in --x }:      ---b-----c-|
  ///
  /// Each value replaces the pending one and its duration signal. On completion the pending
  /// value, if any, is sent at once, then the completion. An error from the source or a
  /// duration signal is forwarded and the pending value is dropped; a duration signal that
  /// completes without a value drops nothing and sends nothing.
  ///
  /// - Parameter duration: Makes the signal whose first value releases a value.
  ///
  /// A `probe` reports the value waiting for its duration signal as lane `pending`.
  public func debounce<T>(probe: StateProbe? = nil, _ duration: @escaping (Value) -> Signal<T>)
    -> Signal<Value>
  {
    Signal { subscriber in
      let state = Locked((pending: Value?.none, generation: 0))
      let timer = SerialDisposable()
      subscriber.attach(timer)
      let report = probe?.take()
      report?(.pending, Value?.none as Any)
      func flush(_ generation: Int?) {
        let value = state.withLock { state -> Value? in
          if let generation, generation != state.generation { return nil }
          defer { state.pending = nil }
          return state.pending
        }
        if let value {
          report?(.pending, Value?.none as Any)
          subscriber.sendNext(value)
        }
      }
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          let generation = state.withLock { state -> Int in
            state.pending = value
            state.generation += 1
            return state.generation
          }
          report?(.pending, value)
          let ender = Subscriber<T> { ending in
            switch ending {
            case .next:
              timer.swap(nil)?.dispose()
              flush(generation)
            case .error(let error): subscriber.sendError(error)
            case .completed: break
            }
          }
          timer.swap(ender)?.dispose()
          duration(value).subscribe(ender)
        case .error:
          subscriber.send(event)
        case .completed:
          timer.swap(nil)?.dispose()
          flush(nil)
          subscriber.sendCompleted()
        }
      }
    }
  }
}
