import ReactiveRxJS
import Testing

@testable import Reactive

@Suite struct WithLatestFromTests {
  @Test func attachesTheLatestValueOfTheOther() {
    let t = TestClock()
    let a = t.cold("---1----2--3-|")
    let other = t.hot("-7----8-------")
    let pairs = a.withLatestFrom(other).map { [$0, $1] }
    t.expect(t.record(pairs), "---p----q--r-|", ["p": [1, 7], "q": [2, 8], "r": [3, 8]])
    t.expectSubscriptions(a, "^------------!")
    t.expectSubscriptions(other, "^------------!")
  }

  @Test func dropsValuesBeforeTheOthersFirstValue() {
    let t = TestClock()
    let pairs = t.cold("-1-2-3|").withLatestFrom(t.cold("--7|")).map { [$0, $1] }
    t.expect(t.record(pairs), "---p-q|", ["p": [2, 7], "q": [3, 7]])
  }

  @Test func onlyTheSourceCompletes() {
    let t = TestClock()
    let other = t.cold("-7-#")
    let empty = t.record(t.cold("--|").withLatestFrom(t.cold("-7-")).map { [$0, $1] })
    let never = t.record(t.cold("-").withLatestFrom(t.cold("-7|")).map { [$0, $1] })
    let otherFails = t.record(t.cold("--1---|").withLatestFrom(other).map { [$0, $1] })
    t.expect(empty, "--|", [Character: [Int]]())
    t.expect(never, "-", [Character: [Int]]())
    t.expect(otherFails, "--p#", ["p": [1, 7]])
    t.expectSubscriptions(other, "^--!")
  }

  @Test func sourceFailureAndDisposal() {
    let t = TestClock()
    let a = t.cold("-1-2-|")
    let other = t.cold("7----")
    let failure = t.record(t.cold("-1#").withLatestFrom(t.cold("7")).map { [$0, $1] })
    let disposed = t.record(a.withLatestFrom(other).map { [$0, $1] }, disposedAt: 2)
    t.expect(failure, "-p#", ["p": [1, 7]])
    t.expect(disposed, "-p", ["p": [1, 7]])
    t.expectSubscriptions(a, "^-!")
    t.expectSubscriptions(other, "^-!")
  }

  @Test func arrayFormAttachesEveryLatestValue() {
    let t = TestClock()
    let a = t.cold("----1----2-|")
    let x = t.cold("-7---------")
    let y = t.cold("---8----9--")
    let rows = t.record(a.withLatestFrom([x, y]))
    let alone = t.record(a.withLatestFrom([]))
    t.expect(rows, "----p----q-|", ["p": [1, 7, 8], "q": [2, 7, 9]])
    t.expect(alone, "----p----q-|", ["p": [1], "q": [2]])
    t.expectSubscriptions(x, "^----------!")
  }
}
