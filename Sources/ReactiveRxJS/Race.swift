import Reactive

extension Signal {
  /// Mirrors whichever of `signals` sends its first event first, and disposes the others (RxJS
  /// `race`).
  ///
  ///     a:         ----a--|
  ///     b:         --b-------b|
  ///     race(a,b): --b-------b|
  ///
  /// The signals are subscribed in order; one that sends while being subscribed wins before
  /// the later ones are subscribed. No signals: `never`.
  ///
  /// A `probe` reports the winning input (1, 2, …) as lane `winner` once it sends.
  public static func race(_ signals: [Signal<Value>], probe: StateProbe? = nil) -> Signal<Value> {
    Signal { subscriber in
      let winner = Locked<Int?>(nil)
      let report = probe?.take()
      report?(.winner, Int?.none as Any)
      let subscriptions = signals.map { _ in SerialDisposable() }
      for subscription in subscriptions { subscriber.attach(subscription) }
      var reported = false
      for (index, signal) in signals.enumerated() {
        if winner.value != nil { break }
        let inner = Subscriber<Value> { event in
          let wins = winner.withLock { current -> Bool in
            if current == nil { current = index }
            return current == index
          }
          guard wins else { return }
          if let report, !reported {
            reported = true
            report(.winner, index + 1)
          }
          for (other, subscription) in subscriptions.enumerated() where other != index {
            subscription.swap(nil)?.dispose()
          }
          subscriber.send(event)
        }
        subscriptions[index].swap(inner)?.dispose()
        signal.subscribe(inner)
      }
      return nil
    }
  }
}
