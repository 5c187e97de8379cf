import Testing

@testable import Reactive

@Suite struct RepeatTests {
  @Test func subscribesCountTimesInAll() {
    let t = TestClock()
    let a = t.cold("--1--|")
    t.expect(t.record(a.repeat(2)), "--1----1--|")
    t.expectSubscriptions(a, "^----!", "-----^----!")
  }

  @Test func repeatOneIsTheSignalAndZeroIsEmpty() {
    let t = TestClock()
    let a = t.cold("--1|")
    let once = t.record(a.repeat(1))
    let none = t.record(a.repeat(0))
    t.expect(once, "--1|")
    t.expect(none, "|")
    t.expectSubscriptions(a, "^--!")
  }

  @Test func repeatForeverBoundedByTake() {
    let t = TestClock()
    let a = t.cold("--1|")
    t.expect(t.record(a.repeat().take(3)), "--1--1--(1|)")
    t.expectSubscriptions(a, "^--!", "---^--!", "------^-!")
  }

  @Test func anErrorEndsTheRepetition() {
    let t = TestClock()
    let a = t.cold("--1#")
    t.expect(t.record(a.repeat()), "--1#")
    t.expectSubscriptions(a, "^--!")
  }

  @Test func neverAndDisposal() throws {
    let t = TestClock()
    let a = t.cold("-1|")
    let never = t.record(t.cold("-").repeat())
    let disposed = t.record(a.repeat(), disposedAt: 5)
    try t.advance(to: 5)
    #expect(t.liveActions == 0)
    t.expect(never, "-")
    t.expect(disposed, "-1-1-")
    t.expectSubscriptions(a, "^-!", "--^-!", "----^!")
  }

  @Test func aSynchronousRepeatInVirtualTimeHitsTheActionLimit() {
    let t = TestClock(maxActionsPerFrame: 50)
    let recording = t.record(Signal.just(1).repeat())
    #expect(throws: VirtualTimeError.actionLimitExceeded(limit: 50, frame: 0)) {
      try t.run()
    }
    #expect(recording.values.count == 50)
  }

  @Test func repeatsWithoutRecursionOutsideAScheduler() {
    var count = 0
    var completed = false
    Signal.just(1).repeat(10_000).subscribe(next: { count += $0 }, completed: { completed = true })
    #expect(count == 10_000)
    #expect(completed)
  }

  @Test func repeatForeverThenTakeOutsideAScheduler() {
    var values: [Int] = []
    Signal.just(1).repeat().take(3).subscribe(next: { values.append($0) })
    #expect(values == [1, 1, 1])
  }
}
