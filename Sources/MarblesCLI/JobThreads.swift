import Foundation

/// Runs jobs on threads of their own, with a 16 MB stack (formatting, parsing and runs recurse
/// on a script's nesting, as deep as their budgets allow): at most `limit` at once, the others
/// waiting their turn in order, at most `capacity` of them. A thread starts when a job finds
/// none free and ends when no job waits. The language server's host, its session's background
/// and the HTTP server's workers run on it.
///
/// A job that does not end (a long computation inside a closure) keeps its thread; the others go
/// on with the threads left.
final class JobThreads: @unchecked Sendable {
  // Invariant: `running`, `waiting`, `head` and `stopped` are read and written with `lock` held.
  private let lock = NSLock()
  private var running = 0
  private var waiting: [@Sendable () -> Void] = []
  private var head = 0
  private var stopped = false
  private let limit: Int
  private let capacity: Int

  init(limit: Int, capacity: Int = .max) {
    self.limit = limit
    self.capacity = capacity
  }

  /// Runs `job` on a thread, or queues it; false (and `job` never runs) when the queue is full
  /// or `stop` was called.
  @discardableResult
  func submit(_ job: @escaping @Sendable () -> Void) -> Bool {
    lock.lock()
    guard !stopped else {
      lock.unlock()
      return false
    }
    guard running < limit else {
      let accepted = waiting.count - head < capacity
      if accepted { waiting.append(job) }
      lock.unlock()
      return accepted
    }
    running += 1
    lock.unlock()
    let thread = Thread { [self] in
      var next: (@Sendable () -> Void)? = job
      while let job = next {
        job()
        next = take()
      }
    }
    thread.stackSize = 16 << 20
    thread.start()
    return true
  }

  /// Refuses new jobs; those queued still run.
  func stop() {
    lock.withLock { stopped = true }
  }

  /// The job that waited longest, or nil (the calling thread then ends, and no longer counts).
  private func take() -> (@Sendable () -> Void)? {
    lock.lock()
    defer { lock.unlock() }
    guard head < waiting.count else {
      running -= 1
      return nil
    }
    let job = waiting[head]
    head += 1
    if head == waiting.count {
      waiting = []
      head = 0
    }
    return job
  }
}
