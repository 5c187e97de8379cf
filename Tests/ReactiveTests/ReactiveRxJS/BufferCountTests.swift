import ReactiveRxJS
import Testing

@testable import Reactive

@Suite struct BufferCountTests {
  @Test func sendsFullBuffersAndTheRestAtCompletion() {
    let t = TestClock()
    let a = t.cold("--1-2-3-4-5-|")
    let arrays: [Character: [Int]] = [
      "a": [1, 2], "b": [2, 3], "c": [3, 4], "d": [4, 5], "e": [5], "f": [1, 2, 3],
      "g": [4, 5],
    ]
    let pairs = t.record(a.bufferCount(2))
    let sliding = t.record(a.bufferCount(2, 1))
    let gaps = t.record(a.bufferCount(2, 3))
    let triples = t.record(a.bufferCount(3))
    t.expect(pairs, "----a---c---(e|)", arrays)
    t.expect(sliding, "----a-b-c-d-(e|)", arrays)
    t.expect(gaps, "----a-----g-|", arrays)
    t.expect(triples, "------f-----(g|)", arrays)
  }

  @Test func sizesBelowOneCountAsOne() {
    let t = TestClock()
    t.expect(t.record(t.cold("-1-2|").bufferCount(0)), "-a-b|", ["a": [1], "b": [2]])
  }

  @Test func emptyNeverFailureAndDisposal() {
    let t = TestClock()
    let a = t.cold("-1-2-3|")
    let empty = t.record(t.cold("--|").bufferCount(2))
    let never = t.record(t.cold("-1-").bufferCount(2))
    let failure = t.record(t.cold("-1-#").bufferCount(2))
    let disposed = t.record(a.bufferCount(1), disposedAt: 2)
    t.expect(empty, "--|", [Character: [Int]]())
    t.expect(never, "-", [Character: [Int]]())
    t.expect(failure, "---#", [Character: [Int]]())
    t.expect(disposed, "-a", ["a": [1]])
    t.expectSubscriptions(a, "^-!")
  }
}
