/// A disposable that disposes its wrapped disposable when it is itself deinitialised
/// (RACScopedDisposable), tying a subscription to an owner's lifetime.
public final class ScopedDisposable: Disposable, @unchecked Sendable {
  private let wrapped: any Disposable

  /// Wraps `disposable`, disposing it at the latest when this object is released.
  public init(_ disposable: any Disposable) {
    wrapped = disposable
  }

  deinit { wrapped.dispose() }

  public var isDisposed: Bool { wrapped.isDisposed }

  /// Disposes the wrapped disposable now.
  public func dispose() { wrapped.dispose() }
}

extension Disposable {
  /// Wraps this disposable so that it is disposed when the returned object is released.
  public func scoped() -> ScopedDisposable { ScopedDisposable(self) }
}
