/// The items of a group of disposables, kept by an owner that guards it with its own lock: a
/// `CompositeDisposable`, or a `Subscriber` (one lock per subscription instead of two).
///
/// It only keeps the list; the owner disposes what it hands back after unlocking, so an item's
/// `dispose()` never runs under the lock.
struct DisposableList {
  private var items: [(id: UInt64, disposable: any Disposable)] = []
  private var lastID: UInt64 = 0
  /// Whether the group was disposed (`close()`).
  private(set) var isClosed = false

  /// Adds `disposable` and returns its token; nil once closed (the owner disposes it at once).
  mutating func insert(_ disposable: any Disposable) -> CompositeDisposable.Token? {
    guard !isClosed else { return nil }
    lastID &+= 1
    items.append((lastID, disposable))
    return CompositeDisposable.Token(id: lastID)
  }

  /// Removes the item `token` names, without disposing it.
  mutating func remove(_ token: CompositeDisposable.Token) {
    // Recently added items are removed most often: search from the end.
    if let index = items.lastIndex(where: { $0.id == token.id }) {
      items.remove(at: index)
    }
  }

  /// Closes the group and hands back its items in the order added; nil if already closed.
  mutating func close() -> [(id: UInt64, disposable: any Disposable)]? {
    guard !isClosed else { return nil }
    isClosed = true
    defer { items = [] }
    return items
  }
}
