/// The part of a `Command`'s graph that depends on neither `Input` nor `Output`: everything
/// after the two per-execution signals that `Command` makes from `added`.
///
/// Not generic and not inlinable, so that it is compiled once in this module, specialised for
/// its `Int`, `Bool` and `any Error` signals, while `Command`'s generic part is specialised in
/// the client's module.
@usableFromInline struct CommandGraph {
  @usableFromInline let errors: Signal<any Error>
  @usableFromInline let executing: Signal<Bool>
  /// `immediateEnabled`, replaying its latest value from the command's buffer.
  @usableFromInline let immediateEnabled: Signal<Bool>
  @usableFromInline let enabled: Signal<Bool>
  /// What `executing`'s in-flight counter sees.
  @usableFromInline let inFlightLane: ReplaySubject<Int>
  /// What `immediateEnabled` combines as `moreExecutionsAllowed`.
  @usableFromInline let moreExecutionsAllowedLane: ReplaySubject<Bool>

  /// Builds and connects the graph, in RAC's order of subscriptions.
  ///
  /// With a virtual main scheduler, the graph belongs to that scheduler's one thread, so its
  /// subscribers take no lock, as if made inside a run: every event that enters the graph (from
  /// `execute`, the setter, the user's enabled signal, an execution's end, the command's
  /// release) reaches a `deliverOn(main)` synchronously, that is, schedules on the virtual
  /// scheduler, which may only be done on its thread. The subscriptions to the user's enabled
  /// signal are not the graph's and follow the usual rule.
  ///
  /// - Parameters:
  ///   - errors: Each execution's error as a value (cold over `added`).
  ///   - inFlightChanges: 1 when an execution is added, -1 when it ends (cold over `added`).
  ///   - enabled: The user's enabled signal, if any.
  ///   - concurrency: The subject that `allowsConcurrentExecution` sends into.
  ///   - willDealloc: Completes when the command goes.
  ///   - buffer: The replay buffer behind `immediateEnabled`.
  ///   - main: The main scheduler.
  @usableFromInline init(
    errors: Signal<any Error>, inFlightChanges: Signal<Int>, enabled: Signal<Bool>?,
    concurrency: Subject<Bool>, willDealloc: ReplaySubject<Void>, buffer: ReplaySubject<Bool>,
    main: any Scheduler
  ) {
    let build = {
      Self(
        building: errors, inFlightChanges: inFlightChanges, enabled: enabled,
        concurrency: concurrency, willDealloc: willDealloc, buffer: buffer, main: main)
    }
    if VirtualTimeScheduler.runsOnlyInVirtualRun(main) {
      self = CurrentScheduler.$confinedToVirtualRun.withValue(true, operation: build)
    } else {
      self = build()
    }
  }

  /// `init`, under the lock rule that `init` chose.
  private init(
    building errors: Signal<any Error>, inFlightChanges: Signal<Int>, enabled: Signal<Bool>?,
    concurrency: Subject<Bool>, willDealloc: ReplaySubject<Void>, buffer: ReplaySubject<Bool>,
    main: any Scheduler
  ) {
    // 2. errors: connected now, so it becomes `added`'s subscriber #1.
    let errorsConnection =
      errors
      .deliverOn(main)
      .publish()
    errorsConnection.connect()
    self.errors = errorsConnection.signal

    // 3. executing; its `immediateExecuting` subscription is `added`'s subscriber #2.
    let inFlight =
      inFlightChanges
      .scan(0, +)
      .startWith(0)
    let immediateExecuting = inFlight.map { $0 > 0 }
    // The lanes record what the graph's own subscriptions see (not a fresh subscription).
    let inFlightLane = ReplaySubject<Int>(capacity: 1)
    let moreExecutionsAllowedLane = ReplaySubject<Bool>(capacity: 1)
    self.inFlightLane = inFlightLane
    self.moreExecutionsAllowedLane = moreExecutionsAllowedLane
    executing = inFlight.doEvent(inFlightLane.send).map { $0 > 0 }.deliverOn(main)
      .startWith(false)
      .distinctUntilChanged()
      .replayLast()

    // 4. immediateEnabled; the serial branch of moreExecutionsAllowed is subscriber #3.
    let moreExecutionsAllowed = concurrency.startWith(false)
      .if(then: Signal.just(true), else: immediateExecuting.not())
    let userEnabled =
      enabled.map { enabled in
        Signal<Bool> { subscriber in
          // The user's signal is not the graph's: its subscribers follow the usual rule.
          CurrentScheduler.$confinedToVirtualRun.withValue(false) {
            enabled.startWith(true).subscribe(for: subscriber, subscriber.send)
          }
        }
      } ?? Signal.just(true)
    // replayLast, with its buffer kept: `execute` reads the latest value from it.
    let immediateEnabledConnection = Signal.combineLatest([
      userEnabled, moreExecutionsAllowed.doEvent(moreExecutionsAllowedLane.send),
    ])
    .and()
    .takeUntil(willDealloc)
    .multicast(buffer)
    immediateEnabledConnection.connect()
    let immediateEnabled = immediateEnabledConnection.signal
    self.immediateEnabled = immediateEnabled

    // 5. enabled: the first value synchronously, later ones on main.
    self.enabled = immediateEnabled.take(1)
      .concat(with: immediateEnabled.skip(1).deliverOn(main))
      .distinctUntilChanged()
      .replayLast()
  }
}
