/// A signal's values as an `AsyncSequence`: each iterator subscribes, and the iteration ends
/// with the signal (`nil` on completion, a throw on failure).
///
///     for try await query in queries.values { … }
///
/// Values that arrive while the consumer is busy wait, in order, and are returned by its next
/// calls to `next()` (unbounded by default; `values(bufferingPolicy:)` keeps the oldest or the
/// newest few instead). A value that arrives while the consumer waits in `next()` goes to it
/// whatever the policy. Cancelling the consuming task, or dropping the iterator, disposes the
/// subscription; a cancelled iteration returns what it holds, then `nil`. After `nil` or a
/// throw every call returns `nil`.
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
    /// Owns the subscription: when the last copy of the iterator goes, it is disposed.
    let owner: ValuesOwner<Value>
    /// Whether the iteration ended (after `nil` or a throw every call returns `nil`).
    var isFinished = false

    public mutating func next() async throws -> Value? {
      try await next(on: nil)
    }

    /// `next()` on the caller's actor: `for try await` calls it, and it does not hop.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    public mutating func next(isolation actor: isolated (any Actor)?) async throws(any Error)
      -> Value?
    {
      try await next(on: actor)
    }

    private mutating func next(on actor: isolated (any Actor)?) async throws -> Value? {
      guard !isFinished else { return nil }
      let buffer = owner.buffer
      // A task cancelled before it asks ends the iteration as one cancelled while waiting does.
      if Task.isCancelled { buffer.cancel() }
      while true {
        var ending: ValuesEnd?
        if let value = buffer.pop(ending: &ending) { return value }
        switch ending {
        case nil:
          await withTaskCancellationHandler {
            await withUnsafeContinuation(isolation: actor) { continuation in
              buffer.wait(continuation)
            }
          } onCancel: {
            buffer.cancel()
          }
        case .failed(let error):
          isFinished = true
          throw error
        case .completed, .cancelled:
          isFinished = true
          return nil
        }
      }
    }
  }

  /// Subscribes to the signal.
  public func makeAsyncIterator() -> AsyncIterator {
    let buffer = ValuesBuffer<Value>(policy: policy)
    let subscription = signal.subscribe(
      Subscriber { event in
        switch event {
        case .next(let value): buffer.push(value)
        case .error(let error): buffer.end(.failed(error))
        case .completed: buffer.end(.completed)
        }
      })
    buffer.hold(subscription)
    return AsyncIterator(owner: ValuesOwner(buffer))
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

/// Disposes its buffer's subscription when the last copy of an iterator lets it go.
final class ValuesOwner<Value: Sendable>: Sendable {
  let buffer: ValuesBuffer<Value>

  init(_ buffer: ValuesBuffer<Value>) { self.buffer = buffer }

  deinit { buffer.cancel() }
}

/// How a `ValuesBuffer` ended: kept apart from the generic buffer, so that code working on any
/// `Value` does not look up a generic type's metadata to read it.
enum ValuesEnd {
  case completed
  case failed(any Error)
  /// The consumer was cancelled or let the iterator go.
  case cancelled
}

/// The values of one subscription waiting for the consumer, and the consumer waiting for them:
/// a ring of values under a lock, and at most one suspended `next()` (more only when copies of
/// an iterator are iterated at once).
///
/// Written for code that does not know `Value` (the iterator is called through its protocol by
/// generic code, and is not specialised there): no optional or enum of `Value` is stored, and
/// the continuation carries nothing (a value is taken from the ring after the resumption).
final class ValuesBuffer<Value: Sendable>: @unchecked Sendable {
  // Invariant: every `var` below is only read or written while `lock` is held. The values in
  // `ring[(head + i) % capacity]` for `i` in `0..<count` are initialised, no others.
  private let lock = Lock()
  /// How many values the buffer keeps (`Int.max`: all), and which it drops when it is full.
  private let limit: Int
  private let keepsNewest: Bool
  private var ring: UnsafeMutablePointer<Value>?
  private var capacity = 0
  private var head = 0
  private var count = 0
  /// How many of the first values were handed to consumers that were waiting (they do not
  /// count against the limit, and are never the ones dropped).
  private var handedOver = 0
  private var waiter: UnsafeContinuation<Void, Never>?
  /// Consumers waiting behind `waiter` (copies of one iterator iterated at once).
  private var moreWaiters: [UnsafeContinuation<Void, Never>] = []
  private var ending: ValuesEnd?
  /// The subscription, until the buffer ends.
  private var subscription: (any Disposable)?

  init(policy: SignalValues<Value>.BufferingPolicy) {
    switch policy {
    case .unbounded: (limit, keepsNewest) = (.max, false)
    case .bufferingOldest(let limit): (self.limit, keepsNewest) = (max(0, limit), false)
    case .bufferingNewest(let limit): (self.limit, keepsNewest) = (max(0, limit), true)
    }
  }

  deinit {
    guard let ring else { return }
    for index in 0..<count { (ring + (head + index) % capacity).deinitialize(count: 1) }
    ring.deallocate()
  }

  /// Keeps the subscription to dispose it when the consumer goes; disposes it at once when the
  /// consumer has gone already.
  func hold(_ subscription: any Disposable) {
    let disposeNow: Bool = lock.withLock {
      guard ending == nil else {
        if case .cancelled = ending { return true }
        return false
      }
      self.subscription = subscription
      return false
    }
    if disposeNow { subscription.dispose() }
  }

  /// A value from the signal: to a waiting consumer, else into the ring as the policy says.
  func push(_ value: Value) {
    lock.lock()
    guard ending == nil else {
      lock.unlock()
      return
    }
    if let waiter {
      append(value)
      handedOver += 1
      self.waiter = moreWaiters.isEmpty ? nil : moreWaiters.removeFirst()
      lock.unlock()
      waiter.resume()
      return
    }
    if count - handedOver < limit {
      append(value)
    } else if keepsNewest, limit > 0, let ring {
      // Drop the oldest value not handed over; the ones before it move up a slot.
      (ring + (head + handedOver) % capacity).deinitialize(count: 1)
      var index = handedOver
      while index > 0 {
        let to = (head + index) % capacity
        let from = (head + index - 1) % capacity
        (ring + to).moveInitialize(from: ring + from, count: 1)
        index -= 1
      }
      head = (head + 1) % capacity
      count -= 1
      append(value)
    }
    lock.unlock()
  }

  /// Appends `value` to the ring (with `lock` held), growing it when full.
  private func append(_ value: Value) {
    if count == capacity { grow() }
    guard let ring else { return }
    (ring + (head + count) % capacity).initialize(to: value)
    count += 1
  }

  private func grow() {
    let newCapacity = max(4, capacity * 2)
    let newRing = UnsafeMutablePointer<Value>.allocate(capacity: newCapacity)
    if let ring {
      let first = min(count, capacity - head)
      newRing.moveInitialize(from: ring + head, count: first)
      (newRing + first).moveInitialize(from: ring, count: count - first)
      ring.deallocate()
    }
    ring = newRing
    capacity = newCapacity
    head = 0
  }

  /// The end of the signal, or of the consumer (`.cancelled`): the values held are still
  /// returned, then `nil` or the failure. The first end counts.
  func end(_ reason: ValuesEnd) {
    lock.lock()
    guard ending == nil else {
      lock.unlock()
      return
    }
    ending = reason
    let subscription = subscription
    self.subscription = nil
    let waiters = (waiter.map { [$0] } ?? []) + moreWaiters
    waiter = nil
    moreWaiters = []
    lock.unlock()
    // As AsyncThrowingStream's termination handler: the subscription goes before the consumer
    // is resumed.
    subscription?.dispose()
    for waiter in waiters { waiter.resume() }
  }

  /// Ends the iteration from the consumer's side: its task was cancelled or it let go.
  func cancel() { end(.cancelled) }

  /// Takes the first value; when there is none, sets `ending` to how the buffer ended (nil
  /// while it goes on). A failure is handed out once: the calls after it see `.completed`.
  func pop(ending: inout ValuesEnd?) -> Value? {
    lock.lock()
    defer { lock.unlock() }
    guard count > 0, let ring else {
      ending = self.ending
      if case .failed = ending { self.ending = .completed }
      return nil
    }
    let value = (ring + head).move()
    head = (head + 1) % capacity
    count -= 1
    if handedOver > 0 { handedOver -= 1 }
    return value
  }

  /// Suspends the consumer until a value or the end arrives (resumed at once if one has).
  func wait(_ continuation: UnsafeContinuation<Void, Never>) {
    lock.lock()
    guard count == 0, ending == nil else {
      lock.unlock()
      continuation.resume()
      return
    }
    if waiter == nil {
      waiter = continuation
    } else {
      moreWaiters.append(continuation)
    }
    lock.unlock()
  }
}
