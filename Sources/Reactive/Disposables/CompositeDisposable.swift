/// A disposable that disposes a group of disposables together (RACCompoundDisposable).
///
/// Adding to a disposed composite disposes the added item at once. Items are disposed in the
/// order they were added.
public final class CompositeDisposable: Disposable, @unchecked Sendable {
  /// A handle that removes one item from the composite without disposing it.
  public struct Token: Sendable {
    let id: UInt64
  }

  // Invariant: `items` and `disposed` are only touched under `lock`.
  private let lock = Lock()
  private var items: [(id: UInt64, disposable: any Disposable)] = []
  private var nextID: UInt64 = 0
  private var disposed = false

  /// Creates an empty composite, or one holding `disposables`.
  public init(_ disposables: [any Disposable] = []) {
    for disposable in disposables { add(disposable) }
  }

  /// Whether `dispose()` has run.
  public var isDisposed: Bool { lock.withLock { disposed } }

  /// Adds `disposable`, or disposes it at once if the composite is already disposed.
  @discardableResult
  public func add(_ disposable: (any Disposable)?) -> Token? {
    guard let disposable else { return nil }
    lock.lock()
    if disposed {
      lock.unlock()
      disposable.dispose()
      return nil
    }
    nextID &+= 1
    let id = nextID
    items.append((id, disposable))
    lock.unlock()
    return Token(id: id)
  }

  /// Adds a closure to run on disposal.
  @discardableResult
  public func add(_ action: @escaping () -> Void) -> Token? {
    add(ActionDisposable(action))
  }

  /// Removes the item that `token` names without disposing it.
  public func remove(_ token: Token?) {
    guard let token else { return }
    lock.withLock {
      // Recently added items are removed most often: search from the end.
      if let index = items.lastIndex(where: { $0.id == token.id }) {
        items.remove(at: index)
      }
    }
  }

  /// Disposes every item, in the order added, once.
  public func dispose() {
    lock.lock()
    if disposed {
      lock.unlock()
      return
    }
    disposed = true
    let items = self.items
    self.items = []
    lock.unlock()
    for item in items { item.disposable.dispose() }
  }
}
