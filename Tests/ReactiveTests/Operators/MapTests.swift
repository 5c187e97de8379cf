import Testing

@testable import Reactive

@Suite struct MapTests {
  @Test func transformsEveryValue() {
    let t = TestClock()
    let a = t.cold("--1--2--|")
    t.expect(t.record(a.map { $0 * 10 }), "--x--y--|", ["x": 10, "y": 20])
    t.expectSubscriptions(a, "^-------!")
  }

  @Test func passesEmpty() {
    let t = TestClock()
    let a = t.cold("---|")
    t.expect(t.record(a.map { $0 * 10 }), "---|")
    t.expectSubscriptions(a, "^--!")
  }

  @Test func passesNever() {
    let t = TestClock()
    let a = t.cold("-")
    t.expect(t.record(a.map { $0 * 10 }), "-")
    t.expectSubscriptions(a, "^")
  }

  @Test func forwardsFailure() {
    let t = TestClock()
    let a = t.cold("--1--#")
    t.expect(t.record(a.map { $0 * 10 }), "--x--#", ["x": 10])
    t.expectSubscriptions(a, "^----!")
  }

  @Test func disposedEarlyStopsAndUnsubscribes() {
    let t = TestClock()
    let a = t.cold("--1--2--3--|")
    t.expect(t.record(a.map { $0 * 10 }, disposedAt: 4), "--x", ["x": 10])
    t.expectSubscriptions(a, "^---!")
    #expect(t.liveActions == 0)
  }

  @Test func releasesResourcesOnCompletion() throws {
    let t = TestClock()
    let a = t.hot("--1--2--|")
    let recording = t.record(a.map { $0 * 10 })
    try t.advance(to: 8)
    #expect(a.subject?.subscriberCount == 0)
    #expect(recording.subscriber?.isDisposed == true)
    t.expectSubscriptions(a, "^-------!")
  }

  @Test func mapReplaceReplacesEveryValue() {
    let t = TestClock()
    let a = t.cold("--1--2--#")
    t.expect(t.record(a.mapReplace(7)), "--7--7--#")
  }
}
