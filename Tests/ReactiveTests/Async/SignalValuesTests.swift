import Testing

@testable import Reactive

/// `.values` outside virtual time: its buffer, its end and its disposal, with real tasks. (The
/// frames of each, in virtual time, are tested in MarblesTests/Async.)
@Suite struct SignalValuesTests {
  /// A signal whose subscription notes when it is disposed: `leading` values sent as it
  /// subscribes, then the subject's.
  final class Source: Sendable {
    let subject = Subject<Int>()
    let leading: [Int]
    private let disposals = Locked(0)

    init(leading: [Int] = []) { self.leading = leading }

    var disposed: Int { disposals.value }

    var signal: Signal<Int> {
      Signal { [self] subscriber in
        for value in leading { subscriber.sendNext(value) }
        let inner = subject.subscribe(subscriber)
        return ActionDisposable { [self] in
          inner.dispose()
          disposals.withLock { $0 += 1 }
        }
      }
    }
  }

  /// An iterator handed to a task. Invariant: each box is used by one task only.
  struct Handed<Iterator>: @unchecked Sendable {
    var iterator: Iterator
  }

  @Test func valuesSentBeforeTheConsumerAsksWaitInOrderThenNilForGood() async throws {
    let source = Source()
    var iterator = source.signal.values.makeAsyncIterator()
    for value in 1...10 { source.subject.sendNext(value) }
    source.subject.sendCompleted()
    var received: [Int] = []
    while let value = try await iterator.next() { received.append(value) }
    #expect(received == Array(1...10))
    #expect(try await iterator.next() == nil)
    #expect(try await iterator.next() == nil)
  }

  @Test func aFailureComesAfterTheValuesHeldThenNilForGood() async throws {
    let source = Source()
    var iterator = source.signal.values.makeAsyncIterator()
    source.subject.sendNext(1)
    source.subject.sendError(TestError("e"))
    #expect(try await iterator.next() == 1)
    await #expect(throws: TestError("e")) { try await iterator.next() }
    // Thrown once: a sequence that threw returns nil from then on.
    #expect(try await iterator.next() == nil)
    #expect(try await iterator.next() == nil)
  }

  @Test func aCopyOfAnIteratorThatEndedSeesTheFailureOnlyOnce() async throws {
    let source = Source()
    let iterator = source.signal.values.makeAsyncIterator()
    var first = iterator
    var second = iterator
    source.subject.sendError(TestError("e"))
    await #expect(throws: TestError("e")) { try await first.next() }
    #expect(try await second.next() == nil)
  }

  @Test func aWaitingConsumerGetsValuesSentFromAnotherThreadInOrder() async throws {
    let source = Source()
    let values = source.signal.values
    let consumer = Task {
      var received: [Int] = []
      for try await value in values { received.append(value) }
      return received
    }
    // Values sent while the consumer waits, is busy, or has not asked yet: all arrive, in
    // order, through a ring that wraps around and grows.
    let producer = Task.detached {
      for value in 0..<10_000 {
        source.subject.sendNext(value)
        if value % 97 == 0 { await Task.yield() }
      }
    }
    await producer.value
    source.subject.sendCompleted()
    #expect(try await consumer.value == Array(0..<10_000))
    #expect(source.disposed == 1)
  }

  @Test func theNewestPolicyKeepsTheLastValues() async throws {
    let source = Source()
    var iterator = source.signal.values(bufferingPolicy: .bufferingNewest(3)).makeAsyncIterator()
    for value in 1...10 { source.subject.sendNext(value) }
    source.subject.sendCompleted()
    var received: [Int] = []
    while let value = try await iterator.next() { received.append(value) }
    #expect(received == [8, 9, 10])
  }

  @Test func theOldestPolicyKeepsTheFirstValues() async throws {
    let source = Source()
    var iterator = source.signal.values(bufferingPolicy: .bufferingOldest(3)).makeAsyncIterator()
    for value in 1...10 { source.subject.sendNext(value) }
    source.subject.sendCompleted()
    var received: [Int] = []
    while let value = try await iterator.next() { received.append(value) }
    #expect(received == [1, 2, 3])
  }

  @Test func aPolicyOfNothingKeepsNothingForAConsumerThatIsNotWaiting() async throws {
    let source = Source()
    var newest = source.signal.values(bufferingPolicy: .bufferingNewest(0)).makeAsyncIterator()
    var oldest = source.signal.values(bufferingPolicy: .bufferingOldest(0)).makeAsyncIterator()
    source.subject.sendNext(1)
    source.subject.sendCompleted()
    #expect(try await newest.next() == nil)
    #expect(try await oldest.next() == nil)
  }

  @Test func cancellingTheWaitingConsumerDisposesTheSubscriptionAndEndsWithNil() async throws {
    let source = Source()
    let values = source.signal.values
    let consumer = Task {
      var iterator = values.makeAsyncIterator()
      return try await iterator.next()
    }
    consumer.cancel()
    // Cancelled while waiting or before it asked: either way nil, and the subscription goes.
    #expect(try await consumer.value == nil)
    #expect(source.disposed == 1)
    source.subject.sendNext(1)
  }

  @Test func aCancelledConsumerStillGetsTheValuesHeldThenNil() async throws {
    let source = Source(leading: [1, 2])
    let values = source.signal.values
    let received = try await Task {
      withUnsafeCurrentTask { $0?.cancel() }
      var iterator = values.makeAsyncIterator()
      var received: [Int] = []
      while let value = try await iterator.next() {
        received.append(value)
        // The first call of a cancelled consumer ends the subscription.
        #expect(source.disposed == 1)
      }
      return received
    }.value
    #expect(received == [1, 2])
    #expect(source.disposed == 1)
  }

  @Test func droppingTheIteratorDisposesTheSubscription() async throws {
    let source = Source()
    do {
      var iterator = source.signal.values.makeAsyncIterator()
      source.subject.sendNext(1)
      #expect(try await iterator.next() == 1)
      withExtendedLifetime(iterator) { #expect(source.disposed == 0) }
    }
    #expect(source.disposed == 1)
  }

  @Test func copiesIteratedAtOnceShareTheValuesEachOnce() async throws {
    let source = Source()
    let iterator = source.signal.values.makeAsyncIterator()
    let consumers = [Handed(iterator: iterator), Handed(iterator: iterator)].map { copy in
      Task {
        var copy = copy
        var received: [Int] = []
        while let value = try await copy.iterator.next() { received.append(value) }
        return received
      }
    }
    for value in 0..<1_000 { source.subject.sendNext(value) }
    source.subject.sendCompleted()
    var all: [Int] = []
    for consumer in consumers { all += try await consumer.value }
    #expect(all.sorted() == Array(0..<1_000))
  }
}
