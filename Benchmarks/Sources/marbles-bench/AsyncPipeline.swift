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
    sequence, subscribed: 0, unsubscribed: nil, pulls: [], location: location)
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
