import MarblesCore
import Reactive

/// Virtual time for marble tests: builds cold and hot sources, records signals, and runs.
///
///     let ts = TestScheduler()
///     let input = ts.cold(events: [.next(1, at: 2), .completed(at: 5)])      // --1--|
///     let recording = ts.record(input)
///     try ts.run()
///     // recording.events: next(1)@2, completed@5
///
/// With `import MarblesTesting`, sources and expectations are written as marble strings
/// (`ts.cold("--a--|", values: ["a": 1])`, `expectMarbles(recording, "--a--|", …)`).
///
/// Ordering within a frame is first-in, first-out: work runs in the order it was scheduled.
/// `record` schedules its subscription (and unsubscription) when called, and hot sources put
/// their timelines on the scheduler only when the run starts, so a recording subscribed at frame
/// N sees the sources' events of frame N, and one unsubscribed at frame N does not (as in RxJS).
/// Drive time through this type (`run`, `flush`, `advance`) rather than through `scheduler`
/// directly, so that hot sources are scheduled first.
///
/// A test scheduler is single-threaded and belongs to one test.
public final class TestScheduler: @unchecked Sendable {
  // Invariant: only used from one thread (the test's), like `VirtualTimeScheduler`.
  /// The virtual-time scheduler: pass it to time-based operators.
  public let scheduler: VirtualTimeScheduler
  private var pendingHot: [() -> Void] = []
  private var fallback: (frame: Int, action: any Disposable)?
  /// The Swift-concurrency side: the run of tasks, the clock, the recorded sequences.
  package let concurrency: AsyncRun
  /// The marble sources made here: a task waiting on one with a subscriber waits on virtual time.
  @usableFromInline var sources: [any SubscriptionLogging] = []

  /// Creates a test scheduler at frame 0.
  ///
  /// - Parameter maxFrames: The last frame a run may reach; a run with work past it throws
  ///   `VirtualTimeError.frameLimitExceeded` instead of running forever.
  ///
  /// The scheduler claims the current thread (`VirtualTimeScheduler.claimThisThread()`), so a
  /// `Command` made afterwards in the test without a `mainScheduler` hops to this scheduler's
  /// virtual `main` queue, never to the real main queue.
  public init(maxFrames: Int = 100_000) {
    scheduler = VirtualTimeScheduler(maxFrames: maxFrames)
    concurrency = AsyncRun(scheduler: scheduler)
    scheduler.claimThisThread()
  }

  deinit {
    scheduler.releaseThisThread()
    // A test may end between pieces of its run (after `advance(by:)`): its tasks let go.
    concurrency.abandon()
  }

  /// The current frame.
  public var now: Int { scheduler.now }

  /// The virtual main queue (RACScheduler.mainThreadScheduler semantics).
  public var main: VirtualQueue { scheduler.main }

  // MARK: - Running

  /// Runs everything scheduled, moving the clock, until nothing is left.
  ///
  /// - Throws: `VirtualTimeError` when the run passes `maxFrames` or a frame never ends.
  public func run() throws(VirtualTimeError) {
    concurrency.releaseSetupJobs(late: false)
    scheduleHotTimelines()
    try scheduler.run()
  }

  /// Same as `run()` (RxJS's name).
  public func flush() throws(VirtualTimeError) {
    try run()
  }

  /// Runs everything up to and including `frame`, then sets the clock to `frame`.
  public func advance(to frame: Int) throws(VirtualTimeError) {
    concurrency.releaseSetupJobs(late: false)
    scheduleHotTimelines()
    try scheduler.advance(to: frame)
  }

  /// Moves the clock `frames` forward, running what falls due.
  public func advance(by frames: Int) throws(VirtualTimeError) {
    concurrency.releaseSetupJobs(late: false)
    scheduleHotTimelines()
    try scheduler.advance(by: frames)
  }

  // MARK: - Sources

  /// A cold source playing `events` (frames relative to each subscription).
  @inlinable public func cold<Value>(events: [Recorded<Value>]) -> ColdSignal<Value> {
    let signal = ColdSignal(events: events, scheduler: scheduler)
    sources.append(signal)
    return signal
  }

  /// A hot source playing `events` at absolute frames (negative frames happen first).
  ///
  /// Created before the run starts, its timeline is scheduled when the run starts; created
  /// during a run, at once (events for frames already past then happen now).
  public func hot<Value>(events: [Recorded<Value>]) -> HotSignal<Value> {
    let signal = HotSignal(events: events, scheduler: scheduler)
    sources.append(signal)
    if scheduler.actionsRun > 0 || scheduler.currentScheduler != nil {
      signal.scheduleTimeline()
      return signal
    }
    pendingHot.append(signal.scheduleTimeline)
    // In case the run is driven through `scheduler` directly: schedule the timelines from the
    // earliest frame that needs them.
    if let first = signal.firstFrame, first < (fallback?.frame ?? .max) {
      fallback?.action.dispose()
      let action = scheduler.schedule(at: first) { [weak self] in self?.scheduleHotTimelines() }
      fallback = (first, action)
    }
    return signal
  }

  func scheduleHotTimelines() {
    fallback?.action.dispose()
    fallback = nil
    let pending = pendingHot
    pendingHot = []
    for schedule in pending { schedule() }
  }

  // MARK: - Recording

  /// Records `signal` from frame `subscribed` until frame `unsubscribed` (or forever).
  ///
  /// The subscription and the unsubscription happen at the start of their frames: they are
  /// scheduled now, before the sources' events of those frames.
  ///
  /// - Parameters:
  ///   - signal: The signal to record.
  ///   - subscribed: The frame to subscribe at.
  ///   - unsubscribed: The frame to dispose the subscription at; one before `subscribed` means
  ///     right after subscribing.
  /// - Returns: The recording, filled in as the scheduler runs.
  @inlinable public func record<Value>(
    _ signal: Signal<Value>, subscribed: Int = 0, unsubscribed: Int? = nil
  ) -> Recording<Value> {
    let recording = Recording<Value>()
    let append: (Event<Value>) -> Void = { [scheduler] event in
      recording.append(event, at: scheduler.now)
    }
    let appendNext: (Value) -> Void = { [scheduler] value in
      recording.appendNext(value, at: scheduler.now)
    }
    // Subscribed and disposed by the scheduler's actions: it belongs to the run's thread (no lock).
    let subscriber = Subscriber<Value>(confinedToVirtualRun: true, append)
    schedule(recording, subscriber, subscribed: subscribed, unsubscribed: unsubscribed) {
      // A `map`/`filter`/`scan` chain appends straight from its upstream subscriber.
      signal.subscribe(subscriber, fusingNext: appendNext, other: append)
    }
    return recording
  }

  /// Records `signal` over the window of a subscription marble (`"--^---!"`).
  public func record<Value>(_ signal: Signal<Value>, subscription: SubscriptionMarble)
    -> Recording<Value>
  {
    record(signal, subscribed: subscription.subscribed, unsubscribed: subscription.unsubscribed)
  }

  /// Records a signal of signals: each inner signal is subscribed and recorded from the frame it
  /// is delivered, so it can be compared with a cold marble relative to that frame.
  public func record<Inner>(
    _ signal: Signal<Signal<Inner>>, subscribed: Int = 0, unsubscribed: Int? = nil
  ) -> Recording<Recording<Inner>> {
    let recording = Recording<Recording<Inner>>()
    // Subscribed and disposed by the scheduler's actions: it belongs to the run's thread (no lock).
    let subscriber = Subscriber<Signal<Inner>>(confinedToVirtualRun: true) { [scheduler] event in
      switch event {
      case .next(let inner):
        let innerRecording = Recording<Inner>()
        recording.append(.next(innerRecording), at: scheduler.now)
        innerRecording.start(at: scheduler.now)
        inner.subscribe(
          Subscriber { innerEvent in innerRecording.append(innerEvent, at: scheduler.now) })
      case .error(let error):
        recording.append(.error(error), at: scheduler.now)
      case .completed:
        recording.append(.completed, at: scheduler.now)
      }
    }
    schedule(recording, subscriber, subscribed: subscribed, unsubscribed: unsubscribed) {
      signal.subscribe(subscriber)
    }
    return recording
  }

  /// Records a signal of signals over the window of a subscription marble.
  public func record<Inner>(_ signal: Signal<Signal<Inner>>, subscription: SubscriptionMarble)
    -> Recording<Recording<Inner>>
  {
    record(signal, subscribed: subscription.subscribed, unsubscribed: subscription.unsubscribed)
  }

  @usableFromInline func schedule<Value, Input>(
    _ recording: Recording<Value>, _ subscriber: Subscriber<Input>, subscribed: Int,
    unsubscribed: Int?, subscribe: @escaping () -> Void
  ) {
    scheduler.scheduleWindow(subscribedAt: subscribed, disposedAt: unsubscribed) {
      [scheduler] in
      recording.start(at: scheduler.now)
      subscribe()
    } unsubscribe: { [scheduler] in
      subscriber.dispose()
      recording.end(at: scheduler.now)
    }
  }
}
