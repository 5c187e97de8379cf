import Testing

@testable import Marbles
@testable import MarblesCore

@Suite struct InterpreterConstructorTests {
  @Test func coldReplaysForEachSubscriptionAndLogsIt() {
    expectPasses(
      """
      let input = cold("-a-(bc)-|", error: "unused")
      show input, input subscribed "--^"
      expect input == "-a-(bc)-|"
      expect subscriptions(input) == ["^-------!", "--^-------!"]
      """)
  }

  @Test func coldTimeProgressionsAndFailures() {
    expectPasses(
      """
      let slow = cold("a 5ms b 2ms #", error: "timeout")
      expect slow == "a-----b--#", error: "timeout"
      """)
  }

  @Test func hotPlaysAtAbsoluteFramesAndItsPastIsDrawn() throws {
    let run = try #require(
      expectPasses(
        """
        let clicks = hot("-x-^-y-z|")
        show clicks
        expect clicks == "--y-z|"
        """))
    #expect(run.firstFrame == -3)
    #expect(run.lastFrame == 5)
  }

  @Test func constantSignals() {
    expectPasses(
      """
      let one = just((1, "a"))
      let nothing = empty
      let alsoNothing = empty()
      let silence = never
      let broken = fail("boom")
      let failedTuple = fail((1, 2))
      expect one == "(p|)", p: (1, "a")
      expect nothing == "|"
      expect alsoNothing == "|"
      expect silence == "-----"
      expect broken == "#", error: "boom"
      expect failedTuple == "#", error: (1, 2)
      """)
  }

  @Test func intervalTimerAndDefer() {
    expectPasses(
      """
      let ticks = interval(2).take(3)
      let alarm = timer(3)
      let later = defer { cold("-a|") }
      show ticks subscribed "-^"
      expect ticks == "---a-b-(c|)", a: 3, b: 5, c: 7
      expect alarm == "---(0|)"
      expect later == "-a|"
      """)
  }

  @Test func mergeConcatCombineLatestAndZip() {
    expectPasses(
      """
      let a = cold("-1---2|")
      let b = cold("--x-y|")
      let m = merge(a, b)
      let c = concat(a, b)
      let l = combineLatest(a, b)
      let z = zip(a, b)
      let three = combineLatest(a, b, just(true))
      expect m == "-1x-y2|"
      expect c == "-1---2--x-y|"
      expect l == "--p-qr|", p: (1, "x"), q: (1, "y"), r: (2, "y")
      expect z == "--p--(q|)", p: (1, "x"), q: (2, "y")
      expect three == "--p-qr|", p: (1, "x", true), q: (1, "y", true), r: (2, "y", true)
      """)
  }

  @Test func subjectsAreFedByTheScript() {
    expectPasses(
      """
      let s = Subject()
      let r = ReplaySubject()
      let r1 = ReplaySubject(capacity: 1)
      let input = cold("-a-b|")
      input.subscribe(s)
      input.subscribe(r)
      input.subscribe(r1)
      show s subscribed "--^", r subscribed "--^", r1 subscribed "--^"
      expect s == "---b|"
      expect r == "--ab|"
      expect r1 == "--ab|"
      """)
  }

  @Test func replaySubjectOfCapacityOneKeepsTheLatest() {
    expectPasses(
      """
      let r1 = ReplaySubject(capacity: 1)
      r1.sendNext(1, at: 1)
      r1.sendNext(2, at: 2)
      r1.sendCompleted(at: 3)
      show r1 subscribed "-----^"
      expect r1 == "-----(2|)"
      """)
  }

  @Test func mainIsTheVirtualMainQueue() {
    expectPasses(
      """
      let input = cold("-a---|")
      let hop = input.deliverOn(main)
      let late = input.subscribeOn(main)
      let both = merge(hop, input)
      expect hop == "-a---|"
      expect late == "-a---|"
      expect both == "-(aa)|"
      """)
  }
}
