#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Runs every action at once, inline (RACScheduler `immediateScheduler`).
///
/// A delayed action blocks the calling thread for the delay (in milliseconds), as RAC does; use
/// it for delays only outside tests.
public final class ImmediateScheduler: Scheduler {
  public init() {}

  /// Milliseconds of monotonic clock time.
  public var now: Int { Int(QueueScheduler.monotonicMilliseconds()) }

  /// Runs `action` now and returns an already disposed disposable.
  @discardableResult
  public func schedule(_ action: @escaping () -> Void) -> any Disposable {
    action()
    let done = ActionDisposable()
    done.dispose()
    return done
  }

  /// Sleeps `delay` milliseconds, then runs `action`.
  @discardableResult
  public func schedule(after delay: Int, _ action: @escaping () -> Void) -> any Disposable {
    if delay > 0 { usleep(UInt32(min(delay, Int(UInt32.max / 1000))) * 1000) }
    return schedule(action)
  }
}
