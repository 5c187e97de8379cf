/// A named queue on a `VirtualTimeScheduler`: same clock, same FIFO heap, its own identity, so
/// that tests can tell "on main" from "on a background queue" (`currentScheduler`).
///
/// Scheduling always enqueues (never runs inline), like RACScheduler.mainThreadScheduler.
public final class VirtualQueue: Scheduler, @unchecked Sendable, CustomStringConvertible {
  /// The queue's name, e.g. `main`.
  public let name: String
  // Weak: the scheduler keeps its `main` queue, and a queue may outlive its scheduler (a
  // command's deinit may schedule its last events on `main` after a run was torn down). Work
  // scheduled on a queue whose scheduler is gone is dropped.
  private weak var owner: VirtualTimeScheduler?

  init(name: String, scheduler: VirtualTimeScheduler) {
    self.name = name
    self.owner = scheduler
  }

  /// The scheduler that owns the clock, while it exists.
  public var scheduler: VirtualTimeScheduler? { owner }

  /// The owning scheduler's time (0 once the scheduler is gone).
  public var now: Int { owner?.now ?? 0 }

  /// Enqueues `action` at the current frame, after everything already queued.
  @discardableResult
  public func schedule(_ action: @escaping () -> Void) -> any Disposable {
    guard let owner else { return ScheduledAction.dropped }
    return owner.enqueue(at: owner.now, queue: self, action)
  }

  /// Enqueues `action` `delay` frames from now.
  @discardableResult
  public func schedule(after delay: Int, _ action: @escaping () -> Void) -> any Disposable {
    guard let owner else { return ScheduledAction.dropped }
    return owner.enqueue(at: owner.now &+ max(0, delay), queue: self, action)
  }

  /// Whether the action running now was scheduled on this queue.
  public var isCurrent: Bool { owner?.currentScheduler === self }

  public var description: String { name }
}
