import Reactive

extension Signal {
  /// Sends a value once the signal `duration` returns for it sends, unless a newer value came
  /// first (RxJS `debounce`).
  ///
  ///     self:                       -ab----c---|
  ///     debounce { _ in --x }:      ---b-----c-|
  ///
  /// Each value replaces the pending one and its duration signal. On completion the pending
  /// value, if any, is sent at once, then the completion. An error from the source or a
  /// duration signal is forwarded and the pending value is dropped; a duration signal that
  /// completes without a value drops nothing and sends nothing.
  ///
  /// - Parameter duration: Makes the signal whose first value releases a value.
  ///
  /// A `probe` reports the value waiting for its duration signal as lane `pending`.
  public func debounce<T>(probe: StateProbe? = nil, _ duration: @escaping (Value) -> Signal<T>)
    -> Signal<Value>
  {
    debounce(probe: probe, releasedBy: duration)
  }
}
