import MarblesTesting
import Reactive
import Testing
import XCTest

/// Maps values by hand (operators are written elsewhere).
private func mapped<Value, Result>(
  _ signal: Signal<Value>, _ transform: @escaping (Value) -> Result
)
  -> Signal<Result>
{
  Signal { subscriber in
    signal.observe { event in subscriber.send(event.map(transform)) }
  }
}

@Suite struct ExpectMarblesTests {
  @Test func passesForAMatchingTimeline() throws {
    let ts = TestScheduler()
    let input = ts.cold("--a--b--|", values: ["a": 1, "b": 2])
    let recording = ts.record(mapped(input) { $0 * 10 })
    try ts.run()
    expectMarbles(recording, "--x--y--|", values: ["x": 10, "y": 20])
    expectSubscriptions(input, "^-------!")
    expectSubscriptions(recording, ["^-------!"])
  }

  @Test func keysStandForThemselvesInIntAndStringTimelines() throws {
    let ts = TestScheduler()
    let numbers: ColdSignal<Int> = ts.cold("-1-2|")
    let letters: ColdSignal<String> = ts.cold("-1-b|")
    let numbersRecording = ts.record(numbers)
    let lettersRecording = ts.record(letters)
    try ts.run()
    #expect(numbersRecording.values == [1, 2])
    #expect(lettersRecording.values == ["1", "b"])
    expectMarbles(numbersRecording, "-1-2|")
    expectMarbles(lettersRecording, "-1-b|")
  }

  @Test func hotSourcesAndSubscriptionMarbles() throws {
    let ts = TestScheduler()
    let clicks = ts.hot("-x-^-x--x-|", values: ["x": "click"])
    let recording = ts.record(clicks, subscription: "---^---!")
    try ts.run()
    expectMarbles(recording, "-----x", values: ["x": "click"])
    expectSubscriptions(clicks, "---^---!")
  }

  @Test func comparesInnerSignals() throws {
    let ts = TestScheduler()
    let work: ColdSignal<String> = ts.cold("--r|")
    let clicks: HotSignal<String> = ts.hot("-x---x|")
    let executions = mapped(clicks) { _ -> Signal<String> in work }
    let recording = ts.record(executions)
    try ts.run()
    expectMarbles(recording, "-x---x|", values: ["x": ts.cold("--r|")])
    expectSubscriptions(work, "-^--!", "-----^--!")
  }

  @Test func innerSignalsThatFailDifferentlyShowBothErrors() throws {
    let ts = TestScheduler()
    let timeout: ColdSignal<Int> = ts.cold("#", error: MarbleError("timeout"))
    let clicks: HotSignal<Int> = ts.hot("-1|")
    let recording = ts.record(mapped(clicks) { _ -> Signal<Int> in timeout })
    try ts.run()
    let issues = MarbleExpectation.check(
      recording.events, matches: "-x|", values: ["x": ts.cold("#")])
    #expect(
      issues.map(\.message) == [
        """
        expectation failed at frame 1: expected next(cold("#")), got \
        next(cold("#", error: MarbleError("timeout")))
                  0
        expected  -x|   x = cold("#")
        actual    -a|   a = cold("#", error: MarbleError("timeout"))
                   ^
        frame 1: value differs: expected next(cold("#")), got \
        next(cold("#", error: MarbleError("timeout")))
        """
      ])
  }

  @Test func aFailedComparisonCarriesItsPictureForTheAttachment() throws {
    let ts = TestScheduler()
    let recording = ts.record(ts.cold(events: [.next(1, at: 2), .completed(at: 4)]))
    try ts.run()
    let issues = MarbleExpectation.check(recording.events, matches: "--2-|")
    let picture = try #require(issues.first?.picture)
    #expect(picture.hasPrefix("<svg"))
    #expect(picture.contains(">expected</text>") && picture.contains(">actual</text>"))
    #expect(MarbleExpectation.check(recording.events, matches: "--1-|").isEmpty)
  }

  @Test func reportsAFailedExpectationAtTheCallersLine() throws {
    let ts = TestScheduler()
    let recording = ts.record(ts.cold(events: [.next(1, at: 2), .completed(at: 4)]))
    try ts.run()
    // Deliberate: this test makes the failure it checks (the "known issues" of the summary).
    let line = #line + 2
    withKnownIssue("a deliberate failure: this test checks its message") {
      expectMarbles(recording, "--2-|")
    } matching: { issue in
      issue.sourceLocation?.line == line
        && issue.sourceLocation?.fileName == "ExpectMarblesTests.swift"
        && issue.comments.map(\.rawValue) == [
          """
          expectMarbles: 1 event differs (frame 2); picture: expected-vs-actual.svg, kept with --attachments-path DIR
          expectation failed at frame 2: expected next(2), got next(1)
                    0
          expected  --2-|
          actual    --1-|
                      ^
          frame 2: value differs: expected next(2), got next(1)
          """
        ]
    }
  }

  @Test func reportsAMarbleErrorAtTheCallersLine() {
    let ts = TestScheduler()
    // Deliberate: this test makes the failure it checks (the "known issues" of the summary).
    let line = #line + 2
    withKnownIssue("a deliberate failure: this test checks its message") {
      let _: ColdSignal<Int> = ts.cold("--(1")
    } matching: { issue in
      issue.sourceLocation?.line == line
        && issue.comments.map(\.rawValue) == [
          """
          marble:1:3: error: group is never closed; expected ')'
          --(1
            ^
          """
        ]
    }
  }

  @Test func reportsAMissingValueForATypeWithoutDefaults() {
    let ts = TestScheduler()
    // Deliberate: this test makes the failure it checks (the "known issues" of the summary).
    withKnownIssue("a deliberate failure: this test checks its message") {
      let _: ColdSignal<Bool> = ts.cold("-t-x|", values: ["t": true])
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        "marble:1:4: error: value 'x' has no entry in the values map and no default 'Bool' value")
        == true
    }
  }

  @Test func reportsASubscriptionMarbleError() {
    let ts = TestScheduler()
    // Deliberate: this test makes the failure it checks (the "known issues" of the summary).
    withKnownIssue("a deliberate failure: this test checks its message") {
      _ = ts.record(ts.cold(events: [Recorded<Int>.completed(at: 1)]), subscription: "--!")
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        "marble:1:1: error: subscription marble has no subscription point '^'") == true
    }
  }

  @Test func reportsASubscriptionWindowOffByOne() throws {
    let ts = TestScheduler()
    let source = ts.cold(events: [Recorded<Int>.completed(at: 7)])
    _ = ts.record(source)
    try ts.run()
    // Deliberate: this test makes the failure it checks (the "known issues" of the summary).
    withKnownIssue("a deliberate failure: this test checks its message") {
      expectSubscriptions(source, "^-------!")
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        "expectation failed for subscriptions at frame 7: expected '^' at frame 0 and '!' at "
          + "frame 8, got '^' at frame 0 and '!' at frame 7") == true
    }
  }
}

/// The same assertions from XCTest: a passing test, so no failure is expected.
final class ExpectMarblesXCTests: XCTestCase {
  func testExpectationsWorkInXCTest() throws {
    let ts = TestScheduler()
    let input = ts.cold("--a--|", values: ["a": 1])
    let recording = ts.record(input)
    try ts.run()
    expectMarbles(recording, "--a--|", values: ["a": 1])
    expectSubscriptions(input, "^----!")
  }
}
