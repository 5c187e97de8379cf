import Testing

@testable import Reactive

@Suite struct CollectTests {
  @Test func collectsEveryValueAtCompletion() {
    let t = TestClock()
    let a = t.cold("--1--2--3--|")
    t.expect(t.record(a.collect()), "-----------(x|)", ["x": [1, 2, 3]])
    t.expectSubscriptions(a, "^----------!")
  }

  @Test func emptyCollectsAnEmptyArray() {
    let t = TestClock()
    t.expect(t.record(t.cold("---|").collect()), "---(x|)", ["x": []])
  }

  @Test func neverSendsNothing() {
    let t = TestClock()
    t.expect(t.record(t.cold("-1-").collect()), "-", [Character: [Int]]())
  }

  @Test func failureDropsTheValues() {
    let t = TestClock()
    let a = t.cold("--1--#")
    t.expect(t.record(a.collect()), "-----#", [Character: [Int]]())
    t.expectSubscriptions(a, "^----!")
  }

  @Test func disposedEarly() {
    let t = TestClock()
    let a = t.cold("--1--2--|")
    t.expect(t.record(a.collect(), disposedAt: 4), "-", [Character: [Int]]())
    t.expectSubscriptions(a, "^---!")
    #expect(t.liveActions == 0)
  }
}
