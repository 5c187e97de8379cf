import Testing

@testable import Marbles

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
}
