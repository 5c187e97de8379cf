import Reactive

extension Signal {
  /// Opens a window at each value of `openings` and completes it when the signal `closing`
  /// returns for that value first sends (RxJS `windowToggle`).
  ///
  ///     self:                                 -a-b-c-d-e-|
  ///     openings:                             --o-----o----
  ///     windowToggle(openings) { _ in ---x }: --x-----y--|     x = -b-c|, y = -e-|
  ///
  /// Windows may overlap; each value goes into every open one. `openings` is subscribed before
  /// the source; its completion and a closing signal's completion without a value are ignored
  /// (that window stays open). Completion of the source completes the open windows, then the
  /// result; an error from any side fails the open windows, then the result.
  ///
  /// - Parameters:
  ///   - openings: The signal whose values open windows.
  ///   - probe: Told the values in each open window, in opening order, as lane `windows`.
  ///   - closing: Makes, for an opening value, the signal whose first value closes its window.
  public func windowToggle<O, C>(
    _ openings: Signal<O>, probe: StateProbe? = nil, closing: @escaping (O) -> Signal<C>
  ) -> Signal<Signal<Value>> {
    Signal<Signal<Value>> { subscriber in
      let windows = OpenWindows<Value>(report: probe?.take())
      openings.subscribe(for: subscriber) { event in
        switch event {
        case .next(let opening):
          let (id, window) = windows.open()
          subscriber.sendNext(window)
          // Holds the closing subscription, so that its first value can end it.
          let slot = SerialDisposable()
          let token = subscriber.attachRemovable(slot)
          let ender = Subscriber<C> { ending in
            switch ending {
            case .next:
              subscriber.detach(token)
              slot.dispose()
              windows.close(id)
            case .error(let error): windows.forward(.error(error), to: subscriber)
            case .completed: break
            }
          }
          slot.swap(ender)?.dispose()
          closing(opening).subscribe(ender)
        case .error(let error): windows.forward(.error(error), to: subscriber)
        case .completed: break
        }
      }
      if subscriber.isDisposed { return nil }
      return self.subscribe(for: subscriber) { event in
        windows.forward(event, to: subscriber)
      }
    }
  }

  /// Sends windows one after another: each closes, and the next opens, when the signal
  /// `closing` returns for it sends its first value or completes (RxJS `windowWhen`).
  ///
  ///     self:                      -a-b---c--|
  ///     windowWhen { ----x }:      x---y---z-|     x = -a-b|, y = ---c|, z = --|
  ///
  /// The first window and its closing signal start at subscription, before the source is
  /// subscribed. Completion of the source completes the window, then the result; an error from
  /// either side fails the window, then the result.
  ///
  /// - Parameters:
  ///   - probe: Told the values in the open window as lane `windows` (one array).
  ///   - closing: Makes the signal whose first value or completion closes the current window.
  public func windowWhen<T>(probe: StateProbe? = nil, _ closing: @escaping () -> Signal<T>)
    -> Signal<Signal<Value>>
  {
    Signal<Signal<Value>> { subscriber in
      let windows = OpenWindows<Value>(report: probe?.take())
      let closer = SerialDisposable()
      subscriber.attach(closer)
      let current = Locked<Int?>(nil)
      func open() {
        if let previous = current.withLock({ $0 }) { windows.close(previous) }
        if subscriber.isDisposed { return }
        let (id, window) = windows.open()
        current.withLock { $0 = id }
        subscriber.sendNext(window)
        if subscriber.isDisposed { return }
        let ender = Subscriber<T> { event in
          switch event {
          case .next, .completed:
            closer.swap(nil)?.dispose()
            open()
          case .error(let error): windows.forward(.error(error), to: subscriber)
          }
        }
        closer.swap(ender)?.dispose()
        closing().subscribe(ender)
      }
      open()
      if subscriber.isDisposed { return nil }
      return self.subscribe(for: subscriber) { event in
        windows.forward(event, to: subscriber)
      }
    }
  }
}
