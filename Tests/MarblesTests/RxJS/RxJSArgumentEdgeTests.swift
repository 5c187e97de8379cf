import Testing

@testable import Marbles

/// Counts, indexes and durations at 0, below 0, fractional and huge, under `use rxjs`, as
/// RxJS 7 takes them (each case read from the operator's source in RxJS 7).
@Suite struct RxJSArgumentEdgeTests {
  /// Runs `text`: every expectation holds, and the diagnostics are warnings whose messages
  /// contain `warnings`, in order.
  func expectPassesWarning(
    _ text: String, _ warnings: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let run = completedRun(text, sourceLocation: sourceLocation) else { return }
    #expect(!run.expectations.isEmpty, sourceLocation: sourceLocation)
    for failure in run.expectations where !failure.passed {
      Issue.record(
        "line \(failure.line): \(failure.message ?? "failed")", sourceLocation: sourceLocation)
    }
    let messages = run.diagnostics.map(\.message)
    #expect(run.diagnostics.allSatisfy { $0.severity == .warning }, sourceLocation: sourceLocation)
    #expect(messages.count == warnings.count, "\(messages)", sourceLocation: sourceLocation)
    for (message, expected) in zip(messages, warnings) {
      #expect(message.contains(expected), "\(message)", sourceLocation: sourceLocation)
    }
  }

  @Test func aNegativeRepeatCompletesAtOnceWithoutSubscribing() {
    expectPassesWarning(
      """
      use rxjs
      let source = cold("-a|")
      let none = source.repeat(-1)
      let labelled = source.repeat(count: -1)
      let delayed = source.repeat(count: -2, delay: 3)
      let zero = source.repeat(0)
      show none, labelled, delayed, zero
      expect none == "|"
      expect labelled == "|"
      expect delayed == "|"
      expect zero == "|"
      expect subscriptions(source) == []
      """,
      [
        "'repeat(-1)' is 'repeat(0)'", "'repeat(-1)' is 'repeat(0)'",
        "'repeat(-2)' is 'repeat(0)'",
      ])
  }

  @Test func aNegativeRetryIsTheSourceUnchanged() {
    let script = """
      let source = cold("-a#")
      let once = source.retry(-1)
      let labelled = cold("-b-#").retry(count: -3, delay: 2)
      show once, labelled
      expect once == "-a#"
      expect labelled == "-b-#"
      expect subscriptions(source) == "^-!"
      """
    expectPassesWarning("use rxjs\n" + script, ["'retry(-1)' is 'retry(0)'", "'retry(-3)'"])
    // RAC's retry: with a count below 0 never retries either.
    expectPassesWarning(script, ["'retry(-1)' is 'retry(0)'", "'retry(-3)'"])
  }

  @Test func aHugeCountIsNoLimit() {
    expectPasses(
      """
      use rxjs
      let source = cold("-a-b|")
      let all = source.take(9_000_000_000_000_000_000)
      let none = source.skip(9_000_000_000_000_000_000)
      let last = source.takeLast(9_000_000_000_000_000_000)
      let twice = cold("-a|").repeat(2).retry(9_000_000_000_000_000_000)
      show all, none, last, twice
      expect all == "-a-b|"
      expect none == "----|"
      expect last == "----(ab|)"
      expect twice == "-a-a|"
      """)
  }

  @Test func countsOfZeroAndBelow() {
    expectPassesWarning(
      """
      use rxjs
      let source = cold("-a-b-c|")
      let taken = source.take(-1)
      let skipped = source.skip(-2)
      let last = source.takeLast(-1)
      let held = source.skipLast(-1)
      let zeroLast = source.takeLast(0)
      show taken, skipped, last, held, zeroLast
      expect taken == "|"
      expect skipped == "-a-b-c|"
      expect last == "|"
      expect held == "-a-b-c|"
      expect zeroLast == "|"
      """,
      [
        "'take(-1)' is 'take(0)'", "'skip(-2)' is 'skip(0)'", "'takeLast(-1)'",
        "'skipLast(-1)'",
      ])
  }

  @Test func rangeTakesOneArgumentAndANegativeCount() {
    expectPassesWarning(
      """
      use rxjs
      let four = range(4)
      let none = range(1, 0)
      let negative = range(1, -3)
      let shifted = range(-2, 3)
      show four, none, negative, shifted
      expect four == "(0123|)"
      expect none == "|"
      expect negative == "|"
      expect shifted == "(abc|)", a: -2, b: -1, c: 0
      """,
      ["'range(-3)' is 'range(0)'"])
  }

  @Test func negativeTimerDurationsAreNone() {
    expectPasses(
      """
      use rxjs
      let source = cold("-ab-c|")
      let throttled = source.throttleTime(-2)
      let throttledZero = source.throttleTime(0)
      let audited = source.auditTime(-1)
      let auditedZero = source.auditTime(0)
      let alarm = timer(-3)
      let once = timer(2, -1)
      let flaky = cold("-a#")
      let retried = flaky.retry(count: 1, delay: -2)
      let repeated = cold("-a|").repeat(count: 2, delay: -5)
      show throttled, throttledZero, audited, auditedZero, alarm, once, retried, repeated
      expect throttled == "-ab-c|"
      expect throttledZero == "-ab-c|"
      expect audited == "-ab-c|"
      expect auditedZero == "-ab-c|"
      expect alarm == "(0|)"
      expect once == "--(0|)"
      expect retried == "-a-a#"
      expect repeated == "-a-a|"
      """)
  }

  @Test func replayCountsBelowOneKeepOneValue() {
    expectPassesWarning(
      """
      use rxjs
      let input = cold("-a-b-|")
      let shared = input.shareReplay(0)
      let late = shared
      let subject = ReplaySubject(0)
      subject.sendNext(1, at: 1)
      subject.sendNext(2, at: 2)
      show shared, late subscribed "----^", subject subscribed "----^--"
      expect late == "----b|"
      expect subject == "----2--"
      """,
      ["'shareReplay(0)' is 'shareReplay(1)'", "'ReplaySubject(0)' is 'ReplaySubject(1)'"])
    // RAC's replay subject of capacity 0 replays nothing.
    expectPasses(
      """
      let subject = ReplaySubject(capacity: 0)
      subject.sendNext(1, at: 1)
      show subject subscribed "----^--"
      expect subject == "-------"
      """)
  }

  @Test func fractionalAndOutOfRangeArgumentsAreErrors() {
    #expect(
      failureText(
        """
        use rxjs
        let half = cold("-a|").take(1.5)
        """
      ).contains("the count of 'take' must be an integer, not 'Double' 1.5"))
    #expect(
      failureText(
        """
        use rxjs
        let tick = cold("-a|").sampleTime(0)
        """
      ).contains("the period of 'sampleTime' must be an integer from 1"))
    #expect(
      failureText(
        """
        use rxjs
        let calm = cold("-a|").debounceTime(-1)
        """
      ).contains("must be an integer from 0 to"))
    #expect(
      failureText(
        """
        use rxjs
        let picked = cold("-a|").elementAt(-1)
        """
      ).contains("the index of 'elementAt' must be an integer ≥ 0, not 'Int' -1"))
  }

  @Test func distinctUntilChangedTakesAComparatorAndAKeySelectorTogether() {
    expectPasses(
      """
      use rxjs
      let input = cold("-a-b-c-d-e|", a: 11, b: 15, c: 31, d: 42, e: 55)
      let near = input.distinctUntilChanged({ a, b in abs(a - b) < 2 }, { x in x / 10 })
      let trailing = input.distinctUntilChanged({ a, b in abs(a - b) < 2 }) { x in x / 10 }
      let keyOnly = input.distinctUntilChanged(nil, { x in x / 10 })
      let comparatorOnly = input.distinctUntilChanged { a, b in a / 10 == b / 10 }
      show near, trailing, keyOnly, comparatorOnly
      expect near == "-a---c---e|", a: 11, c: 31, e: 55
      expect trailing == "-a---c---e|", a: 11, c: 31, e: 55
      expect keyOnly == "-a---c-d-e|", a: 11, c: 31, d: 42, e: 55
      expect comparatorOnly == "-a---c-d-e|", a: 11, c: 31, d: 42, e: 55
      """)
    #expect(
      failureText(
        """
        use rxjs
        let twice = cold("-a|").distinctUntilChanged({ x in x }, { y in y })
        """
      ).contains("a comparator { a, b in … } with a key selector { x in key }"))
  }

  @Test func retryResetOnSuccessCountsFailuresInARow() {
    expectPasses(
      """
      use rxjs
      let flaky = cold("-a#")
      let reset = flaky.retry(count: 1, resetOnSuccess: true).take(4)
      let counted = cold("-a#").retry(count: 1).take(4)
      let silent = cold("-#").retry(count: 2, resetOnSuccess: true)
      show reset, counted, silent
      expect reset == "-a-a-a-(a|)"
      expect counted == "-a-a#"
      expect silent == "---#"
      """)
  }

  @Test func shareReplayTakesRxJSsBufferSizeLabel() {
    expectPasses(
      """
      use rxjs
      let input = cold("-a-b-|")
      let shared = input.shareReplay(bufferSize: 1, refCount: true)
      let late = shared
      show shared, late subscribed "----^"
      expect late == "----b|"
      expect subscriptions(input) == "^----!"
      """)
  }
}
