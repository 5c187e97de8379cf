import Testing

@testable import Marbles
@testable import MarblesCore

/// Commands in scripts, against the timelines of `reference/raccommand-semantics.md`.
@Suite struct InterpreterCommandTests {
  @Test func internalsReproduceTheCanonicalTimeline() throws {
    // §2.5: a serial command whose work is `--v|`, executed at frame 1.
    let run = try #require(
      expectPasses(
        """
        let cmd = Command { x in cold("--v|") }
        let r = cmd.execute("x", at: 1)
        show cmd.internals, r
        expect cmd.added == "-x", x: cold("--v|")
        expect cmd.inFlight == "01--0"
        expect cmd.immediateExecuting == "ft--f", t: true, f: false
        expect cmd.moreExecutionsAllowed == "tf--t", t: true, f: false
        expect cmd.immediateEnabled == "tf--t", t: true, f: false
        expect cmd.enabled == "tf--t", t: true, f: false
        expect cmd.executing == "ft--f", t: true, f: false
        expect cmd.executionSignals == "-x", x: cold("--v|")
        expect cmd.errors == "-----"
        expect r == "---v|"
        """))
    #expect(
      run.lanes.map(\.name) == [
        "cmd.added", "cmd.inFlight", "cmd.immediateExecuting", "cmd.moreExecutionsAllowed",
        "cmd.immediateEnabled", "cmd.enabled", "cmd.executing", "cmd.executionSignals",
        "cmd.errors", "r",
      ])
  }

  @Test func theErrorVariantPutsTheErrorOnErrorsAndCompletesTheInner() {
    expectPasses(
      """
      let cmd = Command { x in cold("--#", error: "e") }
      let r = cmd.execute("x", at: 1)
      show cmd.internals, r
      expect cmd.executing == "ft-f", t: true, f: false
      expect cmd.enabled == "tf-t", t: true, f: false
      expect cmd.errors == "---e", e: error("e")
      expect r == "---#", error: "e"
      expect cmd.executionSignals == "-x", x: cold("--|")
      """)
  }

  @Test func theConcurrentVariantNeverDisables() {
    expectPasses(
      """
      let cmd = Command(allowsConcurrentExecution: true) { x in x == "A" ? cold("---|") : cold("----|") }
      cmd.execute("A", at: 1)
      cmd.execute("B", at: 2)
      show cmd.internals
      expect cmd.inFlight == "012-1-0"
      expect cmd.immediateExecuting == "ftt-t-f", t: true, f: false
      expect cmd.executing == "ft----f", t: true, f: false
      expect cmd.enabled == "t------", t: true
      """)
  }

  @Test func executeWhileDisabledFailsOnlyThatCall() throws {
    let run = try #require(
      expectPasses(
        """
        let clicks = hot("--x-----x--x--|")
        let valid = hot("f--t------f--t", t: true, f: false)
        let save = Command(enabled: valid, allowsConcurrentExecution: false) { input in cold("--r|", r: input) }
        let calls = save.execute(clicks)
        show clicks, calls, save.executionSignals, save.executing, save.enabled, save.errors
        expect calls == "--a-----b--c--|", a: fail("notEnabled"), b: cold("--x|"), c: fail("notEnabled")
        expect save.executionSignals == "--------x", x: cold("--x|")
        expect save.executing == "f-------t--f", t: true, f: false
        expect save.errors == "---------------"
        """))
    // `(tf)` at frame 0 takes four frames in a marble, so the lane is checked event by event.
    #expect(
      run.lane("save.enabled")?.events == [
        .next(.bool(true), at: 0), .next(.bool(false), at: 0), .next(.bool(true), at: 3),
        .next(.bool(false), at: 8), .next(.bool(true), at: 13),
      ])
  }

  @Test func aSecondExecuteInTheSameFrameIsRefused() {
    // D4: the second call sees `immediateEnabled` false at once.
    expectPasses(
      """
      let cmd = Command { x in cold("--v|") }
      let first = cmd.execute(1, at: 1)
      let second = cmd.execute(2, at: 1)
      show first, second, cmd.enabled
      expect first == "---v|"
      expect second == "-#", error: "notEnabled"
      expect cmd.enabled == "tf--t", t: true, f: false
      """)
  }

  @Test func executingFromAClosureRunsAtOnce() {
    expectPasses(
      """
      let save = Command { x in cold("-s|", s: x * 10) }
      let taps = cold("-1---2|")
      let output = taps.doNext { x in save.execute(x) }
      show output, save.executionSignals
      expect save.executionSignals == "-a---b", a: cold("-1|").map { $0 * 10 }, b: cold("-2|").map { $0 * 10 }
      """)
  }

  @Test func settingAllowsConcurrentExecutionIsScheduled() {
    expectPasses(
      """
      let cmd = Command { x in cold("---|") }
      cmd.setAllowsConcurrentExecution(true, at: 2)
      let a = cmd.execute(1, at: 1)
      let b = cmd.execute(2, at: 2)
      show cmd.inFlight, a, b
      expect cmd.inFlight == "012-10"
      expect b == "-----|"
      """)
  }
}
