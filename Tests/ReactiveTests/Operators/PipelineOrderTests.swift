import Testing

@testable import Reactive

/// `map`, `filter` and `scan` chained: every observable order (the source's subscription and
/// disposals, the steps' calls, the probe's reports, the downstream's events and disposals)
/// is pinned here, so that running the steps in one upstream subscriber changes none of it.
@Suite struct PipelineOrderTests {
  final class Log { var lines: [String] = [] }
  final class Slot { var subscriber: Subscriber<Int>? }

  /// A source that logs its subscription and disposals and hands out its subscriber.
  private func source(_ log: Log, _ slot: Slot) -> Signal<Int> {
    Signal { subscriber in
      log.lines.append("source subscribed")
      slot.subscriber = subscriber
      subscriber.attach { log.lines.append("source attachment disposed") }
      return ActionDisposable { log.lines.append("source disposable disposed") }
    }
  }

  private func pipeline(_ input: Signal<Int>, _ log: Log, _ probe: StateProbe) -> Signal<Int> {
    input
      .map { value -> Int in
        log.lines.append("map \(value)")
        return value * 10
      }
      .filter { value in
        log.lines.append("filter \(value)")
        return value != 20
      }
      .scan(0, probe: probe) { total, value in
        log.lines.append("scan \(value)")
        return total + value
      }
  }

  private func downstream(_ log: Log, _ name: String = "D") -> Subscriber<Int> {
    let subscriber = Subscriber<Int> { log.lines.append("\(name) \($0)") }
    subscriber.attach { log.lines.append("\(name) attachment disposed") }
    return subscriber
  }

  private func armed(_ log: Log) -> StateProbe {
    let probe = StateProbe()
    probe.arm { lane, value in log.lines.append("probe \(lane) \(value)") }
    return probe
  }

  @Test func completion() {
    let log = Log()
    let slot = Slot()
    pipeline(source(log, slot), log, armed(log)).subscribe(downstream(log))
    slot.subscriber?.sendNext(1)
    slot.subscriber?.sendNext(2)
    slot.subscriber?.sendNext(3)
    slot.subscriber?.sendCompleted()
    slot.subscriber?.sendNext(4)
    #expect(
      log.lines == [
        "probe acc 0", "source subscribed", "map 1", "filter 10", "scan 10", "probe acc 10",
        "D next(10)", "map 2", "filter 20", "map 3", "filter 30", "scan 30", "probe acc 40",
        "D next(40)", "source attachment disposed", "source disposable disposed",
        "D attachment disposed", "D completed",
      ])
  }

  @Test func failure() {
    let log = Log()
    let slot = Slot()
    pipeline(source(log, slot), log, armed(log)).subscribe(downstream(log))
    slot.subscriber?.sendNext(1)
    slot.subscriber?.sendError(SignalError.noElements)
    slot.subscriber?.sendNext(4)
    #expect(
      log.lines == [
        "probe acc 0", "source subscribed", "map 1", "filter 10", "scan 10", "probe acc 10",
        "D next(10)", "source attachment disposed", "source disposable disposed",
        "D attachment disposed", "D error(the signal completed without a matching value)",
      ])
  }

  @Test func disposalFromDownstream() {
    let log = Log()
    let slot = Slot()
    let subscriber = downstream(log)
    pipeline(source(log, slot), log, armed(log)).subscribe(subscriber)
    slot.subscriber?.sendNext(1)
    subscriber.dispose()
    slot.subscriber?.sendNext(3)
    #expect(slot.subscriber?.isDisposed == true)
    #expect(
      log.lines == [
        "probe acc 0", "source subscribed", "map 1", "filter 10", "scan 10", "probe acc 10",
        "D next(10)", "D attachment disposed", "source attachment disposed",
        "source disposable disposed",
      ])
  }

  @Test func takeEndsTheSourceFromInsideADelivery() {
    let log = Log()
    let slot = Slot()
    pipeline(source(log, slot), log, armed(log)).take(1).subscribe(downstream(log))
    slot.subscriber?.sendNext(1)
    slot.subscriber?.sendNext(3)
    #expect(
      log.lines == [
        "probe acc 0", "source subscribed", "map 1", "filter 10", "scan 10", "probe acc 10",
        "D next(10)", "D attachment disposed", "source attachment disposed",
        "source disposable disposed", "D completed",
      ])
  }

  @Test func eachSubscriptionHasItsOwnAccumulator() {
    let log = Log()
    let slot = Slot()
    let probe = armed(log)
    let signal = pipeline(source(log, slot), log, probe)
    signal.subscribe(downstream(log, "A"))
    let first = slot.subscriber
    first?.sendNext(1)
    signal.subscribe(downstream(log, "B"))
    let second = slot.subscriber
    second?.sendNext(3)
    first?.sendNext(4)
    second?.sendCompleted()
    #expect(
      log.lines == [
        "probe acc 0", "source subscribed", "map 1", "filter 10", "scan 10", "probe acc 10",
        "A next(10)", "source subscribed", "map 3", "filter 30", "scan 30", "B next(30)", "map 4",
        "filter 40", "scan 40", "probe acc 50", "A next(50)", "source attachment disposed",
        "source disposable disposed", "B attachment disposed", "B completed",
      ])
  }
}
