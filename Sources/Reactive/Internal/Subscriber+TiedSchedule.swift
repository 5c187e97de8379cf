extension Subscriber {
  /// Schedules `action` on `scheduler` as a resource of this subscription.
  ///
  /// Disposing or terminating the subscription cancels the action; once the action has run it is
  /// detached again, so a long subscription does not accumulate finished actions. Safe when the
  /// scheduler runs the action on another thread before `schedule` returns.
  ///
  /// - Parameters:
  ///   - scheduler: Where the action runs.
  ///   - delay: Ticks to wait; `nil` enqueues with `schedule(_:)` (the next turn, FIFO).
  ///   - action: The work.
  @inlinable package func schedule(
    on scheduler: any Scheduler, after delay: Int? = nil, _ action: @escaping () -> Void
  ) {
    // A subscriber without a lock belongs to a virtual-time run's thread (see `init`); an
    // action on a virtual-time scheduler runs on that same thread, so the tie needs no lock.
    let tie = TiedAction(
      self, locked: lock != nil || !VirtualTimeScheduler.runsOnlyInVirtualRun(scheduler), action)
    // The scheduled closure captures the tie alone (no closure context of its own).
    let work = { tie.run() }
    let disposable =
      if let delay { scheduler.schedule(after: delay, work) } else { scheduler.schedule(work) }
    let token = attachRemovable(disposable)
    if tie.store(token) { detach(token) }
  }
}

/// A tied action: what the scheduled work and its scheduling call share, in one object, with a
/// lock only when the two may run on different threads.
@usableFromInline final class TiedAction<Value>: @unchecked Sendable {
  // Invariant: `token` and `ran` are only read or written under `lock`, or, when `lock` is nil,
  // on the one thread of a virtual-time run. `subscriber` and `action` are set once, in `init`.
  // Unchecked exclusivity: accesses never overlap.
  @usableFromInline let lock: Lock?
  /// The subscription the action is tied to; weak, so that a pending action does not keep it.
  @exclusivity(unchecked) @usableFromInline weak var subscriber: Subscriber<Value>?
  @usableFromInline let action: () -> Void
  /// The attachment to remove once the action has run (nil until attached).
  @exclusivity(unchecked) @usableFromInline var token: CompositeDisposable.Token?
  /// Whether the action has started.
  @exclusivity(unchecked) @usableFromInline var ran = false

  @inlinable init(_ subscriber: Subscriber<Value>, locked: Bool, _ action: @escaping () -> Void) {
    self.subscriber = subscriber
    self.action = action
    lock = locked ? Lock() : nil
  }

  /// Runs the action, detaching it from the subscription first (if the subscription is still
  /// there).
  @inlinable func run() {
    subscriber?.detach(markRan())
    action()
  }

  /// Records that the action started; returns the attachment to remove, if already stored.
  @inlinable func markRan() -> CompositeDisposable.Token? {
    lock?.lock()
    defer { lock?.unlock() }
    ran = true
    return token
  }

  /// Stores the attachment; returns whether the action already started (so nobody removed it).
  @inlinable func store(_ token: CompositeDisposable.Token?) -> Bool {
    lock?.lock()
    defer { lock?.unlock() }
    self.token = token
    return ran
  }
}
