import Foundation
import MarblesCore
import MarblesTesting
import Testing

/// A one-shot signal between two tasks: `wait()` suspends until `open()` (at once when opened
/// already); `hasWaiter` says whether a task is suspended in it.
final class Handoff: @unchecked Sendable {
  // Invariant: the fields are only touched with `lock` held.
  private let lock = NSLock()
  private var continuation: CheckedContinuation<Void, Never>?
  private var isOpen = false

  var hasWaiter: Bool { lock.withLock { continuation != nil } }

  func wait() async {
    await withCheckedContinuation { continuation in
      let openAlready = lock.withLock {
        if !isOpen { self.continuation = continuation }
        return isOpen
      }
      if openAlready { continuation.resume() }
    }
  }

  /// Resumes the waiting task from the calling task (the runtime enqueues its job here).
  func open() {
    let waiting: CheckedContinuation<Void, Never>? = lock.withLock {
      isOpen = true
      defer { continuation = nil }
      return continuation
    }
    waiting?.resume()
  }
}

/// Whether the calling thread is a marble run's driver.
private func isOnADriver() -> Bool {
  AsyncRun.onThisThread != nil
}

/// Tasks that a test's task starts before `ts.run()` join the run; a job that task enqueues for
/// another test's task (a continuation it resumes) does not.
@Suite struct AsyncSetupRoutingTests {
  /// One test's setup: a run made, a handshake with another test's setup (both runs not
  /// started), then a task started before the run, and the run.
  static func setUpAndRun(
    _ marble: String, first: Bool, mine: Handoff, theirs: Handoff
  ) async throws -> Recording<String> {
    let ts = TestScheduler()
    if first {
      // Suspended in setup; the other test's task resumes it from its own setup.
      await mine.wait()
      while !theirs.hasWaiter { await Task.yield() }
      theirs.open()
    } else {
      while !theirs.hasWaiter { await Task.yield() }
      theirs.open()
      await mine.wait()
    }
    let source: ColdSignal<String> = ts.cold(marble)
    // `mapToStream` starts a `Task` here, in the test's task: it is the run's.
    let recording = ts.record(source.values.mapToStream { $0.uppercased() })
    try await ts.run()
    return recording
  }

  /// Two runs set up at once, each test's task resuming the other's while both runs wait to
  /// start. Were a resumed task filed under the run of the task that resumed it, it would be
  /// held by a run that cannot start before it goes on: the held jobs would wait for the
  /// release delay and the run would report it (as it did before jobs were told apart).
  @Test func runsSetUpAtOnceResumingEachOthersTasksHoldOnlyTheirOwn() async throws {
    for _ in 0..<3 {
      let first = Handoff()
      let second = Handoff()
      async let a = Self.setUpAndRun("-a-b|", first: true, mine: first, theirs: second)
      async let b = Self.setUpAndRun("--c-d-|", first: false, mine: second, theirs: first)
      let (left, right) = try await (a, b)
      expectMarbles(left, "-A-B|")
      expectMarbles(right, "--C-D-|")
    }
  }

  /// A task the test's task starts between pieces joins the run, and so does a task of the run
  /// that the test's task resumes between pieces: both run in the next piece, in virtual time.
  @Test func aTaskOfTheRunResumedBetweenPiecesStaysInTheRun() async throws {
    let ts = TestScheduler()
    let (stream, continuation) = AsyncStream<Int>.makeStream()
    let log = Log()
    // An unstructured task started by a task of the run: no executor preference, its jobs come
    // through the hooks.
    ts.task {
      Task {
        for await value in stream {
          let place = isOnADriver() ? "driver" : "elsewhere"
          log.append("\(value)@\(ts.clock.now.frame) on the \(place)")
        }
      }
    }
    try await ts.advance(by: .milliseconds(5))
    // Resumes the waiting task from the test's task, between pieces.
    continuation.yield(1)
    continuation.finish()
    #expect(log.all.isEmpty)
    try await ts.advance(by: .milliseconds(1))
    #expect(log.all == ["1@5 on the driver"])
  }
}
