/// A disposable that runs a closure on its first `dispose()` (RACDisposable `disposableWithBlock:`).
public final class ActionDisposable: Disposable, @unchecked Sendable {
  // Invariant: `action` is only touched under `lock`; it is nil once disposed.
  private let lock = Lock()
  private var action: (() -> Void)?
  private var disposed = false

  /// Creates a disposable that calls `action` when disposed.
  public init(_ action: @escaping () -> Void) {
    self.action = action
  }

  /// Creates a disposable with nothing to clean up.
  public init() {
    self.action = nil
  }

  /// Whether `dispose()` has run.
  public var isDisposed: Bool { lock.withLock { disposed } }

  /// Runs the action, at most once.
  public func dispose() {
    lock.lock()
    if disposed {
      lock.unlock()
      return
    }
    disposed = true
    let action = self.action
    self.action = nil
    lock.unlock()
    action?()
  }
}
