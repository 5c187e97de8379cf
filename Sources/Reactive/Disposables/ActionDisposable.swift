/// A disposable that runs a closure on its first `dispose()` (RACDisposable `disposableWithBlock:`).
public final class ActionDisposable: Disposable, @unchecked Sendable {
  // Invariant: `action` is only touched under `lock`; it is nil once disposed.
  private let lock = Lock()
  private var action: (() -> Void)?
  private var disposed = false

  /// Creates a disposable that calls `action` when disposed (without one, nothing to clean up).
  public init(_ action: (() -> Void)? = nil) {
    self.action = action
  }

  /// Whether `dispose()` has run.
  public var isDisposed: Bool { lock.withLock { disposed } }

  /// Runs the action, at most once.
  public func dispose() {
    let action = lock.withLock { () -> (() -> Void)? in
      if disposed { return nil }
      disposed = true
      defer { self.action = nil }
      return self.action
    }
    action?()
  }
}
