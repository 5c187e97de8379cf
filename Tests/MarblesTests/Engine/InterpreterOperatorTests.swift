import Reactive
import Testing

@testable import Marbles
@testable import MarblesCore

@Suite struct InterpreterOperatorTests {
  @Test func flattenMapMergesInnerSignalsAndRecordsThemWithAbsoluteFrames() throws {
    let run = try #require(
      expectPasses(
        """
        let input = cold("-a--b-----|")
        let inner = input.map { x in cold("--x-x|", x: x) }
        let merged = input.flattenMap { x in cold("--x-x|", x: x) }
        let alias = input.mergeMap { x in cold("--x-x|", x: x) }
        show inner, merged
        expect inner == "-x--y-----|", x: cold("--a-a|"), y: cold("--b-b|")
        expect merged == "---a-ab-b-|"
        expect alias == "---a-ab-b-|"
        """))
    let first = try #require(run.lane("inner")?.events.first?.value)
    #expect(
      first
        == .signal(
          Timeline(
            subscribed: 1, unsubscribed: 6,
            events: [.next(.string("a"), at: 3), .next(.string("a"), at: 5), .completed(at: 6)])))
  }

  @Test func switchToLatestCutsThePreviousInnerSignalOff() throws {
    let run = try #require(
      expectPasses(
        """
        let first = cold("-1-2-3|")
        let second = cold("-4|")
        let outer = hot("-a---b------|", a: first, b: second)
        let latest = outer.switchToLatest()
        let alias = outer.switchAll()
        let mapped = hot("-a---b-|").switchMap { x in x == "a" ? first : second }
        show latest
        expect latest == "--1-2-4-----|"
        expect alias == "--1-2-4-----|"
        expect mapped == "--1-2-4|"
        expect subscriptions(first) == ["-^---!", "-^---!", "-^---!"]
        expect subscriptions(second) == ["-----^-!", "-----^-!", "-----^-!"]
        """))
    // The cut-off is visible in the log: `first` ends at frame 5, before its completion at 7.
    #expect(
      run.subscriptions.first?.log.first == SubscriptionLog(subscribed: 1, unsubscribed: 5))
  }

  @Test func concatMapAndConcatRunInnerSignalsOneAfterAnother() {
    expectPasses(
      """
      let input = cold("ab|")
      let one = input.concatMap { x in cold("-x|", x: x) }
      let two = input.map { x in cold("-x|", x: x) }.concat()
      expect one == "-a-b|"
      expect two == "-a-b|"
      """)
  }

  @Test func errorsAreCaughtRetriedAndMaterialized() {
    expectPasses(
      """
      let flaky = cold("-a#", error: "bad")
      let caught = flaky.catch { e in just(e) }
      let caughtAlias = flaky.catchError { e in cold("-r|") }
      let retried = flaky.retry(2)
      let events = flaky.materialize()
      let back = events.dematerialize()
      expect caught == "-a(e|)", a: "a", e: error("bad")
      expect caughtAlias == "-a-r|"
      expect retried == "-a-a-a#", error: "bad"
      expect events == "-n(e|)", n: next("a"), e: failed("bad")
      expect back == "-a#", error: "bad"
      """)
  }

  @Test func filteringOperators() {
    expectPasses(
      """
      let input = cold("-1-1-2-3-3-4|")
      expect input.distinctUntilChanged() == "-1---2-3---4|"
      expect input.take(2) == "-1-(1|)"
      expect input.skip(4) == "---------3-4|"
      expect input.takeWhile { $0 < 3 } == "-1-1-2-|"
      expect input.skipWhile { $0 < 3 } == "-------3-3-4|"
      expect input.takeLast(1) == "------------(4|)"
      expect input.first() == "-(1|)"
      expect input.last { $0 < 3 } == "------------(2|)"
      expect input.filter { $0 > 3 } == "-----------4|"
      expect empty.first() == "#", error: "noElements"
      expect input.ignoreValues() == "------------|"
      expect input.ignoreElements() == "------------|"
      """)
  }

  @Test func transformingOperators() {
    expectPasses(
      """
      let input = cold("-1-2-3|")
      expect input.scan(0) { $0 + $1 } == "-1-3-6|"
      expect input.aggregate(0) { $0 + $1 } == "------(6|)"
      expect input.startWith(0) == "01-2-3|"
      expect input.collect() == "------(a|)", a: [1, 2, 3]
      expect input.pairwise() == "---p-q|", p: (1, 2), q: (2, 3)
      expect input.combinePrevious(0) { p, c in p + c } == "-1-3-5|"
      expect input.bufferCount(2, 1) == "---a-b(c|)", a: [1, 2], b: [2, 3], c: [3]
      expect input.mapReplace("x") == "-x-x-x|"
      expect input.defaultIfEmpty(9) == "-1-2-3|"
      """)
  }

  @Test func combiningOperators() {
    expectPasses(
      """
      let a = cold("-1---2|")
      let b = cold("--x|")
      expect a.merge(with: b) == "-1x--2|"
      expect a.concat(with: b) == "-1---2--x|"
      expect a.combineLatest(with: b) == "--p--q|", p: (1, "x"), q: (2, "x")
      expect a.zip(with: b) == "--p|", p: (1, "x")
      expect a.withLatestFrom(b) == "-----p|", p: (2, "x")
      expect a.takeUntil(b) == "-1|"
      expect a.sample(cold("---t--t|")) == "---1--|"
      """)
  }

  @Test func timeOperators() {
    expectPasses(
      """
      let input = cold("-ab---c|")
      expect input.delay(2) == "---ab---c|"
      expect input.throttle(2) == "----b--(c|)"
      expect input.debounceTime(2) == "----b--(c|)"
      expect input.throttleTime(3) == "-a----c|"
      expect cold("-a------|").timeout(3) == "-a-#", error: "timedOut"
      expect input.bufferWithTime(2) == "---x---(y|)", x: ["a", "b"], y: ["c"]
      """)
  }

  @Test func repetitionAndSideEffects() {
    expectPasses(
      """
      let once = cold("-a|")
      let s = Subject()
      let tapped = once.doNext { x in s.sendNext(x + "!") }.doCompleted { s.sendCompleted() }
      show tapped, s
      expect once.repeat(2) == "-a-a|"
      expect tapped == "-a|"
      expect s == "-b|", b: "a!"
      expect once.initially { 0 }.finally { 0 } == "-a|"
      """)
  }

  @Test func sharingOperators() {
    expectPasses(
      """
      let input = cold("-a-b|")
      let shared = input.publish()
      shared.connect(at: 2)
      let lazy = input.replayLazily()
      let last = input.replayLast()
      show shared.signal, lazy subscribed "--^", last subscribed "----^"
      expect shared.signal == "---a-b|"
      expect lazy == "---a-b|"
      expect last == "----(b|)"
      expect subscriptions(input) == ["^---!", "--^---!", "--^---!"]
      """)
  }

  @Test func booleanOperatorsAndIf() {
    expectPasses(
      """
      let a = cold("t-f|", t: true, f: false)
      let b = cold("-t-|", t: true)
      expect a.not() == "f-t|", t: true, f: false
      expect combineLatest(a, b).and() == "-tf|", t: true, f: false
      expect combineLatest(a, b).or() == "-tt|", t: true
      expect a.if(then: just("y"), else: just("n")) == "y-n|"
      """)
  }

  @Test func bindEndsTheOuterSideWhenTheClosureReturnsNil() {
    expectPasses(
      """
      let input = cold("-1-2-3|")
      expect input.bind { x in x < 2 ? cold("--r|", r: x) : nil } == "---1|"
      """)
  }
}
