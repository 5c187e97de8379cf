import Testing

@testable import Marbles
@testable import MarblesCore

/// Argument forms of RxJS 7 beyond the first one, written as RxJS writes them under `use
/// rxjs`: `distinct(keySelector, flushes)`, `tap` with an observer, `groupBy` with a connector,
/// `bufferTime(span, creationInterval, maxBufferSize)`.
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

  @Test func bufferTimeSendsAnArrayEverySpan() {
    // RxJS's spec: an array every 10 frames, and on completion the open one, even empty.
    expectPasses(
      """
      use rxjs
      let e1 = hot("---a---b---c---d---e---f---g-----|")
      let batches = e1.bufferTime(10)
      show batches
      expect batches == "----------w---------x---------y--(z|)", w: ["a", "b"], x: ["c", "d", "e"], y: ["f", "g"], z: []
      expect subscriptions(e1) == "^--------------------------------!"
      """)
  }

  @Test func bufferTimeWithACreationIntervalOverlaps() {
    // RxJS's spec: arrays open at 0, 20 and 40 and last 21 frames, so e and i go into two;
    // on completion the array opened at 40 is sent.
    expectPasses(
      """
      use rxjs
      let e1 = hot("---a---b---c----d----e----f----g----h----i----(k|)")
      let batches = e1.bufferTime(21, 20)
      let full = e1.bufferTime(21, 20, 3)
      show batches, full
      expect batches == "---------------------x-------------------y----(z|)", x: ["a", "b", "c", "d", "e"], y: ["e", "f", "g", "h", "i"], z: ["i", "k"]
      expect full == "-----------x-------------------y--------------(z|)", x: ["a", "b", "c"], y: ["e", "f", "g"], z: ["i", "k"]
      """)
    // Arrays of 2 frames every 4: b and d fall in the gaps; the last, opened at 8, is empty.
    expectPasses(
      """
      use rxjs
      let batches = cold("-a-b-c-d-|").bufferTime(2, 4)
      show batches
      expect batches == "--x---y--(z|)", x: ["a"], y: ["c"], z: []
      """)
  }

  @Test func bufferTimeWithAMaxBufferSizeSendsAFullArrayAtOnce() {
    // RxJS's spec: `bufferTime(t, null, 2)` sends each pair as it fills, and the next array's
    // span starts there; with 3 the span ends first, twice.
    expectPasses(
      """
      use rxjs
      let e1 = hot("---a---b---c---d---e---f---g-----|")
      let pairs = e1.bufferTime(10, nil, 2)
      let labelled = e1.bufferTime(10, maxBufferSize: 2)
      let triples = e1.bufferTime(10, nil, 3)
      show pairs, labelled, triples
      expect pairs == "-------w-------x-------y---------(z|)", w: ["a", "b"], x: ["c", "d"], y: ["e", "f"], z: ["g"]
      expect labelled == "-------w-------x-------y---------(z|)", w: ["a", "b"], x: ["c", "d"], y: ["e", "f"], z: ["g"]
      expect triples == "----------w--------x---------y---(z|)", w: ["a", "b"], x: ["c", "d", "e"], y: ["f", "g"], z: []
      """)
  }

  @Test func bufferTimeWithEmptySilentAndFailingSources() {
    // RxJS's spec: empty sends one empty array; never an empty one every span until
    // unsubscribed; a failure drops the open arrays.
    expectPasses(
      """
      use rxjs
      let empty = cold("|").bufferTime(10)
      let silent = never.bufferTime(10)
      let thrown = cold("#").bufferTime(10)
      let e1 = hot("---a---b---c---#")
      let failing = e1.bufferTime(10)
      let e2 = hot("---a---b---c----d----e----f----g----h----i----#")
      let failingStepped = e2.bufferTime(21, 20)
      let early = cold("-a-b-c-|")
      let cut = early.bufferTime(10, nil, 1)
      show empty, silent subscribed "^-------------------------------------------!", thrown, failing, failingStepped, cut subscribed "^--!"
      expect empty == "(b|)", b: []
      expect silent == "----------a---------a---------a---------a----", a: []
      expect thrown == "#"
      expect failing == "----------w----#", w: ["a", "b"]
      expect subscriptions(e1) == "^--------------!"
      expect failingStepped == "---------------------x-------------------y----#", x: ["a", "b", "c", "d", "e"], y: ["e", "f", "g", "h", "i"]
      expect cut == "-x-", x: ["a"]
      expect subscriptions(early) == "^--!"
      """)
  }

  @Test func bufferTimeDrawsItsOpenArrays() {
    // Arrays open at 0, 8 and 16; each is sent at its first value, so no timer fires.
    expectPasses(
      """
      use rxjs
      let batches = cold("----a-------b-------|").bufferTime(20, 8, 1)
      show batches.internals
      expect batches == "----x-------y-------(z|)", x: ["a"], y: ["b"], z: []
      expect batches.buffers == "(de)(fd)e---(gd)e---(d|)", d: [], e: [[]], f: [["a"]], g: [["b"]]
      """)
  }

  @Test func bufferTimeChecksItsArguments() {
    let cases = [
      ("bufferTime(0)", "the period"), ("bufferTime(3, 0)", "the step"),
      ("bufferTime(3, nil, 0)", "the largest buffer size"),
      ("bufferTime(3, maxBufferSize: -1)", "the largest buffer size"),
    ]
    for (call, name) in cases {
      let text = failureText(
        """
        use rxjs
        let batches = cold("-a|").\(call)
        show batches
        """)
      #expect(text.contains(name), "\(call): \(text)")
    }
  }
}
