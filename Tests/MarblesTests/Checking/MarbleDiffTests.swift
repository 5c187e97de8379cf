import Testing

@testable import Marbles
@testable import MarblesCLI
@testable import MarblesCore
@testable import MarblesTesting
@testable import Reactive

/// The failure messages of `expectMarbles` / `expectSubscriptions`, in full.
@Suite struct MarbleDiffTests {
  func failure<Value: Equatable>(
    _ actual: [Recorded<Value>], _ marble: String, values: [String: Value] = [:],
    error: any Error = MarbleError("error")
  ) -> String {
    MarbleExpectation.check(actual, matches: marble, values: values, error: error)
      .map(\.message).joined(separator: "\n\n")
  }

  @Test func passesWhenTheTimelinesAreEqual() {
    let actual: [Recorded<Int>] = [
      .next(10, at: 2), .next(20, at: 5), .next(30, at: 5), .completed(at: 9),
    ]
    #expect(
      MarbleExpectation.check(
        actual, matches: "--x--(yz)|", values: ["x": 10, "y": 20, "z": 30]
      ).isEmpty)
  }

  @Test func valueDiffers() {
    let actual: [Recorded<Int>] = [.next(10, at: 2), .next(21, at: 5), .completed(at: 8)]
    #expect(
      failure(actual, "--x--y--|", values: ["x": 10, "y": 20]) == """
        expectation failed at frame 5: expected next(20), got next(21)
                  0    5
        expected  --x--y--|   x = 10, y = 20
        actual    --x--a--|   x = 10, a = 21
                       ^
        frame 5: value differs: expected next(20), got next(21)
        """)
  }

  @Test func eventMissing() {
    let actual: [Recorded<String>] = [.next("a", at: 2), .completed(at: 8)]
    #expect(
      failure(actual, "--a--b--|") == """
        expectation failed at frame 5: expected next("b"), got nothing
                  0    5
        expected  --a--b--|
        actual    --a-----|
                       ^
        frame 5: missing event: expected next("b"), got nothing
        """)
  }

  @Test func extraEvent() {
    let actual: [Recorded<String>] = [.next("a", at: 2), .next("b", at: 5), .completed(at: 8)]
    #expect(
      failure(actual, "--a-----|") == """
        expectation failed at frame 5: expected nothing, got next("b")
                  0    5
        expected  --a-----|
        actual    --a--b--|
                       ^
        frame 5: extra event: expected nothing, got next("b")
        """)
  }

  /// At the expected timeline's last frame a terminal event is not early: nothing more was
  /// expected after it. One frame before, it is.
  @Test func aTerminalEventAtTheExpectedLastFrameIsAWrongKindNotAnEarlyEnd() {
    let expected: [Recorded<String>] = [.next("a", at: 2)]
    let atLast = MarbleDiff.differences(expected: expected, actual: [.completed(at: 2)])
    #expect(atLast.map(\.frame) == [2])
    #expect(atLast.map(\.kind) == [.wrongKind])
    let failed = MarbleDiff.differences(
      expected: expected, actual: [.error(MarbleError("x"), at: 2)])
    #expect(failed.map(\.kind) == [.wrongKind])
    let withValue = MarbleDiff.differences(
      expected: expected, actual: [.next("a", at: 2), .completed(at: 2)])
    #expect(withValue.map(\.kind) == [.extra])
    let before = MarbleDiff.differences(
      expected: [.next("a", at: 1), .next("b", at: 2)],
      actual: [.next("a", at: 1), .completed(at: 1)])
    #expect(before.map(\.frame) == [1, 2])
    #expect(before.map(\.kind) == [.terminatedEarly, .missing])
  }

  @Test func aCompletionAtTheExpectedLastValueSaysWrongKind() {
    let actual: [Recorded<String>] = [.next("a", at: 1), .completed(at: 3)]
    #expect(
      failure(actual, "-a-b") == """
        expectation failed at frame 3: expected next("b"), got completed
                  0
        expected  -a-b
        actual    -a-|
                     ^
        frame 3: wrong kind: expected next("b"), got completed
        """)
  }

  @Test func earlyCompletionMarksEveryDifferingFrame() {
    let actual: [Recorded<String>] = [.next("a", at: 2), .completed(at: 4)]
    #expect(
      failure(actual, "--a--b--|") == """
        expectation failed at frame 4: expected nothing, got completed
                  0    5
        expected  --a--b--|
        actual    --a-|
                      ^^  ^
        frame 4: terminated early: expected nothing, got completed
        frame 5: missing event: expected next("b"), got nothing
        frame 8: missing event: expected completed, got nothing
        """)
  }

  @Test func errorInsteadOfCompletion() {
    let actual: [Recorded<String>] = [.next("a", at: 2), .completed(at: 5)]
    #expect(
      failure(actual, "--a--#") == """
        expectation failed at frame 5: expected error(MarbleError("error")), got completed
                  0    5
        expected  --a--#
        actual    --a--|
                       ^
        frame 5: error vs completion: expected error(MarbleError("error")), got completed
        """)
  }

  @Test func errorValueDiffers() {
    let actual: [Recorded<String>] = [.error(MarbleError("b"), at: 2)]
    #expect(
      failure(actual, "--#", error: MarbleError("a")) == """
        expectation failed at frame 2: expected error(MarbleError("a")), got error(MarbleError("b"))
                  0
        expected  --#
        actual    --#
                    ^
        frame 2: error differs: expected error(MarbleError("a")), got error(MarbleError("b"))
        """)
  }

  @Test func valueInsteadOfCompletionIsTheWrongKind() {
    let actual: [Recorded<Int>] = [.next(7, at: 1)]
    #expect(
      failure(actual, "-|") == """
        expectation failed at frame 1: expected completed, got next(7)
                  0
        expected  -|
        actual    -7
                   ^
        frame 1: wrong kind: expected completed, got next(7)
        """)
  }

  @Test func valuesOfDifferentTypesAreNamed() {
    let actual: [Recorded<AnyHashable>] = [.next(1, at: 1)]
    #expect(
      failure(actual, "-a", values: ["a": "1"]) == """
        expectation failed at frame 1: expected next("1"), got next(1)
                  0
        expected  -a   a = "1"
        actual    -1
                   ^
        frame 1: value differs: expected next("1"), got next(1); the values have different types: 'String' and 'Int'
        """)
  }

  @Test func valuesThatPrintAlikeAreNamed() {
    let actual: [Recorded<Double>] = [.next(.nan, at: 1)]
    #expect(
      failure(actual, "-n", values: ["n": .nan]) == """
        expectation failed at frame 1: expected next(nan), got next(nan)
                  0
        expected  -a   a = nan (Double)
        actual    -b   b = nan (Double)
                   ^
        frame 1: value differs: expected next(nan), got next(nan); the values print alike but are not equal (both 'Double')
        """)
  }

  @Test func groupsStackUnderTheirFrameWithoutWideningTime() {
    let actual: [Recorded<String>] = [.next("a", at: 2), .completed(at: 8)]
    #expect(
      failure(actual, "--(ab)--|") == """
        expectation failed at frame 2: expected next("a"), next("b"), got next("a")
                  0    5
        expected  --a-----|
                    b
        actual    --a-----|
                    ^
        frame 2: missing event: expected next("a"), next("b"), got next("a")
        """)
  }

  @Test func hotExpectationsShowNegativeFrames() {
    let actual: [Recorded<String>] = [.next("a", at: -2), .next("c", at: 1)]
    #expect(
      failure(actual, "a-^-b") == """
        expectation failed at frame 1: expected nothing, got next("c")
                    0
        expected  a---b
        actual    a--c-
                     ^^
        frame 1: extra event: expected nothing, got next("c")
        frame 2: missing event: expected next("b"), got nothing
        """)
  }

  @Test func reportsProblemsInTheExpectedMarble() {
    let actual: [Recorded<String>] = [.next("a", at: 1)]
    #expect(
      failure(actual, "-(ab") == """
        marble:1:2: error: group is never closed; expected ')'
        -(ab
         ^
        """)
  }

  @Test func comparesInnerSignalsRelativeToTheirOuterFrame() throws {
    let ts = TestScheduler()
    let first: Signal<Int> = ts.cold(events: [.next(1, at: 1), .completed(at: 2)])
    let second: Signal<Int> = ts.cold(events: [.next(2, at: 2), .completed(at: 3)])
    let outer = ts.cold(events: [.next(first, at: 1), .next(second, at: 4), .completed(at: 5)])
    let recording = ts.record(outer)
    try ts.run()
    let cold = { (frame: Int, value: Int) in
      ts.cold(events: [Recorded.next(value, at: frame), .completed(at: frame + 1)])
    }
    #expect(
      MarbleExpectation.check(
        recording.events, matches: "-x--y|", values: ["x": cold(1, 1), "y": cold(2, 2)]
      ).isEmpty)
    let issues = MarbleExpectation.check(
      recording.events, matches: "-x--y|", values: ["x": cold(1, 1), "y": cold(1, 2)])
    #expect(
      issues.map(\.message) == [
        """
        expectation failed at frame 4: expected next(cold("-2|")), got next(cold("--2|"))
                  0    5
        expected  -x--y|   x = cold("-1|"), y = cold("-2|")
        actual    -x--a|   x = cold("-1|"), a = cold("--2|")
                      ^
        frame 4: value differs: expected next(cold("-2|")), got next(cold("--2|"))
        """
      ])
  }

  @Test func subscriptionWindowOffByOne() {
    let issues = MarbleExpectation.checkSubscriptions(
      [SubscriptionLog(subscribed: 0, unsubscribed: 7)], match: ["^-------!"])
    #expect(
      issues.map(\.message) == [
        """
        expectation failed for subscriptions at frame 7: expected '^' at frame 0 and '!' at frame 8, got '^' at frame 0 and '!' at frame 7
                  0    5
        expected  ^-------!
        actual    ^------!
                         ^^
        subscription 1: expected '^' at frame 0 and '!' at frame 8, got '^' at frame 0 and '!' at frame 7
        """
      ])
  }

  @Test func subscriptionExtraOrMissing() {
    let extra = MarbleExpectation.checkSubscriptions(
      [SubscriptionLog(subscribed: 0, unsubscribed: 3), SubscriptionLog(subscribed: 5)],
      match: ["^--!"])
    #expect(
      extra.map(\.message) == [
        """
        expectation failed for subscriptions at frame 5: extra: expected no subscription, got '^' at frame 5 and no '!'
                  0    5
        expected  ^--!
        actual    ^--!-^
                       ^
        subscription 2: extra: expected no subscription, got '^' at frame 5 and no '!'
        """
      ])
    let missing = MarbleExpectation.checkSubscriptions([], match: ["--(^!)"])
    #expect(
      missing.map(\.message) == [
        """
        expectation failed for subscriptions at frame 2: missing: expected '^' at frame 2 and '!' at frame 2, got no subscription
                  0
        expected    ^
                    !
        actual          none
                    ^
        subscription 1: missing: expected '^' at frame 2 and '!' at frame 2, got no subscription
        """
      ])
  }

  @Test func subscriptionsMatch() {
    let logs = [SubscriptionLog(subscribed: 2, unsubscribed: 5), SubscriptionLog(subscribed: 3)]
    #expect(MarbleExpectation.checkSubscriptions(logs, match: ["--^--!", "---^"]).isEmpty)
    #expect(MarbleExpectation.checkSubscriptions([], match: []).isEmpty)
  }

  @Test func namesTheSubject() {
    let text = MarbleDiff.compare(
      expected: [Recorded<Int>.completed(at: 1)], actual: [], subject: "'output'")
    #expect(text?.hasPrefix("expectation failed for 'output' at frame 1: ") == true)
  }

  @Test func comparesErrors() {
    struct Plain: Error { var code: Int }
    #expect(MarbleDiff.errorsEqual(MarbleError("a"), MarbleError("a")))
    #expect(!MarbleDiff.errorsEqual(MarbleError("a"), MarbleError("b")))
    #expect(MarbleDiff.errorsEqual(Plain(code: 1), Plain(code: 1)))
    #expect(!MarbleDiff.errorsEqual(Plain(code: 1), Plain(code: 2)))
    #expect(!MarbleDiff.errorsEqual(MarbleError("a"), Plain(code: 1)))
  }
}
