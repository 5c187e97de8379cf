extension Signal {
  /// Forwards this signal, then, if it completes, `other` (RAC `concat:`).
  ///
  /// An error from this signal is forwarded and `other` is never subscribed.
  ///
  ///     self:    --a--|
  ///     other:        --b--|
  ///     concat:  --a----b--|
  public func concat(with other: Signal<Value>) -> Signal<Value> {
    Signal { subscriber in
      self.subscribe(for: subscriber) { event in
        if case .completed = event {
          other.subscribe(for: subscriber, subscriber.send)
        } else {
          subscriber.send(event)
        }
      }
    }
  }

  /// Concatenates `signals`: each is subscribed when the one before completes (RAC `+concat:`).
  public static func concat(_ signals: [Signal<Value>]) -> Signal<Value> {
    Signal<Signal<Value>>.from(signals).concat()
  }

  /// Concatenates `signals` (RAC `+concat:`); see `concat(_:)` with an array.
  ///
  ///     a:       --1|
  ///     b:          -2|
  ///     concat:  --1-2|
  public static func concat(_ signals: Signal<Value>...) -> Signal<Value> {
    concat(signals)
  }

  /// Subscribes `value` before this signal: `just(value).concat(self)` (RAC `startWith:`).
  ///
  ///     self:          --a--|
  ///     startWith(s):  s-a--|   (s at the subscription instant)
  public func startWith(_ value: Value) -> Signal<Value> {
    Signal.just(value).concat(with: self)
  }

  /// Concatenates a signal of signals: inner signals are queued and run one at a time
  /// (RAC `concat` = `flatten:1`).
  ///
  ///     outer:   xy-------|     x = --a|, y = -b|
  ///     concat:  --a-b----|
  ///
  /// A `probe` reports the running inner signal as lane `current` (the ordinal, 1, 2, …, of the
  /// outer value it came from; nil between inners) and the waiting ones as lane `queue`.
  public func concat<T>(probe: StateProbe? = nil) -> Signal<T> where Value == Signal<T> {
    Signal<T> { subscriber in
      let state = Locked(ConcatState<T>())
      let current = SerialDisposable()
      subscriber.attach(current)
      let report = probe?.take()
      var ordinal = 0
      var queued: [Int] = []
      report?(.current, Int?.none as Any)
      report?(.queue, queued)
      func startNext() {
        while true {
          let next: Signal<T>? = state.withLock { state in
            if state.active || state.head == state.queue.count { return nil }
            state.active = true
            return state.dequeue()
          }
          guard let next else {
            if state.withLock({ !$0.active && $0.head == $0.queue.count && $0.outerDone }) {
              subscriber.sendCompleted()
            }
            return
          }
          var finishedSynchronously = false
          var subscribing = true
          let inner = Subscriber<T> { event in
            if case .completed = event {
              state.withLock { $0.active = false }
              report?(.current, Int?.none as Any)
              if subscribing { finishedSynchronously = true } else { startNext() }
            } else {
              subscriber.send(event)
            }
          }
          current.inner = inner
          if let report, !queued.isEmpty {
            report(.current, queued.removeFirst())
            report(.queue, queued)
          }
          next.subscribe(inner)
          subscribing = false
          if !finishedSynchronously { return }
        }
      }
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let signal):
          state.withLock { $0.queue.append(signal) }
          if let report {
            ordinal += 1
            queued.append(ordinal)
            report(.queue, queued)
          }
          startNext()
        case .error(let error):
          subscriber.sendError(error)
        case .completed:
          state.withLock { $0.outerDone = true }
          startNext()
        }
      }
    }
  }
}

private struct ConcatState<T> {
  var queue: [Signal<T>] = []
  var head = 0
  var active = false
  var outerDone = false

  /// Takes the oldest queued signal; amortised O(1).
  mutating func dequeue() -> Signal<T> {
    let signal = queue[head]
    head += 1
    if head > 32 && head * 2 > queue.count {
      queue.removeFirst(head)
      head = 0
    }
    return signal
  }
}
