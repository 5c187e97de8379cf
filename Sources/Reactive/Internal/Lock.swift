#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A non-recursive mutual-exclusion lock over `pthread_mutex_t`.
///
/// Callers never hold it while delivering events, so re-entrant sends cannot deadlock.
@usableFromInline final class Lock: @unchecked Sendable {
  // Invariant: `mutex` is allocated and initialised for the whole lifetime of the lock.
  @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

  /// Creates a lock; a recursive one may be re-taken by the thread that holds it.
  @usableFromInline init(recursive: Bool = false) {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    if recursive {
      var attributes = pthread_mutexattr_t()
      pthread_mutexattr_init(&attributes)
      pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
      pthread_mutex_init(mutex, &attributes)
      pthread_mutexattr_destroy(&attributes)
    } else {
      pthread_mutex_init(mutex, nil)
    }
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  @inlinable func lock() { pthread_mutex_lock(mutex) }
  @inlinable func unlock() { pthread_mutex_unlock(mutex) }

  @inlinable @discardableResult
  func withLock<R>(_ body: () throws -> R) rethrows -> R {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }
}

/// A value guarded by a `Lock`.
final class Locked<State>: @unchecked Sendable {
  // Invariant: `state` is only read or written while `lock` is held.
  private let lock = Lock()
  private var state: State

  init(_ state: State) { self.state = state }

  @discardableResult
  func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(&state)
  }

  var value: State { withLock { $0 } }
}
