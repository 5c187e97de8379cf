import Testing

@testable import Reactive

@Suite struct CatchTests {
  @Test func catchSwitchesToTheHandlersSignal() {
    let t = TestClock()
    let a = t.cold("--1--#")
    let recovery = t.cold("-9|")
    var caught: [String] = []
    let result = a.catch { error in
      caught.append("\(error)")
      return recovery
    }
    t.expect(t.record(result), "--1---9|")
    t.expectSubscriptions(a, "^----!")
    t.expectSubscriptions(recovery, "-----^-!")
    #expect(caught == ["error"])
  }

  @Test func catchPassesValuesAndCompletion() {
    let t = TestClock()
    let recovery = t.cold("-9|")
    let completing = t.record(t.cold("--1--|").catch { _ in recovery })
    let never = t.record(t.cold("-").catch { _ in recovery })
    t.expect(completing, "--1--|")
    t.expect(never, "-")
    t.expectSubscriptions(recovery)
  }

  @Test func catchForwardsTheRecoverysFailure() {
    let t = TestClock()
    let result = t.cold("--#").catch { _ in t.cold("-#", error: TestError("again")) }
    t.expect(t.record(result), "---#", error: TestError("again"))
  }

  @Test func catchDisposedEarlyDisposesTheRecovery() {
    let t = TestClock()
    let recovery = t.cold("-9-9|")
    t.expect(t.record(t.cold("--#").catch { _ in recovery }, disposedAt: 4), "---9")
    t.expectSubscriptions(recovery, "--^-!")
    #expect(t.liveActions == 0)
  }

  @Test func catchToSwitchesToAFixedSignal() {
    let t = TestClock()
    let a = t.cold("--1--#")
    let toEmpty = t.record(a.catchTo(.empty))
    let completing = t.record(t.cold("--1--|").catchTo(.just(5)))
    let toFailure = t.record(t.cold("--#").catchTo(.fail(TestError("x"))))
    let disposed = t.record(a.catchTo(.never), disposedAt: 3)
    t.expect(toEmpty, "--1--|")
    t.expect(completing, "--1--|")
    t.expect(toFailure, "--#", error: TestError("x"))
    t.expect(disposed, "--1")
    t.expectSubscriptions(a, "^----!", "^--!")
  }

  @Test func thenIgnoresValuesAndContinuesAtCompletion() {
    let t = TestClock()
    let next = t.cold("-2|")
    var calls: [Int] = []
    let result = t.cold("--1--|").then { () -> Signal<Int> in
      calls.append(t.now)
      return next
    }
    t.expect(t.record(result), "------2|")
    #expect(calls == [5])
    t.expectSubscriptions(next, "-----^-!")
  }

  @Test func thenPassesErrorsAndNever() {
    let t = TestClock()
    let next = t.cold("-2|")
    let failure = t.record(t.cold("--1--#").then { next })
    let never = t.record(t.cold("-").then { next })
    let empty = t.record(t.cold("|").then { next })
    t.expect(failure, "-----#")
    t.expect(never, "-")
    t.expect(empty, "-2|")
    t.expectSubscriptions(next, "^-!")
  }

  @Test func thenDisposedEarly() {
    let t = TestClock()
    let next = t.cold("-2-3|")
    t.expect(t.record(t.cold("-|").then { next }, disposedAt: 3), "--2")
    t.expectSubscriptions(next, "-^-!")
  }
}
