extension Signal {
  /// A signal that sends `value` and completes, synchronously at subscription (RAC `return:`).
  ///
  ///     just(a):   (a|)
  @inlinable public static func just(_ value: Value) -> Signal<Value> {
    Signal { subscriber in
      subscriber.sendNext(value)
      subscriber.sendCompleted()
      return nil
    }
  }

  /// A signal that completes at once (RAC `empty`).
  ///
  ///     empty:   |
  public static var empty: Signal<Value> {
    Signal { subscriber in
      subscriber.sendCompleted()
      return nil
    }
  }

  /// A signal that never sends anything (RAC `never`).
  ///
  ///     never:   --------
  public static var never: Signal<Value> {
    Signal { _ in nil }
  }

  /// A signal that fails at once with `error` (RAC `error:`).
  ///
  ///     fail(e):   #
  public static func fail(_ error: any Error) -> Signal<Value> {
    Signal { subscriber in
      subscriber.sendError(error)
      return nil
    }
  }

  /// A signal that runs `factory` at each subscription and forwards the signal it returns
  /// (RAC `defer:`).
  public static func `defer`(_ factory: @escaping () -> Signal<Value>) -> Signal<Value> {
    Signal { subscriber in
      factory().subscribe(subscriber)
    }
  }

  /// A signal that sends each element of `values` in order, then completes, synchronously
  /// (RAC `-[NSArray rac_sequence].signal` on the current scheduler).
  ///
  ///     from([a, b, c]):   (abc|)
  public static func from<S: Sequence>(_ values: S) -> Signal<Value> where S.Element == Value {
    Signal { subscriber in
      for value in values {
        if subscriber.isDisposed { return nil }
        subscriber.sendNext(value)
      }
      subscriber.sendCompleted()
      return nil
    }
  }
}
