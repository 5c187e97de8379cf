import Reactive

extension Signal {
  /// Collects values into arrays, each sent `span` ticks after it opened; without `every` the
  /// next array opens as one is sent, with it an array opens every `every` ticks (RxJS
  /// `bufferTime`).
  ///
  ///     self:                   -a-b-c-d-|
  ///     bufferTime(4, on: s):   ----x---y(z|)     x = [a, b], y = [c, d], z = []
  ///
  /// The first array opens at subscription, before the source is subscribed, and arrays are
  /// sent empty too. With `every`, arrays may overlap (each value goes into every open one) or
  /// leave gaps. On completion every open array is sent, in opening order, even empty, then
  /// the completion; a failure is forwarded at once and the open arrays are dropped.
  ///
  /// With `maxBufferSize`, an array is sent as soon as it holds that many values (its timer is
  /// cancelled); without `every` the next opens at once, at that value's time, and its `span`
  /// starts there (RxJS `bufferTime(span, null, maxBufferSize)`); with it the next opens on
  /// schedule.
  ///
  /// - Parameters:
  ///   - span: How long an array stays open, in ticks; values less than 1 count as 1.
  ///   - every: Ticks between array openings; when nil, an array opens as the last is sent.
  ///     Values less than 1 count as 1.
  ///   - maxBufferSize: The most values an array holds; nil (or less than 1): no limit.
  ///   - scheduler: The scheduler that measures the time and sends the arrays.
  ///   - probe: Told the open arrays, in opening order, as lane `buffers`.
  public func bufferTime(
    _ span: Int, every: Int? = nil, maxBufferSize: Int? = nil, on scheduler: any Scheduler,
    probe: StateProbe? = nil
  ) -> Signal<[Value]> {
    let span = Swift.max(1, span)
    let limit = maxBufferSize.flatMap { $0 >= 1 ? $0 : nil }
    return Signal<[Value]> { subscriber in
      /// The open arrays in opening order, each with its timer and the token that holds the
      /// timer in `subscriber`.
      let state = Locked(
        (
          next: 0,
          open: [
            (
              id: Int, values: [Value], timer: SerialDisposable,
              token: CompositeDisposable.Token?
            )
          ]()
        ))
      let report = probe?.take()
      report?(.buffers, [[Value]]())
      /// Tells the probe (if any) the open arrays.
      func reportOpen() {
        guard let report else { return }
        report(.buffers, state.withLock { $0.open.map(\.values) })
      }
      /// Sends the array `id`, if it is still open, and opens the next when there is no step;
      /// `cancel` disposes its timer (false when the timer itself is running).
      func send(_ id: Int, cancel: Bool) {
        let closed = state.withLock {
          state -> (values: [Value], timer: SerialDisposable, token: CompositeDisposable.Token?)?
          in
          guard let index = state.open.firstIndex(where: { $0.id == id }) else { return nil }
          let record = state.open.remove(at: index)
          return (record.values, record.timer, record.token)
        }
        guard let closed else { return }
        subscriber.detach(closed.token)
        if cancel { closed.timer.dispose() }
        reportOpen()
        subscriber.sendNext(closed.values)
        if every == nil { open() }
      }
      /// Opens an array and schedules its sending.
      func open() {
        if subscriber.isDisposed { return }
        let timer = SerialDisposable()
        let token = subscriber.attachRemovable(timer)
        let id = state.withLock { state -> Int in
          state.next += 1
          state.open.append((state.next, [], timer, token))
          return state.next
        }
        reportOpen()
        timer.swap(scheduler.schedule(after: span) { send(id, cancel: false) })?.dispose()
      }
      if let every {
        subscriber.attach(scheduler.schedule(every: Swift.max(1, every)) { open() })
      }
      open()
      if subscriber.isDisposed { return nil }
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          let full = state.withLock { state -> [Int] in
            var full: [Int] = []
            for index in state.open.indices {
              state.open[index].values.append(value)
              if let limit, state.open[index].values.count >= limit {
                full.append(state.open[index].id)
              }
            }
            return full
          }
          // A value with no array open changes nothing.
          if report != nil, !state.withLock({ $0.open.isEmpty }) { reportOpen() }
          for id in full { send(id, cancel: true) }
        case .error(let error):
          subscriber.sendError(error)
        case .completed:
          let rest = state.withLock { state -> [(values: [Value], timer: SerialDisposable)] in
            defer { state.open = [] }
            return state.open.map { ($0.values, $0.timer) }
          }
          for record in rest { record.timer.dispose() }
          if !rest.isEmpty { report?(.buffers, [[Value]]()) }
          for record in rest { subscriber.sendNext(record.values) }
          subscriber.sendCompleted()
        }
      }
    }
  }
}
