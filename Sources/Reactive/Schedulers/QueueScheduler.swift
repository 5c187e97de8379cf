import Dispatch

/// Runs actions asynchronously on a Dispatch queue, for real programs (RACQueueScheduler).
///
/// Ticks are milliseconds. Actions run in FIFO order on a serial queue.
public final class QueueScheduler: Scheduler, @unchecked Sendable {
  // Invariant: `queue` is immutable.
  private let queue: DispatchQueue

  /// A scheduler on the process's main queue.
  public static let main = QueueScheduler(queue: .main)

  /// Creates a scheduler on `queue`, or on a new serial queue with `label`.
  public init(queue: DispatchQueue? = nil, label: String = "marbles.queue-scheduler") {
    self.queue = queue ?? DispatchQueue(label: label)
  }

  /// Milliseconds of monotonic clock time.
  public var now: Int { Int(Self.monotonicMilliseconds()) }

  static func monotonicMilliseconds() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds / 1_000_000
  }

  /// Enqueues `action` asynchronously.
  ///
  /// Inside a virtual-time run (an action of a `VirtualTimeScheduler` on this thread) nothing
  /// is enqueued: the run cannot see real queues, and their work would touch its state from
  /// another thread. The run stops instead with `VirtualTimeError.realSchedulerInVirtualRun`,
  /// whose message names the virtual main queue to pass (`mainScheduler: ts.main`).
  @discardableResult
  public func schedule(_ action: @escaping () -> Void) -> any Disposable {
    if refusedInVirtualRun() { return ActionDisposable() }
    let disposable = ActionDisposable()
    let work = UncheckedAction(action)
    queue.async {
      if !disposable.isDisposed { work.run() }
    }
    return disposable
  }

  /// Enqueues `action` to run after `delay` milliseconds.
  @discardableResult
  public func schedule(after delay: Int, _ action: @escaping () -> Void) -> any Disposable {
    if refusedInVirtualRun() { return ActionDisposable() }
    let disposable = ActionDisposable()
    let work = UncheckedAction(action)
    queue.asyncAfter(deadline: .now() + .milliseconds(max(0, delay))) {
      if !disposable.isDisposed { work.run() }
    }
    return disposable
  }
}

extension QueueScheduler {
  /// Whether the caller runs inside a virtual-time run, which is then told to stop.
  private func refusedInVirtualRun() -> Bool {
    guard let virtual = CurrentScheduler.current as? VirtualTimeScheduler else { return false }
    virtual.refuseRealScheduler()
    return true
  }
}

/// Carries a closure across a Dispatch boundary. The scheduler's contract is that the caller
/// chose the queue the work runs on, as in ReactiveObjC.
private struct UncheckedAction: @unchecked Sendable {
  let run: () -> Void
  init(_ run: @escaping () -> Void) { self.run = run }
}
