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
  func schedule(
    on scheduler: any Scheduler, after delay: Int? = nil, _ action: @escaping () -> Void
  ) {
    let slot = Locked(TiedSlot())
    let work = { [weak self] in
      let token = slot.withLock { slot -> CompositeDisposable.Token? in
        slot.ran = true
        return slot.token
      }
      self?.detach(token)
      action()
    }
    let disposable =
      if let delay { scheduler.schedule(after: delay, work) } else { scheduler.schedule(work) }
    let token = attachRemovable(disposable)
    let ranAlready = slot.withLock { slot -> Bool in
      slot.token = token
      return slot.ran
    }
    if ranAlready { detach(token) }
  }
}

/// What a tied action and its scheduling call share.
private struct TiedSlot {
  /// The attachment to remove once the action has run (nil until attached).
  var token: CompositeDisposable.Token?
  /// Whether the action has started.
  var ran = false
}
