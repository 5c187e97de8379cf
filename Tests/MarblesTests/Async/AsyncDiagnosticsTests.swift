import MarblesTesting
import Testing

/// Runs that cannot go on, and misuse, are reported at the caller's line with what is waiting.
@Suite struct AsyncDiagnosticsTests {
  /// Whether `issue` was recorded at `line` of this file and says `text`.
  static func issue(_ issue: Issue, at line: Int, says text: String) -> Bool {
    issue.sourceLocation?.line == line
      && issue.sourceLocation?.fileName == "AsyncDiagnosticsTests.swift"
      && "\(issue)".contains(text)
  }

  @Test func runTwiceIsReportedAtTheSecondCall() async throws {
    let ts = TestScheduler()
    let recording = ts.record(ts.cold("-a|", values: ["a": 1]).values)
    try await ts.run()
    let line = #line + 2
    try await withKnownIssue("a deliberate failure: this test checks its message") {
      try await ts.run()
    } matching: { issue in
      Self.issue(issue, at: line, says: "ts.run() was called twice")
    }
    expectMarbles(recording, "-a|", values: ["a": 1])
  }

  @Test func recordAfterRunIsReported() async throws {
    let ts = TestScheduler()
    try await ts.run()
    let line = #line + 2
    withKnownIssue("a deliberate failure: this test checks its message") {
      let late = ts.record(AsyncStream<Int> { $0.finish() })
      #expect(late.events.isEmpty)
    } matching: { issue in
      Self.issue(issue, at: line, says: "record was called after ts.run() ended")
    }
  }

  @Test func aMalformedSubscriptionMarbleIsReportedWithACaret() {
    let ts = TestScheduler()
    let line = #line + 2
    withKnownIssue("a deliberate failure: this test checks its message") {
      _ = ts.record(AsyncStream<Int> { $0.finish() }, subscription: "^--^")
    } matching: { issue in
      Self.issue(issue, at: line, says: "^")
    }
  }

  @Test func pullsThatGoBackInTimeAreReported() {
    let ts = TestScheduler()
    let line = #line + 2
    withKnownIssue("a deliberate failure: this test checks its message") {
      _ = ts.record(AsyncStream<Int> { $0.finish() }, pulls: [3, 1])
    } matching: { issue in
      Self.issue(issue, at: line, says: "pulls must not go back in time")
    }
  }

  /// Malformed pull marbles, the message each gives, and its caret line.
  static let badPullMarbles: [(marble: String, message: String, caret: String)] = [
    ("p--|", "completion '|' cannot appear in a pull marble", "p--|\n   ^"),
    ("p-#", "failure '#' cannot appear in a pull marble", "p-#\n  ^"),
    ("p--!", "unsubscription point '!' cannot appear in a pull marble", "p--!\n   ^"),
    ("^-p", "subscription point '^' cannot appear in a pull marble", "^-p\n^"),
    ("p-x", "value 'x' cannot appear in a pull marble", "p-x\n  ^"),
    ("----", "pull marble has no pull 'p'", "----\n^~~~"),
    ("p-(pp", "group is never closed", "p-(pp\n  ^"),
  ]

  @Test(arguments: badPullMarbles)
  func aMalformedPullMarbleIsReportedWithACaret(
    _ marble: String, _ message: String, _ caret: String
  ) {
    let ts = TestScheduler()
    let line = #line + 2
    withKnownIssue("a deliberate failure: this test checks its message") {
      _ = ts.record(AsyncStream<Int> { $0.finish() }, pulls: marble)
    } matching: { issue in
      // The caller's column too: where `#column` puts the call below (its `(`).
      Self.issue(issue, at: line, says: message) && Self.issue(issue, at: line, says: caret)
        && issue.sourceLocation?.column == 20
    }
  }

  @Test func aMalformedPullMarbleOfASequenceOfSequencesIsReported() {
    let ts = TestScheduler()
    let line = #line + 2
    withKnownIssue("a deliberate failure: this test checks its message") {
      _ = ts.record(AsyncStream<AsyncStream<Int>> { $0.finish() }, pulls: "")
    } matching: { issue in
      Self.issue(issue, at: line, says: "pull marble has no pull 'p'")
    }
  }

  @Test func theClockOutsideARunThrowsAndIsReportedAtTheCall() async {
    let ts = TestScheduler()
    let line = #line + 3
    await withKnownIssue("a deliberate failure: this test checks its message") {
      do {
        try await ts.clock.sleep(for: .milliseconds(1))
        Issue.record("the sleep did not throw")
      } catch {
        #expect(error is MarbleClockError)
      }
    } matching: { issue in
      Self.issue(issue, at: line, says: "ts.clock was used before ts.run() started")
    }
  }

  @Test func theClockAsAnyClockThrowsOutsideARunAndIsReportedAtTheSleep() async {
    let ts = TestScheduler()
    let clock: any Clock<Duration> = ts.clock
    let line = #line + 4
    await withKnownIssue("a deliberate failure: this test checks its message") {
      let thrown: (any Error)?
      do {
        try await clock.sleep(for: .milliseconds(1))
        thrown = nil
      } catch { thrown = error }
      #expect(thrown is MarbleClockError)
    } matching: { issue in
      Self.issue(issue, at: line, says: "ts.clock was used before ts.run() started")
    }
  }

  @Test func aBusyLoopHitsTheBudget() async throws {
    let ts = TestScheduler()
    ts.maxJobsPerFrame = 1_000
    ts.task(at: 2) {
      while true { await Task.yield() }
    }
    let line = #line + 2
    try await withKnownIssue("a deliberate failure: this test checks its message") {
      try await ts.run()
    } matching: { issue in
      Self.issue(issue, at: line, says: "frame 2: 1000 jobs ran without virtual time moving")
    }
  }

  @Test func aFrameOfExactlyTheBudgetRuns() async throws {
    // A task with no `await` is one job, the only one of frame 2: a budget of 1 lets it run
    // (the budget is the most jobs a frame may run, not the first count that fails).
    let ts = TestScheduler()
    ts.maxJobsPerFrame = 1
    let log = Log()
    ts.task(at: 2) { log.append("ran") }
    try await ts.run()
    #expect(log.all == ["ran"])
  }

  @Test func aSequenceThatNeverResumesIsNamed() async throws {
    let ts = TestScheduler()
    ts.outsideWorkTimeout = .milliseconds(20)
    let recording = ts.record(AsyncStream<Int> { _ in })
    let line = #line + 2
    try await withKnownIssue("a deliberate failure: this test checks its message") {
      try await ts.run()
    } matching: { issue in
      Self.issue(
        issue, at: line,
        says: "the recording made at MarblesTests/AsyncDiagnosticsTests.swift:\(line - 3)")
        && "\(issue)".contains("is still waiting for element 1 (asked for at frame 0)")
    }
    expectMarbles(recording, "-")
  }

  @Test func aRealClockIsReported() async throws {
    let ts = TestScheduler()
    ts.outsideWorkTimeout = .milliseconds(200)
    ts.task(at: 3) {
      try? await Task.sleep(for: .milliseconds(1))
    }
    let line = #line + 2
    try await withKnownIssue("a deliberate failure: this test checks its message") {
      try await ts.run()
    } matching: { issue in
      Self.issue(issue, at: line, says: "frame 3: a task of the run slept on a real clock")
    }
  }

  @Test func anElementAfterTheEndIsABrokenContract() async throws {
    let ts = TestScheduler()
    let line = #line + 1
    let recording = ts.record(ElementAfterNil())
    try await withKnownIssue("a deliberate failure: this test checks its message") {
      try await ts.run()
    } matching: { issue in
      Self.issue(
        issue, at: line, says: "returned 3 at frame 0 after it returned nil at frame 0")
    }
    expectMarbles(recording, "(1|)", values: ["1": 1])
  }
}

extension AsyncDiagnosticsTests {
  @Test func anErrorAfterNilIsABrokenContract() async throws {
    let ts = TestScheduler()
    let line = #line + 1
    let recording = ts.record(Broken(script: [.value(1), .end, .fail]))
    try await withKnownIssue("a deliberate failure: this test checks its message") {
      try await ts.run()
    } matching: { issue in
      Self.issue(
        issue, at: line,
        says: "threw MarbleError(\"late\") at frame 0 after it returned nil at frame 0")
    }
    expectMarbles(recording, "(1|)", values: ["1": 1])
  }

  @Test func anErrorAfterAThrowIsABrokenContract() async throws {
    let ts = TestScheduler()
    let line = #line + 1
    let recording = ts.record(Broken(script: [.fail, .fail]))
    try await withKnownIssue("a deliberate failure: this test checks its message") {
      try await ts.run()
    } matching: { issue in
      Self.issue(issue, at: line, says: "after it threw at frame 0")
    }
    expectMarbles(recording, "#", error: MarbleError("late"))
  }

  @Test func aSleepBeforeTheRunIsReportedAtTheSleepEvenWhenTheAppSwallowsIt() async throws {
    let ts = TestScheduler()
    let clock: any Clock<Duration> = ts.clock
    let line = #line + 3
    try await withKnownIssue("a deliberate failure: this test checks its message") {
      // App code awaited before the run, which swallows the clock's error.
      try? await clock.sleep(for: .milliseconds(3))
      try await ts.run()
    } matching: { issue in
      Self.issue(issue, at: line, says: "ts.clock was used before ts.run() started")
    }
  }

  @Test func aSleepInAppCodeBeforeTheRunIsReportedAtThatSleepOnce() async throws {
    let ts = TestScheduler()
    let issues = Log()
    try await withKnownIssue("a deliberate failure: this test checks its message") {
      // `Task.sleep(for:clock:)` in generic app code: no `#line` reaches the clock.
      await pollOnce(clock: ts.clock)
      try await ts.run()
    } matching: { issue in
      issues.append("\(issue)")
      return Self.issue(issue, at: pollOnceSleepLine, says: "ts.clock was used before ts.run()")
    }
    // Reported at the sleep, and not again at `run()`.
    #expect(issues.all.count == 1)
  }

  @Test func aSleepFromTheTestBodyWhileTheRunIsPausedIsReportedAtTheSleep() async throws {
    let ts = TestScheduler()
    let clock: any Clock<Duration> = ts.clock
    try await ts.advance(by: .milliseconds(5))
    let line = #line + 2
    await withKnownIssue("a deliberate failure: this test checks its message") {
      try? await clock.sleep(for: .milliseconds(300))
    } matching: { issue in
      Self.issue(issue, at: line, says: "while the run was paused at frame 5")
    }
  }
}

/// App code that sleeps once on the clock it is given and swallows the error.
private func pollOnce<C: Clock<Duration>>(clock: C) async {
  try? await Task.sleep(for: .milliseconds(300), clock: clock)
}
/// The line of `pollOnce`'s sleep.
private let pollOnceSleepLine = #line - 3

/// Plays a script of results, one per call of `next()`: a broken `AsyncSequence` when it goes
/// on after `.end` or `.fail`.
struct Broken: AsyncSequence {
  enum Step {
    case value(Int)
    case end, fail
  }
  let script: [Step]

  struct AsyncIterator: AsyncIteratorProtocol {
    let script: [Step]
    var index = 0

    mutating func next() async throws -> Int? {
      defer { index += 1 }
      guard index < script.count else { return nil }
      switch script[index] {
      case .value(let value): return value
      case .end: return nil
      case .fail: throw MarbleError("late")
      }
    }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(script: script) }
}

/// Returns 1, then nil, then 3: a broken `AsyncSequence`.
struct ElementAfterNil: AsyncSequence {
  struct AsyncIterator: AsyncIteratorProtocol {
    var calls = 0

    mutating func next() async -> Int? {
      calls += 1
      return calls == 2 ? nil : calls
    }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
}
