extension Signal {
  /// Sends each value of this signal together with the latest value of `other`, once `other`
  /// has one (RxJS `withLatestFrom`).
  ///
  ///     self:              ---1----2--3-|
  ///     other:             -a----b-------
  ///     withLatestFrom:    ---p----q--r-|   p = (1, a), q = (2, b), r = (3, b)
  ///
  /// `other` is subscribed first. Values of this signal before `other`'s first value are
  /// dropped. Only this signal's completion completes the result; `other`'s completion keeps
  /// its last value. An error from either terminates.
  ///
  /// - Parameter other: The signal whose latest value is attached.
  public func withLatestFrom<T>(_ other: Signal<T>) -> Signal<(Value, T)> {
    Signal<(Value, T)> { subscriber in
      let latest = Locked<T?>(nil)
      other.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value): latest.withLock { $0 = value }
        case .error(let error): subscriber.sendError(error)
        case .completed: break
        }
      }
      if subscriber.isDisposed { return nil }
      return self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          if let last = latest.value { subscriber.sendNext((value, last)) }
        case .error(let error): subscriber.sendError(error)
        case .completed: subscriber.sendCompleted()
        }
      }
    }
  }

  /// Sends each value of this signal followed by the latest values of `others`, once every one
  /// of them has a value (RxJS `withLatestFrom(a, b, …)`).
  ///
  ///     self:                    ----1----2-|
  ///     a:                       -x---------
  ///     b:                       ---y----z--
  ///     withLatestFrom([a, b]):  ----p----q-|   p = [1, x, y], q = [2, x, z]
  ///
  /// `others` are subscribed first, in order. With no `others` each value is sent as `[value]`.
  ///
  /// - Parameter others: The signals whose latest values are attached, in order.
  public func withLatestFrom(_ others: [Signal<Value>]) -> Signal<[Value]> {
    guard !others.isEmpty else { return map { [$0] } }
    return withLatestFrom(Signal.combineLatest(others)).map { [$0] + $1 }
  }
}
