import Testing

@testable import Reactive

@Suite struct BufferWithTimeTests {
  @Test func sendsEachBufferAfterItsFirstValue() {
    let t = TestClock()
    let a = t.cold("-12--3------4-|")
    let buffered = a.bufferWithTime(3, on: t.scheduler)
    t.expect(t.record(buffered), "----a---b-----(c|)", ["a": [1, 2], "b": [3], "c": [4]])
    t.expectSubscriptions(a, "^-------------!")
  }

  @Test func emptyNeverAndFailure() throws {
    let t = TestClock()
    let empty = t.record(t.cold("---|").bufferWithTime(3, on: t.scheduler))
    let never = t.record(t.cold("-").bufferWithTime(3, on: t.scheduler))
    let failure = t.record(t.cold("-1#").bufferWithTime(3, on: t.scheduler))
    try t.advance(to: 3)
    #expect(t.liveActions == 0)
    t.expect(empty, "---|", [Character: [Int]]())
    t.expect(never, "-", [Character: [Int]]())
    t.expect(failure, "--#", [Character: [Int]]())
  }

  @Test func disposalCancelsTheTimer() throws {
    let t = TestClock()
    let a = t.cold("-1-2-3|")
    let recording = t.record(a.bufferWithTime(5, on: t.scheduler), disposedAt: 4)
    try t.advance(to: 4)
    #expect(t.liveActions == 0)
    t.expect(recording, "-", [Character: [Int]]())
    t.expectSubscriptions(a, "^---!")
  }
}
