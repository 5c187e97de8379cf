import Testing

@testable import Reactive

@Suite struct InitiallyTests {
  @Test func runsAtEachSubscriptionBeforeSubscribing() {
    let t = TestClock()
    let a = t.cold("-1|")
    var calls: [String] = []
    let signal = a.initially {
      calls.append("initially at \(t.now), \(a.subscriptions.count) before")
    }
    #expect(calls.isEmpty)
    let first = t.record(signal)
    let second = t.record(signal, subscribedAt: 3)
    t.expect(first, "-1|")
    t.expect(second, "----1|")
    #expect(calls == ["initially at 0, 0 before", "initially at 3, 1 before"])
  }

  @Test func passesEmptyNeverFailureAndDisposal() {
    let t = TestClock()
    var calls = 0
    let a = t.cold("-1-2|")
    let empty = t.record(t.cold("-|").initially { calls += 1 })
    let never = t.record(t.cold("-").initially { calls += 1 })
    let failure = t.record(t.cold("-#").initially { calls += 1 })
    let disposed = t.record(a.initially { calls += 1 }, disposedAt: 2)
    t.expect(empty, "-|")
    t.expect(never, "-")
    t.expect(failure, "-#")
    t.expect(disposed, "-1")
    t.expectSubscriptions(a, "^-!")
    #expect(calls == 4)
  }
}
