extension Signal {
  /// Runs `action` when this signal completes or fails, just before the terminal event is
  /// forwarded (RAC `finally:`).
  ///
  ///     self:            --1--|          --1--#
  ///     finally(log):    --1--|          --1--#     log runs at frame 5 in both
  ///
  /// As in RAC, `action` does **not** run when the subscription is disposed before a terminal
  /// event; attach clean-up that must run on disposal to the subscriber instead
  /// (`Signal { subscriber in …; return ActionDisposable { … } }`).
  ///
  /// - Parameter action: The side effect.
  public func finally(_ action: @escaping () -> Void) -> Signal<Value> {
    doEvent { event in
      if event.isTerminal { action() }
    }
  }
}
