import MarblesCore
import MarblesTesting
import Reactive

// The async twin of `pipeline`: N values of a cold marble as an AsyncSequence (`.values`), through
// `map` → `filter` → a hand-written `scan`, recorded by a task of a marble run in virtual time:
// one frame, one marble event, one continuation resumed and one job run by the driver per value.

/// Runs the async pipeline over `n` values; returns the number of events recorded (n + 1).
func asyncPipeline(_ n: Int) async -> Int {
  let ts = TestScheduler(maxFrames: n + 10)
  var events: [Recorded<Int>] = []
  events.reserveCapacity(n + 1)
  for frame in 0..<n { events.append(.next(1, at: frame)) }
  events.append(.completed(at: n))
  let input = ts.cold(events: events)
  let sequence = AsyncScan(base: input.values.map { $0 * 10 }.filter { $0 % 3 != 0 }, initial: 0) {
    $0 + $1
  }
  let location = CallLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
  let output = ts.recordSequence(
    sequence, window: SubscriptionMarble(subscribed: 0), pulls: [], location: location)
  await ts.runConcurrently()
  guard ts.concurrency.failures.isEmpty else { return -1 }
  return output.events.count
}

/// Each element combined with the result so far (`scan`), as an `AsyncSequence`.
struct AsyncScan<Base: AsyncSequence, Result>: AsyncSequence {
  let base: Base
  let initial: Result
  let combine: (Result, Base.Element) -> Result

  struct AsyncIterator: AsyncIteratorProtocol {
    var base: Base.AsyncIterator
    var result: Result
    let combine: (Result, Base.Element) -> Result

    mutating func next() async throws -> Result? {
      guard let element = try await base.next() else { return nil }
      result = combine(result, element)
      return result
    }
  }

  func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(base: base.makeAsyncIterator(), result: initial, combine: combine)
  }
}

extension Duration {
  /// The duration in seconds.
  var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}

// A marble test of a clock-driven operator: `n` values through a debounce written as an app writes
// one (a task iterates the input, an actor keeps the pending element, each element starts a timer
// task that sleeps on the clock and cancels the one before), recorded and compared with its marble.

/// Runs the marble test of a 2 ms debounce over `n` values, one every 3 frames (each one
/// emitted); returns whether the recording matched the expected marble.
func asyncDebounceTest(_ n: Int) async -> Bool {
  let ts = TestScheduler(maxFrames: 3 * n + 10)
  var events: [Recorded<Int>] = []
  var expected: [Recorded<Int>] = []
  for index in 0..<n {
    events.append(.next(index, at: 3 * index))
    expected.append(.next(index, at: 3 * index + 2))
  }
  events.append(.completed(at: 3 * n))
  expected.append(.completed(at: 3 * n))
  let input = ts.cold(events: events)
  let location = CallLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
  let output = ts.recordSequence(
    input.values.debounce(for: .milliseconds(2), clock: ts.clock),
    window: SubscriptionMarble(subscribed: 0), pulls: [], location: location)
  await ts.runConcurrently()
  guard ts.concurrency.failures.isEmpty else { return false }
  return MarbleDiff.differences(expected: expected, actual: output.events).isEmpty
}

extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Emits an element once `interval` has passed without a newer one; on completion the element
  /// still waiting is emitted at once.
  func debounce<C: Clock>(for interval: C.Duration, clock: C) -> AsyncThrowingStream<
    Element, any Error
  > {
    AsyncThrowingStream { continuation in
      let debouncer = Debouncer<Element, C>(continuation: continuation, clock: clock)
      let task = Task {
        do {
          for try await element in self { await debouncer.receive(element, after: interval) }
          await debouncer.flush()
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}

/// The pending element of a debounce: each new one cancels the timer of the one before.
actor Debouncer<Element: Sendable, C: Clock> {
  let continuation: AsyncThrowingStream<Element, any Error>.Continuation
  let clock: C
  private var pending: (element: Element, timer: Task<Void, Never>)?

  init(continuation: AsyncThrowingStream<Element, any Error>.Continuation, clock: C) {
    self.continuation = continuation
    self.clock = clock
  }

  func receive(_ element: Element, after interval: C.Duration) {
    pending?.timer.cancel()
    let timer = Task {
      do { try await clock.sleep(for: interval) } catch { return }
      self.fire()
    }
    pending = (element, timer)
  }

  private func fire() {
    guard let pending else { return }
    self.pending = nil
    continuation.yield(pending.element)
  }

  func flush() {
    pending?.timer.cancel()
    fire()
  }
}
