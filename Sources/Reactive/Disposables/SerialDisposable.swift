/// A disposable holding one inner disposable that can be replaced (RACSerialDisposable).
///
/// Replacing the inner disposable does not dispose the old one; disposing the serial disposable
/// disposes the current inner one, and any inner one set afterwards at once.
public final class SerialDisposable: Disposable, @unchecked Sendable {
  // Invariant: `current` and `disposed` are only touched under `lock`.
  private let lock = Lock()
  private var current: (any Disposable)?
  private var disposed = false

  /// Creates a serial disposable, optionally holding `disposable`.
  public init(_ disposable: (any Disposable)? = nil) {
    current = disposable
  }

  /// Whether `dispose()` has run.
  public var isDisposed: Bool { lock.withLock { disposed } }

  /// The current inner disposable. Setting it on a disposed serial disposable disposes the value.
  public var inner: (any Disposable)? {
    get { lock.withLock { current } }
    set { _ = swap(newValue) }
  }

  /// Replaces the inner disposable and returns the previous one, undisposed.
  @discardableResult
  public func swap(_ disposable: (any Disposable)?) -> (any Disposable)? {
    let (old, refused) = lock.withLock { () -> ((any Disposable)?, Bool) in
      if disposed { return (nil, true) }
      defer { current = disposable }
      return (current, false)
    }
    if refused { disposable?.dispose() }
    return old
  }

  /// Disposes the inner disposable, once.
  public func dispose() {
    let inner = lock.withLock { () -> (any Disposable)? in
      if disposed { return nil }
      disposed = true
      defer { current = nil }
      return current
    }
    inner?.dispose()
  }
}
