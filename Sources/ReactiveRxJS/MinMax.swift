import Reactive

extension Signal {
  /// Sends the smallest value by `areInIncreasingOrder` when the source completes; an empty
  /// source completes without a value (RxJS `min`).
  ///
  ///     self:       --3--1--2--|
  ///     minimum(by: <): -----------(1|)
  ///
  /// Of equal values the first is kept.
  ///
  /// A `probe` reports the smallest value so far as lane `smallest`, when it changes.
  public func minimum(
    probe: StateProbe? = nil, by areInIncreasingOrder: @escaping (Value, Value) -> Bool
  ) -> Signal<Value> {
    reduce(probe: probe, lane: .smallest) { best, value in
      areInIncreasingOrder(value, best) ? (value, true) : (best, false)
    }
  }

  /// Sends the largest value by `areInIncreasingOrder` when the source completes; an empty
  /// source completes without a value (RxJS `max`).
  ///
  ///     self:       --3--1--2--|
  ///     maximum(by: <): -----------(3|)
  ///
  /// Of equal values the first is kept.
  ///
  /// A `probe` reports the largest value so far as lane `largest`, when it changes.
  public func maximum(
    probe: StateProbe? = nil, by areInIncreasingOrder: @escaping (Value, Value) -> Bool
  ) -> Signal<Value> {
    reduce(probe: probe, lane: .largest) { best, value in
      areInIncreasingOrder(best, value) ? (value, true) : (best, false)
    }
  }
}
