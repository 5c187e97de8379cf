import Testing

@testable import Marbles
@testable import MarblesCore

/// RxJS's `AsyncSubject`, written from RxJS's documentation: only the last value, only on
/// completion, to current and later subscribers; a failure is passed on.
@Suite struct RxJSAsyncSubjectTests {
  @Test func sendsTheLastValueOnCompletionToCurrentAndLateSubscribers() {
    expectPasses(
      """
      use rxjs
      let s = AsyncSubject()
      s.next("a", at: 1)
      s.next("b", at: 2)
      s.complete(at: 4)
      s.next("c", at: 5)
      let early = s
      let late = s
      show s, early subscribed "--^", late subscribed "------^"
      expect s == "----(b|)"
      expect early == "----(b|)"
      expect late == "------(b|)"
      """)
  }

  @Test func anEmptyOrSilentSubjectSendsNoValue() {
    expectPasses(
      """
      use rxjs
      let empty = AsyncSubject()
      empty.complete(at: 2)
      let lateEmpty = empty
      let silent = AsyncSubject()
      silent.next(1, at: 1)
      show empty, lateEmpty subscribed "----^", silent subscribed "^-----!"
      expect empty == "--|"
      expect lateEmpty == "----|"
      expect silent == "------"
      """)
  }

  @Test func aFailureIsPassedOnAndTheHeldValueDropped() {
    expectPasses(
      """
      use rxjs
      let s = AsyncSubject()
      s.next(1, at: 1)
      s.error("boom", at: 3)
      s.complete(at: 4)
      let late = s
      show s, late subscribed "-----^"
      expect s == "---#", error: "boom"
      expect late == "-----#", error: "boom"
      """)
  }

  @Test func aSubscriberThatLeavesBeforeCompletionGetsNothing() {
    expectPasses(
      """
      use rxjs
      let s = AsyncSubject()
      s.next(1, at: 1)
      s.complete(at: 4)
      let leaving = s
      let staying = s
      show leaving subscribed "^-!", staying
      expect leaving == "--"
      expect staying == "----(1|)"
      """)
  }

  @Test func drawsTheHeldValueAndTheSubscribers() {
    expectPasses(
      """
      use rxjs
      let s = AsyncSubject()
      s.next(1, at: 1)
      s.next(2, at: 3)
      s.complete(at: 4)
      show s.internals
      // The lanes end with the subject; completion releases its one subscriber.
      expect s.held == "-1-2|"
      expect s.subscribers == "(01)(0|)"
      """)
  }

  @Test func aValueOrAFailureAfterTerminationIsIgnored() {
    expectPasses(
      """
      use rxjs
      let s = AsyncSubject()
      s.complete(at: 1)
      s.next(1, at: 2)
      s.error("late", at: 3)
      let late = s
      show s, late subscribed "----^"
      expect s == "-|"
      expect late == "----|"
      """)
  }
}
