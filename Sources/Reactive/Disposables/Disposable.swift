/// Something that can be cancelled or cleaned up, once.
///
/// Disposing twice is harmless; the second call does nothing.
public protocol Disposable: AnyObject, Sendable {
  /// Whether `dispose()` has run.
  var isDisposed: Bool { get }
  /// Runs the clean-up, at most once.
  func dispose()
}
