/// The number of live inner subscriptions of a `watchExecutions` or a `flattenMap` (the outer
/// signal counts as one), under a lock when the outer and inner signals may send from
/// different threads.
@usableFromInline final class ActiveCount: @unchecked Sendable {
  // Invariant: `count` is only read or written while `lock` is held, or, when `lock` is nil, on
  // the one thread of a virtual run (unchecked exclusivity: accesses never overlap).
  @usableFromInline let lock: Lock?
  @exclusivity(unchecked) @usableFromInline var count = 1

  @usableFromInline init(locked: Bool) {
    lock = locked ? Lock() : nil
  }

  @inlinable func increment() {
    lock?.lock()
    count += 1
    lock?.unlock()
  }

  /// Subtracts one and returns the new count.
  @inlinable func decrement() -> Int {
    lock?.lock()
    defer { lock?.unlock() }
    count -= 1
    return count
  }
}
