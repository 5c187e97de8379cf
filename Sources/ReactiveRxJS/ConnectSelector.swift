import Reactive

extension Signal {
  /// Shares one subscription to this signal among the subscriptions that `selector` makes to
  /// the signal it is given (RxJS 7 `connect(selector)`).
  ///
  /// Each subscription to the result makes a fresh subject, subscribes the signal `selector`
  /// returns for it, and only then subscribes this signal into the subject, so every part of
  /// the selector's signal sees this signal from its first event. The subject remembers its
  /// end, as an RxJS `Subject`: a part subscribed after this signal ended gets that end at once.
  /// Disposing the result disposes both subscriptions.
  ///
  ///     self:                                    -1-2-3|
  ///     connect { s in merge(s.map(*10), s) }:   -(a1)-(b2)-(c3)|   a = 10 …
  ///
  /// With a `connector`, each subscription shares the input through the subject it makes
  /// instead (RxJS `connect(selector, { connector })`): a `ReplaySubject(capacity: n)` lets a
  /// part subscribed later get the last `n` values, a `BehaviorSubject` starts every part with
  /// its value.
  ///
  /// - Parameters:
  ///   - probe: Told how many parts of the selector's signal are subscribed to the shared
  ///     subject, as lane `subscribers`.
  ///   - connector: Makes the subject for one subscription; nil: a subject that remembers
  ///     its end.
  ///   - selector: Makes the result from the shared signal.
  public func connect<Result>(
    probe: StateProbe? = nil, connector: (() -> Subject<Value>)? = nil,
    selector: @escaping (Signal<Value>) -> Signal<Result>
  )
    -> Signal<Result>
  {
    Signal<Result> { subscriber in
      let shared = connector?() ?? ReplaySubject<Value>(capacity: 0)
      if let report = probe?.take() {
        let subjectProbe = StateProbe()
        subjectProbe.armWithLanes(report)
        shared.addProbe(subjectProbe)
      }
      selector(shared).subscribe(for: subscriber) { subscriber.send($0) }
      if subscriber.isDisposed { return nil }
      self.subscribe(for: subscriber) { shared.send($0) }
      return nil
    }
  }
}
