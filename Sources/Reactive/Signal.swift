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

/// A signal that is one per-event step (`map`, `filter`, `scan`) in front of an upstream
/// signal. A step chained on another runs in the same upstream subscriber: subscribing
/// `source.map(f).filter(p)` makes one subscriber of `source` that runs `f`, then `p`, then
/// delivers, instead of one subscriber per step. Every observable order stays that of a
/// subscriber per step: each step's subscription work (such as `scan`'s start value, reported
/// to its probe) runs downstream first, the upstream subscription is tied to the downstream
/// subscriber before the source is subscribed, and the source's disposal on a terminal event
/// or on disposal comes where it came (`PipelineOrderTests`). What goes is the per-event cost
/// of the inner subscribers: a lock check, a retain and a release per step. Values and the
/// other events go down the chain apart, so a value passes each step as itself, with no
/// `Event` made and taken apart again per step.
@usableFromInline final class PipeSignal<Value>: Signal<Value>, @unchecked Sendable {
  /// Connects one subscription: `tie` takes the upstream subscription (to attach it
  /// downstream), `next` receives this signal's values and `other` its other events
  /// (`error`, `completed`).
  @usableFromInline typealias Connect = (
    _ tie: (any Disposable) -> Void, _ next: @escaping (Value) -> Void,
    _ other: @escaping (Event<Value>) -> Void
  ) -> Void

  // Invariant: immutable after init.
  @usableFromInline let connect: Connect
  /// This step followed by a `filter` with the given predicate, as one step, when the step
  /// can test its own values in the call that makes them (`map`'s): nil otherwise. Not an
  /// optional closure: the predicate would be wrapped in a thunk per call to pass through one.
  @usableFromInline let keeping: (@escaping (Value) -> Bool) -> Signal<Value>?
  /// This step followed by a `scan` (no probe) with the given start and reduce, its accumulator
  /// of this step's type, as one step, when the step can accumulate its own values in the call
  /// that makes them (`map`'s): nil otherwise.
  @usableFromInline let scanning: (Value, @escaping (Value, Value) -> Value) -> Signal<Value>?

  /// A signal whose subscriptions run `connect` for their subscriber.
  @inlinable init(
    _ connect: @escaping Connect,
    keeping: @escaping (@escaping (Value) -> Bool) -> Signal<Value>? = { _ in nil },
    scanning: @escaping (Value, @escaping (Value, Value) -> Value) -> Signal<Value>? = { _, _ in
      nil
    }
  ) {
    self.connect = connect
    self.keeping = keeping
    self.scanning = scanning
    super.init { subscriber in
      // Values through a `Delivery`: what `send` does with a value, without retaining and
      // releasing the subscriber's handler per value.
      let delivery = Delivery(subscriber)
      connect(
        { subscriber.attach($0) }, { delivery.send(.next($0), to: subscriber) },
        { subscriber.send($0) })
      return nil
    }
  }
}

extension Signal {
  /// Subscribes to this signal's events for a downstream subscription, values to `next` and the
  /// other events to `other`: `tie` gets the upstream subscription before this signal is
  /// subscribed. A `PipeSignal` connects its step in front of `next` and `other` instead, in
  /// the same upstream subscriber.
  @inlinable func pipe(
    _ tie: (any Disposable) -> Void, next: @escaping (Value) -> Void,
    other: @escaping (Event<Value>) -> Void
  ) {
    if let step = self as? PipeSignal<Value> {
      step.connect(tie, next, other)
      return
    }
    let upstream = Subscriber<Value>(values: next, other: other)
    tie(upstream)
    subscribe(upstream)
  }
}

extension Signal {
  /// Subscribes `subscriber`, made with a handler of every event, so that a `PipeSignal`'s
  /// steps deliver straight from their upstream subscriber, values to `next` and the other
  /// events to `other` (what the handler does with them): `subscriber` is then only the
  /// subscription's disposable (the upstream subscription is attached to it, so disposing it
  /// ends the subscription as before). Events, their order and the disposals are those of
  /// `subscribe(subscriber)`: the upstream subscriber, which terminates first and stops every
  /// event after its terminal one or its disposal, keeps the event grammar. For a subscriber
  /// that nothing but its disposal reaches (`TestScheduler.record`'s).
  @inlinable package func subscribe(
    _ subscriber: Subscriber<Value>, fusingNext next: @escaping (Value) -> Void,
    other: @escaping (Event<Value>) -> Void
  ) {
    guard let step = self as? PipeSignal<Value> else {
      subscribe(subscriber)
      return
    }
    step.connect({ subscriber.attach($0) }, next, other)
  }
}
