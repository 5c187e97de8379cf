#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A non-recursive mutual-exclusion lock over `pthread_mutex_t`.
///
/// Callers never hold it while delivering events, so re-entrant sends cannot deadlock. The mutex
/// lives in the tail of one heap object (a subscription makes a lock: one allocation, not two).
@usableFromInline package struct Lock: @unchecked Sendable {
  /// The heap object holding the mutex; it destroys the mutex when released.
  @usableFromInline final class Storage: ManagedBuffer<Void, pthread_mutex_t> {
    deinit {
      _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) }
    }
  }

  // Invariant: the mutex is initialised for the whole lifetime of `storage`.
  @usableFromInline let storage: Storage

  /// Creates a lock; a recursive one may be re-taken by the thread that holds it.
  @inlinable package init(recursive: Bool = false) {
    storage = unsafeDowncast(Storage.create(minimumCapacity: 1) { _ in () }, to: Storage.self)
    storage.withUnsafeMutablePointerToElements { mutex in
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
  }

  @inlinable package func lock() {
    storage.withUnsafeMutablePointerToElements { _ = pthread_mutex_lock($0) }
  }

  @inlinable package func unlock() {
    storage.withUnsafeMutablePointerToElements { _ = pthread_mutex_unlock($0) }
  }

  @inlinable @discardableResult
  package func withLock<R>(_ body: () throws -> R) rethrows -> R {
    lock()
    defer { unlock() }
    return try body()
  }
}
