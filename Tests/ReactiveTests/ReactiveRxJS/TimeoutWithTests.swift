import ReactiveRxJS
import Testing

@testable import Reactive

/// RxJS `timeoutWith` (`timeout({ first, each, with })`): a late value switches to the
/// alternative, after disposing the source.
@Suite struct TimeoutWithTests {
  @Test func switchesToTheAlternativeWhenAValueIsLate() {
    let t = TestClock()
    let source = t.cold("-1---2------3|")
    let backup = t.cold("-9|")
    let r = t.record(source.rxjs.timeout(each: 5, with: backup, on: t.scheduler))
    t.expect(r, "-1---2-----9|")
    t.expectSubscriptions(source, "^---------!")
    t.expectSubscriptions(backup, "----------^-!")
    t.expectReleased()
  }

  @Test func valuesInTimeNeverSubscribeTheAlternative() {
    let t = TestClock()
    let backup = t.cold("-9|")
    let r = t.record(t.cold("-1-2|").rxjs.timeout(each: 3, with: backup, on: t.scheduler))
    t.expect(r, "-1-2|")
    t.expectSubscriptions(backup)
    t.expectReleased()
  }

  @Test func firstLimitsOnlyTheFirstValue() {
    let t = TestClock()
    let backup = t.cold("-9|")
    let late = t.record(
      t.cold("---1|").rxjs.timeout(first: 2, each: 5, with: backup, on: t.scheduler))
    let inTime = t.record(
      t.cold("-1----2|").rxjs.timeout(first: 2, each: 5, with: backup, on: t.scheduler))
    t.expect(late, "---9|")
    t.expect(inTime, "-1----2|")
    t.expectSubscriptions(backup, "--^-!")
  }

  @Test func emptyAndNever() {
    let t = TestClock()
    let backup = t.cold("-9|")
    let empty = t.record(t.cold("--|").rxjs.timeout(each: 3, with: backup, on: t.scheduler))
    let never = t.record(t.cold("-").rxjs.timeout(each: 3, with: backup, on: t.scheduler))
    t.expect(empty, "--|")
    t.expect(never, "----9|")
    t.expectSubscriptions(backup, "---^-!")
    t.expectReleased()
  }

  @Test func failuresOfTheSourceAndOfTheAlternative() {
    let t = TestClock()
    let backup = t.cold("-9|")
    let sourceFails = t.record(
      t.cold("-1#").rxjs.timeout(each: 3, with: backup, on: t.scheduler))
    let backupFails = t.record(
      t.cold("-").rxjs.timeout(each: 2, with: t.cold("-#"), on: t.scheduler))
    t.expect(sourceFails, "-1#")
    t.expect(backupFails, "---#")
    t.expectSubscriptions(backup)
    t.expectReleased()
  }

  @Test func earlyDisposalBeforeAndAfterSwitching() {
    let t = TestClock()
    let source = t.cold("-1----|")
    let never = t.cold("-")
    let backup = t.cold("-9-9-9|")
    let before = t.record(
      source.rxjs.timeout(each: 3, with: t.cold("-8|"), on: t.scheduler), disposedAt: 3)
    let after = t.record(
      never.rxjs.timeout(each: 2, with: backup, on: t.scheduler), disposedAt: 5)
    t.expect(before, "-1")
    t.expect(after, "---9")
    t.expectSubscriptions(source, "^--!")
    t.expectSubscriptions(never, "^-!")
    t.expectSubscriptions(backup, "--^--!")
    t.expectReleased()
  }
}
