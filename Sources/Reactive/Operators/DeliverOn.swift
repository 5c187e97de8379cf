extension Signal {
  /// Subscribes in place, then re-sends every event from its own action on `scheduler`, in
  /// order (RAC `deliverOn:`). Disposal drops deliveries still pending. On the virtual main
  /// queue every delivery is asynchronous: it runs later in the same frame.
  ///
  ///     self:             --a--|
  ///     deliverOn(main):  --a--|   (each event one hop later, same frame)
  ///
  /// Inlinable, so that a client module's signals of concrete values are specialised.
  @inlinable public func deliverOn(_ scheduler: any Scheduler) -> Signal<Value> {
    Signal { subscriber in
      self.subscribe(for: subscriber) { event in
        // Tied to the subscription and detached once run, even when the scheduler runs it on
        // another thread before `schedule` returns.
        subscriber.schedule(on: scheduler) { subscriber.send(event) }
      }
    }
  }

  /// Performs the subscription (and so the source's side effects) in an action on `scheduler`;
  /// events are not rescheduled. Disposal before that action runs prevents the subscription
  /// (RAC `subscribeOn:`).
  ///
  ///     self:               --a--|
  ///     subscribeOn(main):  --a--|   (subscribed one hop after the subscription call)
  public func subscribeOn(_ scheduler: any Scheduler) -> Signal<Value> {
    Signal { subscriber in
      scheduler.schedule {
        self.subscribe(for: subscriber, subscriber.send)
      }
    }
  }
}
