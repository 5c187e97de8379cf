import Testing

@testable import Marbles
@testable import MarblesCore

/// `takeUntilReplacement` in a script: its row's lane `replaced` draws the moment the
/// replacement takes over, and the replacement's end is the output's.
@Suite struct TakeUntilReplacementScriptTests {
  @Test func drawsWhetherTheReplacementTookOver() throws {
    let run = try #require(
      expectPasses(
        """
        let input = cold("--a--b--c--|")
        let replacement = hot("-------x--y|")
        let output = input.takeUntilReplacement(replacement)
        show output.internals
        expect output == "--a--b-x--y|"
        expect output.replaced == "f------t---|", f: false, t: true
        expect subscriptions(input) == "^------!"
        """))
    #expect(run.lanes.map(\.name) == ["output", "output.replaced"])
  }

  @Test func emptyNeverAndFailure() {
    expectPasses(
      """
      let replacement = hot("----x|")
      let empty = cold("--|").takeUntilReplacement(replacement)
      let never = cold("-").takeUntilReplacement(replacement)
      let failure = cold("-a-#").takeUntilReplacement(replacement)
      expect empty == "----x|"
      expect never == "----x|"
      expect failure == "-a-#"
      """)
  }

  @Test func earlyDisposalReleasesBothSignals() {
    expectPasses(
      """
      let input = cold("--a--b--|")
      let replacement = hot("------x|")
      let output = input.takeUntilReplacement(replacement)
      show output subscribed "^--!"
      expect output == "--a"
      expect subscriptions(input) == "^--!"
      expect subscriptions(replacement) == "^--!"
      """)
  }

  @Test func theReplacementMustBeASignal() {
    let text = failureText(
      """
      let input = cold("--a|")
      let output = input.takeUntilReplacement(3)
      show output
      """)
    #expect(text.contains("the replacement"))
  }
}
