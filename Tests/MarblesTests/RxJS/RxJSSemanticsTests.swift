import Testing

@testable import Marbles
@testable import MarblesCLI
@testable import MarblesCore

/// `use rxjs`: the names both libraries use get RxJS's semantics, and only in such a script.
/// The cases are written from RxJS's documentation of each operator.
@Suite struct RxJSSemanticsTests {
  @Test func delayDoesNotDelayCompletion() {
    expectPasses(
      """
      use rxjs
      let values = cold("-a-b|").delay(2)
      let nothing = cold("---|").delay(5)
      let failing = cold("-a#").delay(3)
      let silent = cold("-a--").delay(1)
      let none = cold("-a-b|").delay(0)
      let source = cold("-a-b|")
      let early = source.delay(2)
      show early subscribed "^--!"
      expect values == "---a-(b|)"
      expect nothing == "---|"
      expect failing == "--#"
      expect silent == "--a-"
      expect none == "-a-b|"
      expect early == "---"
      expect subscriptions(source) == "^--!"
      """)
  }

  @Test func withoutUseRxJSDelayIsReactiveObjCs() {
    expectPasses(
      """
      let values = cold("-a-b|").delay(2)
      let nothing = cold("---|").delay(5)
      expect values == "---a-b|"
      expect nothing == "--------|"
      """)
  }

  @Test func sampleSendsOnlyNewValuesAndIgnoresTheNotifiersCompletion() {
    expectPasses(
      """
      use rxjs
      let source = cold("-a-b-----c--|")
      let ticks = cold("---x---x---x---|")
      let sampled = source.sample(ticks)
      let notifierDone = cold("-a---b|").sample(cold("--x|"))
      let notifierFails = cold("-a----|").sample(cold("--x-#"))
      let nothing = cold("---|").sample(cold("-x-x-x"))
      let silent = cold("-a---").sample(never)
      show sampled, notifierDone, notifierFails, nothing, silent
      expect sampled == "---b-------c|"
      expect notifierDone == "--a---|"
      expect notifierFails == "--a-#"
      expect nothing == "---|"
      expect silent == "-----"
      expect subscriptions(source) == "^-----------!"
      """)
    expectPasses(
      """
      let notifierDone = cold("-a---b|").sample(cold("--x|"))
      expect notifierDone == "--a|"
      """)
  }

  @Test func takeUntilIgnoresAQuietNotifierAndForwardsItsFailure() {
    expectPasses(
      """
      use rxjs
      let source = cold("-a-b-c-|")
      let quiet = source.takeUntil(cold("--|"))
      let stopped = cold("-a-b-c-|").takeUntil(cold("---x"))
      let failed = cold("-a-b-c-|").takeUntil(cold("--#"))
      let nothing = empty.takeUntil(never)
      expect quiet == "-a-b-c-|"
      expect stopped == "-a-|"
      expect failed == "-a#"
      expect nothing == "|"
      """)
    expectPasses(
      """
      let quiet = cold("-a-b-c-|").takeUntil(cold("--|"))
      expect quiet == "-a|"
      """)
  }

  @Test func timeoutLimitsEachValueAndCanSwitchToAnAlternative() {
    expectPasses(
      """
      use rxjs
      let each = cold("-a---b------c|").timeout(5)
      let firstLate = cold("---a------b|").timeout(first: 2)
      let firstInTime = cold("-a------b|").timeout(first: 2)
      let switched = cold("-a---b------c|").timeout(each: 5, with: cold("-x|"))
      let failing = cold("-#").timeout(5)
      expect each == "-a---b----#", error: "timedOut"
      expect firstLate == "--#", error: "timedOut"
      expect firstInTime == "-a------b|"
      expect switched == "-a---b-----x|"
      expect failing == "-#"
      """)
    expectPasses(
      """
      let whole = cold("-a---b------c|").timeout(5)
      expect whole == "-a---#", error: "timedOut"
      """)
  }

  @Test func publishIsAConnectableSignal() {
    expectPasses(
      """
      use rxjs
      let source = cold("-a-b|")
      let shared = source.publish()
      shared.connect(at: 2)
      let counted = cold("-a-b|").publish().refCount()
      show shared, counted
      expect shared == "---a-b|"
      expect counted == "-a-b|"
      expect subscriptions(source) == "--^---!"
      """)
  }

  @Test func throttleTakesADurationSignal() {
    expectPasses(
      """
      use rxjs
      let leading = cold("-abc---d--|").throttle { _ in cold("---x") }
      let trailing = cold("-abc---d--|").throttle(trailing: true) { _ in cold("---x") }
      let quietWindow = cold("-ab-c|").throttle { _ in cold("--|") }
      expect leading == "-a-----d--|"
      expect trailing == "-a--c--d--|"
      expect quietWindow == "-a--c|"
      """)
  }

  @Test func combinedValuesAreArraysUnderRxJS() {
    expectPasses(
      """
      use rxjs
      let a = cold("-1---2|")
      let b = cold("---x--|")
      let latest = combineLatest(a, b)
      let zipped = a.zip(with: b)
      let pairs = a.pairwise()
      expect latest == "---p-q|", p: [1, "x"], q: [2, "x"]
      expect zipped == "---p--|", p: [1, "x"]
      expect pairs == "-----p|", p: [1, 2]
      """)
    expectPasses(
      """
      let pairs = cold("-1---2|").pairwise()
      expect pairs == "-----p|", p: (1, 2)
      """)
  }

  @Test func useMustComeFirstAndNameALibrary() {
    #expect(
      failureText(
        """
        let a = cold("-a|")
        use rxjs
        """
      ).contains("t.marble:2:1: error: 'use' must come before every other statement"))
    #expect(
      failureText("use rx\nlet a = cold(\"-a|\")").contains(
        "t.marble:1:5: error: unknown library 'rx' after 'use'; expected 'rxjs'"))
    expectPasses(
      """
      title "explicit default"
      use ReactiveObjC
      let quiet = cold("-a-b-c-|").takeUntil(cold("--|"))
      expect quiet == "-a|"
      """)
  }

  @Test func explainSaysWhoseSemanticsAnOperatorHas() {
    let (text, found) = Explainer.explain("sample")
    #expect(found)
    #expect(text.contains("Semantics: ReactiveObjC's (the default"))
    #expect(text.contains("Semantics: RxJS's (in a script that starts with 'use rxjs'"))
    #expect(Explainer.explain("find").text.contains("Semantics: RxJS's (in every script)"))
    #expect(Explainer.catalogue().contains(".delay (use rxjs)"))
  }

  @Test func intervalCountsUnderRxJS() {
    expectPasses(
      """
      use rxjs
      let ticks = interval(2).take(3)
      let late = interval(2).take(2)
      show ticks, late subscribed "---^"
      expect ticks == "--0-1-(2|)"
      expect late == "-----0-(1|)"
      """)
    expectPasses(
      """
      let ticks = interval(2).take(2)
      expect ticks == "--a-(b|)", a: 2, b: 4
      """)
  }

  @Test func subjectsRememberTerminationUnderRxJS() {
    expectPasses(
      """
      use rxjs
      let s = Subject()
      s.next(1, at: 1)
      s.error(Error("gone"), at: 2)
      s.next(2, at: 3)
      let late = s
      show s, late subscribed "----^"
      expect s == "-1#", error: Error("gone")
      expect late == "----#", error: Error("gone")
      """)
    expectPasses(
      """
      let s = Subject()
      s.sendNext(1, at: 1)
      s.sendCompleted(at: 2)
      let late = s
      show s, late subscribed "----^"
      expect s == "-1|"
      expect late == "-----"
      """)
  }
}
