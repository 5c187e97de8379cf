import Foundation

// Hand-written equivalents of the async operators that apps use (as in swift-async-algorithms),
// written as an app would write them: tasks, actors, task groups, `async let`, an injected clock.
// The tests in AsyncOperatorTests drive them in virtual time; Guides/AsyncTesting.md shows them.

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

  /// Emits the first element, then ignores elements until `interval` has passed since the last
  /// emitted one.
  func throttle<C: Clock>(for interval: C.Duration, clock: C) -> AsyncThrowingStream<
    Element, any Error
  > {
    AsyncThrowingStream { continuation in
      let task = Task {
        var nextAllowed: C.Instant?
        do {
          for try await element in self {
            let now = clock.now
            if let nextAllowed, now < nextAllowed { continue }
            continuation.yield(element)
            nextAllowed = now.advanced(by: interval)
          }
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

/// The elements of both sequences as they arrive; each is iterated by an unstructured task of
/// its own. Ends when both have ended, or at the first failure.
func merge<First: AsyncSequence & Sendable, Second: AsyncSequence & Sendable>(
  _ first: First, _ second: Second
) -> AsyncThrowingStream<First.Element, any Error>
where First.Element == Second.Element, First.Element: Sendable {
  AsyncThrowingStream { continuation in
    let remaining = Countdown(2) { continuation.finish() }
    let tasks = [
      Task {
        do {
          for try await element in first { continuation.yield(element) }
          remaining.tick()
        } catch { continuation.finish(throwing: error) }
      },
      Task {
        do {
          for try await element in second { continuation.yield(element) }
          remaining.tick()
        } catch { continuation.finish(throwing: error) }
      },
    ]
    continuation.onTermination = { _ in
      for task in tasks { task.cancel() }
    }
  }
}

/// Pairs the n-th elements of both sequences, asking both for their next elements at once
/// (`async let`); ends when either ends.
func zip<First: AsyncSequence & Sendable, Second: AsyncSequence & Sendable>(
  _ first: First, _ second: Second
) -> AsyncThrowingStream<(First.Element, Second.Element), any Error>
where First.Element: Sendable, Second.Element: Sendable {
  AsyncThrowingStream { continuation in
    let task = Task {
      let firsts = Iterating(first)
      let seconds = Iterating(second)
      do {
        while true {
          async let left = firsts.next()
          async let right = seconds.next()
          guard let pair = try await zipPair(left, right) else { break }
          continuation.yield(pair)
        }
        continuation.finish()
      } catch {
        continuation.finish(throwing: error)
      }
    }
    continuation.onTermination = { _ in task.cancel() }
  }
}

private func zipPair<A, B>(_ left: A?, _ right: B?) -> (A, B)? {
  guard let left, let right else { return nil }
  return (left, right)
}

/// The latest element of each sequence, every time either emits once both have; iterated by a
/// task group.
func combineLatest<First: AsyncSequence & Sendable, Second: AsyncSequence & Sendable>(
  _ first: First, _ second: Second
) -> AsyncThrowingStream<(First.Element, Second.Element), any Error>
where First.Element: Sendable, Second.Element: Sendable {
  AsyncThrowingStream { continuation in
    let latest = Latest<First.Element, Second.Element>()
    let task = Task {
      do {
        try await withThrowingTaskGroup(of: Void.self) { group in
          group.addTask {
            for try await element in first {
              if let pair = latest.set(first: element) { continuation.yield(pair) }
            }
          }
          group.addTask {
            for try await element in second {
              if let pair = latest.set(second: element) { continuation.yield(pair) }
            }
          }
          try await group.waitForAll()
        }
        continuation.finish()
      } catch {
        continuation.finish(throwing: error)
      }
    }
    continuation.onTermination = { _ in task.cancel() }
  }
}

/// A tick every `interval` on `clock`, counting from 1, until cancelled.
struct Ticks<C: Clock>: AsyncSequence, Sendable {
  let interval: C.Duration
  let clock: C

  struct AsyncIterator: AsyncIteratorProtocol {
    let interval: C.Duration
    let clock: C
    var deadline: C.Instant
    var count = 0

    mutating func next() async -> Int? {
      deadline = deadline.advanced(by: interval)
      do { try await clock.sleep(until: deadline, tolerance: nil) } catch { return nil }
      count += 1
      return count
    }
  }

  func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(interval: interval, clock: clock, deadline: clock.now)
  }
}

/// Runs `operation` until it succeeds, at most `attempts` times, sleeping `backOff`, then twice
/// as long, and so on, between attempts.
func retrying<T: Sendable, C: Clock<Duration>>(
  attempts: Int, backOff: Duration, clock: C, _ operation: @Sendable () async throws -> T
) async throws -> T {
  var delay = backOff
  for _ in 1..<attempts {
    do { return try await operation() } catch is CancellationError {
      throw CancellationError()
    } catch {}
    try await Task.sleep(for: delay, clock: clock)
    delay *= 2
  }
  return try await operation()
}

/// A `@MainActor` view model with an async command that is disabled while it runs (the
/// Swift-concurrency twin of RACCommand's double tap): a second tap while saving is ignored.
@MainActor final class SaveModel {
  private(set) var isSaving = false
  /// What the model did, for the test: "d" disabled, "s" saved, "e" enabled again.
  let events: AsyncStream<String>
  private let continuation: AsyncStream<String>.Continuation
  private let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) {
    self.clock = clock
    (events, continuation) = AsyncStream.makeStream()
  }

  func save() async {
    guard !isSaving else { return }
    isSaving = true
    continuation.yield("d")
    try? await clock.sleep(for: .milliseconds(4))
    continuation.yield("s")
    isSaving = false
    continuation.yield("e")
  }
}

/// Counts down from `count` and calls `done` when it reaches zero (any thread).
final class Countdown: @unchecked Sendable {
  // Invariant: `count` is only touched with `lock` held.
  private let lock = NSLock()
  private var count: Int
  private let done: @Sendable () -> Void

  init(_ count: Int, done: @escaping @Sendable () -> Void) {
    self.count = count
    self.done = done
  }

  func tick() {
    let finished = lock.withLock {
      count -= 1
      return count == 0
    }
    if finished { done() }
  }
}

/// The latest elements of two sequences.
final class Latest<A: Sendable, B: Sendable>: @unchecked Sendable {
  // Invariant: `first` and `second` are only touched with `lock` held.
  private let lock = NSLock()
  private var first: A?
  private var second: B?

  func set(first value: A) -> (A, B)? {
    lock.withLock {
      first = value
      return second.map { (value, $0) }
    }
  }

  func set(second value: B) -> (A, B)? {
    lock.withLock {
      second = value
      return first.map { ($0, value) }
    }
  }
}

/// An iterator that one task at a time may advance (for `zip`'s `async let`s).
final class Iterating<Base: AsyncSequence & Sendable>: @unchecked Sendable
where Base.Element: Sendable {
  // Invariant: `iterator` is advanced by one task at a time (zip awaits each before the next).
  private var iterator: Base.AsyncIterator

  init(_ base: Base) {
    iterator = base.makeAsyncIterator()
  }

  func next() async throws -> Base.Element? {
    try await iterator.next()
  }
}
