import MarblesCore
import Reactive

/// Marble tests for Swift concurrency: `AsyncSequence`s recorded in virtual time, tasks started at
/// frames, and the run that drives them with the marble sources. Problems are reported as test
/// issues at the caller's line (Swift Testing or XCTest).
extension TestScheduler {
  /// Runs the marble sources and every task of the run in virtual time until nothing is left
  /// (after `advance(by:)`: the rest of the run).
  ///
  ///     let results = ts.record(model.results)
  ///     try await ts.run()
  ///     expectMarbles(results, "--------x---y|", values: […])
  ///
  /// The tasks that recorders, `observe` and `task(at:)` start, and every task, task group,
  /// `async let` and `@MainActor` job they start in turn, run on one driver thread. At each frame
  /// the driver runs the scheduler's actions (marble events, clock deadlines, subscription
  /// windows) one at a time, in the order scheduled; after each one it runs every job that became
  /// ready, first in, first out, before the next. Time moves to the next deadline only when no
  /// job is ready.
  ///
  /// A run that cannot go on is reported at this line and ends: a task that sleeps on a real
  /// clock, a frame with more than `maxJobsPerFrame` jobs (a busy loop), work past `maxFrames`,
  /// or a task still waiting when nothing is scheduled and nothing waits on virtual time.
  /// A test scheduler runs once.
  ///
  /// - Throws: `CancellationError` when the test's task was cancelled.
  public func run(
    isolation: isolated (any Actor)? = #isolation, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async throws {
    try await drivePiece(
      isolation: isolation, forFrames: nil,
      at: CallLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      afterTheEnd: {
        "ts.run() was called twice: a test scheduler runs once (this one ended at frame \($0)); make a new TestScheduler for another run"
      },
      stoppedPrefix: "ts.run() stopped at ")
  }

  /// Runs the run through the instant `duration` from now — every marble event, clock deadline
  /// and ready job due up to and including it — then returns to the test, with the clock at that
  /// instant (rounded up to a whole frame).
  ///
  ///     let searching = ts.observe { model.isSearching }
  ///     model.queryChanged("sw")                   // starts a Task in the model: it joins the run
  ///     try await ts.advance(by: .milliseconds(299))
  ///     #expect(model.results.isEmpty)             // the state after everything due at 299
  ///     try await ts.advance(by: .milliseconds(1))
  ///     #expect(model.results == ["swift"])
  ///
  /// Recordings go on across pieces; `run()` afterwards finishes the rest, and a test may also
  /// end after its last `advance(by:)`. Between pieces the run is paused: the jobs that become
  /// ready (those of tasks the test starts, say) wait for the next piece, and run first in it,
  /// at the frame the clock stands at. Don't await work that sleeps on `ts.clock` from the
  /// test's own task between pieces: nothing would move the clock (it is reported).
  ///
  /// - Throws: `CancellationError` when the test's task was cancelled.
  public func advance(
    by duration: Duration, isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async throws {
    try await drivePiece(
      isolation: isolation, forFrames: max(0, MarbleClock.Instant(offset: duration).frame),
      at: CallLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      afterTheEnd: {
        "ts.advance(by:) was called after the run ended at frame \($0): nothing is left to run; make a new TestScheduler for another run"
      },
      stoppedPrefix: "ts.advance(by:) stopped at ")
  }

  /// What `run()` and `advance(by:)` share, on their caller's actor: the run is marked driven
  /// before any hop (the tasks the test started wait for it however long it takes); a run that
  /// already ended is reported with `afterTheEnd(frame)`, unless a piece failed (reported there:
  /// nothing more to say); then the piece runs `frames` on from now (nil: to the end) and what it
  /// found is reported.
  private func drivePiece(
    isolation: isolated (any Actor)?, forFrames frames: Int?, at location: CallLocation,
    afterTheEnd: (Int) -> String,
    stoppedPrefix: String
  ) async throws {
    concurrency.willDrive()
    guard concurrency.phase != .finished else {
      guard concurrency.failures.isEmpty else { return }
      reportRunIssue(afterTheEnd(now), at: location)
      return
    }
    try Task.checkCancellation()
    await runConcurrently(through: frames.map { now + $0 })
    reportNewRunIssues(at: location, prefix: stoppedPrefix)
  }

  private func reportRunIssue(_ message: String, at location: CallLocation) {
    report([MarbleIssue(.error, message)], at: location)
  }

  /// Reports the failures and broken contracts the run found since the last piece.
  private func reportNewRunIssues(at location: CallLocation, prefix: String) {
    let run = concurrency
    for failure in run.failures.dropFirst(run.reportedFailures) {
      reportRunIssue(prefix + failure, at: location)
    }
    run.reportedFailures = run.failures.count
    for violation in run.contractViolations.dropFirst(run.reportedViolations) {
      reportRunIssue(violation.message, at: violation.location)
    }
    run.reportedViolations = run.contractViolations.count
  }

  /// Records `sequence` in virtual time over a subscription marble: a task of the run iterates
  /// it from the `^` (frame 0 without a marble), and `!` cancels that task.
  ///
  ///     let results = ts.record(model.results)
  ///     let slow = ts.record(queries.values, subscription: "^-------!", pulls: [0, 4, 8])
  ///
  /// Each element is recorded at the frame it arrives, `nil` as completion (`|`) and a throw as
  /// the failure (`#`). After `!` the task goes on recording what the sequence still returns:
  /// how a sequence ends on cancellation is part of its contract. An element after the end is
  /// reported as a broken `AsyncSequence` contract.
  ///
  /// - Parameters:
  ///   - sequence: Any `AsyncSequence`; only the recording task uses it.
  ///   - subscription: When to start and when to cancel (`"--^---!"`).
  ///   - pulls: The frames of the calls to `next()`: the n-th call waits for the n-th frame (and
  ///     for the call before it to return); after the last one the task asks as soon as it can.
  public func record<Sequence: AsyncSequence>(
    _ sequence: Sequence, subscription: String? = nil, pulls: [Int] = [],
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> Recording<Sequence.Element> {
    let location = CallLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let (window, pulls) = recordingWindow(subscription, pulls: .frames(pulls), at: location)
    return recordSequence(sequence, window: window, pulls: pulls, location: location)
  }

  /// Records `sequence` as `record(_:subscription:pulls:)` with frames does, with the calls to
  /// `next()` drawn as a pull marble: a `p` at the frame of each call.
  ///
  ///     let input: HotSignal<String> = ts.hot("-abcdef-------|")
  ///     let slow = ts.record(input.values, pulls: "p---p---p")   // pulls: [0, 4, 8]
  ///
  /// - Parameters:
  ///   - pulls: `p` for a call to `next()` (one frame), `-` for a frame without one, spaces to
  ///     align, time progressions (`p 10ms p`) and groups for several calls at one frame
  ///     (`(pp)`). Frames count from the marble's first character, as in `subscription`, so the
  ///     two line up. After the last `p` the task asks as soon as it can. A malformed marble is
  ///     reported at this call, with a caret.
  public func record<Sequence: AsyncSequence>(
    _ sequence: Sequence, subscription: String? = nil, pulls: String,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> Recording<Sequence.Element> {
    let location = CallLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let (window, pulls) = recordingWindow(subscription, pulls: .marble(pulls), at: location)
    return recordSequence(sequence, window: window, pulls: pulls, location: location)
  }

  /// Records a sequence of sequences: each inner sequence is recorded from the frame it arrives,
  /// so it can be compared with a cold marble (`expectMarbles(r, "-x--y", values: ["x": ts.cold(…)])`).
  public func record<Sequence: AsyncSequence>(
    _ sequence: Sequence, subscription: String? = nil, pulls: [Int] = [],
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> Recording<Recording<Sequence.Element.Element>> where Sequence.Element: AsyncSequence {
    let location = CallLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let (window, pulls) = recordingWindow(subscription, pulls: .frames(pulls), at: location)
    return recordSequences(sequence, window: window, pulls: pulls, location: location)
  }

  /// Records a sequence of sequences with the outer calls to `next()` drawn as a pull marble
  /// (`"p---p"`, as `record(_:subscription:pulls:)` with a pull marble reads it).
  public func record<Sequence: AsyncSequence>(
    _ sequence: Sequence, subscription: String? = nil, pulls: String,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> Recording<Recording<Sequence.Element.Element>> where Sequence.Element: AsyncSequence {
    let location = CallLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let (window, pulls) = recordingWindow(subscription, pulls: .marble(pulls), at: location)
    return recordSequences(sequence, window: window, pulls: pulls, location: location)
  }

  /// Starts `operation` as a task of the run at `frame`: a tap, a command, any work that the
  /// test does in virtual time.
  ///
  ///     ts.task(at: 3) { @MainActor in await model.refresh() }
  public func task(
    at frame: Int = 0, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column, _ operation: @escaping @Sendable () async -> Void
  ) {
    let location = CallLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    guard checkNotRun("task(at:)", at: location) else { return }
    startTask(at: frame, label: "the task started at \(location)", operation)
  }

  /// Records a piece of state as a lane: its value when the run starts (or now, when called
  /// during a run), then one event at each frame in which it changes, read at the end of that
  /// frame (Observation: anything `value` reads from an `@Observable` type is tracked).
  ///
  ///     let searching = ts.observe { model.isSearching }
  ///     model.queryChanged("sw")
  ///     try await ts.run()
  ///     expectMarbles(searching, "f 299ms t 99ms f", values: ["f": false, "t": true])
  ///
  /// `value` runs on the main actor, as a task of the run (view models are `@MainActor`). The run
  /// does not wait for an observation: it stops it when it ends.
  @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
  public func observe<Value: Equatable & Sendable>(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, _ value: @escaping @MainActor @Sendable () -> Value
  ) -> Recording<Value> {
    let location = CallLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    guard checkNotRun("observe", at: location) else { return .unused() }
    return observeValue(value, location: location)
  }

  /// How a `record` call gives the frames of its calls to `next()`.
  private enum Pulls {
    case frames([Int])
    /// A pull marble (`"p---p"`).
    case marble(String)
  }

  /// The window of a recording and the frames of its pulls, with the problems of both reported
  /// at `location`.
  private func recordingWindow(_ marble: String?, pulls: Pulls, at location: CallLocation)
    -> (window: SubscriptionMarble, pulls: [Int])
  {
    var issues: [MarbleIssue] = []
    if !checkNotRun("record", at: location) {
      // Reported; the recording stays empty.
      return (SubscriptionMarble(subscribed: Int.max, unsubscribed: nil), [])
    }
    var window = SubscriptionMarble(subscribed: 0)
    if let marble {
      let (subscription, diagnostics) = MarbleParser.parseSubscription(marble)
      issues += MarbleExpectation.issues(for: diagnostics, in: marble)
      window = subscription ?? window
    }
    let frames: [Int]
    switch pulls {
    case .frames(let pulls):
      frames = pulls
      if let index = pulls.indices.dropLast().first(where: { pulls[$0] > pulls[$0 + 1] }) {
        issues.append(
          MarbleIssue(
            .error,
            "pulls must not go back in time: pull \(index + 2) is at frame \(pulls[index + 1]), before pull \(index + 1) at frame \(pulls[index])"
          ))
      }
    case .marble(let marble):
      let (pulls, diagnostics) = MarbleParser.parsePulls(marble)
      issues += MarbleExpectation.issues(for: diagnostics, in: marble)
      frames = pulls
    }
    report(issues, at: location)
    return (window, frames)
  }

  /// Whether the run has not started (or the caller is a task of the run); reports otherwise.
  private func checkNotRun(_ name: String, at location: CallLocation) -> Bool {
    let phase = concurrency.phase
    if phase == .notStarted || phase == .paused
      || (phase == .running && AsyncRun.routing() === concurrency)
    {
      return true
    }
    reportRunIssue(
      "\(name) was called after ts.run() ended (at frame \(now)): nothing would run it; call it before ts.run()",
      at: location)
    return false
  }
}

extension TestScheduler {
  /// How long (real time) a run waits for work from outside virtual time — an actor with an
  /// executor of its own finishing a job — when nothing is scheduled and a recording or task
  /// still waits; after it the run fails, naming what waits. One second by default.
  public var outsideWorkTimeout: Duration {
    get { concurrency.outsideWaitLimit }
    set { concurrency.outsideWaitLimit = newValue }
  }

  /// The most jobs one frame of a run may run before the run fails as a busy loop
  /// (`while true { await Task.yield() }`). 100,000 by default.
  public var maxJobsPerFrame: Int {
    get { concurrency.maxJobsPerFrame }
    set { concurrency.maxJobsPerFrame = newValue }
  }
}

extension MarbleClock {
  /// Sleeps for `duration` of virtual time (as `sleep(until:)`); used outside `ts.run()`, the
  /// `MarbleClockError` is also reported at the caller's line (`tolerance` is ignored, as there).
  public func sleep(
    for duration: Duration, tolerance: Duration? = nil, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async throws {
    try await sleep(
      until: now.advanced(by: duration),
      caller: CallLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}
