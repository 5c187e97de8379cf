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
public class Subject<Value>: Signal<Value>, Observer, @unchecked Sendable {
  // Invariant: `subscribers` is only touched under `stateLock`; deliveries hold `sendLock`
  // (recursive, so a subscriber may send into the subject it is receiving from).
  let stateLock = Lock()
  let sendLock = Lock(recursive: true)
  private var subscribers: [Subscriber<Value>] = []
  private let upstream = CompositeDisposable()

  /// Creates a subject with no subscribers.
  public override init() {
    super.init()
  }

  /// Adds `subscriber`; it receives the events sent from now on.
  @discardableResult
  public override func subscribe(_ subscriber: Subscriber<Value>) -> any Disposable {
    addSubscriber(subscriber)
    return subscriber
  }

  final func addSubscriber(_ subscriber: Subscriber<Value>) {
    stateLock.withLock { subscribers.append(subscriber) }
    subscriber.attach { [weak self, weak subscriber] in
      guard let self, let subscriber else { return }
      self.stateLock.withLock {
        if let index = self.subscribers.lastIndex(where: { $0 === subscriber }) {
          self.subscribers.remove(at: index)
        }
      }
    }
  }

  /// Sends `event` to every current subscriber.
  public func send(_ event: Event<Value>) {
    sendLock.lock()
    defer { sendLock.unlock() }
    willSend(event)
    deliver(event)
  }

  /// Hook for subclasses: runs under the send lock before delivery.
  func willSend(_ event: Event<Value>) {}

  final func deliver(_ event: Event<Value>) {
    if event.isTerminal { upstream.dispose() }
    let snapshot = stateLock.withLock { subscribers }
    for subscriber in snapshot { subscriber.send(event) }
  }

  /// Ties a subscription that feeds this subject to it: disposed when the subject terminates.
  public func attach(_ disposable: any Disposable) {
    upstream.add(disposable)
  }

  /// The number of current subscribers (for tests and diagrams).
  public var subscriberCount: Int { stateLock.withLock { subscribers.count } }
}
