import ReactiveRxJS
import Testing

@testable import Reactive

/// RxJS `expand`: every value sent is fed back through the projection, recursively.
@Suite struct ExpandTests {
  @Test func feedsEachValueBack() {
    let t = TestClock()
    let source = t.cold("-1----|")
    let r = t.record(source.expand { x in x < 4 ? t.cold("-y|", ["y": x * 2]) : .empty })
    t.expect(r, "-124--|")
    t.expectSubscriptions(source, "^-----!")
    t.expectReleased()
  }

  @Test func completesWhenTheSourceAndEveryInnerSignalHaveCompleted() {
    let t = TestClock()
    let r = t.record(
      t.cold("-1|").expand { x in x < 4 ? t.cold("-y|", ["y": x * 2]) : t.cold("---|") })
    // 4 arrives at 3; its inner signal completes at 6.
    t.expect(r, "-124--|")
  }

  @Test func emptyAndNever() {
    let t = TestClock()
    let calls = Locked(0)
    let transform = { (x: Int) -> Signal<Int> in
      calls.withLock { $0 += 1 }
      return .just(x)
    }
    let empty = t.record(t.cold("--|").expand(transform))
    let never = t.record(t.cold("-").expand(transform))
    t.expect(empty, "--|")
    t.expect(never, "-")
    #expect(calls.value == 0)
  }

  @Test func failuresOfTheSourceOrAnInnerSignal() {
    let t = TestClock()
    let inner = t.cold("---y", ["y": 9])
    let source = t.cold("-1--2|")
    let sourceFails = t.record(t.cold("-1#").expand { _ in inner })
    let innerFails = t.record(source.expand { _ in t.cold("-#") })
    t.expect(sourceFails, "-1#")
    t.expect(innerFails, "-1#")
    t.expectSubscriptions(inner, "-^!")
    t.expectSubscriptions(source, "^-!")
    t.expectReleased()
  }

  @Test func earlyDisposalReleasesTheSourceAndTheInnerSignals() {
    let t = TestClock()
    let source = t.cold("-1---|")
    let r = t.record(source.expand { x in t.cold("--y|", ["y": x + 1]) }, disposedAt: 6)
    t.expect(r, "-1-2-3")
    t.expectSubscriptions(source, "^----!")
    t.expectReleased()
  }

  @Test func innerSignalsThatAnswerAtOnceExpandWithinTheFrame() {
    let t = TestClock()
    let r = t.record(t.cold("-1-----|").expand { x in x < 3 ? .just(x + 1) : .empty })
    t.expect(r, "-(123)-|")
  }
}
