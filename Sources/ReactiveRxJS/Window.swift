import Reactive

extension Signal {
  /// Sends a window, a signal of the values until `notifier` next sends; then the next window
  /// (RxJS `window`).
  ///
  ///     self:              --a-b--c-|
  ///     notifier:          -----x------
  ///     window(notifier):  x----y---|       x = --a-b|, y = --c-| (each from its frame)
  ///
  /// The first window opens at subscription. Completion or failure of the source ends the
  /// current window the same way and then the result; the notifier's completion is ignored,
  /// its failure fails both.
  ///
  /// - Parameter notifier: The signal whose values close one window and open the next.
  ///
  /// A `probe` reports the values in the open window as lane `inWindow`.
  public func window<T>(_ notifier: Signal<T>, probe: StateProbe? = nil)
    -> Signal<Signal<Value>>
  {
    Signal<Signal<Value>> { subscriber in
      let current = Locked(Subject<Value>())
      let report = probe?.take()
      // The values sent into the open window (drawn only).
      var inWindow: [Value] = []
      report?(.inWindow, inWindow)
      subscriber.sendNext(current.value)
      let end = { (event: Event<Value>) in
        current.value.send(event)
        switch event {
        case .error(let error): subscriber.sendError(error)
        default: subscriber.sendCompleted()
        }
      }
      self.subscribe(for: subscriber) { event in
        if case .next(let value) = event {
          if let report {
            inWindow.append(value)
            report(.inWindow, inWindow)
          }
          current.value.send(event)
        } else {
          end(event)
        }
      }
      if subscriber.isDisposed { return nil }
      return notifier.subscribe(for: subscriber) { event in
        switch event {
        case .next:
          let next = Subject<Value>()
          let previous = current.withLock { window -> Subject<Value> in
            defer { window = next }
            return window
          }
          previous.sendCompleted()
          inWindow = []
          report?(.inWindow, inWindow)
          subscriber.sendNext(next)
        case .error(let error): end(.error(error))
        case .completed: break
        }
      }
    }
  }

  /// Sends windows of at most `size` values, a new one opening every `every` values (RxJS
  /// `windowCount`).
  ///
  ///     self:             -a-b-c-d-|
  ///     windowCount(2):   x--y---z-|       x = -a-(b|), y = --c-(d|), z = --|
  ///
  /// The first window opens at subscription. Completion or failure of the source ends every
  /// open window the same way, then the result.
  ///
  /// - Parameters:
  ///   - size: The most values in a window, at least 1.
  ///   - every: Values between window openings; `size` when nil.
  ///
  /// A `probe` reports how many values each open window holds as lane `windows`.
  public func windowCount(_ size: Int, every: Int? = nil, probe: StateProbe? = nil)
    -> Signal<Signal<Value>>
  {
    let size = Swift.max(1, size)
    let every = Swift.max(1, every ?? size)
    return Signal<Signal<Value>> { subscriber in
      let state = Locked((windows: [(subject: Subject<Value>, count: Int)](), seen: 0))
      let report = probe?.take()
      let first = Subject<Value>()
      state.withLock { $0.windows.append((first, 0)) }
      report?(.windows, [0])
      subscriber.sendNext(first)
      return self.subscribe(for: subscriber) { event in
        guard case .next = event else {
          let open = state.withLock { state -> [Subject<Value>] in
            defer { state.windows = [] }
            return state.windows.map(\.subject)
          }
          for window in open { window.send(event) }
          if case .error(let error) = event { return subscriber.sendError(error) }
          return subscriber.sendCompleted()
        }
        let (targets, full, opens) = state.withLock {
          state -> ([Subject<Value>], [Subject<Value>], Bool) in
          state.seen += 1
          for index in state.windows.indices { state.windows[index].count += 1 }
          let targets = state.windows.map(\.subject)
          let full = state.windows.filter { $0.count >= size }.map(\.subject)
          state.windows.removeAll { $0.count >= size }
          return (targets, full, state.seen % every == 0)
        }
        for window in targets { window.send(event) }
        for window in full { window.sendCompleted() }
        if let report, !opens { report(.windows, state.withLock { $0.windows.map(\.count) }) }
        if opens {
          let next = Subject<Value>()
          let counts = state.withLock {
            $0.windows.append((next, 0))
            return $0.windows.map(\.count)
          }
          report?(.windows, counts)
          subscriber.sendNext(next)
        }
      }
    }
  }
}
