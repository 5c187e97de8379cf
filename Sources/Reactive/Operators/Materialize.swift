extension Signal {
  /// Turns every event into a value; completes after forwarding a terminal event as a value
  /// (RAC `materialize`).
  ///
  ///     self:         --a--#
  ///     materialize:  --x--(y|)    x = next(a), y = error(e)
  public func materialize() -> Signal<Event<Value>> {
    Signal<Event<Value>> { subscriber in
      self.subscribe(for: subscriber) { event in
        subscriber.sendNext(event)
        if event.isTerminal { subscriber.sendCompleted() }
      }
    }
  }

  /// Turns `Event` values back into events (RAC `dematerialize`); the inverse of `materialize`.
  ///
  ///     self:           --x--(y|)    x = next(a), y = error(e)
  ///     dematerialize:  --a--#
  public func dematerialize<T>() -> Signal<T> where Value == Event<T> {
    Signal<T> { subscriber in
      self.subscribe(for: subscriber) { event in
        switch event {
        case .next(let inner): subscriber.send(inner)
        case .error(let error): subscriber.sendError(error)
        case .completed: subscriber.sendCompleted()
        }
      }
    }
  }
}
