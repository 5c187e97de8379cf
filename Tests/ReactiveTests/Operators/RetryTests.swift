import Testing

@testable import Reactive

@Suite struct RetryTests {
  @Test func resubscribesAfterAnError() {
    let t = TestClock()
    let a = t.cold("--1--#")
    t.expect(t.record(a.retry(1)), "--1----1--#")
    t.expectSubscriptions(a, "^----!", "-----^----!")
  }

  @Test func retryForeverUntilItSucceeds() {
    let t = TestClock()
    let failing = t.cold("--1--#")
    let succeeding = t.cold("--2|")
    var attempts = 0
    let source = Signal.defer { () -> Signal<Int> in
      attempts += 1
      return attempts < 3 ? failing : succeeding
    }
    t.expect(t.record(source.retry()), "--1----1----2|")
    t.expectSubscriptions(succeeding, "----------^--!")
  }

  @Test func retryZeroForwardsTheFirstError() {
    let t = TestClock()
    let a = t.cold("--1--#")
    t.expect(t.record(a.retry(0)), "--1--#")
    t.expectSubscriptions(a, "^----!")
  }

  @Test func valuesCompletionAndNeverPass() {
    let t = TestClock()
    let a = t.cold("--1--|")
    let completing = t.record(a.retry())
    let never = t.record(t.cold("-").retry())
    t.expect(completing, "--1--|")
    t.expect(never, "-")
    t.expectSubscriptions(a, "^----!")
  }

  @Test func disposalBetweenAttemptsCancelsTheResubscription() throws {
    let t = TestClock()
    let subject = Subject<Int>()
    let recording = t.record(subject.retry())
    t.scheduler.schedule(at: 2) {
      subject.sendError(TestError())
      recording.subscriber?.dispose()
    }
    try t.run()
    #expect(recording.events.isEmpty)
    #expect(subject.subscriberCount == 0)
    #expect(t.liveActions == 0)
  }

  @Test func disposedEarly() {
    let t = TestClock()
    let a = t.cold("--1-#")
    t.expect(t.record(a.retry(), disposedAt: 7), "--1---1")
    t.expectSubscriptions(a, "^---!", "----^--!")
    #expect(t.liveActions == 0)
  }

  @Test func retriesWithoutRecursionOutsideAScheduler() {
    var failures = 0
    var result: [String] = []
    Signal<Int>.defer {
      failures += 1
      return .fail(TestError())
    }
    .retry(10_000)
    .observe { result.append("\($0)") }
    #expect(failures == 10_001)
    #expect(result == ["error(error)"])
  }
}
