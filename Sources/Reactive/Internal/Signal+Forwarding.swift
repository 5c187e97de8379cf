extension Signal {
  /// Subscribes `handler` to this signal on behalf of `downstream`, the subscriber of an
  /// operator built on this signal.
  ///
  /// The upstream subscriber is tied to `downstream` *before* this signal is subscribed (RAC's
  /// `bind` adds its subscription holder first for the same reason). So when `downstream`
  /// terminates or is disposed while this signal is still sending synchronously, the sending
  /// stops: `Signal.from(1...).map { $0 }.take(3)` and `just(1).repeat().map { $0 }.take(3)`
  /// end instead of running forever.
  ///
  /// - Returns: `nil`, for a subscribe closure to return; the subscription is already tied.
  @inlinable @discardableResult
  package func subscribe<T>(
    for downstream: Subscriber<T>, _ handler: @escaping (Event<Value>) -> Void
  ) -> (any Disposable)? {
    let upstream = Subscriber(handler)
    downstream.attach(upstream)
    subscribe(upstream)
    return nil
  }
}
