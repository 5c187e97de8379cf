import Reactive

extension Signal {
  /// Collects values and sends them as an array each time `notifier` sends; on completion
  /// sends the last array, even an empty one, then completes (RxJS `buffer`).
  ///
  ///     self:              --a-b---c--d-|
  ///     notifier:          -----x-----x----
  ///     buffer(notifier):  -----x-----y-(z|)    x = [a, b], y = [c], z = [d]
  ///
  /// The source is subscribed first, then the notifier. The notifier's completion is ignored;
  /// an error from either is forwarded and the collected values are dropped.
  ///
  /// - Parameter notifier: The signal whose values close each array.
  ///
  /// A `probe` reports the buffer being filled as lane `buffered`.
  public func buffer<T>(_ notifier: Signal<T>, probe: StateProbe? = nil) -> Signal<[Value]> {
    Signal<[Value]> { subscriber in
      let buffer = Locked<[Value]>([])
      let report = probe?.take()
      report?(.buffered, [Value]())
      let take = {
        let values = buffer.withLock { values -> [Value] in
          defer { values = [] }
          return values
        }
        report?(.buffered, [Value]())
        return values
      }
      self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let value):
          let values = buffer.withLock {
            $0.append(value)
            return $0
          }
          report?(.buffered, values)
        case .error(let error): subscriber.sendError(error)
        case .completed:
          subscriber.sendLast(take())
        }
      }
      if subscriber.isDisposed { return nil }
      return notifier.subscribe(for: subscriber) { event in
        switch event {
        case .next: subscriber.sendNext(take())
        case .error(let error): subscriber.sendError(error)
        case .completed: break
        }
      }
    }
  }
}
