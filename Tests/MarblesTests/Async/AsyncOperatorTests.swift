import Foundation
import MarblesTesting
import Testing

/// App code under test: searches as the user types, once typing pauses for 3 ms.
struct SearchModel<Queries: AsyncSequence & Sendable, C: Clock<Duration>>: Sendable
where Queries.Element == String {
  let queries: Queries
  let clock: C

  var results: AsyncThrowingStream<String, any Error> {
    queries.debounce(for: .milliseconds(3), clock: clock).mapToStream { "results for \($0)" }
  }
}

extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// `map` as a stream (so that the result is `Sendable` without a `@Sendable` transform).
  func mapToStream<T: Sendable>(_ transform: @escaping @Sendable (Element) -> T)
    -> AsyncThrowingStream<T, any Error>
  {
    AsyncThrowingStream { continuation in
      let task = Task {
        do {
          for try await element in self { continuation.yield(transform(element)) }
          continuation.finish()
        } catch { continuation.finish(throwing: error) }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}

@Suite struct AsyncOperatorTests {
  @Test func searchDebounces() async throws {
    let ts = TestScheduler()
    let queries = ts.hot("-a-b----c---|", values: ["a": "s", "b": "sw", "c": "swi"])
    let model = SearchModel(queries: queries.values, clock: ts.clock)
    let results = ts.record(model.results)
    try await ts.run()
    expectMarbles(
      results, "------x----y|", values: ["x": "results for sw", "y": "results for swi"])
    expectSubscriptions(queries, "^-----------!")
  }

  @Test func debounceEmitsThePendingElementOnCompletion() async throws {
    let ts = TestScheduler()
    let input: ColdSignal<String> = ts.cold("-a-b|")
    let recording = ts.record(input.values.debounce(for: .milliseconds(3), clock: ts.clock))
    try await ts.run()
    expectMarbles(recording, "----(b|)")
  }

  @Test func throttleKeepsTheFirstElementOfEachInterval() async throws {
    let ts = TestScheduler()
    let input: HotSignal<String> = ts.hot("-a-b-c-d-e--|")
    let recording = ts.record(input.values.throttle(for: .milliseconds(3), clock: ts.clock))
    try await ts.run()
    expectMarbles(recording, "-a---c---e--|")
  }

  @Test func mergeIteratesEachSourceInATaskOfItsOwn() async throws {
    let ts = TestScheduler()
    let letters: ColdSignal<String> = ts.cold("-a--b|")
    let digits: HotSignal<String> = ts.hot("--x--y---|")
    let recording = ts.record(merge(letters.values, digits.values))
    try await ts.run()
    expectMarbles(recording, "-ax-by---|")
    expectSubscriptions(letters, "^----!")
    expectSubscriptions(digits, "^--------!")
  }

  @Test func mergeCancelledUnsubscribesBoth() async throws {
    let ts = TestScheduler()
    let letters: HotSignal<String> = ts.hot("-a---b---c|")
    let digits: HotSignal<String> = ts.hot("--x---y--|")
    let recording = ts.record(merge(letters.values, digits.values), subscription: "^-----!")
    try await ts.run()
    // Cancelled at 6: the stream ends with nil at once (AsyncThrowingStream's contract).
    expectMarbles(recording, "-ax--b|")
    expectSubscriptions(letters, "^-----!")
    expectSubscriptions(digits, "^-----!")
  }

  @Test func zipPairsElementsWithAsyncLet() async throws {
    let ts = TestScheduler()
    let letters: ColdSignal<String> = ts.cold("-a--b---c|")
    let digits: ColdSignal<String> = ts.cold("--1-2-3-|")
    let recording = ts.record(zip(letters.values, digits.values).mapToStream { "\($0)\($1)" })
    try await ts.run()
    expectMarbles(recording, "--x-y---z|", values: ["x": "a1", "y": "b2", "z": "c3"])
  }

  @Test func combineLatestRunsATaskGroup() async throws {
    let ts = TestScheduler()
    let letters: HotSignal<String> = ts.hot("-a---b---|")
    let digits: HotSignal<String> = ts.hot("--1---2-|")
    let recording = ts.record(
      combineLatest(letters.values, digits.values).mapToStream { "\($0)\($1)" })
    try await ts.run()
    expectMarbles(recording, "--x--yz--|", values: ["x": "a1", "y": "b1", "z": "b2"])
  }

  @Test func aSlowConsumerGetsEveryBufferedElementInOrder() async throws {
    let ts = TestScheduler()
    let input: HotSignal<String> = ts.hot("-abcdef-------|")
    let recording = ts.record(input.values, pulls: [0, 4, 8])
    try await ts.run()
    expectMarbles(recording, "-a--b---(cdef)|")
  }

  /// The example of Guides/AsyncTesting.md: two recordings of one hot source, one slow consumer
  /// keeping every element, one keeping the newest.
  @Test func guideExampleOfBuffering() async throws {
    let ts = TestScheduler()
    let input: HotSignal<String> = ts.hot("-abcdef-------|")
    let all = ts.record(input.values, pulls: "p---p---p")  // next() at 0, 4 and 8
    let newest = ts.record(input.values(bufferingPolicy: .bufferingNewest(1)), pulls: [0, 4, 8])
    try await ts.run()
    expectMarbles(all, "-a--b---(cdef)|")
    expectMarbles(newest, "-a--d---f-----|")
  }

  @Test func aBufferOfTheNewestDropsWhatTheConsumerHadNoTimeFor() async throws {
    let ts = TestScheduler()
    let input: HotSignal<String> = ts.hot("-abcdef--|")
    let recording = ts.record(
      input.values(bufferingPolicy: .bufferingNewest(1)), pulls: [0, 4, 8])
    try await ts.run()
    expectMarbles(recording, "-a--d---f|")
  }

  @Test func aBufferOfTheOldestKeepsTheFirstElements() async throws {
    let ts = TestScheduler()
    let input: HotSignal<String> = ts.hot("-abcdef--|")
    let recording = ts.record(
      input.values(bufferingPolicy: .bufferingOldest(1)), pulls: [0, 4, 8])
    try await ts.run()
    // b waits from 2 (c and d are dropped); e arrives after the pull at 4 and waits for 8.
    expectMarbles(recording, "-a--b---e|")
  }

  @Test func aTimerTicksOnTheClock() async throws {
    let ts = TestScheduler()
    let recording = ts.record(
      Ticks(interval: .milliseconds(5), clock: ts.clock).prefix(3).mapToStream { $0 })
    try await ts.run()
    expectMarbles(recording, "-----1----2----(3|)")
  }

  @Test func aTimerStopsWhenCancelled() async throws {
    let ts = TestScheduler()
    let recording = ts.record(
      Ticks(interval: .milliseconds(5), clock: ts.clock), subscription: "^-------!")
    try await ts.run()
    // The sleep ends at the cancellation's frame, and the iterator returns nil.
    expectMarbles(recording, "-----1--|")
  }

  @Test func retryBacksOffOnTheClock() async throws {
    let ts = TestScheduler()
    let attempts: [ColdSignal<String>] = [ts.cold("--#"), ts.cold("--#"), ts.cold("-a|")]
    let attempt = AttemptCounter()
    let clock = ts.clock
    let result = AsyncThrowingStream<String, any Error> { continuation in
      let task = Task {
        do {
          let value = try await retrying(attempts: 3, backOff: .milliseconds(1), clock: clock) {
            let source = attempts[attempt.next()]
            for try await value in source.values { return value }
            throw MarbleError("empty")
          }
          continuation.yield(value)
          continuation.finish()
        } catch { continuation.finish(throwing: error) }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
    let recording = ts.record(result)
    try await ts.run()
    expectMarbles(recording, "--------(a|)")
    expectSubscriptions(attempts[0], "^-!")
    expectSubscriptions(attempts[1], "---^-!")
    expectSubscriptions(attempts[2], "-------^!")
  }

  @MainActor @Test func aCommandIsDisabledWhileItRuns() async throws {
    let ts = TestScheduler()
    let model = SaveModel(clock: ts.clock)
    // The model's stream never ends: the recording is cancelled at frame 17.
    let events = ts.record(model.events, subscription: "^----------------!")
    ts.task(at: 1) { await model.save() }
    ts.task(at: 2) { await model.save() }  // the double tap: ignored while saving
    ts.task(at: 9) { await model.save() }
    try await ts.run()
    expectMarbles(events, "-d---(se)d---(se)|")
    #expect(!model.isSaving)
  }
}

/// Hands out 0, 1, 2, … (any thread).
final class AttemptCounter: @unchecked Sendable {
  // Invariant: `count` is only touched with `lock` held.
  private let lock = NSLock()
  private var count = 0

  func next() -> Int {
    lock.withLock {
      defer { count += 1 }
      return count
    }
  }
}
