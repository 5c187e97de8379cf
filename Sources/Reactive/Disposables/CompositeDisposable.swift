/// A disposable that disposes a group of disposables together (RACCompoundDisposable).
///
/// Adding to a disposed composite disposes the added item at once. Items are disposed in the
/// order they were added.
public final class CompositeDisposable: Disposable, @unchecked Sendable {
  /// A handle that removes one item from the composite without disposing it.
  public struct Token: Sendable {
    let id: UInt64
  }

  // Invariant: `items` is only touched under `lock`.
  private let lock = Lock()
  private var items = DisposableList()

  /// Creates an empty composite, or one holding `disposables`.
  public init(_ disposables: [any Disposable] = []) {
    for disposable in disposables { add(disposable) }
  }

  /// Whether `dispose()` has run.
  public var isDisposed: Bool { lock.withLock { items.isClosed } }

  /// Adds `disposable`, or disposes it at once if the composite is already disposed.
  @discardableResult
  public func add(_ disposable: (any Disposable)?) -> Token? {
    guard let disposable else { return nil }
    guard let token = lock.withLock({ items.insert(disposable) }) else {
      disposable.dispose()
      return nil
    }
    return token
  }

  /// Adds a closure to run on disposal.
  @discardableResult
  public func add(_ action: @escaping () -> Void) -> Token? {
    add(ActionDisposable(action))
  }

  /// Removes the item that `token` names without disposing it.
  public func remove(_ token: Token?) {
    guard let token else { return }
    lock.withLock { items.remove(token) }
  }

  /// Disposes every item, in the order added, once.
  public func dispose() {
    for item in lock.withLock({ items.close() }) ?? [] { item.disposable.dispose() }
  }
}
