/// A signal's values as an `AsyncSequence`: each iterator subscribes, and the iteration ends
/// with the signal (`nil` on completion, a throw on failure).
///
///     for try await query in queries.values { … }
///
/// Values that arrive while the consumer is busy wait, in order, and are returned by its next
/// calls to `next()` (unbounded by default; `values(bufferingPolicy:)` keeps the oldest or the
/// newest few instead). Cancelling the consuming task, or dropping the iterator, disposes the
/// subscription; a cancelled iteration ends with `nil`.
public struct SignalValues<Value: Sendable>: AsyncSequence, Sendable {
  public typealias Element = Value
  public typealias Failure = any Error

  /// What to keep when values arrive faster than the consumer asks for them.
  public enum BufferingPolicy: Sendable {
    /// Keep every value.
    case unbounded
    /// Keep the oldest `limit` values, dropping newer ones while the buffer is full.
    case bufferingOldest(Int)
    /// Keep the newest `limit` values, dropping the oldest when a new one arrives.
    case bufferingNewest(Int)
  }

  let signal: Signal<Value>
  let policy: BufferingPolicy

  /// The iterator of one subscription.
  public struct AsyncIterator: AsyncIteratorProtocol {
    var base: AsyncThrowingStream<Value, any Error>.AsyncIterator
    /// Whether the iteration ended (after `nil` or a throw every call returns `nil`).
    var isFinished = false

    public mutating func next() async throws -> Value? {
      guard !isFinished else { return nil }
      do {
        guard let value = try await base.next() else {
          isFinished = true
          return nil
        }
        return value
      } catch {
        isFinished = true
        throw error
      }
    }
  }

  /// Subscribes to the signal.
  public func makeAsyncIterator() -> AsyncIterator {
    let streamPolicy: AsyncThrowingStream<Value, any Error>.Continuation.BufferingPolicy
    switch policy {
    case .unbounded: streamPolicy = .unbounded
    case .bufferingOldest(let limit): streamPolicy = .bufferingOldest(limit)
    case .bufferingNewest(let limit): streamPolicy = .bufferingNewest(limit)
    }
    let (stream, continuation) = AsyncThrowingStream<Value, any Error>.makeStream(
      bufferingPolicy: streamPolicy)
    let subscription = signal.subscribe(
      Subscriber { event in
        switch event {
        case .next(let value): continuation.yield(value)
        case .error(let error): continuation.finish(throwing: error)
        case .completed: continuation.finish()
        }
      })
    continuation.onTermination = { _ in subscription.dispose() }
    return AsyncIterator(base: stream.makeAsyncIterator())
  }
}

extension Signal where Value: Sendable {
  /// The signal's values as an `AsyncSequence` that buffers every value (see `SignalValues`).
  public var values: SignalValues<Value> { SignalValues(signal: self, policy: .unbounded) }

  /// The signal's values as an `AsyncSequence` that buffers as `bufferingPolicy` says.
  public func values(bufferingPolicy: SignalValues<Value>.BufferingPolicy) -> SignalValues<Value> {
    SignalValues(signal: self, policy: bufferingPolicy)
  }
}
