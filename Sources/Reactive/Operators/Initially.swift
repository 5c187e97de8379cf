extension Signal {
  /// Runs `action` at each subscription, just before this signal is subscribed (RAC
  /// `initially:`).
  ///
  ///     self:              --1--|
  ///     initially(log):    --1--|     log runs at frame 0, once per subscription
  ///
  /// - Parameter action: The side effect.
  public func initially(_ action: @escaping () -> Void) -> Signal<Value> {
    Signal.defer {
      action()
      return self
    }
  }
}
