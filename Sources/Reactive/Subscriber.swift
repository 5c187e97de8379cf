/// One subscription's receiving end: it enforces the event grammar.
///
/// - Nothing is delivered after the first terminal event, or after `dispose()`.
/// - On a terminal event it first disposes every attached resource (the upstream subscription
///   and whatever else was attached), then delivers the event, as RACSubscriber does.
public final class Subscriber<Value>: Observer, Disposable, @unchecked Sendable {
  // Invariant: `handler` and `resources` are only read or written under `lock`, or, when
  // `lock` is nil, only on the thread of the virtual-time run that made this subscriber (see
  // `init`); either way accesses never overlap. `handler` nil means "done".
  // Inlinable (with `send`), so that a client module's concrete subscribers are specialised:
  // the per-event path is generic otherwise, and generic metadata lookups dominated it.
  @usableFromInline let lock: Lock?
  // Unchecked exclusivity: accesses never overlap (see the invariant above).
  @exclusivity(unchecked) @usableFromInline var handler: ((Event<Value>) -> Void)?
  // The values' own handler, when the subscriber was made with one (`init(values:other:)`):
  // what `handler` does with a value, for a marble playback to call with the value alone.
  // Under the same invariant as `handler`, and cleared with it.
  @exclusivity(unchecked) @usableFromInline var valueHandler: ((Value) -> Void)?
  // The attached resources, under the same lock (a subscription is made per operator per
  // subscriber: one lock and no separate composite keeps that cheap).
  @exclusivity(unchecked) private var resources = DisposableList()

  /// Creates a subscriber that passes every event to `handler` until it terminates.
  ///
  /// A subscriber made while a `VirtualTimeScheduler` runs its actions (inside `run()`,
  /// `advance`, `step()` or `drain()`) belongs to that run's thread, which is single-threaded by
  /// the scheduler's contract: it takes no lock. So does one made while a `Command` whose main
  /// scheduler is virtual builds its graph (the graph belongs to that run's thread too). Any
  /// other subscriber guards its state with a lock (see `Guides/Contracts.md`, "Thread
  /// safety").
  public init(_ handler: @escaping (Event<Value>) -> Void) {
    self.handler = handler
    self.lock = CurrentScheduler.isVirtualRun ? nil : Lock()
  }

  /// Creates a subscriber that belongs to the thread of a virtual-time run although it is made
  /// before the run starts: a `TestScheduler` recording's subscriber, which is subscribed and
  /// disposed by the scheduler's own actions, so driven by the run's thread only. It takes no
  /// lock, by the rule of `init(_:)` for subscribers made during a run. With `confined` false,
  /// the same as `init(_:)`.
  @usableFromInline package init(
    confinedToVirtualRun confined: Bool, _ handler: @escaping (Event<Value>) -> Void
  ) {
    self.handler = handler
    self.lock = confined || CurrentScheduler.isVirtualRun ? nil : Lock()
  }

  /// Creates a subscriber that passes values to `values` and the other events to `other`, as
  /// `init(_:)` with a handler that does so; a playback into it without a lock may call
  /// `values` with the value alone (`confinedValueHandler`).
  @inlinable package convenience init(
    values: @escaping (Value) -> Void, other: @escaping (Event<Value>) -> Void
  ) {
    self.init { event in
      if case .next(let value) = event {
        values(value)
      } else {
        other(event)
      }
    }
    valueHandler = values
  }

  /// Runs `body` under the lock, if this subscriber has one.
  @inlinable @inline(__always)
  func guarded<R>(_ body: () throws -> R) rethrows -> R {
    guard let lock else { return try body() }
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  /// Creates a subscriber from separate handlers; a missing one ignores its events.
  @inlinable public convenience init(
    next: ((Value) -> Void)? = nil,
    error: ((any Error) -> Void)? = nil,
    completed: (() -> Void)? = nil
  ) {
    self.init { event in
      switch event {
      case .next(let value): next?(value)
      case .error(let failure): error?(failure)
      case .completed: completed?()
      }
    }
  }

  /// Delivers `event` unless this subscriber has terminated or been disposed.
  // Always inlined: a playback step calls it once per event, and the out-of-line copy, shared
  // by every specialisation, was called with its outlined copy and destroy as arguments.
  @inlinable @inline(__always) public func send(_ event: Event<Value>) {
    guard let lock else {
      // Confined to a virtual run's thread: no lock (see `init`).
      guard let handler else { return }
      if case .next = event {
        handler(event)
        return
      }
      self.handler = nil
      valueHandler = nil
      disposeResources()
      handler(event)
      return
    }
    lock.lock()
    guard let handler else {
      lock.unlock()
      return
    }
    if case .next = event {
      lock.unlock()
      handler(event)
      return
    }
    self.handler = nil
    valueHandler = nil
    lock.unlock()
    disposeResources()
    handler(event)
  }

  /// The handler of a subscriber without a lock (one confined to a virtual run's thread), for
  /// a marble playback to keep: it sends a value by calling it while `isReceiving`, which is
  /// what `send` does for a value, without the retain and release of the handler per call that
  /// reading it from the subscriber costs. Nil for a subscriber with a lock.
  @inlinable package var confinedHandler: ((Event<Value>) -> Void)? {
    lock == nil ? handler : nil
  }

  /// The values' own handler (see `init(values:other:)`) of a subscriber without a lock, to be
  /// kept and called as `confinedHandler` is; nil for any other subscriber.
  @inlinable package var confinedValueHandler: ((Value) -> Void)? {
    lock == nil ? valueHandler : nil
  }

  /// Whether events are still delivered: not terminated, not disposed. Read with no lock, for
  /// the holder of `confinedHandler` only.
  @inlinable package var isReceiving: Bool { handler != nil }

  /// Disposes every attached resource, in the order attached, once.
  @usableFromInline func disposeResources() {
    for resource in guarded({ resources.close() }) ?? [] { resource.disposable.dispose() }
  }

  /// Ties `disposable` to this subscription: it is disposed on termination or disposal (at
  /// once, if the subscription has ended already).
  public func attach(_ disposable: any Disposable) {
    attachRemovable(disposable)
  }

  /// Attaches `disposable` and returns a token that detaches it again (for resources that end
  /// before the subscription does, such as finished inner subscriptions).
  @discardableResult @usableFromInline
  package func attachRemovable(_ disposable: any Disposable) -> CompositeDisposable.Token? {
    guard let token = guarded({ resources.insert(disposable) }) else {
      disposable.dispose()
      return nil
    }
    return token
  }

  /// Detaches a resource attached with `attachRemovable(_:)`, without disposing it.
  @usableFromInline package func detach(_ token: CompositeDisposable.Token?) {
    guard let token else { return }
    guarded { resources.remove(token) }
  }

  /// Attaches a clean-up closure.
  public func attach(_ action: @escaping () -> Void) {
    attachRemovable(ActionDisposable(action))
  }

  /// Whether this subscriber has terminated or been disposed.
  public var isDisposed: Bool { guarded { handler == nil } }

  /// Stops delivery and disposes every attached resource.
  public func dispose() {
    guarded {
      handler = nil
      valueHandler = nil
    }
    disposeResources()
  }
}
