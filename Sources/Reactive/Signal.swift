/// A cold stream of events, created with a subscribe closure (RACSignal `createSignal:`).
///
/// Each subscription runs the closure anew; the closure sends events to the subscriber it is
/// given and may return a disposable that cleans up when the subscription ends:
///
///     let ticks = Signal<Int> { subscriber in
///       subscriber.sendNext(1)
///       subscriber.sendCompleted()
///       return nil
///     }
///     // (1|)
///
/// Subjects (`Subject`, `ReplaySubject`, `BehaviorSubject`) are signals too: hot ones. The class
/// is `open` so that other modules can define signal kinds too (the marble test sources in
/// `Marbles` override `subscribe(_:)` to log their subscriptions).
open class Signal<Value>: @unchecked Sendable {
  // Invariant: immutable after init; subclasses guard their own state.
  @usableFromInline let didSubscribe: ((Subscriber<Value>) -> (any Disposable)?)?

  /// Creates a cold signal whose subscriptions each run `didSubscribe`.
  @inlinable public init(_ didSubscribe: @escaping (Subscriber<Value>) -> (any Disposable)?) {
    self.didSubscribe = didSubscribe
  }

  /// For subclasses that override `subscribe(_:)`.
  init() {
    didSubscribe = nil
  }

  /// Subscribes `subscriber` and returns the subscription's disposable.
  ///
  /// The subscribe closure runs synchronously, inside this call.
  @discardableResult
  open func subscribe(_ subscriber: Subscriber<Value>) -> any Disposable {
    if let disposable = didSubscribe?(subscriber) {
      subscriber.attach(disposable)
    }
    return subscriber
  }

  /// Subscribes a handler that receives every event.
  @discardableResult
  public func observe(_ handler: @escaping (Event<Value>) -> Void) -> any Disposable {
    subscribe(Subscriber(handler))
  }

  /// Subscribes separate handlers for values, failure and completion.
  @inlinable @discardableResult
  public func subscribe(
    next: ((Value) -> Void)? = nil,
    error: ((any Error) -> Void)? = nil,
    completed: (() -> Void)? = nil
  ) -> any Disposable {
    subscribe(Subscriber(next: next, error: error, completed: completed))
  }

  /// Sends this signal's events into `observer` (a subject or a channel terminal) and hands it
  /// the subscription's disposable (RAC `[signal subscribe:subject]`).
  @discardableResult
  public func subscribe<O: Observer>(_ observer: O) -> any Disposable where O.Value == Value {
    let disposable = subscribe(Subscriber { [observer] event in observer.send(event) })
    observer.attach(disposable)
    return disposable
  }
}
