import Reactive
import Testing

@testable import Marbles
@testable import MarblesCore

@Suite struct InterpreterStatementTests {
  @Test func titleLetShowAndExpectProduceTheRecording() throws {
    let run = try #require(
      expectPasses(
        """
        title "map"
        let input  = cold("--a--b--|", a: 1, b: 2)
        let output = input.map { x in x * 10 }
        show input, output as "map(x * 10)"
        expect output == "--x--y--|", x: 10, y: 20
        expect subscriptions(input) == ["^-------!", "^-------!"]
        """))
    #expect(run.file == "t.marble")
    #expect(run.title == "map")
    #expect(run.firstFrame == 0)
    #expect(run.lastFrame == 8)
    #expect(run.lanes.map(\.name) == ["input", "output"])
    #expect(run.lanes.map(\.label) == ["input", "map(x * 10)"])
    #expect(
      run.lane("output")?.subscription == SubscriptionLog(subscribed: 0, unsubscribed: 8))
    #expect(
      run.lane("output")?.events == [
        .next(.int(10), at: 2), .next(.int(20), at: 5), .completed(at: 8),
      ])
    #expect(run.subscriptions.map(\.name) == ["input"])
    #expect(run.expectations.map(\.lane) == ["output", "subscriptions(input)"])
    #expect(run.expectations.map(\.line) == [5, 6])
  }

  @Test func laneNamesAreTheExpressionTextWithoutSpaces() throws {
    let run = try #require(
      completedRun(
        """
        let input = cold("-1|")
        show input . map { $0 * 2 }, input.filter { x in x > 0 }
        """))
    #expect(run.lanes.map(\.name) == ["input.map{$0*2}", "input.filter{xinx>0}"])
  }

  @Test func aScriptWithoutShowShowsEveryLetBoundToASignal() throws {
    let run = try #require(
      completedRun(
        """
        let a = cold("-a|")
        let n = 3
        let b = a.map { $0 + "!" }
        let cmd = Command { x in just(x) }
        """))
    #expect(run.lanes.map(\.name) == ["a", "b"])
    #expect(run.marble("b") == #"cold("-a|", a: "a!")"#)
  }

  @Test func subscribedWindowsSubscribeAndUnsubscribeAtTheStartOfTheirFrames() throws {
    let run = try #require(
      expectPasses(
        """
        let clicks = hot("-a-b-c-d-|")
        show clicks subscribed "--^---!"
        expect clicks == "---b-c"
        expect subscriptions(clicks) == "--^---!"
        """))
    #expect(
      run.lane("clicks")?.subscription == SubscriptionLog(subscribed: 2, unsubscribed: 6))
  }

  @Test func aSubscribeAndUnsubscribeInOneFrameSeesOnlySynchronousEvents() throws {
    expectPasses(
      """
      let one = just(1)
      let slow = cold("-a|")
      show one subscribed "--(^!)", slow subscribed "(^!)"
      expect one == "--(1|)"
      expect slow == ""
      """)
  }

  @Test func expectMakesItsOwnSubscriptionWhenTheSignalIsNotShown() throws {
    let run = try #require(
      expectPasses(
        """
        let input = cold("--a|")
        show input subscribed "-^"
        expect input == "---a|"
        expect input.map { $0 } == "--a|"
        expect subscriptions(input) == ["^--!", "-^--!"]
        """))
    #expect(run.lanes.count == 1)
  }

  @Test func showOfACommandOrChannelExpandsToItsLanes() throws {
    let run = try #require(
      completedRun(
        """
        let cmd = Command { x in just(x) }
        let ch = Channel()
        show cmd, ch, cmd.internals as "c"
        """))
    #expect(
      run.lanes.map(\.name) == [
        "cmd.executionSignals", "cmd.executing", "cmd.enabled", "cmd.errors", "ch.leading",
        "ch.following", "cmd.added", "cmd.inFlight", "cmd.immediateExecuting",
        "cmd.moreExecutionsAllowed", "cmd.immediateEnabled", "cmd.enabled", "cmd.executing",
        "cmd.executionSignals", "cmd.errors",
      ])
    #expect(run.lanes.last?.label == "c.errors")
  }

  @Test func bareExpressionsScheduleWorkInScriptOrder() throws {
    expectPasses(
      """
      let s = Subject()
      let a = hot("--x", x: "hot")
      a.subscribe(s)
      s.sendNext("late", at: 2)
      s.sendNext("early", at: 1)
      show s
      expect s == "-e(hl)", e: "early", h: "hot", l: "late"
      """)
  }

  @Test func aFailingExpectationCarriesTheAlignedDiff() throws {
    let run = try #require(
      completedRun(
        """
        let input  = cold("--a--b--|", a: 1, b: 2)
        let output = input.map { x in x * 10 }
        show output
        expect output == "--x--y--|", x: 10, y: 21
        """))
    let result = try #require(run.expectations.first)
    #expect(!result.passed)
    #expect(result.line == 4 && result.column == 1)
    #expect(
      result.message == """
        expectation failed for 'output' at frame 5: expected next(21), got next(20)
                  0    5
        expected  --x--y--|   x = 10, y = 21
        actual    --x--a--|   x = 10, a = 20
                       ^
        frame 5: value differs: expected next(21), got next(20)
        """)
    #expect(result.expected?.count == 3)
    #expect(result.actual?[1] == .next(.int(20), at: 5))
  }

  @Test func aFailingSubscriptionExpectationCarriesItsDiff() throws {
    let run = try #require(
      completedRun(
        """
        let input = cold("--a|")
        show input
        expect subscriptions(input) == "^---!"
        """))
    let result = try #require(run.expectations.first)
    #expect(!result.passed)
    #expect(result.lane == "subscriptions(input)")
    #expect(
      result.message == """
        expectation failed for subscriptions of 'input' at frame 3: expected '^' at frame 0 and '!' at frame 4, got '^' at frame 0 and '!' at frame 3
                  0
        expected  ^---!
        actual    ^--!
                     ^^
        subscription 1: expected '^' at frame 0 and '!' at frame 4, got '^' at frame 0 and '!' at frame 3
        """)
  }

  @Test func aValueKeyWithoutAnEntryIsAWarning() throws {
    let (outcome, file) = runScript(
      """
      let input = cold("-a-c|", a: 1)
      show input
      expect input == "-a-c|", a: 1
      """)
    guard case .completed(let run) = outcome else {
      Issue.record("failed")
      return
    }
    #expect(run.expectations.allSatisfy { $0.passed })
    #expect(
      run.diagnostics.render(in: file) == """
        t.marble:1:22: warning: value 'c' has no entry in the values map; it is the string "c"
        let input = cold("-a-c|", a: 1)
                             ^
        t.marble:3:21: warning: value 'c' has no entry in the values map; it is the string "c"
        expect input == "-a-c|", a: 1
                            ^
        """ + "\n")
  }
}
