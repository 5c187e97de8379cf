extension Signal {
  /// Runs `action` for each value, just before the value is forwarded (RAC `doNext:`).
  ///
  ///     self:            --1--2--|
  ///     doNext(log):     --1--2--|    log sees 1 at frame 2, 2 at frame 5
  ///
  /// - Parameter action: The side effect; it runs once per value per subscription.
  public func doNext(_ action: @escaping (Value) -> Void) -> Signal<Value> {
    doEvent { event in
      if case .next(let value) = event { action(value) }
    }
  }

  /// Runs `action` with the error, just before the error is forwarded (RAC `doError:`).
  ///
  ///     self:            --1--#
  ///     doError(log):    --1--#       log sees the error at frame 5
  ///
  /// - Parameter action: The side effect.
  public func doError(_ action: @escaping (any Error) -> Void) -> Signal<Value> {
    doEvent { event in
      if case .error(let error) = event { action(error) }
    }
  }

  /// Runs `action` just before the completion is forwarded (RAC `doCompleted:`).
  ///
  ///     self:                --1--|
  ///     doCompleted(log):    --1--|       log runs at frame 5
  ///
  /// - Parameter action: The side effect.
  public func doCompleted(_ action: @escaping () -> Void) -> Signal<Value> {
    doEvent { event in
      if case .completed = event { action() }
    }
  }

  func doEvent(_ action: @escaping (Event<Value>) -> Void) -> Signal<Value> {
    Signal { subscriber in
      self.subscribe(for: subscriber) { event in
        action(event)
        subscriber.send(event)
      }
    }
  }
}
