/// A value guarded by a `Lock`.
// Usable from inlinable code: `Command` (inlinable) keeps its concurrency flag in one.
@usableFromInline package final class Locked<State>: @unchecked Sendable {
  // Invariant: `state` is only read or written while `lock` is held.
  private let lock = Lock()
  private var state: State

  @usableFromInline package init(_ state: State) { self.state = state }

  @discardableResult
  package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(&state)
  }

  package var value: State { withLock { $0 } }
}

extension Locked where State == Int {
  /// Adds `amount` to the count and returns the new count.
  package func add(_ amount: Int) -> Int {
    withLock {
      $0 += amount
      return $0
    }
  }
}
