import ReactiveRxJS
import Testing

@testable import Reactive

/// RxJS `retryWhen` and `repeatWhen`: a notifier, made once from the signal of failures (or
/// completions), whose values resubscribe the source.
@Suite struct RetryWhenRepeatWhenTests {
  private let notifierError = TestError("notifier")

  // MARK: - retryWhen

  @Test func retryWhenResubscribesAtEachNotifierValueAndCompletesWithIt() {
    let t = TestClock()
    let source = t.cold("-1#")
    let calls = Locked(0)
    let r = t.record(
      source.retryWhen { errors in
        calls.withLock { $0 += 1 }
        return errors.flattenMap { _ in t.cold("--x", ["x": 0]) }.take(2)
      })
    t.expect(r, "-1---1--|")
    t.expectSubscriptions(source, "^-!", "----^-!", "--------(^!)")
    #expect(calls.value == 1)
    t.expectReleased()
  }

  @Test func retryWhenResubscribesAtOnceWhenTheNotifierAnswersAtOnce() {
    let t = TestClock()
    let source = t.cold("-1#")
    let r = t.record(source.retryWhen { errors in errors.take(2) })
    t.expect(r, "-1-1|")
    t.expectSubscriptions(source, "^-!", "--^-!", "----(^!)")
  }

  @Test func retryWhenEmptyAndNeverDoNotCallTheNotifier() {
    let t = TestClock()
    let calls = Locked(0)
    let notifier = { (errors: Signal<any Error>) -> Signal<any Error> in
      calls.withLock { $0 += 1 }
      return errors
    }
    let empty = t.record(t.cold("--|").retryWhen(notifier))
    let never = t.record(t.cold("-").retryWhen(notifier))
    let values = t.record(t.cold("-1-2|").retryWhen(notifier))
    t.expect(empty, "--|")
    t.expect(never, "-")
    t.expect(values, "-1-2|")
    #expect(calls.value == 0)
  }

  @Test func retryWhenForwardsTheNotifierFailureAndCompletion() {
    let t = TestClock()
    let fails = t.record(
      t.cold("-1#").retryWhen { errors in
        errors.flattenMap { _ in Signal<Int>.fail(notifierError) }
      })
    let completes = t.record(t.cold("-1#").retryWhen { errors in errors.take(0) })
    t.expect(fails, "-1#", error: notifierError)
    t.expect(completes, "-1|")
    t.expectReleased()
  }

  @Test func retryWhenEarlyDisposalReleasesSourceAndNotifier() {
    let t = TestClock()
    let source = t.cold("-1#")
    let delay = t.cold("--x", ["x": 0])
    let r = t.record(
      source.retryWhen { errors in errors.flattenMap { _ in delay } }, disposedAt: 3)
    t.expect(r, "-1")
    t.expectSubscriptions(source, "^-!")
    t.expectSubscriptions(delay, "--^!")
    t.expectReleased()
  }

  // MARK: - repeatWhen

  @Test func repeatWhenResubscribesAndCompletesAfterTheLastSubscription() {
    // The notifier completes at the third subscription's start; RxJS waits for that
    // subscription to complete before completing.
    let t = TestClock()
    let source = t.cold("-1|")
    let r = t.record(source.repeatWhen { done in done.take(2) })
    t.expect(r, "-1-1-1|")
    t.expectSubscriptions(source, "^-!", "--^-!", "----^-!")
    t.expectReleased()
  }

  @Test func repeatWhenWithADelayedNotifier() {
    let t = TestClock()
    let source = t.cold("-1|")
    let calls = Locked(0)
    let r = t.record(
      source.repeatWhen { done in
        calls.withLock { $0 += 1 }
        return done.flattenMap { _ in t.cold("--x", ["x": 0]) }.take(1)
      })
    t.expect(r, "-1---1|")
    t.expectSubscriptions(source, "^-!", "----^-!")
    #expect(calls.value == 1)
  }

  @Test func repeatWhenEmptyNeverAndFailure() {
    let t = TestClock()
    let calls = Locked(0)
    let notifier = { (done: Signal<Void>) -> Signal<Void> in
      calls.withLock { $0 += 1 }
      return done.take(1)
    }
    let empty = t.record(t.cold("--|").repeatWhen(notifier))
    let never = t.record(t.cold("-").repeatWhen(notifier))
    let failure = t.record(t.cold("-1#").repeatWhen(notifier))
    t.expect(empty, "----|")
    t.expect(never, "-")
    t.expect(failure, "-1#")
    #expect(calls.value == 1)
  }

  @Test func repeatWhenForwardsTheNotifierFailure() {
    let t = TestClock()
    let source = t.cold("-1|")
    let r = t.record(
      source.repeatWhen { done in done.flattenMap { _ in Signal<Int>.fail(notifierError) } })
    t.expect(r, "-1#", error: notifierError)
    t.expectReleased()
  }

  @Test func repeatWhenEarlyDisposalReleasesSourceAndNotifier() {
    let t = TestClock()
    let source = t.cold("-1|")
    let delay = t.cold("--x", ["x": 0])
    let r = t.record(source.repeatWhen { done in done.flattenMap { _ in delay } }, disposedAt: 3)
    t.expect(r, "-1")
    t.expectSubscriptions(source, "^-!")
    t.expectSubscriptions(delay, "--^!")
    t.expectReleased()
  }
}
