import ReactiveRxJS
import Testing

@testable import Reactive

/// RxJS `windowToggle` and `windowWhen`. Each window is drawn as the array of its values at
/// the frame it completes (`[-1]` when it fails); when windows open shows in the closing
/// signals' subscriptions.
@Suite struct WindowToggleWhenTests {
  private let failed = [-1]

  private func contents(_ windows: Signal<Signal<Int>>) -> Signal<[Int]> {
    windows.flattenMap { window in window.collect().catch { _ in .just([-1]) } }
  }

  // MARK: - windowToggle

  @Test func windowToggleKeepsOverlappingWindows() {
    let t = TestClock()
    let source = t.cold("1-2-3-4-5|")
    let openings = t.cold("-o-o-----", ["o": 0])
    let closing = t.cold("----x", ["x": 0])
    let r = t.record(contents(source.windowToggle(openings) { _ in closing }))
    t.expect(r, "-----a-b-|", ["a": [2, 3], "b": [3, 4]])
    t.expectSubscriptions(openings, "^--------!")
    t.expectSubscriptions(closing, "-^---!", "---^---!")
    t.expectReleased()
  }

  @Test func windowToggleCompletesTheOpenWindowsThenTheResult() {
    let t = TestClock()
    let r = t.record(
      contents(t.cold("-1-2|").windowToggle(t.cold("o-o-", ["o": 0])) { _ in t.cold("-") }))
    t.expect(r, "----(ab|)", ["a": [1, 2], "b": [2]])
    t.expectReleased()
  }

  @Test func windowToggleIgnoresAnEmptyClosingSignal() {
    let t = TestClock()
    let r = t.record(
      contents(t.cold("-1-2|").windowToggle(t.cold("o", ["o": 0])) { _ in t.cold("-|") }))
    t.expect(r, "----(a|)", ["a": [1, 2]])
  }

  @Test func windowToggleEmptyAndNever() {
    let t = TestClock()
    let empty = t.record(
      contents(t.cold("--|").windowToggle(t.cold("-o", ["o": 0])) { _ in t.cold("-") }))
    let never = t.record(
      contents(t.cold("-").windowToggle(t.cold("-")) { (_: Int) in t.cold("-") }))
    t.expect(empty, "--(e|)", ["e": []])
    t.expect(never, "-", ["e": []])
  }

  @Test func windowToggleFailuresFailTheOpenWindowsThenTheResult() {
    let t = TestClock()
    let openings = t.cold("o", ["o": 0])
    let closing = t.cold("-")
    let source = t.cold("-1-2|")
    let sourceFails = t.record(contents(t.cold("-1#").windowToggle(openings) { _ in closing }))
    let closingFails = t.record(
      contents(t.cold("-1-2-|").windowToggle(t.cold("-o", ["o": 0])) { _ in t.cold("--#") }))
    let openingsFail = t.record(
      source.windowToggle(t.cold("o-#", ["o": 0])) { _ in t.cold("-") }.map { _ in 0 })
    t.expect(sourceFails, "--(e#)", ["e": failed])
    t.expect(closingFails, "---(e#)", ["e": failed])
    t.expect(openingsFail, "o-#", ["o": 0])
    t.expectSubscriptions(openings, "^-!")
    t.expectSubscriptions(closing, "^-!")
    t.expectSubscriptions(source, "^-!")
    t.expectReleased()
  }

  @Test func windowToggleEarlyDisposal() {
    let t = TestClock()
    let source = t.cold("-1-2-3-|")
    let openings = t.cold("o--o", ["o": 0])
    let closing = t.cold("--x", ["x": 0])
    let r = t.record(contents(source.windowToggle(openings) { _ in closing }), disposedAt: 4)
    t.expect(r, "--a", ["a": [1]])
    t.expectSubscriptions(source, "^---!")
    t.expectSubscriptions(openings, "^---!")
    t.expectSubscriptions(closing, "^-!", "---^!")
    t.expectReleased()
  }

  // MARK: - windowWhen

  @Test func windowWhenClosesAndReopensAtEachClosingValue() {
    let t = TestClock()
    let source = t.cold("-1-2---3--|")
    let closing = t.cold("----x", ["x": 0])
    let r = t.record(contents(source.windowWhen { closing }))
    t.expect(r, "----a---b-(e|)", ["a": [1, 2], "b": [3], "e": []])
    t.expectSubscriptions(source, "^---------!")
    t.expectSubscriptions(closing, "^---!", "----^---!", "--------^-!")
    t.expectReleased()
  }

  @Test func windowWhenAlsoClosesWhenTheClosingSignalCompletes() {
    let t = TestClock()
    let closing = t.cold("---|")
    let r = t.record(contents(t.cold("-1-2-|").windowWhen { closing }))
    t.expect(r, "---a-(b|)", ["a": [1], "b": [2]])
    t.expectSubscriptions(closing, "^--!", "---^-!")
  }

  @Test func windowWhenEmptyAndNever() {
    let t = TestClock()
    let empty = t.record(contents(t.cold("--|").windowWhen { t.cold("----x", ["x": 0]) }))
    let never = t.record(
      contents(t.cold("-").windowWhen { t.cold("--x", ["x": 0]) }), disposedAt: 5)
    t.expect(empty, "--(e|)", ["e": []])
    t.expect(never, "--e-e", ["e": []])
    t.expectReleased()
  }

  @Test func windowWhenFailuresFailTheWindowThenTheResult() {
    let t = TestClock()
    let closing = t.cold("---x", ["x": 0])
    let source = t.cold("-1-2-|")
    let sourceFails = t.record(contents(t.cold("-1#").windowWhen { closing }))
    let closingFails = t.record(contents(source.windowWhen { t.cold("---#") }))
    t.expect(sourceFails, "--(e#)", ["e": failed])
    t.expect(closingFails, "---(e#)", ["e": failed])
    t.expectSubscriptions(closing, "^-!")
    t.expectSubscriptions(source, "^--!")
    t.expectReleased()
  }

  @Test func windowWhenEarlyDisposal() {
    let t = TestClock()
    let source = t.cold("-1-2-3|")
    let closing = t.cold("---x", ["x": 0])
    let r = t.record(contents(source.windowWhen { closing }), disposedAt: 5)
    t.expect(r, "---a", ["a": [1]])
    t.expectSubscriptions(source, "^----!")
    t.expectSubscriptions(closing, "^--!", "---^-!")
    t.expectReleased()
  }
}
