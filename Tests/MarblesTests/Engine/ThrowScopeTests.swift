import Reactive
import Testing

@testable import Marbles

/// Which subscription a `throw` fails when its closure is called outside any event of the
/// operator's inputs (from the operator's own timer, such as `repeat`'s resubscription): the
/// newest subscription still going.
@Suite struct ThrowScopeTests {
  final class Log {
    var failed: [String] = []
  }

  @Test func aCallOutsideAnyEventFailsTheNewestLiveSubscription() {
    let scope = ThrowScope()
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
}
