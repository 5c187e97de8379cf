import ReactiveRxJS
import Testing

@testable import Reactive

/// RxJS `sequenceEqual`: one boolean, as soon as equality is decided.
@Suite struct SequenceEqualTests {
  private let answers: [Character: Bool] = ["t": true, "f": false]

  @Test func equalSequencesAnswerWhenBothHaveCompleted() {
    let t = TestClock()
    let a = t.cold("-1-2-3-|")
    let b = t.cold("--1-2-3-|")
    let r = t.record(a.sequenceEqual(b, by: ==))
    t.expect(r, "--------(t|)", answers)
    t.expectSubscriptions(a, "^------!")
    t.expectSubscriptions(b, "^-------!")
    t.expectReleased()
  }

  @Test func aDifferenceAnswersAtOnceAndUnsubscribesBoth() {
    let t = TestClock()
    let a = t.cold("-1-2-3-|")
    let b = t.cold("--1-9-3-|")
    let r = t.record(a.sequenceEqual(b, by: ==))
    t.expect(r, "----(f|)", answers)
    t.expectSubscriptions(a, "^---!")
    t.expectSubscriptions(b, "^---!")
    t.expectReleased()
  }

  @Test func aValueAfterTheOtherSideCompletedAnswersFalse() {
    let t = TestClock()
    let shorter = t.record(t.cold("-1|").sequenceEqual(t.cold("--1-2|"), by: ==))
    let longer = t.record(t.cold("-1-2-|").sequenceEqual(t.cold("1|"), by: ==))
    t.expect(shorter, "----(f|)", answers)
    t.expect(longer, "---(f|)", answers)
  }

  @Test func theComparatorDecidesEquality() {
    let t = TestClock()
    let r = t.record(t.cold("-1-2|").sequenceEqual(t.cold("-3-4|")) { $0 % 2 == $1 % 2 })
    t.expect(r, "----(t|)", answers)
  }

  @Test func emptyAndNever() {
    let t = TestClock()
    let bothEmpty = t.record(t.cold("--|").sequenceEqual(t.cold("---|"), by: ==))
    let emptyAndNever = t.record(t.cold("--|").sequenceEqual(t.cold("-"), by: ==))
    let neverAndValue = t.record(t.cold("-").sequenceEqual(t.cold("-1|"), by: ==))
    t.expect(bothEmpty, "---(t|)", answers)
    t.expect(emptyAndNever, "-", answers)
    t.expect(neverAndValue, "-", answers)
  }

  @Test func onlyTheOtherSidesQueueCountsAtTheLastCompletion() {
    // As RxJS 7 does (and as the operator documents): a completion compares only the other
    // side's queue. `b` held back 1 before `a` completed, and `b`'s own completion then sees
    // `a`'s queue empty, so the answer is true. Sending 1 after `a` completed answers false.
    let t = TestClock()
    let heldBack = t.record(t.cold("---|").sequenceEqual(t.cold("-1--|"), by: ==))
    let afterwards = t.record(t.cold("---|").sequenceEqual(t.cold("----1|"), by: ==))
    t.expect(heldBack, "----(t|)", answers)
    t.expect(afterwards, "----(f|)", answers)
  }

  @Test func failuresOfEitherSideAreForwarded() {
    let t = TestClock()
    let other = t.cold("-1-2|")
    let source = t.cold("-1-2|")
    let sourceFails = t.record(t.cold("-1#").sequenceEqual(other, by: ==))
    let otherFails = t.record(source.sequenceEqual(t.cold("-1#"), by: ==))
    t.expect(sourceFails, "--#", answers)
    t.expect(otherFails, "--#", answers)
    t.expectSubscriptions(other, "^-!")
    t.expectSubscriptions(source, "^-!")
    t.expectReleased()
  }

  @Test func earlyDisposalReleasesBothSides() {
    let t = TestClock()
    let a = t.cold("-1-2-3|")
    let b = t.cold("-1-2-3|")
    let r = t.record(a.sequenceEqual(b, by: ==), disposedAt: 4)
    t.expect(r, "-", answers)
    t.expectSubscriptions(a, "^---!")
    t.expectSubscriptions(b, "^---!")
    t.expectReleased()
  }

  @Test func theComparatorGetsThisSignalsValueFirst() {
    let t = TestClock()
    let sourceFirst = t.record(t.cold("-2-4|").sequenceEqual(t.cold("--1-2|")) { $0 == $1 * 2 })
    let otherFirst = t.record(t.cold("--2-4|").sequenceEqual(t.cold("-1-2|")) { $0 == $1 * 2 })
    t.expect(sourceFirst, "-----(t|)", answers)
    t.expect(otherFirst, "-----(t|)", answers)
  }
}
