import Testing

@testable import Marbles
@testable import MarblesCore

/// Argument forms of RxJS 7 beyond the first one, written as RxJS writes them under `use
/// rxjs`: `distinct(keySelector, flushes)`, `tap` with an observer, `groupBy` with a connector.
@Suite struct RxJSArgumentFormsTests {
  @Test func distinctForgetsItsKeysAtEachFlush() {
    // RxJS: `distinct(undefined, flushes)`; the flush at 4 lets the a at 5 and the b at 7
    // through again.
    expectPasses(
      """
      use rxjs
      let input = cold("-a-b-a-b-a-b|")
      let flushes = cold("----x|")
      let output = input.distinct(nil, flushes)
      show output
      expect output == "-a-b-a-b----|"
      expect subscriptions(flushes) == "^----!"
      """)
  }

  @Test func distinctWithAKeySelectorAndFlushes() {
    // Keys x % 2: 3 repeats 1's key, the flush at 4 forgets both, 4 repeats 2's key.
    expectPasses(
      """
      use rxjs
      let input = cold("-1-3-2-4-5|")
      let positional = input.distinct({ x in x % 2 }, cold("----x|"))
      let labelled = input.distinct(flushes: cold("----x|")) { x in x % 2 }
      show positional, labelled
      expect positional == "-1---2---5|"
      expect labelled == "-1---2---5|"
      """)
  }

  @Test func distinctFailsWhenItsFlushesFail() {
    expectPasses(
      """
      use rxjs
      let input = cold("-a-b-|")
      let output = input.distinct(nil, cold("--#"))
      show output
      expect output == "-a#"
      expect subscriptions(input) == "^-!"
      """)
    #expect(
      failureText(
        """
        use rxjs
        let output = cold("-a|").distinct(nil, 3)
        show output
        """
      ).contains("the flushes"))
  }

  @Test func tapCallsEachCallbackOfAnObserverAtItsMoment() {
    // Each callback executes the command with a tag, so the command's executions show when
    // each was called: subscribe at 0, next at 1 and 3, complete then finalize at 5; no
    // unsubscribe (the source ended first).
    expectPasses(
      """
      use rxjs
      let log = Command(allowsConcurrentExecution: true) { x in cold("(x|)", x: x) }
      let input = cold("-a-b-|")
      let output = input.tap(subscribe: { log.execute("s") }, next: { x in log.execute(x) }, error: { e in log.execute("e") }, complete: { log.execute("c") }, unsubscribe: { log.execute("u") }, finalize: { log.execute("f") })
      let calls = log.executionSignals.mergeAll()
      show calls, output
      expect output == "-a-b-|"
      expect calls == "sa-b-(cf)", s: "s", a: "a", b: "b", c: "c", f: "f"
      """)
  }

  @Test func tapTellsAnUnsubscriptionFromAnEnd() {
    // Unsubscribed at 2, before the source ends: unsubscribe, then finalize. A failure (at 6) calls
    // error, then finalize, and no unsubscribe.
    expectPasses(
      """
      use rxjs
      let log = Command(allowsConcurrentExecution: true) { x in cold("(x|)", x: x) }
      let input = cold("-a-b-|")
      let cut = input.tap(unsubscribe: { log.execute("u") }, finalize: { log.execute("f") })
      let failing = cold("------#").tap(error: { e in log.execute("e") }, unsubscribe: { log.execute("x") }, finalize: { log.execute("g") })
      let calls = log.executionSignals.mergeAll()
      show calls, cut subscribed "^-!", failing
      expect calls == "--(uf)(eg)", u: "u", f: "f", e: "e", g: "g"
      """)
  }

  @Test func aThrowInATapCallbackFailsTheSubscription() {
    expectPasses(
      """
      use rxjs
      let input = cold("-a-b-|")
      let atB = input.tap(next: { x in
        if x == "b" { throw "bad" }
      })
      let atEnd = input.tap(complete: { throw "late" })
      show atB, atEnd
      expect atB == "-a-#", error: "bad"
      expect atEnd == "-a-b-#", error: "late"
      """)
    #expect(
      failureText(
        """
        use rxjs
        let output = cold("-a|").tap()
        show output
        """
      ).contains("an observer's closures"))
  }

  @Test func groupByMakesEachGroupWithItsConnector() {
    // Each group is subscribed a frame after it is sent (delay(1)): a ReplaySubject from the
    // connector replays the group's first value then; a plain group has lost it.
    expectPasses(
      """
      use rxjs
      let input = cold("-a-b-a---|")
      let replayed = input.groupBy(connector: { ReplaySubject(2) }) { x in x }.delay(1).mergeAll()
      let plain = input.groupBy { x in x }.delay(1).mergeAll()
      let both = input.groupBy(element: { x in x + "!" }, connector: { ReplaySubject(1) }) { x in x }.delay(1).mergeAll()
      show replayed, plain, both
      expect replayed == "--a-ba---|"
      expect plain == "-----a---|"
      expect both == "--x-yx---|", x: "a!", y: "b!"
      """)
    #expect(
      failureText(
        """
        use rxjs
        let output = cold("-a|").groupBy(connector: 3) { x in x }
        show output
        """
      ).contains("the connector"))
  }
}
