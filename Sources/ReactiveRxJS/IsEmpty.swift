import Reactive

extension Signal {
  /// Sends `false` and completes at the first value, or `true` when the source completes
  /// without one (RxJS `isEmpty`).
  ///
  ///     self:       ---a--|        ----|
  ///     isEmpty:    ---(f|)        ----(t|)       f = false, t = true
  public func isEmpty() -> Signal<Bool> {
    every { _, _ in false }
  }
}
