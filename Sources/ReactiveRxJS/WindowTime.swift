import Reactive

extension Signal {
  /// Sends windows, signals of the values during `span` ticks each; without `every` the next
  /// window opens as one closes, with it a window opens every `every` ticks (RxJS
  /// `windowTime`).
  ///
  ///     self:                   -a-b-c-d-|
  ///     windowTime(4, on: s):   x---y---z|     x = -a-b|, y = -c-d|, z = -|
  ///
  /// The first window opens at subscription, before the source is subscribed. With `every`,
  /// windows may overlap (each value goes into every open one) or leave gaps. Completion or
  /// failure of the source ends every open window the same way, then the result.
  ///
  /// With `maxWindowSize`, a window completes as soon as it has received that many values (its
  /// timer is cancelled); without `every` the next window opens at once, at that value's time
  /// (RxJS `windowTime(span, null, maxWindowSize)`), with it the next opens on schedule.
  ///
  /// - Parameters:
  ///   - span: How long a window stays open, in ticks; values less than 1 count as 1.
  ///   - every: Ticks between window openings; when nil, a window opens as the last closes.
  ///   - maxWindowSize: The most values a window receives; nil (or less than 1): no limit.
  ///   - scheduler: The scheduler that measures the time.
  ///   - probe: Told the values in each open window, in opening order, as lane `windows`.
  public func windowTime(
    _ span: Int, every: Int? = nil, maxWindowSize: Int? = nil, on scheduler: any Scheduler,
    probe: StateProbe? = nil
  ) -> Signal<Signal<Value>> {
    let span = Swift.max(1, span)
    let limit = maxWindowSize.flatMap { $0 >= 1 ? $0 : nil }
    return Signal<Signal<Value>> { subscriber in
      let windows = OpenWindows<Value>(report: probe?.take())
      /// Each open window's timer and how many values it has received, by window id.
      let timers = Locked(
        [Int: (timer: SerialDisposable, token: CompositeDisposable.Token?, seen: Int)]())
      /// Opens a window and schedules its closing.
      func open() {
        if subscriber.isDisposed { return }
        let (id, window) = windows.open()
        subscriber.sendNext(window)
        let timer = SerialDisposable()
        let token = subscriber.attachRemovable(timer)
        if limit != nil { timers.withLock { $0[id] = (timer, token, 0) } }
        timer.swap(
          scheduler.schedule(after: span) {
            subscriber.detach(token)
            timers.withLock { $0[id] = nil }
            windows.close(id)
            if every == nil { open() }
          })?.dispose()
      }
      if let every {
        subscriber.attach(scheduler.schedule(every: Swift.max(1, every)) { open() })
      }
      open()
      if subscriber.isDisposed { return nil }
      return self.subscribe(for: subscriber) { event in
        guard let limit, case .next(let value) = event else {
          return windows.forward(event, to: subscriber)
        }
        for id in windows.ids {
          windows.sendNext(value, to: id)
          let full = timers.withLock {
            timers -> (timer: SerialDisposable, token: CompositeDisposable.Token?)? in
            guard var entry = timers[id] else { return nil }
            entry.seen += 1
            if entry.seen < limit {
              timers[id] = entry
              return nil
            }
            timers[id] = nil
            return (entry.timer, entry.token)
          }
          guard let full else { continue }
          subscriber.detach(full.token)
          full.timer.dispose()
          windows.close(id)
          if every == nil { open() }
        }
      }
    }
  }
}

/// The open windows of a windowing operator, in opening order, with the values each has
/// received so far (for its probe).
final class OpenWindows<Value>: @unchecked Sendable {
  /// The open windows; guarded by `Locked`.
  private let state = Locked(
    (next: 0, open: [(id: Int, window: Subject<Value>, values: [Value])]()))
  /// Told the values in each open window as lane `windows`.
  private let report: ((StateLane, Any) -> Void)?

  init(report: ((StateLane, Any) -> Void)?) {
    self.report = report
    report?(.windows, [[Value]]())
  }

  /// Opens a window and returns it with its id.
  func open() -> (Int, Subject<Value>) {
    let window = Subject<Value>()
    let id = state.withLock { state -> Int in
      state.next += 1
      state.open.append((state.next, window, []))
      return state.next
    }
    tell()
    return (id, window)
  }

  /// Completes the window `id`, if it is still open.
  func close(_ id: Int) {
    let window = state.withLock { state -> Subject<Value>? in
      guard let index = state.open.firstIndex(where: { $0.id == id }) else { return nil }
      return state.open.remove(at: index).window
    }
    guard let window else { return }
    tell()
    window.sendCompleted()
  }

  /// The ids of the open windows, in opening order.
  var ids: [Int] { state.withLock { $0.open.map(\.id) } }

  /// Sends `value` to the window `id`, if it is still open.
  func sendNext(_ value: Value, to id: Int) {
    let window = state.withLock { state -> Subject<Value>? in
      guard let index = state.open.firstIndex(where: { $0.id == id }) else { return nil }
      if report != nil { state.open[index].values.append(value) }
      return state.open[index].window
    }
    guard let window else { return }
    if report != nil { tell() }
    window.sendNext(value)
  }

  /// Sends a value to every open window; a terminal event ends every open window, then
  /// `subscriber`, the same way.
  func forward(_ event: Event<Value>, to subscriber: Subscriber<Signal<Value>>) {
    if case .next(let value) = event {
      let targets = state.withLock { state -> [Subject<Value>] in
        if report != nil {
          for index in state.open.indices { state.open[index].values.append(value) }
        }
        return state.open.map(\.window)
      }
      if !targets.isEmpty { tell() }
      for window in targets { window.send(event) }
      return
    }
    let open = state.withLock { state -> [Subject<Value>] in
      defer { state.open = [] }
      return state.open.map(\.window)
    }
    if !open.isEmpty { tell() }
    for window in open { window.send(event) }
    if case .error(let error) = event {
      subscriber.sendError(error)
    } else {
      subscriber.sendCompleted()
    }
  }

  /// Tells the probe, if any, the values in each open window.
  private func tell() {
    guard let report else { return }
    report(.windows, state.withLock { $0.open.map(\.values) })
  }
}
