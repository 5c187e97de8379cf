import Foundation

/// A thread with a 64 MB stack that runs the jobs it is given, one at a time, each while its
/// caller waits (deep signal chains never overflow the caller's possibly small stack).
final class LargeStackWorker: @unchecked Sendable {
  // Invariant: `job` and `isClosed` are read and written only under `condition`.
  private let condition = NSCondition()
  private var job: (() -> Void)?
  private var isClosed = false

  init() {
    let thread = Thread { [self] in serve() }
    thread.stackSize = 64 << 20
    thread.start()
  }

  private func serve() {
    while true {
      condition.lock()
      while job == nil, !isClosed { condition.wait() }
      guard var work = job else {
        condition.unlock()
        return
      }
      condition.unlock()
      work()
      // The job's captures are released here, while its caller still waits and holds the run:
      // a release after the broadcast could be the last one, and a deinit on this thread would
      // wait for this thread.
      work = {}
      condition.lock()
      job = nil
      condition.broadcast()
      condition.unlock()
    }
  }

  /// Runs `work` on the worker's thread and returns when it has finished.
  func perform(_ work: @escaping () -> Void) {
    condition.lock()
    while job != nil { condition.wait() }
    job = work
    condition.broadcast()
    while job != nil { condition.wait() }
    condition.unlock()
  }

  /// Lets the thread end once its current job is done.
  func close() {
    condition.lock()
    isClosed = true
    condition.broadcast()
    condition.unlock()
  }
}
