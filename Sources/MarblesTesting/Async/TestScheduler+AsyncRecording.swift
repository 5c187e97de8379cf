import MarblesCore
import Observation
import Reactive

/// The Swift-concurrency side of `TestScheduler`: its clock, recorders of `AsyncSequence`s,
/// tasks started at frames, and the run that drives them (`try await ts.run()` in
/// MarblesTesting).
extension TestScheduler {
  /// The scheduler's virtual time as a `Clock` (one frame is one millisecond), for code that
  /// takes `some Clock<Duration>` or `any Clock<Duration>`.
  public var clock: MarbleClock { MarbleClock(run: concurrency) }

  /// Records `sequence` from `window`'s `^`: a task of the run iterates it, recording each
  /// element at the frame it arrives, `nil` as completion and a throw as the failure. At its `!`
  /// the task is cancelled and goes on recording what the sequence still returns.
  /// The n-th call of `next()` waits for frame `pulls[n]` (and for the call before it); after
  /// the last listed frame it pulls as soon as it has an element.
  package func recordSequence<Sequence: AsyncSequence>(
    _ sequence: Sequence, window: SubscriptionMarble, pulls: [Int], location: CallLocation
  ) -> Recording<Sequence.Element> {
    let recording = Recording<Sequence.Element>()
    record(
      sequence, into: recording, subscribed: window.subscribed,
      unsubscribed: window.unsubscribed, pulls: pulls, location: location
    ) { [scheduler] element in
      recording.appendNext(element, at: scheduler.now)
    }
    return recording
  }

  /// Records a sequence of sequences: each inner sequence is recorded from the frame it arrives,
  /// by a task of its own, so it can be compared with a cold marble relative to that frame.
  package func recordSequences<Sequence: AsyncSequence>(
    _ sequence: Sequence, window: SubscriptionMarble, pulls: [Int], location: CallLocation
  ) -> Recording<Recording<Sequence.Element.Element>> where Sequence.Element: AsyncSequence {
    let recording = Recording<Recording<Sequence.Element.Element>>()
    record(
      sequence, into: recording, subscribed: window.subscribed,
      unsubscribed: window.unsubscribed, pulls: pulls, location: location
    ) { [scheduler, weak self] inner in
      // The run outlives its consumers; a recorder called after it has gone records nothing.
      guard let self else { return }
      let innerRecording = self.recordSequence(
        inner, window: SubscriptionMarble(subscribed: scheduler.now), pulls: [],
        location: location)
      recording.appendNext(innerRecording, at: scheduler.now)
    }
    return recording
  }

  private func record<Sequence: AsyncSequence, Value>(
    _ sequence: Sequence, into recording: Recording<Value>, subscribed: Int, unsubscribed: Int?,
    pulls: [Int], location: CallLocation, next: @escaping (Sequence.Element) -> Void
  ) {
    let box: any ConsumerBody = SequenceBox(
      sequence: sequence, pulls: pulls, location: location, next: next
    ) { [scheduler] failure in
      recording.append(failure.map { .error($0) } ?? .completed, at: scheduler.now)
    }
    startConsumer(
      label: "the recording made at \(location)", subscribed: subscribed,
      unsubscribed: unsubscribed, onStart: { [scheduler] in recording.start(at: scheduler.now) },
      onCancel: { [scheduler] in recording.end(at: scheduler.now) },
      body: { run, consumer in await box.consume(run: run, consumer: consumer) })
  }

  /// Starts `operation` as a task of the run at `frame`; the run waits for it (a task still
  /// waiting when nothing is left to happen is reported, with `label`).
  package func startTask(
    at frame: Int, label: String, _ operation: @escaping @Sendable () async -> Void
  ) {
    startConsumer(
      label: label, subscribed: frame, unsubscribed: nil, onStart: {}, onCancel: {},
      body: { _, _ in await operation() })
  }

  /// Registers a task of the run and schedules its window. The task is made here, in the
  /// caller's task, so it carries the caller's task-locals (a test's `Test.current`, dependency
  /// overrides); it prefers the run's executor and waits there for its window to open.
  private func startConsumer(
    label: String, subscribed: Int, unsubscribed: Int?, isObserver: Bool = false,
    onStart: @escaping () -> Void, onCancel: @escaping () -> Void,
    body: @escaping @Sendable (AsyncRun, AsyncRun.Consumer) async -> Void
  ) {
    let run = concurrency
    let consumer = AsyncRun.Consumer(label: label)
    consumer.isObserver = isObserver
    run.add(consumer)
    let gate = consumer.gate
    consumer.task = run.executor.task {
      do { try await gate.wait() } catch { return }
      await AsyncRun.$current.withValue(run) { await body(run, consumer) }
      consumer.isFinished = true
      consumer.asked = nil
    }
    scheduler.scheduleWindow(subscribedAt: subscribed, disposedAt: unsubscribed) {
      // Only a driver runs tasks of the run (a synchronous `run()` has none).
      guard AsyncRun.onThisThread === run else {
        gate.resume(CancellationError())
        return
      }
      onStart()
      consumer.isStarted = true
      gate.resume(nil)
    } unsubscribe: {
      consumer.task?.cancel()
      onCancel()
    }
  }

  /// Records the value `read` returns as a lane: at the frame the run starts (or the frame
  /// now, during a run), then once at the end of each frame in which a change to what it read
  /// (Observation) gave a different value. `read` runs on the main actor, in a task of the run;
  /// the run does not wait for it, and stops it when it ends.
  @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
  package func observeValue<Value: Equatable & Sendable>(
    _ read: @escaping @MainActor @Sendable () -> Value, location: CallLocation
  ) -> Recording<Value> {
    let recording = Recording<Value>()
    let scheduler = scheduler
    startConsumer(
      label: "the observation made at \(location)", subscribed: scheduler.now,
      unsubscribed: nil, isObserver: true,
      onStart: { recording.start(at: scheduler.now) }, onCancel: {},
      body: { run, _ in
        await Self.observe(read, into: recording, run: run)
      })
    return recording
  }

  @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
  @MainActor private static func observe<Value: Equatable & Sendable>(
    _ read: @MainActor @Sendable () -> Value, into recording: Recording<Value>, run: AsyncRun
  ) async {
    var last: Value?
    while !Task.isCancelled {
      let change = AsyncRun.Sleeper()
      let value = withObservationTracking {
        read()
      } onChange: {
        // Called before the change (on the thread that makes it): read again at the end of the
        // frame, once, whatever else changes in it.
        run.perform { run.atFrameEnd { change.resume(nil) } }
      }
      if value != last {
        recording.appendNext(value, at: run.scheduler.now)
        last = value
      }
      do {
        try await withTaskCancellationHandler {
          try await change.wait()
        } onCancel: {
          change.resume(CancellationError())
        }
      } catch { return }
    }
  }

  /// Iterates `sequence` (as `recordSequence` says), handing each element to `next` and the
  /// end to `end` (the failure, or nil for completion).
  fileprivate static func consume<Sequence: AsyncSequence>(
    _ sequence: Sequence, pulls: [Int], run: AsyncRun, consumer: AsyncRun.Consumer,
    location: CallLocation, next: (Sequence.Element) -> Void, end: ((any Error)?) -> Void
  ) async {
    var iterator = sequence.makeAsyncIterator()
    var calls = 0
    // How the sequence ended ("returned nil at frame 5"); one more call checks it stays ended.
    var ending: String?
    while true {
      if ending == nil, calls < pulls.count, pulls[calls] > run.frame {
        consumer.asked = nil
        consumer.state = "waiting for frame \(pulls[calls]) to ask for its next element"
        try? await run.wait(untilFrame: pulls[calls], cancellable: false)
      }
      calls += 1
      if ending == nil {
        consumer.asked = (calls, run.frame)
      }
      do {
        let element = try await iterator.next()
        if let ending {
          if let element {
            run.violation(
              "the sequence recorded here returned \(element) at frame \(run.frame) after it \(ending): an AsyncSequence that ended must keep returning nil",
              at: location)
          }
          return
        }
        guard let element else {
          end(nil)
          ending = "returned nil at frame \(run.frame)"
          consumer.isFinished = true
          continue
        }
        next(element)
      } catch {
        if let ending {
          // The standard library's AsyncThrowingStream throws its error twice when its consumer
          // was waiting (Swift 6.3): not reported for a sequence built on one.
          if ending.hasPrefix("returned nil") || !"\(Sequence.self)".contains("AsyncThrowingStream")
          {
            run.violation(
              "the sequence recorded here threw \(error) at frame \(run.frame) after it \(ending): an AsyncSequence that ended must keep returning nil",
              at: location)
          }
          return
        }
        end(error)
        ending = "threw at frame \(run.frame)"
        consumer.isFinished = true
      }
    }
  }

  /// Runs the scheduler's marble events and the tasks of the run in virtual time, on a driver
  /// thread, through frame `target` (then paused) or until nothing is left; the failures are in
  /// `concurrency.failures`.
  @discardableResult
  package func runConcurrently(through target: Int? = nil) async -> AsyncRun.PieceEnd {
    concurrency.hasOpenSubscription = { [weak self] in
      self?.sources.contains { $0.subscriptions.contains { $0.unsubscribed == nil } } ?? false
    }
    return await concurrency.drive(through: target) { [self] in scheduleHotTimelines() }
  }
}

extension Recording {
  /// An empty recording, for a call that was refused (and reported).
  package static func unused() -> Recording { Recording() }
}

/// What a recorder's task does, with the types of the recording erased.
private protocol ConsumerBody: Sendable {
  func consume(run: AsyncRun, consumer: AsyncRun.Consumer) async
}

/// The recorded sequence and what records its elements, handed to the one task that iterates
/// it.
private struct SequenceBox<Sequence: AsyncSequence>: ConsumerBody, @unchecked Sendable {
  // Invariant: only the recorder's task uses it once the box is made (on the driver).
  let sequence: Sequence
  let pulls: [Int]
  let location: CallLocation
  let next: (Sequence.Element) -> Void
  let end: ((any Error)?) -> Void

  func consume(run: AsyncRun, consumer: AsyncRun.Consumer) async {
    await TestScheduler.consume(
      sequence, pulls: pulls, run: run, consumer: consumer, location: location, next: next,
      end: end)
  }
}
