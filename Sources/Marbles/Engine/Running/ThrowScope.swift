import Reactive

/// Lets the closures of one operator call fail its signal: a `throw` in a closure the operator
/// calls makes the subscription it was called for fail with the thrown value, at that frame,
/// and ends that subscription's work upstream, as RxJS does when a callback throws (its
/// operator subscriber catches the error, sends it downstream and unsubscribes).
///
/// An operator's closures are called while it handles an event of one of its inputs (its
/// receiver, its signal arguments, or a signal a closure returned), or while it is subscribed.
/// The scope wraps each of those, so that it knows which subscription of the operator's signal
/// the event belongs to: `current`. An action queued meanwhile (the operator's own timer:
/// `repeat`'s resubscription, a `delay:` signal) runs with that same subscription as the
/// current one (see `Contexts`), so its work belongs to the subscription that started it, not
/// to whichever subscribed last. Made only for a call given a closure that may throw (see
/// `ClosureCode.mayThrow`), so other calls cost nothing.
final class ThrowScope {
  /// One subscription of the operator's signal.
  final class Context {
    /// The subscriber of the operator's signal, which the thrown value fails.
    let subscriber: Subscriber<ScriptValue>
    /// Whether a closure threw for it (its work is over; closures are no longer called).
    var failed = false
    init(_ subscriber: Subscriber<ScriptValue>) { self.subscriber = subscriber }

    /// Fails the subscription with `value`: its subscriber disposes the operator's
    /// subscriptions upstream, then receives the failure.
    func fail(with value: ScriptValue) {
      guard !failed else { return }
      failed = true
      subscriber.sendError(value.asError)
    }
  }

  /// The current subscriptions of all the run's scopes, which queued actions keep.
  final class Contexts {
    /// The scopes given a current subscription now, innermost last, each with the one it was
    /// given (nil included).
    private var active: [(scope: ThrowScope, context: Context?)] = []

    /// Runs `work` with `context` as the current subscription of `scope`.
    func with(_ scope: ThrowScope, _ context: Context?, _ work: () -> Void) {
      let outer = scope.current
      scope.current = context
      active.append((scope, context))
      work()
      active.removeLast()
      scope.current = outer
    }

    /// `action`, queued now, as it should run: with the current subscriptions of now (the
    /// action itself when there are none). The run's scheduler calls it for each action
    /// queued (`VirtualTimeScheduler.queuedAction`).
    func keep(_ action: @escaping () -> Void) -> () -> Void {
      guard !active.isEmpty else { return action }
      let kept = active
      return { [self] in
        let outer = active
        let outerCurrent = kept.map(\.scope.current)
        active = kept
        for (scope, context) in kept { scope.current = context }
        action()
        for (index, entry) in kept.enumerated().reversed() {
          entry.scope.current = outerCurrent[index]
        }
        active = outer
      }
    }
  }

  /// The subscription whose event is being handled, or being subscribed, or whose queued
  /// action runs.
  fileprivate(set) var current: Context?
  /// The subscriptions still going, newest last.
  private var live: [Context] = []
  /// Where `with` records the current subscription, for the actions queued under it.
  let contexts: Contexts

  /// A scope whose current subscriptions are recorded in `contexts` (the run's).
  init(contexts: Contexts) { self.contexts = contexts }

  /// The subscription a closure called now belongs to: the current one, or (for a call outside
  /// any event and any action of a subscription, such as an event of a subject that is an
  /// input) the newest still going.
  var target: Context? { current ?? live.last }

  /// Runs `work` with `context` as the current subscription.
  func with(_ context: Context?, _ work: () -> Void) {
    contexts.with(self, context, work)
  }

  /// The operator's signal `output`, each subscription of it a context of this scope.
  func output(_ output: Signal<ScriptValue>) -> Signal<ScriptValue> {
    Signal { [self] subscriber in
      let context = Context(subscriber)
      live.append(context)
      subscriber.attach { [weak self, weak context] in
        self?.live.removeAll { $0 === context }
      }
      with(context) { output.subscribe(subscriber) }
      return nil
    }
  }

  /// An input of the operator (or a signal its closure returned, with `context`): its events
  /// are handled with the subscription it was subscribed for as the current one.
  func input(_ input: Signal<ScriptValue>, for context: Context? = nil) -> Signal<ScriptValue> {
    Signal { [self] subscriber in
      let owner = context ?? target
      let forward = Subscriber<ScriptValue> { [weak self] event in
        guard let self else { return subscriber.send(event) }
        self.with(owner) { subscriber.send(event) }
      }
      subscriber.attach(forward)
      input.subscribe(forward)
      return nil
    }
  }

  /// A value as an input: a signal is wrapped, but a connectable, a subject or a channel
  /// terminal (which operators take apart) is left as it is, and wrapped only where the
  /// operator takes it as a signal (`Call.scoped`).
  func input(_ value: ScriptValue) -> ScriptValue {
    guard case .signal(let signal) = value, !Self.isKeptWhole(signal) else { return value }
    return .signal(input(signal))
  }

  /// Whether `signal` is a connectable, a subject or a channel terminal, which `input(_:)`
  /// leaves whole.
  static func isKeptWhole(_ signal: Signal<ScriptValue>) -> Bool {
    signal is ConnectableSignal || signal is ResettingConnectableSignal
      || signal is Subject<ScriptValue> || signal is ChannelTerminal<ScriptValue>
  }

  /// Whether `signal` is only a signal: not a connectable, a subject, a channel terminal, a
  /// marble source or a group, which operators and properties take apart.
  static func isPlain(_ signal: Signal<ScriptValue>) -> Bool {
    !(isKeptWhole(signal) || signal is MarbleSource || signal is GroupedSignal)
  }
}

extension CallNode {
  /// Whether an argument is a closure that may throw: then the call runs in a `ThrowScope`.
  static func mayThrow(_ call: Call) -> Bool {
    func throwing(_ value: ScriptValue?) -> Bool {
      if case .closure(let closure)? = value { return closure.code.mayThrow }
      return false
    }
    return call.arguments.contains(where: throwing) || call.variadic.contains(where: throwing)
  }

  /// Runs the call in a `ThrowScope`: its closures' `throw`s fail its signal.
  func runFailing(_ call: Call) throws(RuntimeError) -> ScriptValue {
    var call = call
    let scope = ThrowScope(contexts: call.runtime.throwContexts)
    call.throwScope = scope
    call.receiver = scope.input(call.receiver)
    call.arguments = call.arguments.map { $0.map { scope.input($0) } }
    call.variadic = call.variadic.map { scope.input($0) }
    let result = try entry.run(call)
    guard case .signal(let signal) = result else { return result }
    if let probed = signal as? ProbedSignal {
      return .signal(ProbedSignal(scope.output(probed.base), handle: probed.handle))
    }
    return ThrowScope.isPlain(signal) ? .signal(scope.output(signal)) : result
  }
}
