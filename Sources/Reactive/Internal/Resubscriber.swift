/// Subscribes to a signal again and again, for `repeat` and `retry` (RAC `subscribeForever`).
///
/// The first subscription happens at once. Each later one is scheduled on
/// `CurrentScheduler.current` when there is one (so in virtual time a runaway loop becomes a
/// stream of actions at one frame, which `maxActionsPerFrame` stops), and otherwise runs from a
/// trampoline loop, never by recursion, so the stack stays flat.
final class Resubscriber<Value>: @unchecked Sendable {
  // Invariant: `state` is only touched under `lock`; the rest is immutable after init.
  private let source: Signal<Value>
  private let subscriber: Subscriber<Value>
  private let resubscribes: (Event<Value>) -> Bool
  private let delay: (frames: Int, scheduler: any Scheduler)?
  private let current = SerialDisposable()
  private let lock = Lock()
  private var state = State.idle

  /// The trampoline's state.
  private enum State {
    /// No loop is running.
    case idle
    /// A loop is running and will check for a request when its subscription returns.
    case looping
    /// A loop is running and a resubscription was requested during its subscription.
    case requested
  }

  /// - Parameter resubscribes: Called with each terminal event of the source; `true` means
  ///   "subscribe again", `false` means "forward this event and stop". Called serially.
  /// - Parameter delay: When given, each resubscription waits this many ticks on that scheduler
  ///   (RxJS `retry({ delay })`, `repeat({ delay })`).
  init(
    source: Signal<Value>, subscriber: Subscriber<Value>,
    delay: (frames: Int, scheduler: any Scheduler)? = nil,
    resubscribes: @escaping (Event<Value>) -> Bool
  ) {
    self.source = source
    self.subscriber = subscriber
    self.delay = delay
    self.resubscribes = resubscribes
  }

  /// Makes the first subscription.
  func start() {
    subscriber.attach(current)
    trampoline()
  }

  private func trampoline() {
    let enter = lock.withLock { () -> Bool in
      if case .idle = state {
        state = .looping
        return true
      }
      state = .requested
      return false
    }
    guard enter else { return }
    while true {
      subscribeOnce()
      let again = lock.withLock { () -> Bool in
        if case .requested = state {
          state = .looping
          return true
        }
        state = .idle
        return false
      }
      if !again { return }
    }
  }

  private func subscribeOnce() {
    if subscriber.isDisposed { return }
    let inner = Subscriber<Value> { [self] event in
      if case .next = event {
        subscriber.send(event)
      } else if resubscribes(event) {
        resubscribe()
      } else {
        subscriber.send(event)
      }
    }
    current.inner = inner
    source.subscribe(inner)
  }

  private func resubscribe() {
    if subscriber.isDisposed { return }
    if let delay {
      subscriber.schedule(on: delay.scheduler, after: delay.frames) { [self] in subscribeOnce() }
    } else if let scheduler = CurrentScheduler.current {
      subscriber.schedule(on: scheduler) { [self] in subscribeOnce() }
    } else {
      trampoline()
    }
  }
}
