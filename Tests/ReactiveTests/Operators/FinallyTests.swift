import Testing

@testable import Reactive

@Suite struct FinallyTests {
  @Test func runsOnCompletionBeforeForwardingIt() {
    let t = TestClock()
    var log: [String] = []
    let a = t.cold("--1--|")
    let signal = a.finally { log.append("finally at \(t.now)") }.doEvent { log.append("\($0)") }
    t.expect(t.record(signal), "--1--|")
    #expect(log == ["next(1)", "finally at 5", "completed"])
    t.expectSubscriptions(a, "^----!")
  }

  @Test func runsOnError() {
    let t = TestClock()
    var frames: [Int] = []
    t.expect(t.record(t.cold("--1#").finally { frames.append(t.now) }), "--1#")
    #expect(frames == [3])
  }

  @Test func doesNotRunOnDisposalOrNever() {
    let t = TestClock()
    var calls = 0
    let a = t.cold("--1--|")
    let disposed = t.record(a.finally { calls += 1 }, disposedAt: 3)
    let never = t.record(t.cold("-").finally { calls += 1 })
    t.expect(disposed, "--1")
    t.expect(never, "-")
    t.expectSubscriptions(a, "^--!")
    #expect(calls == 0)
  }

  @Test func runsForEmpty() {
    let t = TestClock()
    var calls = 0
    t.expect(t.record(t.cold("-|").finally { calls += 1 }), "-|")
    #expect(calls == 1)
  }
}
