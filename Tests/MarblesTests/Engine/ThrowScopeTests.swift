import Reactive
import Testing

@testable import Marbles

/// Which subscription a `throw` fails when its closure is called outside any event of the
/// operator's inputs: the one whose queued action (the operator's own timer, such as
/// `repeat`'s resubscription) is running, and outside any such action the newest subscription
/// still going.
@Suite struct ThrowScopeTests {
  final class Log {
    var failed: [String] = []
    var contexts: [ThrowScope.Context?] = []
  }

  @Test func aCallOutsideAnyEventFailsTheNewestLiveSubscription() {
    let scope = ThrowScope(contexts: ThrowScope.Contexts())
    let output = scope.output(Signal<ScriptValue>.never)
    let log = Log()
    for name in ["older", "newer"] {
      output.subscribe(
        Subscriber { event in
          if case .error = event { log.failed.append(name) }
        })
    }
    #expect(scope.current == nil)
    scope.target?.fail(with: .string("boom"))
    #expect(log.failed == ["newer"])
    // The newer one has ended: the older one is now the newest still going.
    scope.target?.fail(with: .string("boom"))
    #expect(log.failed == ["newer", "older"])
    #expect(scope.target == nil)
  }

  @Test func anActionQueuedForASubscriptionRunsWithIt() throws {
    let scheduler = VirtualTimeScheduler()
    let contexts = ThrowScope.Contexts()
    scheduler.queuedAction = contexts.keep
    let scope = ThrowScope(contexts: contexts)
    let log = Log()
    // The operator's signal notes the subscription each subscriber was given.
    let output = scope.output(
      Signal { _ in
        log.contexts.append(scope.current)
        return nil
      })
    for name in ["older", "newer"] {
      output.subscribe(
        Subscriber { event in
          if case .error = event { log.failed.append(name) }
        })
    }
    try #require(log.contexts.count == 2)
    // The older subscription's event starts a timer, as `repeat`'s delay does; outside any
    // event, a timer queued with no subscription current still goes to the newest.
    scope.with(log.contexts[0]) {
      scheduler.schedule(after: 2) { scope.target?.fail(with: .string("older's timer")) }
    }
    scheduler.schedule(after: 1) { #expect(scope.target === log.contexts[1]) }
    try scheduler.run()
    #expect(log.failed == ["older"])
    #expect(scope.current == nil)
  }
}
