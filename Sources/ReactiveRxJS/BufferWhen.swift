import Reactive

extension Signal {
  /// Collects values into an array until the signal `closing` returns sends, sends the array
  /// and starts the next one with a new closing signal (RxJS `bufferWhen`).
  ///
  ///     self:                       -a-b---c--|
  ///     bufferWhen { ----x }:       ----x---y-(z|)     x = [a, b], y = [c], z = []
  ///
  /// The first array and its closing signal start at subscription, before the source is
  /// subscribed. A closing signal that completes without a value leaves the array open until
  /// the source completes. On completion the open array is sent, even empty; an error from
  /// either side is forwarded and the array dropped.
  ///
  /// - Parameters:
  ///   - probe: Told the array being filled as lane `buffered` (`[]` once it is sent).
  ///   - closing: Makes the signal whose first value closes the current array.
  public func bufferWhen<T>(probe: StateProbe? = nil, _ closing: @escaping () -> Signal<T>)
    -> Signal<[Value]>
  {
    Signal<[Value]> { subscriber in
      let buffer = Locked<[Value]?>(nil)
      let report = probe?.take()
      let closer = SerialDisposable()
      subscriber.attach(closer)
      func open() {
        let previous = buffer.withLock { buffer -> [Value]? in
          defer { buffer = [] }
          return buffer
        }
        report?(.buffered, [Value]())
        if let previous { subscriber.sendNext(previous) }
        if subscriber.isDisposed { return }
        let ender = Subscriber<T> { event in
          switch event {
          case .next:
            closer.swap(nil)?.dispose()
            open()
          case .error(let error): subscriber.sendError(error)
          case .completed: break
          }
        }
        closer.swap(ender)?.dispose()
        closing().subscribe(ender)
      }
      open()
      if subscriber.isDisposed { return nil }
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          guard let report else {
            buffer.withLock { $0?.append(value) }
            return
          }
          let filled = buffer.withLock { buffer -> [Value] in
            buffer?.append(value)
            return buffer ?? []
          }
          report(.buffered, filled)
        case .error(let error): subscriber.sendError(error)
        case .completed:
          let rest = buffer.withLock { buffer -> [Value] in
            defer { buffer = nil }
            return buffer ?? []
          }
          report?(.buffered, [Value]())
          subscriber.sendLast(rest)
        }
      }
    }
  }

  /// Opens an array at each value of `openings` and sends it when the signal `closing` returns
  /// for that value sends (RxJS `bufferToggle`).
  ///
  ///     self:                                 -a-b-c-d-e-|
  ///     openings:                             --o-----o----
  ///     bufferToggle(openings) { _ in ---x }: -----x-----y-|     x = [b, c], y = [e]
  ///
  /// Arrays may overlap; each value goes into every open one. `openings` is subscribed before
  /// the source; its completion and a closing signal's completion without a value are ignored
  /// (that array stays open). On completion the open arrays are sent in opening order, then the
  /// completion; an error from any side is forwarded.
  ///
  /// - Parameters:
  ///   - openings: The signal whose values open arrays.
  ///   - probe: Told the open arrays, in opening order, as lane `buffers`.
  ///   - closing: Makes, for an opening value, the signal whose first value closes its array.
  public func bufferToggle<O, C>(
    _ openings: Signal<O>, probe: StateProbe? = nil, closing: @escaping (O) -> Signal<C>
  ) -> Signal<[Value]> {
    Signal<[Value]> { subscriber in
      let state = Locked((next: 0, open: [(id: Int, values: [Value])]()))
      let report = probe?.take()
      report?(.buffers, [[Value]]())
      /// Tells the probe (if any) the open arrays.
      func reportOpen() {
        guard let report else { return }
        report(.buffers, state.withLock { $0.open.map(\.values) })
      }
      openings.subscribe(for: subscriber) { event in
        switch event {
        case .next(let opening):
          let id = state.withLock { state -> Int in
            state.next += 1
            state.open.append((state.next, []))
            return state.next
          }
          reportOpen()
          // Holds the closing subscription, so that its first value can end it.
          let slot = SerialDisposable()
          let token = subscriber.attachRemovable(slot)
          let ender = Subscriber<C> { ending in
            switch ending {
            case .next:
              subscriber.detach(token)
              slot.dispose()
              let values = state.withLock { state -> [Value]? in
                guard let index = state.open.firstIndex(where: { $0.id == id }) else { return nil }
                return state.open.remove(at: index).values
              }
              reportOpen()
              if let values { subscriber.sendNext(values) }
            case .error(let error): subscriber.sendError(error)
            case .completed: break
            }
          }
          slot.swap(ender)?.dispose()
          closing(opening).subscribe(ender)
        case .error(let error): subscriber.sendError(error)
        case .completed: break
        }
      }
      if subscriber.isDisposed { return nil }
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          state.withLock { state in
            for index in state.open.indices { state.open[index].values.append(value) }
          }
          // A value with no array open changes nothing.
          if report != nil, !state.withLock({ $0.open.isEmpty }) { reportOpen() }
        case .error(let error): subscriber.sendError(error)
        case .completed:
          let rest = state.withLock { state -> [[Value]] in
            defer { state.open = [] }
            return state.open.map(\.values)
          }
          if !rest.isEmpty { report?(.buffers, [[Value]]()) }
          for values in rest { subscriber.sendNext(values) }
          subscriber.sendCompleted()
        }
      }
    }
  }
}
