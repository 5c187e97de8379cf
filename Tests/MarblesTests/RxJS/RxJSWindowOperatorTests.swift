import Testing

@testable import Marbles
@testable import MarblesCore

/// RxJS's time-, toggle- and closure-driven windows (`windowTime`, `windowToggle`,
/// `windowWhen`), written from RxJS's documentation. Each case covers values, an empty source,
/// a silent one, a failure, an early unsubscription, and the subscription windows that show
/// what was released.
@Suite struct RxJSWindowOperatorTests {
  @Test func windowTimeOpensTheNextWindowAsOneCloses() {
    expectPasses(
      """
      let source = cold("-a-b-c-d-|")
      let windows = source.windowTime(4)
      let empty = cold("--|").windowTime(4)
      let silent = never.windowTime(3)
      let failing = cold("-a---b#").windowTime(4)
      let early = cold("-a-b-c-d-|")
      let cut = early.windowTime(4)
      show windows, empty, silent subscribed "^-------!", failing, cut subscribed "^-----!"
      expect windows == "x---y---z|", x: cold("-a-b|"), y: cold("-c-d|"), z: cold("-|")
      expect subscriptions(source) == "^--------!"
      expect empty == "x-|", x: cold("--|")
      expect silent == "x--y--z-", x: cold("---|"), y: cold("---|"), z: cold("--")
      expect failing == "x---y-#", x: cold("-a--|"), y: cold("-b#")
      expect cut == "x---y-", x: cold("-a-b|"), y: cold("-c")
      expect subscriptions(early) == "^-----!"
      """)
  }

  @Test func windowTimeWithAStepOverlapsOrLeavesGaps() {
    expectPasses(
      """
      let source = cold("-a-b-c-d-|")
      let overlapping = source.windowTime(4, 2)
      let gaps = cold("-a-b-c-d-|").windowTime(2, 4)
      let failing = cold("-a-#").windowTime(4, 2)
      show overlapping, gaps, failing
      expect overlapping == "x-y-z-w-v|", x: cold("-a-b|"), y: cold("-b-c|"), z: cold("-c-d|"), w: cold("-d-|"), v: cold("-|")
      expect gaps == "x---y---z|", x: cold("-a|"), y: cold("-c|"), z: cold("-|")
      expect failing == "x-y#", x: cold("-a-#"), y: cold("-#")
      """)
  }

  @Test func windowTimeChecksItsArguments() {
    let text = failureText(
      """
      let windows = cold("-a|").windowTime(0)
      show windows
      """)
    #expect(text.contains("the window length"))
  }

  @Test func windowWhenOpensTheNextWindowWhenTheClosingSignalEnds() {
    expectPasses(
      """
      let source = cold("-a-b---c--|")
      let closing = cold("----x")
      let windows = source.windowWhen { closing }
      let empty = cold("--|").windowWhen { cold("----x") }
      let completes = cold("-a-b-c-|").windowWhen { cold("---|") }
      let failing = cold("-a#").windowWhen { cold("----x") }
      let closingFails = cold("-a---|").windowWhen { cold("--#") }
      let silent = never.windowWhen { cold("---x|") }
      let early = cold("-a-b---c--|")
      let cut = early.windowWhen { cold("----x") }
      show windows, empty, completes, failing, closingFails, silent subscribed "^----!", cut subscribed "^-----!"
      expect windows == "x---y---z-|", x: cold("-a-b|"), y: cold("---c|"), z: cold("--|")
      expect subscriptions(closing) == ["^---!", "----^---!", "--------^-!"]
      expect empty == "x-|", x: cold("--|")
      expect completes == "x--y--z|", x: cold("-a-|"), y: cold("b-c|"), z: cold("-|")
      expect failing == "x-#", x: cold("-a#")
      expect closingFails == "x-#", x: cold("-a#")
      expect silent == "x--y-", x: cold("---|"), y: cold("--")
      expect cut == "x---y-", x: cold("-a-b|"), y: cold("--")
      expect subscriptions(early) == "^-----!"
      """)
  }

  @Test func windowToggleKeepsOverlappingWindows() {
    expectPasses(
      """
      let source = cold("-a-b-c-d-|")
      let opens = cold("o-o")
      let closing = cold("----x")
      let windows = source.windowToggle(opens) { _ in closing }
      let empty = cold("--|").windowToggle(cold("-o")) { _ in cold("---x") }
      let silent = never.windowToggle(cold("-o")) { _ in cold("---x") }
      let failing = cold("-a#").windowToggle(cold("o")) { _ in cold("----x") }
      let opensFail = cold("-a---|").windowToggle(cold("o-#")) { _ in cold("----x") }
      let stays = cold("-a-b|").windowToggle(cold("o")) { _ in cold("-|") }
      let early = cold("-a-b-c-d-|")
      let cut = early.windowToggle(cold("o-o")) { _ in cold("----x") }
      show windows, empty, silent, failing, opensFail, stays, cut subscribed "^----!"
      expect windows == "x-y------|", x: cold("-a-b|"), y: cold("-b-c|")
      expect subscriptions(closing) == ["^---!", "--^---!"]
      expect subscriptions(opens) == "^--------!"
      expect empty == "-x|", x: cold("-|")
      expect silent == "-x", x: cold("---|")
      expect failing == "x-#", x: cold("-a#")
      expect opensFail == "x-#", x: cold("-a#")
      expect stays == "x---|", x: cold("-a-b|")
      expect cut == "x-y--", x: cold("-a-b|"), y: cold("-b-")
      expect subscriptions(early) == "^----!"
      """)
  }

  @Test func groupBySendsAGroupPerKey() {
    expectPasses(
      """
      use rxjs
      let source = cold("-1-2-3-4-5|")
      let groups = source.groupBy { x in x % 2 }
      let counted = cold("-1-2-3-4-5|").groupBy { x in x % 2 }.mergeMap { g in g.count().map { n in [g.key, n] } }
      let empty = cold("--|").groupBy { x in x }
      let silent = never.groupBy { x in x }
      let failing = cold("-a-b#").groupBy { x in x }
      show groups, counted, empty, silent subscribed "^---!", failing
      expect groups == "-x-y------|", x: cold("1---3---5|"), y: cold("2---4--|")
      expect subscriptions(source) == "^---------!"
      expect counted == "----------(ab|)", a: [1, 3], b: [0, 2]
      expect empty == "--|"
      expect silent == "----"
      expect failing == "-x-y#", x: cold("a--#"), y: cold("b#")
      """)
  }

  @Test func groupByKeepsTheSourceWhileAGroupIsSubscribed() {
    expectPasses(
      """
      let source = cold("-a-b-a-b|")
      let groups = source.groupBy { x in x }
      let flat = groups.take(1).mergeMap { g in g }
      let early = cold("-a-b-a-b|")
      let cut = early.groupBy { x in x }.mergeMap { g in g }
      let recorded = cold("-a-b-a-b|")
      let outer = recorded.groupBy { x in x }
      show flat, cut subscribed "^--!", outer subscribed "^--!"
      expect flat == "-a---a--|"
      expect subscriptions(source) == "^-------!"
      expect cut == "-a-"
      expect subscriptions(early) == "^--!"
      expect outer == "-x-", x: cold("a---a--|")
      expect subscriptions(recorded) == "^-------!"
      """)
  }

  @Test func keyIsReadOnlyOnAGroup() {
    let text = failureText(
      """
      let k = cold("-a|").key
      show k
      """)
    #expect(text.contains("'key' is the key of a group"))
  }
}
