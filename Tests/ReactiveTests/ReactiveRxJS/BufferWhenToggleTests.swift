import ReactiveRxJS
import Testing

@testable import Reactive

/// RxJS `bufferWhen` and `bufferToggle`: arrays closed by notifier signals.
@Suite struct BufferWhenToggleTests {
  // MARK: - bufferWhen

  @Test func bufferWhenClosesWithAFreshClosingSignal() {
    let t = TestClock()
    let source = t.cold("-1-2---3--|")
    let closing = t.cold("----x", ["x": 0])
    let r = t.record(source.bufferWhen { closing })
    t.expect(r, "----x---y-(z|)", ["x": [1, 2], "y": [3], "z": []])
    t.expectSubscriptions(source, "^---------!")
    t.expectSubscriptions(closing, "^---!", "----^---!", "--------^-!")
    t.expectReleased()
  }

  @Test func bufferWhenEmptyAndNever() {
    let t = TestClock()
    let empty = t.record(t.cold("--|").bufferWhen { t.cold("----x", ["x": 0]) })
    let never = t.record(
      t.cold("-").bufferWhen { t.cold("--x", ["x": 0]) }, disposedAt: 7)
    t.expect(empty, "--(e|)", ["e": []])
    t.expect(never, "--e-e-e", ["e": []])
    t.expectReleased()
  }

  @Test func bufferWhenFailures() {
    let t = TestClock()
    let closing = t.cold("---x", ["x": 0])
    let source = t.cold("-1-2-|")
    let sourceFails = t.record(t.cold("-1#").bufferWhen { closing })
    let closingFails = t.record(source.bufferWhen { t.cold("---#") })
    t.expect(sourceFails, "--#", [Character: [Int]]())
    t.expect(closingFails, "---#", [Character: [Int]]())
    t.expectSubscriptions(closing, "^-!")
    t.expectSubscriptions(source, "^--!")
    t.expectReleased()
  }

  @Test func bufferWhenKeepsTheArrayOpenWhenTheClosingSignalCompletesEmpty() {
    let t = TestClock()
    let r = t.record(t.cold("-1-2-|").bufferWhen { t.cold("--|") })
    t.expect(r, "-----(x|)", ["x": [1, 2]])
  }

  @Test func bufferWhenEarlyDisposal() {
    let t = TestClock()
    let source = t.cold("-1-2-3|")
    let closing = t.cold("---x", ["x": 0])
    let r = t.record(source.bufferWhen { closing }, disposedAt: 5)
    t.expect(r, "---x", ["x": [1]])
    t.expectSubscriptions(source, "^----!")
    t.expectSubscriptions(closing, "^--!", "---^-!")
    t.expectReleased()
  }

  // MARK: - bufferToggle

  @Test func bufferToggleKeepsOverlappingArrays() {
    let t = TestClock()
    let source = t.cold("1-2-3-4-5|")
    let openings = t.cold("-o-o-----", ["o": 0])
    let closing = t.cold("----x", ["x": 0])
    let r = t.record(source.bufferToggle(openings) { _ in closing })
    t.expect(r, "-----a-b-|", ["a": [2, 3], "b": [3, 4]])
    t.expectSubscriptions(openings, "^--------!")
    t.expectSubscriptions(closing, "-^---!", "---^---!")
    t.expectReleased()
  }

  @Test func bufferToggleSendsTheOpenArraysInOpeningOrderOnCompletion() {
    let t = TestClock()
    let r = t.record(
      t.cold("-1-2|").bufferToggle(t.cold("o-o-", ["o": 0])) { _ in t.cold("-", ["x": 0]) })
    t.expect(r, "----(ab|)", ["a": [1, 2], "b": [2]])
    t.expectReleased()
  }

  @Test func bufferToggleIgnoresTheCompletionOfOpeningsAndOfAnEmptyClosingSignal() {
    let t = TestClock()
    let openingsDone = t.record(
      t.cold("-1-2-|").bufferToggle(t.cold("o|", ["o": 0])) { _ in t.cold("--x", ["x": 0]) })
    let closingDone = t.record(
      t.cold("-1-2|").bufferToggle(t.cold("o", ["o": 0])) { _ in t.cold("-|") })
    t.expect(openingsDone, "--a--|", ["a": [1]])
    t.expect(closingDone, "----(a|)", ["a": [1, 2]])
  }

  @Test func bufferToggleEmptyAndNever() {
    let t = TestClock()
    let openings = t.cold("-o", ["o": 0])
    let empty = t.record(t.cold("--|").bufferToggle(openings) { _ in t.cold("-") })
    let never = t.record(t.cold("-").bufferToggle(t.cold("-")) { (_: Int) in t.cold("-") })
    t.expect(empty, "--(e|)", ["e": []])
    t.expect(never, "-", [Character: [Int]]())
    t.expectSubscriptions(openings, "^-!")
  }

  @Test func bufferToggleFailures() {
    let t = TestClock()
    let openings = t.cold("o", ["o": 0])
    let closing = t.cold("---x", ["x": 0])
    let source = t.cold("-1-2-|")
    let sourceFails = t.record(t.cold("-1#").bufferToggle(openings) { _ in closing })
    let openingsFail = t.record(source.bufferToggle(t.cold("--#")) { (_: Int) in t.cold("-") })
    let closingFails = t.record(
      t.cold("-1-2-|").bufferToggle(t.cold("-o", ["o": 0])) { _ in t.cold("--#") })
    let none = [Character: [Int]]()
    t.expect(sourceFails, "--#", none)
    t.expect(openingsFail, "--#", none)
    t.expect(closingFails, "---#", none)
    t.expectSubscriptions(openings, "^-!")
    t.expectSubscriptions(closing, "^-!")
    t.expectSubscriptions(source, "^-!")
    t.expectReleased()
  }

  @Test func bufferToggleEarlyDisposal() {
    let t = TestClock()
    let source = t.cold("-1-2-3-|")
    let openings = t.cold("o--o", ["o": 0])
    let closing = t.cold("--x", ["x": 0])
    let r = t.record(source.bufferToggle(openings) { _ in closing }, disposedAt: 4)
    t.expect(r, "--a", ["a": [1]])
    t.expectSubscriptions(source, "^---!")
    t.expectSubscriptions(openings, "^---!")
    t.expectSubscriptions(closing, "^-!", "---^!")
    t.expectReleased()
  }
}
