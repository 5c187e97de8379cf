import Testing

@testable import Marbles
@testable import MarblesCore

/// RxJS 7's forms added for workshops: `groupBy`'s element and duration selectors,
/// `windowTime`'s `maxWindowSize`, `connect(selector, { connector })` (spelled
/// `connectWith(connector:)`), the `connector` of `share` and `connectable`, `shareReplay`'s
/// `refCount`, and the creation functions `generate`, `pairs` and `using`,
/// written from RxJS's documentation. Each covers values, an empty source, a silent one, a
/// failure, an early unsubscription, and the subscription windows that show what was released.
@Suite struct RxJSMoreFormsTests {
  @Test func groupByMapsEachGroupsValuesWithElement() {
    expectPasses(
      """
      let input = cold("-1-2-3-4-|")
      let groups = input.groupBy(element: { x in x * 10 }) { x in x % 2 }
      show groups
      expect groups == "-o-e-----|", o: cold("a---c---|", a: 10, c: 30), e: cold("b---d-|", b: 20, d: 40)
      """)
  }

  @Test func groupByDurationEndsAGroupAndALaterValueOpensANewOne() {
    // The duration signal subscribes to the group after it is sent, so `g.skip(1)` sends at its second value; the `groups` lane shows the open groups.
    expectPasses(
      """
      let input = cold("-a-a-a-b-a-|")
      let groups = input.groupBy(duration: { g in g.skip(1) }) { x in x }
      show groups.internals
      expect groups == "-x---y-z---|", x: cold("a-(a|)"), y: cold("a---(a|)"), z: cold("b---|")
      expect groups.groups == "ea-e-a-c-b-|", e: [], a: ["a"], c: ["a", "b"], b: ["b"]
      """)
  }

  @Test func groupByDurationCompletionFailureKeyAndElement() {
    // A duration that completes ends its group; one that fails fails its group only; `g.key` picks the duration; element and duration together.
    expectPasses(
      """
      let input = cold("-a-a-a|")
      let groups = input.groupBy(duration: { _ in cold("---|") }) { x in x }
      let failing = cold("-a-a----|").groupBy(duration: { _ in cold("---#", error: "late") }) { x in x }
      let keyed = cold("-a-b-a-b-|").groupBy(duration: { g in g.key == "a" ? cold("---x") : never }) { x in x }
      let both = cold("-1-2-3-4-5-|").groupBy(element: { x in x * 10 }, duration: { g in g.take(2).ignoreElements() }) { x in x % 2 }
      show groups, failing, keyed, both
      expect groups == "-x---y|", x: cold("a-a|"), y: cold("a|")
      expect failing == "-x------|", x: cold("a-a#", error: "late")
      expect keyed == "-x-y-z---|", x: cold("a--|"), y: cold("b---b-|"), z: cold("a--|")
      expect both == "-o-e-----p-|", o: cold("a---(c|)", a: 10, c: 30), e: cold("b---(d|)", b: 20, d: 40), p: cold("e-|", e: 50)
      """)
  }

  @Test func groupByDurationWithEmptySilentAndFailingSources() {
    expectPasses(
      """
      let closer = cold("-----x")
      let empty = cold("--|").groupBy(duration: { _ in closer }) { x in x }
      let silent = never.groupBy(duration: { _ in closer }) { x in x }
      let failing = cold("-a#").groupBy(duration: { _ in closer }) { x in x }
      show empty, silent subscribed "^---!", failing
      expect empty == "--|"
      expect silent == "----"
      expect failing == "-x#", x: cold("a#")
      expect subscriptions(closer) == "-^!"
      """)
  }

  @Test func groupByDurationSignalsAreReleasedWithTheSource() {
    expectPasses(
      """
      let input = cold("-a-b-|")
      let closer = cold("-----x")
      let groups = input.groupBy(duration: { _ in closer }) { x in x }
      show groups
      expect groups == "-x-y-|", x: cold("a---|"), y: cold("b-|")
      expect subscriptions(closer) == ["-^---!", "---^-!"]
      """)
  }

  @Test func groupByDurationSignalsAreReleasedOnEarlyUnsubscription() {
    expectPasses(
      """
      let input = cold("-a-b-a-b-|")
      let closer = cold("------x")
      let flat = input.groupBy(duration: { _ in closer }) { x in x }.mergeMap { g in g }
      show flat subscribed "^---!"
      expect flat == "-a-b"
      expect subscriptions(input) == "^---!"
      expect subscriptions(closer) == ["-^--!", "---^!"]
      """)
  }

  @Test func windowTimeMaxWindowSizeClosesAFullWindow() {
    // Without a step the next window opens at once, at the value that filled the last; with one, windows open on schedule.
    expectPasses(
      """
      let input = cold("-a-b-c-d-e-|")
      let windows = input.windowTime(6, nil, 2)
      let labelled = cold("-a-b-c-d-e-|").windowTime(6, maxWindowSize: 2)
      let stepped = cold("-a-b-c-|").windowTime(4, 2, 1)
      show windows, labelled, stepped
      expect windows == "x--y---z---|", x: cold("-a-(b|)"), y: cold("--c-(d|)"), z: cold("--e-|")
      expect labelled == "x--y---z---|", x: cold("-a-(b|)"), y: cold("--c-(d|)"), z: cold("--e-|")
      expect stepped == "w-x-y-z|", w: cold("-(a|)"), x: cold("-(b|)"), y: cold("-(c|)"), z: cold("-|")
      expect subscriptions(input) == "^----------!"
      """)
  }

  @Test func windowTimeMaxWindowSizeWithEmptySilentFailingAndCutSources() {
    expectPasses(
      """
      let empty = cold("--|").windowTime(6, nil, 2)
      let silent = never.windowTime(3, nil, 2)
      let failing = cold("-a#").windowTime(6, nil, 1)
      let early = cold("-a-b-c-|")
      let cut = early.windowTime(10, nil, 1)
      show empty, silent subscribed "^-------!", failing, cut subscribed "^--!"
      expect empty == "x-|", x: cold("--|")
      expect silent == "x--y--z-", x: cold("---|"), y: cold("---|"), z: cold("--")
      expect failing == "xy#", x: cold("-(a|)"), y: cold("-#")
      expect cut == "xy-", x: cold("-(a|)"), y: cold("--")
      expect subscriptions(early) == "^--!"
      """)
  }

  @Test func windowTimeMaxWindowSizeDrawsItsWindows() {
    expectPasses(
      """
      let windows = cold("----a---b----c|").windowTime(10, nil, 2)
      show windows.internals
      // Closing the full window empties the lane, opening the next adds an empty window.
      expect windows.windows == "(de)a---(bde)c(d|)", d: [], e: [[]], a: [["a"]], b: [["a", "b"]], c: [["c"]]
      """)
  }

  @Test func connectWithConnectorMakesTheSharingSubject() {
    // A part subscribed after the first value gets it again from a ReplaySubject connector; a BehaviorSubject connector starts with its value.
    expectPasses(
      """
      let input = cold("-1----2-3|")
      let plain = input.connectWith { shared in concat(shared.take(1), shared) }
      let replaying = input.connectWith(connector: { ReplaySubject(capacity: 1) }) { shared in concat(shared.take(1), shared) }
      let behaving = cold("-1-2|").connectWith(connector: { BehaviorSubject(0) }) { shared in shared }
      show plain, replaying, behaving
      expect plain == "-1----2-3|"
      expect replaying == "-(11)-2-3|"
      expect behaving == "01-2|"
      expect subscriptions(input) == ["^--------!", "^--------!"]
      """)
  }

  @Test func connectWithConnectorWithEmptySilentFailingAndCutInputs() {
    expectPasses(
      """
      let input = cold("-1-2-3-4|")
      let empty = cold("--|").connectWith(connector: { ReplaySubject(capacity: 1) }) { shared in shared }
      let silent = never.connectWith(connector: { BehaviorSubject(0) }) { shared in shared }
      let failing = cold("-1---#").connectWith(connector: { ReplaySubject(capacity: 1) }) { shared in concat(shared.take(1), shared) }
      let cut = input.connectWith(connector: { ReplaySubject(capacity: 2) }) { shared in shared.map { x in x * 10 } }
      show empty, silent subscribed "^---!", failing, cut subscribed "^--!"
      expect empty == "--|"
      expect silent == "0---"
      expect failing == "-(11)#"
      expect cut == "-a-", a: 10
      expect subscriptions(input) == "^--!"
      """)
  }

  @Test func connectWithASubjectValueAsConnector() {
    // A subject value (rather than a closure that makes one) is that one subject, which a script can subscribe too.
    expectPasses(
      """
      let s = ReplaySubject(capacity: 1)
      let shared = cold("-1---2|").connectWith(connector: s) { x in x }
      let later = s
      show shared, later subscribed "---^"
      expect shared == "-1---2|"
      expect later == "---1-2|"
      """)
  }

  @Test func generateLoopsOverItsStateAtSubscription() {
    // The positional forms, the options form, a condition false at once, no condition (cut by take), and generate inside concatMap.
    expectPasses(
      """
      let counting = generate(0, { x in x < 3 }, { x in x + 1 })
      let squares = generate(1, { x in x < 5 }, { x in x + 1 }, { x in x * x })
      let trailing = generate(1, { x in x < 5 }, { x in x + 1 }) { x in x * x }
      let options = generate(initialState: 0, condition: { x in x < 3 }, iterate: { x in x + 1 }, resultSelector: { x in x * 10 })
      let none = generate(5, { x in x < 3 }, { x in x + 1 })
      let endless = generate(0, nil, { x in x + 2 }).take(3)
      let timed = cold("-a-----b---|").concatMap { _ in generate(0, { x in x < 2 }, { x in x + 1 }) }
      show counting, squares, trailing, options, none, endless, timed
      expect counting == "(012|)"
      expect squares == "(abcd|)", a: 1, b: 4, c: 9, d: 16
      expect trailing == "(abcd|)", a: 1, b: 4, c: 9, d: 16
      expect options == "(abc|)", a: 0, b: 10, c: 20
      expect none == "|"
      expect endless == "(024|)"
      expect timed == "-(01)--(01)|"
      """)
  }

  @Test func pairsSendsKeyValueArraysInKeyOrder() {
    expectPasses(
      """
      let entries = pairs(["b": 2, "a": 1, "c": [3, 4]])
      let none = pairs([:])
      let first = pairs(["x": 1, "y": 2]).take(1)
      let timed = cold("-a--|").concatMap { _ in pairs(["k": "v"]) }
      show entries, none, first, timed
      expect entries == "(xyz|)", x: ["a", 1], y: ["b", 2], z: ["c", [3, 4]]
      expect none == "|"
      expect first == "(x|)", x: ["x", 1]
      expect timed == "-x--|", x: ["k", "v"]
      """)
  }

  @Test func usingHoldsASignalResourceForEachSubscription() {
    // The resource `cold("-")` is subscribed while each subscription of `using` lasts: to its completion, its failure, at once for an empty signal, and to an early unsubscription.
    expectPasses(
      """
      let resource = cold("-")
      let output = using({ resource }) { _ in cold("-a-b|") }
      let failing = using({ resource }) { _ in cold("-a#") }
      let empty = using({ resource }) { _ in empty }
      let silent = using({ resource }) { _ in never }
      let cut = using({ resource }) { _ in cold("-a-b-c|") }
      let handed = using({ 7 }) { n in of(n, n * 2) }
      show output, failing, empty, silent subscribed "^----!", cut subscribed "^--!", handed
      expect output == "-a-b|"
      expect failing == "-a#"
      expect empty == "|"
      expect handed == "(ab|)", a: 7, b: 14
      expect subscriptions(resource) == ["^---!", "^-!", "(^!)", "^----!", "^--!"]
      """)
  }

  @Test func shareReplayRefCountDisconnectsAndStartsAfresh() {
    // With refCount: true the last unsubscription ends the source subscription; the next subscriber starts a new one with a new replay subject.
    expectPasses(
      """
      let input = cold("-a-b-c-d|")
      let shared = input.shareReplay(1, refCount: true)
      let again = shared
      show shared subscribed "^--!", again subscribed "-----^"
      expect shared == "-a-"
      expect again == "------a-b-c-d|"
      expect subscriptions(input) == ["^--!", "-----^-------!"]
      """)
  }

  @Test func shareReplayRefCountReplaysAfterCompletion() {
    // Completion does not reset: a later subscriber gets the replayed value and the completion.
    expectPasses(
      """
      let input = cold("-a-b|")
      let shared = input.shareReplay(1, refCount: true)
      let late = shared
      show shared, late subscribed "------^"
      expect shared == "-a-b|"
      expect late == "------(b|)"
      expect subscriptions(input) == "^---!"
      """)
  }

  @Test func shareReplayRefCountWithFailingEmptyAndSilentSources() {
    // A failure resets: a later subscriber subscribes the source again.
    expectPasses(
      """
      let input = cold("-a#")
      let shared = input.shareReplay(1, refCount: true)
      let late = shared
      let empty = cold("--|").shareReplay(1, refCount: true)
      let silent = never.shareReplay(1, refCount: true)
      show shared, late subscribed "----^", empty, silent subscribed "^--!"
      expect shared == "-a#"
      expect late == "-----a#"
      expect empty == "--|"
      expect silent == "---"
      expect subscriptions(input) == ["^-!", "----^-!"]
      """)
  }

  @Test func shareConnectorReplaysToLaterSubscribers() {
    expectPasses(
      """
      let input = cold("-a-b-c-|")
      let shared = input.share(connector: { ReplaySubject(capacity: 1) })
      let late = shared
      show shared, late subscribed "--^"
      expect shared == "-a-b-c-|"
      expect late == "--ab-c-|"
      expect subscriptions(input) == "^------!"
      """)
  }

  @Test func shareConnectorWithBehaviorSubjectFailureEmptyAndEarlyUnsubscription() {
    expectPasses(
      """
      let input = cold("-a-b-c-|")
      let shared = input.share(connector: { BehaviorSubject(0) })
      let failing = cold("-a#").share(connector: { ReplaySubject(capacity: 1) })
      let empty = cold("--|").share(connector: { ReplaySubject(capacity: 1) })
      show shared subscribed "^--!", failing, empty
      expect shared == "0a-"
      expect failing == "-a#"
      expect empty == "--|"
      expect subscriptions(input) == "^--!"
      """)
  }

  @Test func connectableConnectorMakesItsSubject() {
    expectPasses(
      """
      let input = cold("-a-b-|")
      let shared = connectable(input, connector: { ReplaySubject(capacity: 1) })
      shared.connect(at: 0)
      show shared subscribed "--^"
      expect shared == "--ab-|"
      expect subscriptions(input) == "^----!"
      """)
  }

  @Test func wrongArgumentsAreReported() {
    #expect(
      failureText(#"let x = cold("-1|").connectWith(connector: 3) { s in s }"#).contains(
        "the connector of 'connectWith' must be a subject or a closure that makes one, not 'Int' 3"
      ))
    #expect(
      failureText(#"let x = cold("-1|").connectWith(connector: { 3 }) { s in s }"#).contains(
        "the closure of 'connectWith' must return a subject, not 'Int' 3"))
    #expect(
      failureText("let x = generate(0, { x in x < 3 })").contains(
        "'generate' needs an iterate closure"))
    #expect(
      failureText("let x = pairs(3)").contains(
        "the argument of 'pairs' must be a dictionary, not 'Int' 3"))
    #expect(
      failureText("let x = using(3) { r in r }").contains(
        "the resource factory of 'using' must be a closure, not 'Int' 3"))
  }
}
