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
  @usableFromInline func schedule(
    on scheduler: any Scheduler, after delay: Int? = nil, _ action: @escaping () -> Void
  ) {
    // A subscriber without a lock belongs to a virtual-time run's thread (see `init`); an
    // action on a virtual-time scheduler runs on that same thread, so the slot needs no lock.
    let slot = TiedSlot(locked: lock != nil || !Self.isVirtual(scheduler))
    let work = { [weak self] in
      self?.detach(slot.markRan())
      action()
    }
    let disposable =
      if let delay { scheduler.schedule(after: delay, work) } else { scheduler.schedule(work) }
    let token = attachRemovable(disposable)
    if slot.store(token) { detach(token) }
  }

  /// Whether `scheduler` runs its actions only inside a virtual-time run.
  private static func isVirtual(_ scheduler: any Scheduler) -> Bool {
    scheduler is VirtualQueue || scheduler is VirtualTimeScheduler
  }
}

/// What a tied action and its scheduling call share: one object, with a lock only when the two
/// may run on different threads.
private final class TiedSlot: @unchecked Sendable {
  // Invariant: `token` and `ran` are only read or written under `lock`, or, when `lock` is nil,
  // on the one thread of a virtual-time run.
  private let lock: Lock?
  /// The attachment to remove once the action has run (nil until attached).
  // Unchecked exclusivity: accesses never overlap (see the invariant above).
  @exclusivity(unchecked) private var token: CompositeDisposable.Token?
  /// Whether the action has started.
  @exclusivity(unchecked) private var ran = false

  init(locked: Bool) {
    lock = locked ? Lock() : nil
  }

  /// Records that the action started; returns the attachment to remove, if already stored.
  func markRan() -> CompositeDisposable.Token? {
    lock?.lock()
    defer { lock?.unlock() }
    ran = true
    return token
  }

  /// Stores the attachment; returns whether the action already started (so nobody removed it).
  func store(_ token: CompositeDisposable.Token?) -> Bool {
    lock?.lock()
    defer { lock?.unlock() }
    self.token = token
    return ran
  }
}
