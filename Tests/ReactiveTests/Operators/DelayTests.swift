import Testing

@testable import Reactive

@Suite struct DelayTests {
  @Test func delaysValuesAndCompletion() {
    let t = TestClock()
    let a = t.cold("--1--2--|")
    t.expect(t.record(a.delay(3, on: t.scheduler)), "-----1--2--|")
    t.expectSubscriptions(a, "^-------!")
  }

  @Test func sendsAnErrorAtOnceAndDropsPendingValues() throws {
    let t = TestClock()
    let recording = t.record(t.cold("--1-#").delay(3, on: t.scheduler))
    try t.advance(to: 4)
    #expect(t.liveActions == 0)
    t.expect(recording, "----#")
  }

  @Test func emptyAndNever() {
    let t = TestClock()
    let empty = t.record(t.cold("---|").delay(3, on: t.scheduler))
    let never = t.record(t.cold("-").delay(3, on: t.scheduler))
    t.expect(empty, "------|")
    t.expect(never, "-")
  }

  @Test func zeroDelayHopsWithinTheFrame() throws {
    let t = TestClock()
    let subject = Subject<Int>()
    var log: [String] = []
    subject.delay(0, on: t.scheduler).subscribe(next: { log.append("delivered \($0)") })
    t.scheduler.schedule(at: 1) {
      subject.sendNext(1)
      log.append("sent at \(t.now)")
    }
    try t.run()
    #expect(log == ["sent at 1", "delivered 1"])
    #expect(t.now == 1)
  }

  @Test func disposalCancelsPendingDeliveries() throws {
    let t = TestClock()
    let a = t.cold("--1--2--|")
    let recording = t.record(a.delay(3, on: t.scheduler), disposedAt: 4)
    try t.advance(to: 4)
    #expect(t.liveActions == 0)
    t.expect(recording, "-")
    t.expectSubscriptions(a, "^---!")
  }

  @Test func releasesDeliveredActionsWhileRunning() throws {
    let t = TestClock()
    let recording = t.record(t.cold("-1-2-3-4-5|").delay(1, on: t.scheduler))
    try t.advance(to: 9)
    #expect(t.liveActions == 2)  // the source's completion and the delivery of 5
    t.expect(recording, "--1-2-3-4-5|")
  }
}
