import Reactive

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
  /// - Parameters:
  ///   - other: The signal whose latest value is attached.
  ///   - probe: Reports `other`'s latest value as lane `latest` (nil until it has one).
  public func withLatestFrom<T>(_ other: Signal<T>, probe: StateProbe? = nil)
    -> Signal<(Value, T)>
  {
    Signal<(Value, T)> { subscriber in
      let latest = Locked<T?>(nil)
      let report = probe?.take()
      report?(.latest, T?.none as Any)
      other.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          latest.withLock { $0 = value }
          report?(.latest, value)
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
  /// - Parameters:
  ///   - others: The signals whose latest values are attached, in order.
  ///   - probe: Reports the latest values of `others` as lane `latest` (nil until each has one).
  public func withLatestFrom(_ others: [Signal<Value>], probe: StateProbe? = nil)
    -> Signal<[Value]>
  {
    guard !others.isEmpty else { return map { [$0] } }
    return withLatestFrom(Signal.combineLatest(others), probe: probe).map { [$0] + $1 }
  }
}
