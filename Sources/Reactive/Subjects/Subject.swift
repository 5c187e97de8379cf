/// A hot signal that you send events into by hand (RACSubject).
///
/// It has no memory: a subscriber receives only the events sent after it subscribed, and
/// termination is not remembered. Each event goes to a snapshot of the current subscribers, so
/// one that subscribes during a delivery misses that event. A terminal event first disposes the
/// subscriptions attached with `attach(_:)` (those feeding this subject), then is forwarded.
///
///     subject:   ---a---b---|
///     sub at 5:       ^-b---|
///
/// Sends are serialised: events from several threads are delivered one at a time.
public class Subject<Value>: Signal<Value>, Observer, SubscriberRemoving, @unchecked Sendable {
  // Invariant: `subscribers` and `upstream` are only touched under `stateLock`; deliveries hold
  // `sendLock` (recursive, so a subscriber may send into the subject it is receiving from).
  // Unchecked exclusivity: only accessed under the lock, so accesses never overlap.
  @usableFromInline let stateLock = Lock()
  @usableFromInline let sendLock = Lock(recursive: true)
  /// The `Subscriber<Value>`s, in the order subscribed. Kept as `AnyObject`s: an array of a
  /// concrete type needs no generic metadata lookup for an append, a removal or a snapshot, in
  /// the unspecialised code of a subject whose value type is generic.
  @exclusivity(unchecked) @usableFromInline var subscribers: [AnyObject] = []
  /// The subscriptions feeding this subject (`attach(_:)`), disposed when it terminates.
  @exclusivity(unchecked) private var upstream = DisposableList()
  // Invariant: `probes` is touched on the thread that subscribes and sends (diagrams only).
  @exclusivity(unchecked) private var probes: [StateProbe] = []
  /// Which subclass this is, so that `send` dispatches statically: a call on a `Subject<Bool>`
  /// from specialised code runs specialised code all the way down (an overridden `send` is a
  /// virtual call into the unspecialised generic body, whose generic metadata lookups were a
  /// large part of every event through a subject).
  @usableFromInline let kind: Kind

  /// The kinds of subject, each with its own `send` (see `send(_:)`).
  @usableFromInline enum Kind {
    /// A plain `Subject`.
    case plain
    /// A `ReplaySubject` (or a `BehaviorSubject`).
    case replay
    /// An `AsyncSubject`.
    case async
  }

  public override init() {
    kind = .plain
    super.init()
  }

  /// For subclasses: a subject of `kind`.
  init(kind: Kind) {
    self.kind = kind
    super.init()
  }

  /// Adds `subscriber`; it receives the events sent from now on.
  @discardableResult
  public override func subscribe(_ subscriber: Subscriber<Value>) -> any Disposable {
    addSubscriber(subscriber)
    return subscriber
  }

  final func addSubscriber(_ subscriber: Subscriber<Value>) {
    let count = stateLock.withLock {
      subscribers.append(subscriber)
      return subscribers.count
    }
    record(.subscribers, count)
    subscriber.attach(
      SubjectMembership(of: ObjectIdentifier(subscriber), in: self, lock: stateLock))
  }

  /// Removes the last subscription of the subscriber `identifier` names (its membership was
  /// disposed: the subscriber terminated or was disposed).
  final func removeSubscriber(_ identifier: ObjectIdentifier) {
    let count = stateLock.withLock { () -> Int? in
      var index = subscribers.count
      while index > 0 {
        index -= 1
        if ObjectIdentifier(subscribers[index]) == identifier {
          subscribers.remove(at: index)
          return subscribers.count
        }
      }
      return nil
    }
    if let count { record(.subscribers, count) }
  }

  /// Reports this subject's state to `probe` from now on (lane `subscribers`: how many are
  /// subscribed; a replay subject adds `replayed`), starting with its state now.
  public func addProbe(_ probe: StateProbe) {
    probes.append(probe)
    probe.record(.subscribers, subscriberCount)
    reportState(to: probe)
  }

  /// The probes added with `addProbe(_:)`, in order.
  public var attachedProbes: [StateProbe] { probes }

  /// Hook for subclasses: records their own state to a probe just added.
  func reportState(to probe: StateProbe) {}

  /// Whether a probe watches this subject.
  @usableFromInline final var isProbed: Bool { !probes.isEmpty }

  /// Records a change of state to every probe.
  @usableFromInline final func record(_ lane: StateLane, _ value: Any) {
    for probe in probes { probe.record(lane, value) }
  }

  /// Sends `event` to every current subscriber (a replay subject records it first; an async
  /// subject holds values until it completes).
  ///
  /// Inlinable (with `deliver`), so that a client module's subjects of concrete values are
  /// specialised: otherwise every event looks up generic metadata.
  @inlinable public final func send(_ event: Event<Value>) {
    switch kind {
    case .plain:
      sendLock.lock()
      defer { sendLock.unlock() }
      deliver(event)
    case .replay:
      // The kind is set by `ReplaySubject`'s initialiser only.
      unsafeDowncast(self, to: ReplaySubject<Value>.self).sendReplaying(event)
    case .async:
      unsafeDowncast(self, to: AsyncSubject<Value>.self).sendHolding(event)
    }
  }

  @inlinable final func deliver(_ event: Event<Value>) {
    if case .next = event {} else { closeUpstream() }
    let snapshot = stateLock.withLock { subscribers }
    for subscriber in snapshot {
      // Only `addSubscriber` adds to `subscribers`, and only `Subscriber<Value>`s.
      unsafeDowncast(subscriber, to: Subscriber<Value>.self).send(event)
    }
  }

  /// Disposes the subscriptions feeding this subject, once (on its terminal event).
  @usableFromInline final func closeUpstream() {
    for item in stateLock.withLock({ upstream.close() }) ?? [] { item.disposable.dispose() }
  }

  /// Ties a subscription that feeds this subject to it: disposed when the subject terminates
  /// (at once, if it has terminated already).
  public func attach(_ disposable: any Disposable) {
    if stateLock.withLock({ upstream.insert(disposable) }) == nil { disposable.dispose() }
  }

  /// The number of current subscribers (for tests and diagrams).
  public var subscriberCount: Int { stateLock.withLock { subscribers.count } }
}

/// What a `SubjectMembership` removes its subscriber from (not generic, so that a membership
/// needs no generic metadata).
protocol SubscriberRemoving: AnyObject {
  /// Removes the last subscription of the subscriber `identifier` names.
  func removeSubscriber(_ identifier: ObjectIdentifier)
}

/// A subscriber's place in a subject: disposing it (when the subscriber terminates or is
/// disposed) removes the subscriber. One small object per subscription, with no closure and no
/// weak reference to the subscriber.
final class SubjectMembership: Disposable, @unchecked Sendable {
  // Invariant: `disposed` is only touched under `lock`, the subject's state lock.
  private let lock: Lock
  @exclusivity(unchecked) private var disposed = false
  private weak var subject: (any SubscriberRemoving)?
  private let subscriber: ObjectIdentifier

  init(of subscriber: ObjectIdentifier, in subject: any SubscriberRemoving, lock: Lock) {
    self.subscriber = subscriber
    self.subject = subject
    self.lock = lock
  }

  var isDisposed: Bool { lock.withLock { disposed } }

  func dispose() {
    let first = lock.withLock { () -> Bool in
      defer { disposed = true }
      return !disposed
    }
    if first { subject?.removeSubscriber(subscriber) }
  }
}
