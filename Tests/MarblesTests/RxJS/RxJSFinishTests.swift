import Testing

@testable import Marbles
@testable import MarblesCore

/// The last RxJS 7 forms, at script level, written from RxJS's documentation:
/// `expand(project, concurrent)`, `connectable(source, { connector, resetOnDisconnect })`, and
/// the replay buffer of `shareReplay({ bufferSize, refCount: true })` in `internals`. Each covers
/// values, an empty source, a silent one, a failure, an early unsubscription, and the
/// subscription windows that show what was released.
@Suite struct RxJSFinishTests {
  @Test func expandConcurrentKeepsAValueUnsentUntilASlotFrees() {
    expectPasses(
      """
      use rxjs
      let input = cold("-1---2|")
      let one = input.expand(concurrent: 1) { x in x < 10 ? cold("--y|", y: x * 10) : empty }
      let all = input.expand { x in x < 10 ? cold("--y|", y: x * 10) : empty }
      show input.recorded, one, all
      // 10 arrives at 3 while 1's inner signal runs: sent at 4, when it completes.
      expect one == "-1--a2--(b|)", a: 10, b: 20
      expect all == "-1-a-2-b|", a: 10, b: 20
      expect subscriptions(input) == ["^-----!", "^-----!"]
      """)
  }

  @Test func expandConcurrentDrawsTheQueue() {
    expectPasses(
      """
      use rxjs
      let one = cold("-1---2|").expand(concurrent: 1) { x in x < 10 ? cold("--y|", y: x * 10) : empty }
      show one.internals
      expect one.queue == "e--qe--r(e|)", e: [], q: [2], r: [4]
      """)
  }

  @Test func expandConcurrentWithEmptySilentAndFailingSources() {
    expectPasses(
      """
      use rxjs
      let empty = cold("--|").expand(concurrent: 1) { x in of(x) }
      let silent = never.expand(concurrent: 1) { x in of(x) }
      let inner = cold("----#", error: "boom")
      let input = cold("-1-2--|")
      let failing = input.expand(concurrent: 1) { x in inner }
      show empty, silent subscribed "^---!", failing
      expect empty == "--|"
      expect silent == "----"
      // 2 waits from 3; the inner failure at 5 ends everything before 2 is sent.
      expect failing == "-1---#", error: "boom"
      expect subscriptions(input) == "^----!"
      expect subscriptions(inner) == "-^---!"
      """)
  }

  @Test func expandConcurrentUnsubscribedEarlyReleasesEverything() {
    expectPasses(
      """
      use rxjs
      let input = cold("-1-2-3-|")
      let inner = cold("------y|", y: 9)
      let cut = input.expand(concurrent: 1) { x in inner }
      show cut subscribed "^----!"
      expect cut == "-1---"
      expect subscriptions(input) == "^----!"
      expect subscriptions(inner) == "-^---!"
      """)
  }

  @Test func expandRejectsAConcurrencyBelowOne() {
    #expect(
      failureText(#"let x = cold("-1|").expand(concurrent: 0) { x in empty }"#).contains(
        "concurrency"))
  }

  @Test func connectableResetsOnDisconnectByDefault() {
    expectPasses(
      """
      use rxjs
      let input = cold("-a-b|")
      let shared = connectable(input)
      shared.connect(at: 1)
      shared.connect(at: 8)
      let late = shared
      show shared, late subscribed "------^"
      // After the first connection ended, a subscriber waits for the next one.
      expect shared == "--a-b|"
      expect late == "---------a-b|"
      expect subscriptions(input) == ["-^---!", "--------^---!"]
      """)
  }

  @Test func connectableWithoutResetKeepsItsSubject() {
    expectPasses(
      """
      use rxjs
      let input = cold("-a-b|")
      let kept = connectable(input, resetOnDisconnect: false)
      let replaying = connectable(cold("-a-b|"), connector: { ReplaySubject(capacity: 1) }, resetOnDisconnect: false)
      kept.connect(at: 1)
      kept.connect(at: 8)
      replaying.connect(at: 0)
      show kept subscribed "------^", replaying subscribed "------^"
      // The subject remembers its end; connecting again subscribes the input into it unheard.
      expect kept == "------|"
      expect replaying == "------(b|)"
      expect subscriptions(input) == ["-^---!", "--------^---!"]
      """)
  }

  @Test func connectableWithFailingEmptyAndSilentSources() {
    expectPasses(
      """
      use rxjs
      let failing = connectable(cold("-a#", error: "boom"))
      let empty = connectable(cold("--|"))
      let silent = connectable(never)
      let unconnected = connectable(cold("-a|"))
      failing.connect()
      empty.connect()
      silent.connect()
      let lateToFailure = failing
      show failing, lateToFailure subscribed "----^", empty, silent subscribed "^--!", unconnected
      expect failing == "-a#", error: "boom"
      expect lateToFailure == "-----"
      expect empty == "--|"
      expect silent == "---"
      expect unconnected == "----"
      """)
  }

  @Test func connectableSubscriberLeavingEarlyGetsNothingMore() {
    expectPasses(
      """
      use rxjs
      let input = cold("-a-b-c-|")
      let shared = connectable(input)
      shared.connect()
      let leaves = shared
      show leaves subscribed "^--!", shared
      expect leaves == "-a-"
      expect shared == "-a-b-c-|"
      expect subscriptions(input) == "^------!"
      """)
  }

  @Test func connectableInternalsFollowTheCurrentSubject() {
    expectPasses(
      """
      use rxjs
      let replaying = connectable(cold("-a-b|"), connector: { ReplaySubject(capacity: 2) })
      replaying.connect(at: 1)
      show replaying.internals
      expect replaying.connected == "ft---|", f: false, t: true
      expect replaying.replayed == "e-a-b|", e: [], a: ["a"], b: ["a", "b"]
      """)
  }

  @Test func connectableRejectsANonBoolReset() {
    #expect(
      failureText(#"let x = connectable(cold("-1|"), resetOnDisconnect: 3)"#).contains(
        "resetOnDisconnect"))
  }

  @Test func shareReplayRefCountDrawsItsReplayBuffer() {
    expectPasses(
      """
      use rxjs
      let shared = cold("-a-b-c|").shareReplay(2, refCount: true)
      show shared.internals
      expect shared.replayed == "ea-b-c|", e: [], a: ["a"], b: ["a", "b"], c: ["b", "c"]
      expect shared.connected == "(ft)--(f|)", f: false, t: true
      """)
  }

  @Test func shareReplayRefCountBufferStartsAfreshAfterTheLastSubscriberLeaves() {
    expectPasses(
      """
      use rxjs
      let input = cold("-a-b-c|")
      let shared = input.shareReplay(2, refCount: true)
      show shared subscribed "^--!", shared.internals subscribed "-----^"
      expect shared.replayed == "-----ea-b-c|", e: [], a: ["a"], b: ["a", "b"], c: ["b", "c"]
      expect subscriptions(input) == ["^--!", "-----^-----!"]
      """)
  }

  // MARK: - Audit additions

  @Test func zeroCountsUnderUseRxJS() {
    // RxJS 7: take(0) and takeLast(0) are EMPTY, skip(0) and skipLast(0) change nothing.
    expectPasses(
      """
      use rxjs
      let input = cold("-a-b|")
      let none = input.take(0)
      let noLast = input.takeLast(0)
      let all = input.skip(0)
      let allLast = input.skipLast(0)
      show none, noLast, all, allLast
      expect none == "|"
      expect noLast == "|"
      expect all == "-a-b|"
      expect allLast == "-a-b|"
      expect subscriptions(input) == ["^---!", "^---!"]
      """)
  }

  @Test func valuesThatLookAlikePrintApart() {
    // An array and the string of its description, a dictionary, an error object and a string
    // error, a notification and its spelling as a string: each legend entry and JSON value
    // tells them apart.
    let run = expectPasses(
      """
      use rxjs
      let a = cold("-a-b|", a: [1, 2], b: "[1, 2]")
      let d = cold("-a|", a: ["k": [1, 2]])
      let e = cold("-#", error: Error("too bad"))
      let s = cold("-#", error: "too bad")
      let n = cold("-a-b-c-d|", a: next(1), b: failed(Error("x")), c: completed, d: "next(1)")
      show a, d, e, s, n
      expect a == "-x-y|", x: [1, 2], y: "[1, 2]"
      expect s == "-#", error: "too bad"
      """)
    func printed(_ lane: String) -> [String] {
      run?.lane(lane)?.events.compactMap(\.value).map(\.description) ?? []
    }
    func json(_ lane: String) -> [String] {
      run?.lane(lane)?.events.compactMap(\.value).map(\.compactJSON) ?? []
    }
    #expect(printed("a") == ["[1, 2]", #""[1, 2]""#])
    #expect(json("a") == ["[1, 2]", #""[1, 2]""#])
    #expect(json("d") == [#"{"dictionary": {"k": [1, 2]}}"#])
    #expect(printed("e") == [#"Error("too bad")"#])
    #expect(printed("s") == [#""too bad""#])
    #expect(json("e") == [#"{"errorObject": {"name": "Error", "message": "too bad"}}"#])
    #expect(json("s") == [#""too bad""#])
    #expect(printed("n") == ["next(1)", #"failed(Error("x"))"#, "completed", #""next(1)""#])
    #expect(
      json("n") == [
        #"{"event": "next", "value": 1}"#,
        #"{"event": "error", "error": {"errorObject": {"name": "Error", "message": "x"}}}"#,
        #"{"event": "completed"}"#, #""next(1)""#,
      ])
  }
}
