import Reactive

extension RxJSOperators {
  /// Sends the latest value each time `notifier` sends, but only a value that arrived since
  /// the last sample (RxJS `sample`).
  ///
  ///     self:                  --1---2-3-----|
  ///     notifier:              ----x---x--x-|
  ///     rxjs.sample(notifier): ----1---3-----|
  ///
  /// Unlike RAC `sample:`, a value is never sent twice and the notifier's completion does not
  /// complete the result; the source's completion does. An error from either is forwarded.
  /// The source is subscribed first, then the notifier.
  ///
  /// - Parameter notifier: The signal whose values cause a sample.
  ///
  /// A `probe` reports the value not sent yet as lane `latest` (nil once sent).
  public func sample<T>(_ notifier: Signal<T>, probe: StateProbe? = nil) -> Signal<Value> {
    signal.sample(notifier, probe: probe, once: true)
  }
}
