/// An action that can be executed, with its state as signals (RACCommand, exact to
/// ReactiveObjC's semantics).
///
/// `execute(_:)` calls the signal block and runs its work on the main scheduler. The command
/// publishes what happens on hot signals, most of them delivered on the main scheduler:
///
///     executionSignals  -x---------   each execution's signal (errors turned into completion)
///     executing         ft--f         true while any execution runs
///     enabled           tf--t         false while executing (serial) or when `enabled:` is false
///     errors            -----         every execution's error, as a value
///
/// The graph is built from the library's own operators exactly as ReactiveObjC builds it (see
/// `Guides/Contracts.md`, section Command), and `internals` exposes its inner nodes read-only.
/// The main scheduler is injected: `QueueScheduler.main` in apps, a `VirtualTimeScheduler`'s
/// `main` queue in tests and scripts (a command made in a test after its `TestScheduler` gets
/// that scheduler's `main` without asking).
public final class Command<Input, Output>: @unchecked Sendable {
  /// The internal signals of the graph, for diagrams and tests.
  ///
  /// Each lane shows what the graph's own subscriptions observe, never a fresh computation:
  /// `inFlight` and `immediateExecuting` are the counter that `executing` is built on, and
  /// `moreExecutionsAllowed` is the value `immediateEnabled` combines. These lanes replay the
  /// latest value to a new subscriber, then go live, so they agree with `enabled` and
  /// `executing` at every instant.
  public struct Internals {
    /// Every successful execution's result signal, as it is added (hot, not delivered on main).
    public let added: Signal<Signal<Output>>
    /// The running count of executions that `executing`'s `immediateExecuting` scan holds: the
    /// current count when subscribed, then the count after every change (0, 1, 2, 1, …).
    public let inFlight: Signal<Int>
    /// `inFlight > 0` as `executing` sees it, synchronously, with repeats.
    public let immediateExecuting: Signal<Bool>
    /// `if(allowsConcurrentExecution, then: true, else: !immediateExecuting)` as
    /// `immediateEnabled` combines it: the current value when subscribed, then every value.
    public let moreExecutionsAllowed: Signal<Bool>
    /// The user's enabled signal AND `moreExecutionsAllowed`, synchronous, replaying the latest.
    public let immediateEnabled: Signal<Bool>
    public let enabled: Signal<Bool>
    public let executing: Signal<Bool>
    public let executionSignals: Signal<Signal<Output>>
    public let errors: Signal<any Error>

    @usableFromInline init(
      added: Signal<Signal<Output>>, inFlight: Signal<Int>, immediateExecuting: Signal<Bool>,
      moreExecutionsAllowed: Signal<Bool>, immediateEnabled: Signal<Bool>, enabled: Signal<Bool>,
      executing: Signal<Bool>, executionSignals: Signal<Signal<Output>>, errors: Signal<any Error>
    ) {
      self.added = added
      self.inFlight = inFlight
      self.immediateExecuting = immediateExecuting
      self.moreExecutionsAllowed = moreExecutionsAllowed
      self.immediateEnabled = immediateEnabled
      self.enabled = enabled
      self.executing = executing
      self.executionSignals = executionSignals
      self.errors = errors
    }
  }

  /// A signal of each execution's signal, delivered on the main scheduler; inner errors become
  /// completion. A subscriber sees only executions added after it subscribed.
  public let executionSignals: Signal<Signal<Output>>
  /// Whether any execution is running: replays the current value, later values hop to main,
  /// de-duplicated.
  public let executing: Signal<Bool>
  /// Whether `execute` would run now: the first value is synchronous, later changes hop to main,
  /// de-duplicated.
  public let enabled: Signal<Bool>
  /// The errors of every execution, as values, delivered on main; hot, no replay.
  public let errors: Signal<any Error>
  /// The internal nodes of the graph, read-only.
  public let internals: Internals

  // The graph is inlinable (`init`, `execute` and the helpers they use), so that a client's
  // `Command<Int, Int>` is specialised: per execution, the unspecialised generic code looked up
  // generic metadata for every event, subscriber and subject of `Output`.
  @usableFromInline let signalBlock: (Input) -> Signal<Output>
  @usableFromInline let mainScheduler: any Scheduler
  @usableFromInline let added: Subject<Signal<Output>>
  @usableFromInline let concurrencySubject: Subject<Bool>
  @usableFromInline let willDealloc: ReplaySubject<Void>
  @usableFromInline let immediateEnabled: Signal<Bool>
  /// The replay buffer behind `immediateEnabled` (RAC's `replayLast`).
  @usableFromInline let immediateEnabledBuffer: ReplaySubject<Bool>
  /// `allowsConcurrentExecution`'s value (set and read from any thread).
  @usableFromInline let concurrency: Locked<Bool>

  /// Creates a command (RAC `initWithEnabled:signalBlock:`).
  ///
  /// - Parameters:
  ///   - enabled: An optional signal of whether the command may execute; sampled
  ///     synchronously at init. Until it sends, the command counts as enabled.
  ///   - allowsConcurrentExecution: Whether executions may overlap (default false). Set after
  ///     the graph is built, as if assigned right after init.
  ///   - mainScheduler: The scheduler standing for the main thread. Without one: the `main`
  ///     queue of the virtual-time scheduler that claimed this thread
  ///     (`VirtualTimeScheduler.ofThisThread`: the `TestScheduler` of the test making the
  ///     command), otherwise `QueueScheduler.main`.
  ///   - signalBlock: Makes the work signal for one input; called once per `execute`.
  @inlinable public init(
    enabled: Signal<Bool>? = nil,
    allowsConcurrentExecution: Bool = false,
    mainScheduler: (any Scheduler)? = nil,
    signalBlock: @escaping (Input) -> Signal<Output>
  ) {
    let mainScheduler: any Scheduler =
      mainScheduler ?? VirtualTimeScheduler.ofThisThread?.main ?? QueueScheduler.main
    self.signalBlock = signalBlock
    self.mainScheduler = mainScheduler
    let added = Subject<Signal<Output>>()
    self.added = added
    let concurrencySubject = Subject<Bool>()
    self.concurrencySubject = concurrencySubject
    let willDealloc = ReplaySubject<Void>()
    self.willDealloc = willDealloc
    let immediateEnabledBuffer = ReplaySubject<Bool>(capacity: 1)
    self.immediateEnabledBuffer = immediateEnabledBuffer
    concurrency = Locked(false)
    let main = mainScheduler

    // 1. executionSignals (cold over the hot `added`).
    executionSignals = added.map(Self.completingOnError).deliverOn(main)

    // 2.-5. errors, executing, immediateEnabled, enabled: the rest of the graph does not
    // depend on `Input` or `Output`, so it is built (and compiled, specialised) once, in this
    // module, from the two per-execution signals.
    let graph = CommandGraph(
      errors: Self.errors(of: added), inFlightChanges: Self.inFlightChanges(of: added),
      enabled: enabled, concurrency: concurrencySubject, willDealloc: willDealloc,
      buffer: immediateEnabledBuffer, main: main)
    errors = graph.errors
    executing = graph.executing
    immediateEnabled = graph.immediateEnabled
    self.enabled = graph.enabled

    internals = Internals(
      added: added,
      inFlight: graph.inFlightLane,
      immediateExecuting: graph.inFlightLane.map { $0 > 0 },
      moreExecutionsAllowed: graph.moreExecutionsAllowedLane,
      immediateEnabled: graph.immediateEnabled,
      enabled: self.enabled,
      executing: executing,
      executionSignals: executionSignals,
      errors: errors)

    if allowsConcurrentExecution { self.allowsConcurrentExecution = true }
  }

  /// RAC's `[execution catchTo:[RACSignal empty]]`, without a `catch` and an `empty` signal
  /// per execution: an error completes instead (what subscribing to `empty` then sends), in
  /// the same order of events and disposals.
  @inlinable static func completingOnError(_ execution: Signal<Output>) -> Signal<Output> {
    Signal<Output> { subscriber in
      execution.subscribe(for: subscriber) { event in
        if case .error = event { subscriber.sendCompleted() } else { subscriber.send(event) }
      }
    }
  }

  /// RAC's `[added flattenMap:^(execution) { return [[execution then:^{ return [RACSignal
  /// empty]; }] catch:^(NSError *error) { return [RACSignal return:error]; }]; }]`: each
  /// execution's error as a value, with one subscriber per execution (see `watchExecutions`).
  @inlinable static func errors(of added: Signal<Signal<Output>>) -> Signal<any Error> {
    Signal<any Error> { subscriber in
      watchExecutions(added, for: subscriber, started: {}) { end in
        if case .error(let error) = end { subscriber.sendNext(error) }
      }
    }
  }

  /// RAC's `[added flattenMap:^(execution) { return [[[execution catchTo:[RACSignal empty]]
  /// then:^{ return [RACSignal return:@-1]; }] startWith:@1]; }]`: 1 when an execution is
  /// added, -1 when it ends either way, with one subscriber per execution (see
  /// `watchExecutions`).
  @inlinable static func inFlightChanges(of added: Signal<Signal<Output>>) -> Signal<Int> {
    Signal<Int> { subscriber in
      watchExecutions(added, for: subscriber, started: { subscriber.sendNext(1) }) { _ in
        subscriber.sendNext(-1)
      }
    }
  }

  /// `added.flattenMap` of an inner signal that does `started` at once, then `ended` with the
  /// execution's terminal event, then completes; as `flattenMap` does it (the same order of
  /// events, subscriptions and disposals), with one subscriber per execution instead of an
  /// inner signal, its subscriber and one to the execution. The downstream type is concrete
  /// in the callers, so nothing here needs generic metadata per execution but the execution's.
  @inlinable static func watchExecutions<T>(
    _ added: Signal<Signal<Output>>, for subscriber: Subscriber<T>,
    started: @escaping () -> Void, ended: @escaping (Event<Output>) -> Void
  ) -> (any Disposable)? {
    let watch = ExecutionWatch<T, Output>(subscriber, ended: ended)
    return added.subscribe(for: subscriber) { event in
      switch event {
      case .next(let execution):
        watch.active.increment()
        let slot = ExecutionSlot(watch)
        // The handler captures the slot alone (no closure context of its own).
        let watcher = Subscriber<Output> { end in slot.receive(end) }
        slot.token = subscriber.attachRemovable(watcher)
        started()
        execution.subscribe(watcher)
      case .error(let error):
        subscriber.sendError(error)
      case .completed:
        watch.finishOne()
      }
    }
  }

  deinit {
    willDealloc.sendCompleted()
    added.sendCompleted()
    concurrencySubject.sendCompleted()
  }

  /// Whether executions may overlap. Every assignment is sent into the graph, even an
  /// unchanged value (RAC's setter; see the quirk in `Guides/Contracts.md`).
  public var allowsConcurrentExecution: Bool {
    get { concurrency.value }
    set {
      concurrency.withLock { $0 = newValue }
      concurrencySubject.sendNext(newValue)
    }
  }

  /// The current value of `allowsConcurrentExecution`, then every assignment (the property is
  /// observable, as with KVO in ObjC).
  public var allowsConcurrentExecutionValues: Signal<Bool> {
    let concurrency = self.concurrency
    let subject = concurrencySubject
    return Signal.defer { subject.startWith(concurrency.value) }
  }

  /// Executes the command with `input` (RAC `execute:`).
  ///
  /// Reads `immediateEnabled` synchronously. If false, returns a cold signal that fails with
  /// `CommandError.notEnabled` for each subscriber, and nothing else happens. Otherwise calls
  /// the signal block once, adds the execution to the graph, and subscribes the work on the main
  /// scheduler in a later action. The result is hot and replays every event to any subscriber;
  /// disposing a subscription to it does not cancel the work.
  ///
  ///     work:      --v|
  ///     execute at frame 1, result:   ---v|
  @inlinable @discardableResult
  public func execute(_ input: Input) -> Signal<Output> {
    // RAC's `[[self.immediateEnabled first] boolValue]`: the first value a subscriber would
    // get, which is the replayed latest one (none, after the graph completed, is NO). Read from
    // the buffer, without a subscription per execution.
    guard immediateEnabledBuffer.latestValue == true else {
      return Signal.fail(CommandError.notEnabled(self))
    }

    // RAC's `[[signal subscribeOn:RACScheduler.mainThreadScheduler] multicast:[RACReplaySubject
    // subject]]`, added, then connected, in one subscriber: `feed` sends the work's events into
    // the subject, as `work.subscribeOn(mainScheduler).subscribe(result)` would through its
    // subscriber, and subscribes to the work in an action on the main scheduler, tied to it as
    // `subscribeOn` ties its action (nothing ever disconnects the connection, so no connection
    // object either).
    let work = signalBlock(input)
    let result = ReplaySubject<Output>()
    added.sendNext(result)
    let feed = Subscriber<Output> { [result] event in result.send(event) }
    feed.attach(mainScheduler.schedule { work.subscribe(feed) })
    result.attach(feed)
    return result
  }
}

/// What every execution watcher of one `watchExecutions` subscription shares.
@usableFromInline final class ExecutionWatch<T, Output>: @unchecked Sendable {
  /// The `watchExecutions` subscriber.
  @usableFromInline let subscriber: Subscriber<T>
  /// Called with each execution's terminal event.
  @usableFromInline let ended: (Event<Output>) -> Void
  /// The live executions, `added` counting as one. Locked unless `subscriber` is confined to a
  /// virtual run's thread, where `added` and the executions (subscribed on the virtual main
  /// queue) also send.
  @usableFromInline let active: ActiveCount

  @inlinable init(_ subscriber: Subscriber<T>, ended: @escaping (Event<Output>) -> Void) {
    self.subscriber = subscriber
    self.ended = ended
    active = ActiveCount(locked: subscriber.lock != nil)
  }

  /// One execution (or `added`) ended: completes the subscriber after the last.
  @inlinable func finishOne() {
    if active.decrement() == 0 { subscriber.sendCompleted() }
  }
}

/// One execution's watcher state: its attachment to remove, and the shared watch. A class
/// rather than captured variables, so that the watcher's handler captures one object, and its
/// token is not checked for exclusivity at run time.
@usableFromInline final class ExecutionSlot<T, Output>: @unchecked Sendable {
  // Invariant: `token` is written once, by `watchExecutions` right after attaching the watcher
  // and before subscribing it; read after that by the watcher (with the execution's events,
  // which the subscription orders after the write).
  @exclusivity(unchecked) @usableFromInline var token: CompositeDisposable.Token?
  @usableFromInline let watch: ExecutionWatch<T, Output>

  @inlinable init(_ watch: ExecutionWatch<T, Output>) {
    self.watch = watch
  }

  /// The watcher's handler: on the execution's terminal event, `ended`, detach, finish one.
  @inlinable func receive(_ end: Event<Output>) {
    if case .next = end { return }
    watch.ended(end)
    watch.subscriber.detach(token)
    watch.finishOne()
  }
}
