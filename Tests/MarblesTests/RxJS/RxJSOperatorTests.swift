import Testing

@testable import Marbles
@testable import MarblesCore

/// The operators only RxJS has, and RxJS's argument forms, written from RxJS's documentation.
/// Each case covers values, an empty source, a silent one, a failure and, where it matters, an
/// early unsubscription and the source's subscription window.
@Suite struct RxJSOperatorTests {
  @Test func bufferSendsOnEachNotifierValueAndTheRestOnCompletion() {
    expectPasses(
      """
      let source = cold("-a-b--c--d|")
      let ticks = cold("----x---x")
      let batches = source.buffer(ticks)
      let empty = cold("--|").buffer(ticks)
      let failing = cold("-a#").buffer(ticks)
      let notifierFails = cold("-a----|").buffer(cold("--#"))
      let silent = cold("-a---").buffer(never)
      let early = cold("-a-b--c--d|").buffer(ticks)
      show batches, empty, failing, notifierFails, silent, early subscribed "^-----!"
      expect batches == "----x---y-(z|)", x: ["a", "b"], y: ["c"], z: ["d"]
      expect empty == "--(e|)", e: []
      expect failing == "--#"
      expect notifierFails == "--#"
      expect silent == "-----"
      expect early == "----x-", x: ["a", "b"]
      expect subscriptions(source) == "^---------!"
      """)
  }

  @Test func shareCountsReferences() {
    expectPasses(
      """
      let source = cold("-a-b-c-|")
      let shared = source.share()
      let late = shared
      show shared, late subscribed "--^"
      expect shared == "-a-b-c-|"
      expect late == "---b-c-|"
      expect subscriptions(source) == "^------!"
      """)
    // The last unsubscription disconnects; the next subscriber starts afresh.
    expectPasses(
      """
      let source = cold("-a-b-c-|")
      let shared = source.share()
      let one = shared
      let two = shared
      show one subscribed "^--!", two subscribed "----^"
      expect two == "-----a-b-c-|"
      expect subscriptions(source) == ["^--!", "----^------!"]
      """)
    expectPasses(
      """
      let source = cold("-a-b-c-|")
      let shared = source.share(resetOnRefCountZero: false)
      let one = shared
      let two = shared
      show one subscribed "^--!", two subscribed "----^"
      expect two == "-----c-|"
      expect subscriptions(source) == "^------!"
      """)
  }

  @Test func shareResetsAfterFailureAndCompletionUnlessToldNot() {
    expectPasses(
      """
      let source = cold("-a#")
      let shared = source.share()
      let one = shared
      let two = shared
      show one, two subscribed "---^"
      expect one == "-a#"
      expect two == "----a#"
      expect subscriptions(source) == ["^-!", "---^-!"]
      """)
    expectPasses(
      """
      let source = cold("-a#")
      let shared = source.share(resetOnError: false)
      let one = shared
      let two = shared
      show one, two subscribed "---^"
      expect two == "---#"
      expect subscriptions(source) == "^-!"
      """)
    expectPasses(
      """
      let source = cold("-a|")
      let shared = source.share(resetOnComplete: false)
      let one = shared
      let two = shared
      show one, two subscribed "---^"
      expect two == "---|"
      expect subscriptions(source) == "^-!"
      """)
  }

  @Test func distinctDropsSeenValuesOrKeys() {
    expectPasses(
      """
      let plain = cold("-a-b-a-c-b|").distinct()
      let keyed = cold("-a-b-c-d|", a: 1, b: 2, c: 11, d: 3).distinct { $0 % 10 }
      let numbers = cold("-a-b|", a: 1, b: 1.0).distinct()
      let failing = cold("-a-a#").distinct()
      expect plain == "-a-b---c--|"
      expect keyed == "-a-b---d|", a: 1, b: 2, d: 3
      expect numbers == "-a--|", a: 1
      expect failing == "-a--#"
      """)
  }

  @Test func firstAndLastWithADefault() {
    expectPasses(
      """
      let firstEmpty = cold("--|").first(default: "d")
      let firstNone = cold("-1-2|").first(default: 0) { $0 > 5 }
      let firstSome = cold("-1-7|").first(default: 0) { $0 > 5 }
      let lastEmpty = cold("--|").last(default: "d")
      let lastSome = cold("-1-2|").last(default: 0)
      let stillFails = cold("-#").first(default: 0)
      let byIndex = cold("-a-b-c|").first { x, i in i == 1 }
      expect firstEmpty == "--(d|)"
      expect firstNone == "----(0|)"
      expect firstSome == "---(7|)"
      expect lastEmpty == "--(d|)"
      expect lastSome == "----(2|)"
      expect stillFails == "-#"
      expect byIndex == "---(b|)"
      """)
  }

  @Test func findElementAtEveryCountAndIsEmpty() {
    expectPasses(
      """
      let found = cold("-1-2-3|").find { $0 > 1 }
      let notFound = cold("-1-2|").find { $0 > 5 }
      let byIndex = cold("-a-b-c|").find { x, i in i == 2 }
      let index = cold("-a-b-c|").findIndex { $0 == "b" }
      let noIndex = cold("-a|").findIndex { $0 == "z" }
      let second = cold("-a-b-c|").elementAt(1)
      let beyond = cold("-a|").elementAt(3)
      let beyondWithDefault = cold("-a|").elementAt(3, default: "z")
      let allSmall = cold("-1-2|").every { $0 < 5 }
      let notAll = cold("-1-7-2|").every { $0 < 5 }
      let emptyEvery = empty.every { $0 < 5 }
      let total = cold("-a-b-c|").count()
      let evens = cold("-1-2-4|").count { $0 % 2 == 0 }
      let nothing = cold("---|").isEmpty()
      let something = cold("-a-|").isEmpty()
      let silent = cold("---").count()
      expect found == "---(2|)"
      expect notFound == "----(n|)", n: nil
      expect byIndex == "-----(c|)"
      expect index == "---(1|)"
      expect noIndex == "--(m|)", m: -1
      expect second == "---(b|)"
      expect beyond == "--#", error: "outOfRange"
      expect beyondWithDefault == "--(z|)"
      expect allSmall == "----(t|)", t: true
      expect notAll == "---(f|)", f: false
      expect emptyEvery == "(t|)", t: true
      expect total == "------(3|)"
      expect evens == "------(2|)"
      expect nothing == "---(t|)", t: true
      expect something == "-(f|)", f: false
      expect silent == "---"
      """)
  }

  @Test func reduceAndScanWithoutASeed() {
    expectPasses(
      """
      let total = cold("-1-2-3|").reduce { $0 + $1 }
      let emptyTotal = cold("--|").reduce { $0 + $1 }
      let seededEmpty = cold("--|").reduce(10) { $0 + $1 }
      let sums = cold("-1-2-3|").scan { $0 + $1 }
      let failing = cold("-1-#").scan { $0 + $1 }
      expect total == "------(6|)"
      expect emptyTotal == "--|"
      expect seededEmpty == "--(t|)", t: 10
      expect sums == "-1-3-6|"
      expect failing == "-1-#"
      """)
  }

  @Test func minAndMax() {
    expectPasses(
      """
      let least = cold("-3-1-2|").min()
      let most = cold("-3-1-2|").max()
      let reversed = cold("-3-1-2|").max { a, b in b - a }
      let words = cold("-a-b-c|", a: "pear", b: "apple", c: "fig").min()
      let none = cold("--|").max()
      expect least == "------(1|)"
      expect most == "------(3|)"
      expect reversed == "------(1|)"
      expect words == "------(b|)", b: "apple"
      expect none == "--|"
      """)
  }

  @Test func exhaustMapIgnoresValuesWhileBusy() {
    expectPasses(
      """
      let source = cold("-a-b---c---|")
      let output = source.exhaustMap { x in cold("-x-x|", x: x) }
      let indexed = cold("-a----b|").exhaustMap { x, i in cold("-v|", v: i) }
      let inner = cold("--r|")
      let all = cold("-x-x---x|", x: inner).exhaustAll()
      let failing = cold("-a|").exhaustMap { _ in cold("-#") }
      let early = source.exhaustMap { x in cold("-x-x|", x: x) }
      show output, indexed, all, failing, early subscribed "^--!"
      expect output == "--a-a---c-c|"
      expect indexed == "--0----1|"
      expect all == "---r-----r|"
      expect failing == "--#"
      expect early == "--a"
      expect subscriptions(source) == ["^----------!", "^--!"]
      """)
  }

  @Test func auditTimeSendsTheLatestAfterTheWait() {
    expectPasses(
      """
      let output = cold("-ab---c-----|").auditTime(3)
      let pendingAtEnd = cold("-a|").auditTime(3)
      let failing = cold("-a#").auditTime(3)
      expect output == "----b----c--|"
      expect pendingAtEnd == "----(a|)"
      expect failing == "--#"
      """)
  }

  @Test func retryAndRepeatWithCountAndDelay() {
    expectPasses(
      """
      let flaky = cold("-a#")
      let retried = flaky.retry(count: 1, delay: 2)
      let once = cold("-a|")
      let repeated = once.repeat(count: 2, delay: 3)
      show retried, repeated
      expect retried == "-a---a#"
      expect subscriptions(flaky) == ["^-!", "----^-!"]
      expect repeated == "-a----a|"
      expect subscriptions(once) == ["^-!", "-----^-!"]
      """)
  }

  /// (A literal negative count is also a warning before the run: TypeCheckTests.)
  @Test func countsZeroAndNegativeAsRxJSDoes() {
    expectPasses(
      """
      let minusOne = -1
      let none = cold("-a|").take(0)
      let negative = cold("-a|").take(minusOne)
      let all = cold("-a-b|").skip(minusOne)
      let noLast = cold("-a-b|").takeLast(minusOne)
      let held = cold("-1-2-3-4|").skipLast(2)
      let heldNone = cold("-1-2|").skipLast(minusOne)
      expect none == "|"
      expect negative == "|"
      expect all == "-a-b|"
      expect noLast == "|"
      expect held == "-----1-2|"
      expect heldNone == "-1-2|"
      """)
    expectPasses(
      """
      use rxjs
      let noLast = cold("-a-b|").takeLast(0)
      expect noLast == "|"
      """)
  }

  @Test func indexArguments() {
    expectPasses(
      """
      let mapped = cold("-a-b|").map { x, i in i * 10 }
      let filtered = cold("-a-b-c|").filter { x, i in i != 1 }
      let taken = cold("-a-b-c|").takeWhile { x, i in i < 2 }
      let skipped = cold("-a-b-c|").skipWhile { x, i in i < 1 }
      let merged = cold("-a-b|").mergeMap { x, i in cold("-v|", v: i) }
      let concatenated = cold("-a-b|").concatMap { x, i in cold("-v|", v: i) }
      let switched = cold("-a-b|").switchMap { x, i in cold("v|", v: i) }
      let implicit = cold("-a-b|").map { $1 }
      let pairs = combineLatest(cold("-1|"), cold("-2|")).map { x, y in x + y }
      expect mapped == "-x-y|", x: 0, y: 10
      expect filtered == "-a---c|"
      expect taken == "-a-b-|"
      expect skipped == "---b-c|"
      expect merged == "--0-1|"
      expect concatenated == "--0-1|"
      expect switched == "-0-1|"
      expect implicit == "-0-1|"
      expect pairs == "-3|"
      """)
  }

  @Test func takeWhileInclusiveAndDistinctUntilChangedForms() {
    expectPasses(
      """
      let inclusive = cold("-1-2-3-1|").takeWhile(inclusive: true) { $0 < 3 }
      let compared = cold("-1-2-4-5|").distinctUntilChanged { a, b in b - a == 1 }
      let keyed = cold("-a-b-c|", a: (1, "x"), b: (1, "y"), c: (2, "z")).distinctUntilChanged { p in p.0 }
      expect inclusive == "-1-2-(3|)"
      expect compared == "-1---4--|"
      expect keyed == "-a---c|", a: (1, "x"), c: (2, "z")
      """)
  }

  @Test func throttleTimeLeadingAndTrailing() {
    expectPasses(
      """
      let trailing = cold("-abc-----d|").throttleTime(3, trailing: true)
      let onlyTrailing = cold("-abc-----d|").throttleTime(3, leading: false, trailing: true)
      let leading = cold("-abc-----d|").throttleTime(3)
      expect trailing == "-a--c----d|"
      expect onlyTrailing == "----c-------(d|)"
      expect leading == "-a-------d|"
      """)
  }

  @Test func mergeMapWithAConcurrencyLimit() {
    expectPasses(
      """
      let source = cold("ab-c|")
      let one = source.mergeMap(concurrent: 1) { x in cold("--x|", x: x) }
      let two = cold("abc|").mergeMap(concurrent: 2) { x in cold("--x|", x: x) }
      let failing = cold("ab|").mergeMap(concurrent: 1) { _ in cold("-#") }
      show one, two, failing
      expect one == "--a--b--c|"
      expect two == "--ab-c|"
      expect failing == "-#"
      """)
  }

  @Test func constructorsAndVariadicForms() {
    expectPasses(
      """
      let three = of(1, 2, 3)
      let listed = from([1, 2, 3])
      let counted = range(5, 3)
      let started = cold("-----c|").startWith("a", "b")
      let defaulted = cold("--|").defaultIfEmpty(nil)
      let thrown = throwError("boom")
      let both = cold("-a---c|").mergeWith(cold("---b|"), cold("--x|"))
      let after = cold("-a|").concatWith(cold("-b|"), cold("-c|"))
      let tapped = cold("-a|").tap { x in x }
      let inner = cold("--r|")
      let all = cold("-xx|", x: inner).concatAll()
      let merged = cold("-xx|", x: inner).mergeAll()
      expect three == "(123|)"
      expect listed == "(123|)"
      expect counted == "(567|)"
      expect started == "(ab)-c|"
      expect defaulted == "--(n|)", n: nil
      expect thrown == "#", error: "boom"
      expect both == "-axb-c|"
      expect after == "-a-b-c|"
      expect tapped == "-a|"
      expect all == "---r--r|"
      expect merged == "---rr|"
      """)
  }

  @Test func raceForkJoinIifAndSkipUntil() {
    expectPasses(
      """
      let slow = cold("----a|")
      let fast = cold("--b---b|")
      let winner = race(slow, fast)
      let failingFirst = race(cold("-#"), cold("--a|"))
      let nobody = race()
      let joined = forkJoin(cold("-1-2|"), cold("--3---|"))
      let emptyJoin = forkJoin(cold("-1-2|"), cold("--|"))
      let failedJoin = forkJoin(cold("-1-2|"), cold("--#"))
      let chosen = iif(false, cold("-y|"), cold("-n|"))
      let lazy = iif({ 2 > 3 }, cold("-y|"), cold("-n|"))
      let gated = cold("-1-2-3|").skipUntil(cold("--|"))
      let failedGate = cold("-1-2-3|").skipUntil(cold("--#"))
      show winner, failingFirst, nobody, joined, emptyJoin, failedJoin, chosen, lazy, gated, failedGate
      expect winner == "--b---b|"
      expect subscriptions(slow) == "^-!"
      expect failingFirst == "-#"
      expect nobody == "----"
      expect joined == "------(p|)", p: (2, 3)
      expect emptyJoin == "--|"
      expect failedJoin == "--#"
      expect chosen == "-n|"
      expect lazy == "-n|"
      expect gated == "------|"
      expect failedGate == "--#"
      """)
  }

  @Test func timeAndValueUtilities() {
    expectPasses(
      """
      let ticks = timer(2, 3).take(3)
      let batches = cold("-ab-----c|").bufferTime(3)
      let silentBatches = cold("-------").bufferTime(3)
      let calm = cold("-ab----c---|").debounce { _ in cold("--x") }
      let quietDuration = cold("-a--|").debounce { _ in cold("-|") }
      let sampled = cold("-a-b-----c---|").sampleTime(4)
      let stamped = cold("-a--b|").timestamp()
      let spaced = cold("-a--b|").timeInterval()
      let ids = cold("-a-b-c|", a: ["id": 1], b: ["name": "x"], c: 3).pluck("id")
      let keyed = cold("-a-b-c|", a: ["id": 1, "v": 1], b: ["id": 1, "v": 2], c: ["id": 2]).distinctUntilKeyChanged("id")
      let ended = cold("-a|").endWith("z")
      let emptyFails = cold("--|").throwIfEmpty()
      show ticks, batches, silentBatches subscribed "^------!", calm, quietDuration, sampled, stamped, spaced, ids, keyed, ended, emptyFails
      expect ticks == "--0--1--(2|)"
      expect batches == "---x--y--(z|)", x: ["a", "b"], y: [], z: ["c"]
      expect silentBatches == "---e--e", e: []
      expect calm == "----b----c-|"
      expect quietDuration == "----(a|)"
      expect sampled == "----b-------c|"
      expect stamped == "-x--y|", x: ["value": "a", "timestamp": 1], y: ["value": "b", "timestamp": 4]
      expect spaced == "-x--y|", x: ["value": "a", "interval": 1], y: ["value": "b", "interval": 3]
      expect ids == "-1-n-n|", n: nil
      expect keyed == "-a---c|", a: ["id": 1, "v": 1], c: ["id": 2]
      expect ended == "-a(z|)"
      expect emptyFails == "--#", error: "noElements"
      """)
  }

  @Test func shareReplayAndCombiningWithOthers() {
    expectPasses(
      """
      let source = cold("-a-b-----c|")
      let replayed = source.shareReplay(2)
      let late = replayed
      let latest = cold("-1---2|").combineLatestWith(cold("---x--|"), cold("--p---|"))
      let zipped = cold("-1-2|").zipWith(cold("--x--y|"))
      let raced = cold("---a|").raceWith(cold("-b|"))
      show replayed, late subscribed "----^", latest, zipped, raced
      expect late == "----(ab)-c|"
      expect subscriptions(source) == "^---------!"
      expect latest == "---q-r|", q: (1, "x", "p"), r: (2, "x", "p")
      expect zipped == "--p--(q|)", p: (1, "x"), q: (2, "y")
      expect raced == "-b|"
      """)
  }

  @Test func catchErrorCanResubscribeThroughCaught() {
    expectPasses(
      """
      let source = cold("-a-#")
      let again = source.catchError { e, caught in caught }.take(4)
      let once = source.catchError { e in of(e) }
      show again, once
      expect again == "-a--a--a--(a|)"
      expect once == "-a-(e|)", a: "a", e: error("error")
      expect subscriptions(source) == ["^--!", "^--!", "---^--!", "------^--!", "---------^!"]
      """)
  }

  @Test func throwErrorWithAFactory() {
    expectPasses(
      """
      let thrown = throwError { Error("late") }
      let delayed = cold("--a|").concatWith(thrown)
      expect thrown == "#", error: Error("late")
      expect delayed == "--a#", error: Error("late")
      """)
    #expect(failureText("let x = fail()").contains("missing argument 'error' in call to 'fail'"))
  }

  @Test func arrayAndDictionaryArgumentsOfCombinations() {
    expectPasses(
      """
      use rxjs
      let a = cold("-1---2|")
      let b = cold("---x--|")
      let listed = combineLatest([a, b])
      let keyed = combineLatest(["n": a, "s": b])
      let joined = forkJoin(["n": a, "s": b])
      let zipped = zip([a, b])
      show listed, keyed, joined, zipped
      expect listed == "---p-q|", p: [1, "x"], q: [2, "x"]
      expect keyed == "---p-q|", p: ["n": 1, "s": "x"], q: ["n": 2, "s": "x"]
      expect joined == "------(p|)", p: ["n": 2, "s": "x"]
      expect zipped == "---p--|", p: [1, "x"]
      """)
  }

  @Test func accumulatorsTakeTheIndex() {
    expectPasses(
      """
      let seeded = cold("-a-b-c|").scan(0) { acc, x, i in acc + i }
      let seedless = cold("-1-2-3|").scan { acc, x, i in acc * 10 + i }
      let total = cold("-1-2-3|").reduce(100) { acc, x, i in acc + x * i }
      let emptyTotal = cold("--|").reduce { acc, x, i in acc + i }
      let seededEmpty = cold("--|").reduce(7) { acc, x, i in acc + i }
      expect seeded == "-a-b-c|", a: 0, b: 1, c: 3
      expect seedless == "-a-b-c|", a: 1, b: 11, c: 112
      expect total == "------(t|)", t: 108
      expect emptyTotal == "--|"
      expect seededEmpty == "--(s|)", s: 7
      """)
  }

  @Test func singleFailsAtASecondMatch() {
    expectPasses(
      """
      let one = cold("-1-2-3|").single { $0 == 2 }
      let two = cold("-1-2-3|").single { $0 > 1 }
      let none = cold("-1|").single { x, i in i > 3 }
      let only = cold("-7|").single()
      expect one == "------(2|)"
      expect two == "-----#", error: "notSingle"
      expect none == "--#", error: "noElements"
      expect only == "--(7|)"
      """)
  }

  @Test func connectableVariantsAndResumption() {
    expectPasses(
      """
      let source = cold("-a-b|")
      let replayed = source.publishReplay(1)
      replayed.connect(at: 1)
      let behaving = cold("--a|").publishBehavior("s")
      behaving.connect()
      let lasting = cold("-a-b|").publishLast().refCount()
      let resumed = cold("-a#").onErrorResumeNextWith(cold("-#"), cold("-c|"))
      let parts = partition(cold("-1-2|")) { $0 > 1 }
      show replayed subscribed "---^", behaving, lasting, resumed, parts.0, parts.1
      expect replayed == "---ab|"
      expect subscriptions(source) == "-^---!"
      expect behaving == "s-a|"
      expect lasting == "----(b|)"
      expect resumed == "-a--c|"
      expect parts.0 == "---2|"
      expect parts.1 == "-1--|"
      """)
  }

  @Test func retryAndRepeatWithADelaySignal() {
    expectPasses(
      """
      let flaky = cold("-a#")
      let retried = flaky.retry(count: 2, delay: { e, n in timer(n * 2) })
      let once = cold("-a|")
      let repeated = once.repeat(count: 3, delay: { n in timer(n) })
      let stopped = cold("-a#").retry(delay: { e, n in n < 2 ? timer(1) : empty })
      show retried, repeated, stopped
      expect retried == "-a---a-----a#"
      expect subscriptions(flaky) == ["^-!", "----^-!", "----------^-!"]
      expect repeated == "-a--a---a|"
      expect stopped == "-a--a|"
      """)
  }

  @Test func windowsAreSignalsOfValues() {
    expectPasses(
      """
      let source = cold("--a-b--c-|")
      let ticks = cold("-----x")
      let windows = source.window(ticks)
      let failing = cold("-a#").window(never)
      let overlapping = cold("-a-b-c|").windowCount(2, 1)
      let early = source.window(ticks)
      show windows, failing, overlapping, early subscribed "^---!"
      expect windows == "x----y---|", x: cold("--a-b|"), y: cold("--c-|")
      expect failing == "x-#", x: cold("-a#")
      expect overlapping == "xy-z-w|", x: cold("-a-(b|)"), y: cold("--b-(c|)"), z: cold("--c|"), w: cold("-|")
      expect subscriptions(source) == ["^--------!", "^---!"]
      """)
  }
}
