import ReactiveRxJS
import Testing

@testable import Reactive

/// RxJS `audit`: a value starts a duration (when none runs); the duration's first value sends
/// the latest source value.
@Suite struct AuditTests {
  @Test func sendsTheLatestValueWhenTheDurationSends() {
    let t = TestClock()
    let source = t.cold("-12---3-----|")
    let duration = t.cold("---x", ["x": 0])
    let r = t.record(source.audit { _ in duration })
    t.expect(r, "----2----3--|")
    t.expectSubscriptions(source, "^-----------!")
    t.expectSubscriptions(duration, "-^--!", "------^--!")
    t.expectReleased()
  }

  @Test func emptyAndNever() {
    let t = TestClock()
    let empty = t.record(t.cold("--|").audit { _ in t.cold("-x", ["x": 0]) })
    let never = t.record(t.cold("-").audit { _ in t.cold("-x", ["x": 0]) })
    t.expect(empty, "--|")
    t.expect(never, "-")
  }

  @Test func aSourceFailureIsForwardedAndEndsTheDuration() {
    let t = TestClock()
    let duration = t.cold("---x", ["x": 0])
    let r = t.record(t.cold("-1#").audit { _ in duration })
    t.expect(r, "--#")
    t.expectSubscriptions(duration, "-^!")
    t.expectReleased()
  }

  @Test func aDurationFailureIsForwardedAndEndsTheSource() {
    let t = TestClock()
    let source = t.cold("-1--2|")
    let r = t.record(source.audit { _ in t.cold("--#") })
    t.expect(r, "---#")
    t.expectSubscriptions(source, "^--!")
    t.expectReleased()
  }

  @Test func aDurationThatCompletesEmptyKeepsTheValueForTheNextDuration() {
    // RxJS 7: completing without a value ends the duration without sending; the held value
    // is replaced by the next source value, whose duration sends it.
    let t = TestClock()
    let first = t.cold("--|")
    let second = t.cold("--x", ["x": 0])
    let r = t.record(t.cold("-1----2---|").audit { v in v == 1 ? first : second })
    t.expect(r, "--------2-|")
    t.expectSubscriptions(first, "-^-!")
    t.expectSubscriptions(second, "------^-!")
  }

  @Test func completionWaitsForARunningDuration() {
    let t = TestClock()
    let sends = t.record(t.cold("-1-|").audit { _ in t.cold("----x", ["x": 0]) })
    let silent = t.record(t.cold("-1-|").audit { _ in t.cold("----|") })
    t.expect(sends, "-----(1|)")
    t.expect(silent, "-----|")
  }

  @Test func earlyDisposalReleasesSourceAndDuration() {
    let t = TestClock()
    let source = t.cold("-1-2-3-|")
    let duration = t.cold("---x", ["x": 0])
    let r = t.record(source.audit { _ in duration }, disposedAt: 3)
    t.expect(r, "-")
    t.expectSubscriptions(source, "^--!")
    t.expectSubscriptions(duration, "-^-!")
    t.expectReleased()
  }

  @Test func aDurationThatAnswersAtOnceLetsEachValueThrough() {
    // The duration is subscribed after it is stored (as RxJS does), so a duration that sends
    // while being subscribed ends at once; one that completes at once never sends.
    let t = TestClock()
    let sends = t.record(t.cold("-1-2|").audit { _ in Signal.just(0) })
    let silent = t.record(t.cold("-1-2|").audit { _ in Signal<Int>.empty })
    t.expect(sends, "-1-2|")
    t.expect(silent, "----|")
  }
}
