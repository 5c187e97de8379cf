import Foundation

/// A thread with a 64 MB stack that runs the jobs it is given, one at a time, each while its
/// caller waits (deep signal chains never overflow the caller's possibly small stack).
final class LargeStackWorker: @unchecked Sendable {
  /// Whether the current thread is a worker's, whose stack is large: there, `LargeStack` runs
  /// work inline instead of handing it to another thread. A mark on the thread itself, not a
  /// task-local: a task started from a worker's job inherits task-locals but runs elsewhere,
  /// on a small stack.
  static var isCurrentThread: Bool { pthread_getspecific(markKey) != nil }
  private static let markKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

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
    pthread_setspecific(Self.markKey, UnsafeRawPointer(bitPattern: 1))
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

/// Runs one owner's jobs (a script engine's) with a large stack, one at a time: inline when the
/// caller is already on a worker's thread (`marbles test` runs its whole loop on one), else on a
/// worker of the owner's own, started by the first job that needs it. So a thousand engines
/// made on a worker's thread start no thread and hand nothing over.
final class LargeStack: @unchecked Sendable {
  // Invariant: `worker` is read and written only under `lock`, which is held for the whole of
  // each job, so that the owner's jobs never overlap, inline or not.
  private let lock = NSLock()
  private var worker: LargeStackWorker?

  /// Runs `work` with a large stack and returns when it has finished.
  func perform(_ work: @escaping () -> Void) {
    lock.lock()
    defer { lock.unlock() }
    if LargeStackWorker.isCurrentThread {
      work()
      return
    }
    let worker = self.worker ?? LargeStackWorker()
    self.worker = worker
    worker.perform(work)
  }

  /// Lets the worker's thread, if one was started, end once its current job is done.
  func close() {
    lock.lock()
    defer { lock.unlock() }
    worker?.close()
  }

  /// Runs `body` on a worker's thread (where every `LargeStack` job it starts runs inline) and
  /// returns its result; inline when already on one.
  static func run<T>(_ body: () -> T) -> T {
    if LargeStackWorker.isCurrentThread { return body() }
    let worker = LargeStackWorker()
    defer { worker.close() }
    return withoutActuallyEscaping(body) { body in
      var result: T?
      worker.perform { result = body() }
      guard let result else { preconditionFailure("perform returned before its job ran") }
      return result
    }
  }
}
