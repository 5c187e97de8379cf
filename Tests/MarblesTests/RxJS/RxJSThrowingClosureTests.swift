import Testing

@testable import Marbles
@testable import MarblesCore

/// A `throw` in a closure fails the operator's subscription with the value, at the frame of
/// the call, and ends the operator's subscriptions upstream, as RxJS 7 does when a callback
/// throws. Each case shows the frames and values, and the subscription windows that show what
/// was released.
@Suite struct RxJSThrowingClosureTests {
  @Test func mapFailsWithTheThrownValueAndUnsubscribes() {
    expectPasses(
      """
      use rxjs
      let input = cold("--a--b--c--|")
      let output = input.map { x in
        if x == "b" { throw Error("boom") }
        return x + "!"
      }
      show output
      expect output == "--x--#", x: "a!", error: Error("boom")
      expect subscriptions(input) == "^----!"
      """)
  }

  @Test func aSingleStatementThrowAndAStringValue() {
    expectPasses(
      """
      let input = cold("--a--|")
      let output = input.map { _ in throw "error" }
      show output
      expect output == "--#"
      expect subscriptions(input) == "^-!"
      """)
  }

  @Test func scanFirstLastTakeWhileAndSkipWhile() {
    expectPasses(
      """
      use rxjs
      let input = cold("-1-2-3-|")
      let sums = input.scan(0) { acc, x in
        if x == 3 { throw "too big" }
        return acc + x
      }
      let found = input.first { x in
        if x == 2 { throw Error("first") }
        return false
      }
      let final = input.last { x in
        if x == 3 { throw Error("last") }
        return true
      }
      let taking = input.takeWhile { x in
        if x == 2 { throw Error("takeWhile") }
        return true
      }
      let skipping = input.skipWhile { x in
        if x == 2 { throw Error("skipWhile") }
        return true
      }
      show sums, found, final, taking, skipping
      expect sums == "-a-b-#", a: 1, b: 3, error: "too big"
      expect found == "---#", error: Error("first")
      expect final == "-----#", error: Error("last")
      expect taking == "-1-#", error: Error("takeWhile")
      expect skipping == "---#", error: Error("skipWhile")
      expect subscriptions(input) == ["^----!", "^--!", "^----!", "^--!", "^--!"]
      """)
  }

  @Test func zipsResultSelector() {
    expectPasses(
      """
      use rxjs
      let a = cold("-a-b-c-|")
      let b = cold("--x----y|")
      let zipped = zip(a, b) { x, y in
        if y == "y" { throw Error("zip") }
        return x + y
      }
      show zipped
      expect zipped == "--p----#", p: "ax", error: Error("zip")
      expect subscriptions(a) == "^------!"
      expect subscriptions(b) == "^------!"
      """)
  }

  @Test func mergeMapAndSwitchMapReleaseTheirInnerSignals() {
    expectPasses(
      """
      use rxjs
      let input = cold("-1-2-3-|")
      let inner = cold("-i--|")
      let merged = input.mergeMap { x in
        if x == 2 { throw Error("mergeMap") }
        return inner
      }
      let switched = input.switchMap { x in
        if x == 2 { throw Error("switchMap") }
        return inner
      }
      show merged, switched
      expect merged == "--i#", error: Error("mergeMap")
      expect switched == "--i#", error: Error("switchMap")
      expect subscriptions(input) == ["^--!", "^--!"]
      expect subscriptions(inner) == ["-^-!", "-^-!"]
      """)
  }

  @Test func concatMapCallsTheClosureWhenTheValuesTurnComes() {
    // RxJS buffers 2 while the first inner signal runs, and projects it when that completes.
    expectPasses(
      """
      use rxjs
      let input = cold("-1-2-3-|")
      let inner = cold("--i|")
      let output = input.concatMap { x in
        if x == 2 { throw Error("concatMap") }
        return inner
      }
      show output
      expect output == "---i#", error: Error("concatMap")
      expect subscriptions(input) == "^---!"
      expect subscriptions(inner) == "-^--!"
      """)
  }

  @Test func retryAndRepeatDelayFunctions() {
    expectPasses(
      """
      use rxjs
      let flaky = cold("-#")
      let retried = flaky.retry(count: 3, delay: { e, n in
        if n == 2 { throw Error("no more") }
        return timer(1)
      })
      let once = cold("-a|")
      let repeated = once.repeat(count: 3, delay: { n in
        if n == 2 { throw Error("stop") }
        return timer(1)
      })
      show retried, repeated
      expect retried == "---#", error: Error("no more")
      expect repeated == "-a--a#", error: Error("stop")
      expect subscriptions(flaky) == ["^!", "--^!"]
      expect subscriptions(once) == ["^-!", "---^-!"]
      """)
  }

  @Test func aTimerOfAnOlderSubscriptionFailsThatSubscription() {
    // Two subscriptions of one `repeat` (and of one `retry`); each resubscribes from the
    // operator's own timer, after the other one started. The first one's closure throws at its
    // second round: that fails the first subscription, not the newest one.
    expectPasses(
      """
      use rxjs
      let once = cold("-a|")
      let repeated = once.repeat(count: 3, delay: { n in
        if n == 2 { throw Error("stop") }
        return timer(1)
      })
      let repeatedLater = timer(1).concatMap { _ in repeated }
      let flaky = cold("-#")
      let retried = flaky.retry(count: 3, delay: { e, n in
        if n == 2 { throw Error("no more") }
        return timer(1)
      })
      let retriedLater = timer(1).concatMap { _ in retried }
      show repeated, repeatedLater, retried, retriedLater
      expect repeated == "-a--a#", error: Error("stop")
      expect repeatedLater == "--a--a#", error: Error("stop")
      expect retried == "---#", error: Error("no more")
      expect retriedLater == "----#", error: Error("no more")
      """)
  }

  @Test func aSubjectsEventFailsTheSubscriptionItWasSentTo() {
    // Two subscriptions of one operator over a subject (a connectable, a channel's terminal):
    // the subject sends each event to both, outside any event of the operator's own inputs.
    // The older subscription's sum passes 3 first: its throw fails it, not the newer one.
    expectPasses(
      """
      use rxjs
      let s = Subject()
      s.next(1, at: 1)
      s.next(3, at: 3)
      s.next(5, at: 5)
      let sums = s.scan(0) { acc, x in
        if acc + x > 3 { throw Error("over") }
        return acc + x
      }
      let later = sums
      let input = cold("-1-3-5|")
      let shared = connectable(input)
      shared.connect()
      let sharedSums = shared.scan(0) { acc, x in
        if acc + x > 3 { throw Error("over") }
        return acc + x
      }
      let sharedLater = sharedSums
      let ch = Channel()
      ch.following.sendNext(1, at: 1)
      ch.following.sendNext(3, at: 3)
      ch.following.sendNext(5, at: 5)
      let channelSums = ch.leading.scan(0) { acc, x in
        if acc + x > 3 { throw Error("over") }
        return acc + x
      }
      let channelLater = channelSums
      show sums, later subscribed "--^", sharedSums, sharedLater subscribed "--^"
      show channelSums, channelLater subscribed "--^"
      expect sums == "-1-#", error: Error("over")
      expect later == "---3-#", error: Error("over")
      expect sharedSums == "-1-#", error: Error("over")
      expect sharedLater == "---3-#", error: Error("over")
      expect channelSums == "-1-#", error: Error("over")
      expect channelLater == "---3-#", error: Error("over")
      """)
  }

  @Test func eachSubscriptionFailsOnItsOwnAndShareResubscribesLaterSubscribers() {
    // Two subscriptions of one operator: each fails when its own call throws. Behind `share`,
    // the failure resets it (resetOnError), so a later subscriber starts a new subscription.
    expectPasses(
      """
      use rxjs
      let input = cold("-a-b|")
      let checked = input.map { x in
        if x == "b" { throw Error("b") }
        return x
      }
      let shared = checked.share()
      show checked, checked subscribed "--^", shared, shared subscribed "----^"
      expect subscriptions(input) == ["^--!", "^--!", "--^--!", "----^--!"]
      """)
  }

  @Test func aThrowingHelperClosureFailsTheOperatorThatCallsIt() {
    expectPasses(
      """
      let check = { x in
        if x > 2 { throw Error("too big") }
        return x
      }
      let input = cold("-1-2-3-|")
      let output = input.map { x in check(x) * 10 }
      show output
      expect output == "-a-b-#", a: 10, b: 20, error: Error("too big")
      """)
  }

  @Test func zipsSelectorMayAlsoBeGivenLastAmongTheSignals() {
    expectPasses(
      """
      let a = cold("-1-2|")
      let b = cold("--3-4|")
      let sums = zip(a, b, { x, y in x + y })
      show sums
      expect sums == "--a-(b|)", a: 4, b: 6
      """)
  }

  @Test func aThrowThatNoOperatorTakesAtTheTopLevel() {
    #expect(
      failureText(
        """
        let f = { x in throw Error("x") }
        let y = f(1)
        """) == """
          t.marble:1:16: error: Error("x") was thrown in a closure that cannot fail at frame 0; only a closure an operator calls may throw; its signal fails with the value
          let f = { x in throw Error("x") }
                         ^~~~~~~~~~~~~~~~

          """)
  }

  @Test func throwingAValueThatIsNotAnError() {
    #expect(
      failureText(
        """
        let input = cold("-1|")
        let bad = input.map { x in throw 5 }
        show bad
        """) == """
          t.marble:2:34: error: 'throw' needs an error value (Error("…") or a String), not 'Int'
          let bad = input.map { x in throw 5 }
                                           ^

          """)
    #expect(
      failureText(
        """
        let input = cold("-1-2|")
        let bad = input.map { x in
          if x == 2 { throw x }
          return x
        }
        show bad
        """) == """
          t.marble:3:21: error: 'throw' needs an error value (Error("…") or a String), not 'Int' 2 at frame 3; 'map' called the closure with 'Int' 2, which arrived at this frame
            if x == 2 { throw x }
                              ^

          """)
  }

  @Test func throwingInAClosureThatCannotFail() {
    #expect(
      failureText(
        """
        let save = Command { x in
          if x > 0 { throw Error("no") }
          return cold("-a|")
        }
        save.execute(1, at: 2)
        show save.executionSignals
        """) == """
          t.marble:2:14: error: Error("no") was thrown in a closure that cannot fail at frame 2; only a closure an operator calls may throw; its signal fails with the value
            if x > 0 { throw Error("no") }
                       ^~~~~~~~~~~~~~~~~

          """)
  }
}
