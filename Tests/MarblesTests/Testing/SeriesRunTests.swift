import Testing

@testable import MarblesTesting
@testable import Reactive

/// A cold source plays consecutive frames in one run of its series when nothing else is due
/// (`VirtualTimeScheduler.continueSeries`), straight into a `map`/`filter`/`scan` chain and the
/// recording. Everything a test can observe must be what one queued action per frame gives: the
/// clock at each value, work scheduled from inside the chain, disposal, errors, other sources.
@Suite struct SeriesRunTests {
  final class Log { var lines: [String] = [] }

  /// `a` is 1, `b` 2, … `h` 8.
  let letters = Dictionary(uniqueKeysWithValues: zip("abcdefgh".map(String.init), 1...8))

  @Test func aChainOverConsecutiveFramesRecordsEachValueAtItsFrame() throws {
    let ts = TestScheduler()
    let source = ts.cold("abcdef|", values: letters)
    let recording = ts.record(source.map { $0 * 10 }.filter { $0 % 20 != 0 }.scan(0, +))
    try ts.run()
    expectMarbles(recording, "a-b-c-|", values: ["a": 10, "b": 40, "c": 90])
    expectSubscriptions(source, "^-----!")
  }

  @Test func theClockIsTheValuesFrameInEveryClosure() throws {
    let ts = TestScheduler()
    let log = Log()
    let source = ts.cold("abcd|", values: ["a": 1, "b": 2, "c": 3, "d": 4])
    let chain =
      source
      .map { value in
        log.lines.append("map \(value) at \(ts.now)")
        return value
      }
      .filter { value in
        log.lines.append("filter \(value) at \(ts.now)")
        return true
      }
      .scan(0) { sum, value in
        log.lines.append("scan \(value) at \(ts.now)")
        return sum + value
      }
    let recording = ts.record(chain)
    try ts.run()
    #expect(
      log.lines
        == (1...4).flatMap { value in
          ["map", "filter", "scan"].map { "\($0) \(value) at \(value - 1)" }
        })
    expectMarbles(recording, "abcd|", values: ["a": 1, "b": 3, "c": 6, "d": 10])
  }

  @Test func workScheduledFromTheChainRunsWhereOneActionPerFrameWouldRunIt() throws {
    let ts = TestScheduler()
    let log = Log()
    let source = ts.cold("abcd|", values: ["a": 1, "b": 2, "c": 3, "d": 4])
    let recording = ts.record(
      source.map { value in
        log.lines.append("value \(value) at \(ts.now)")
        if value == 2 {
          // At the current frame: after this value, before the next frame's.
          ts.scheduler.schedule { log.lines.append("now, queued by 2, at \(ts.now)") }
          // At a later frame of the source: after the source's value there, whose place was
          // taken when the source was subscribed.
          ts.scheduler.schedule(after: 2) { log.lines.append("later, queued by 2, at \(ts.now)") }
        }
        return value
      })
    try ts.run()
    #expect(
      log.lines == [
        "value 1 at 0", "value 2 at 1", "now, queued by 2, at 1", "value 3 at 2",
        "value 4 at 3", "later, queued by 2, at 3",
      ])
    expectMarbles(recording, "abcd|", values: ["a": 1, "b": 2, "c": 3, "d": 4])
  }

  @Test func twoSourcesAtTheSameFramesTakeTurns() throws {
    let ts = TestScheduler()
    let words = ts.cold("abc|", values: ["a": "a", "b": "b", "c": "c"])
    let digits = ts.cold("xyz|", values: ["x": "1", "y": "2", "z": "3"])
    let log = Log()
    let merged = Signal.merge(words.map { $0 }, digits.map { $0 })
    _ = ts.record(merged.doNext { log.lines.append("\($0)@\(ts.now)") })
    try ts.run()
    #expect(log.lines == ["a@0", "1@0", "b@1", "2@1", "c@2", "3@2"])
  }

  @Test func disposalInTheMiddleOfARunStopsIt() throws {
    let ts = TestScheduler()
    let source = ts.cold("abcdefgh|", values: letters)
    let cut = ts.record(source.map { $0 * 2 }.scan(0, +), subscribed: 0, unsubscribed: 3)
    try ts.run()
    expectMarbles(cut, "abc", values: ["a": 2, "b": 6, "c": 12])
    expectSubscriptions(source, "^--!")

    // Disposed by the chain itself, from inside a value's closure.
    let ts2 = TestScheduler()
    let source2 = ts2.cold("abcdef|", values: letters)
    let log = Log()
    var subscription: (any Disposable)?
    ts2.scheduler.schedule {
      subscription = source2.map { value in
        if value == 3 { subscription?.dispose() }
        return value
      }
      .subscribe(next: { log.lines.append("\($0)@\(ts2.now)") })
    }
    try ts2.run()
    #expect(log.lines == ["1@0", "2@1"])
    expectSubscriptions(source2, "^-!")
    #expect(ts2.scheduler.isIdle)
  }

  @Test func takeEndsTheRunAtItsLastValue() throws {
    let ts = TestScheduler()
    let source = ts.cold("abcdef|", values: letters)
    let recording = ts.record(source.map { $0 + 1 }.take(3).filter { $0 != 3 })
    try ts.run()
    expectMarbles(recording, "a-(c|)", values: ["a": 2, "c": 4])
    expectSubscriptions(source, "^-!")
  }

  @Test func anObserverBetweenStepsSeesEveryValueInOrder() throws {
    let ts = TestScheduler()
    let log = Log()
    let source = ts.cold("abcd|", values: ["a": 1, "b": 2, "c": 3, "d": 4])
    let chain =
      source
      .map { $0 * 10 }
      .doNext { log.lines.append("saw \($0) at \(ts.now)") }
      .filter { $0 != 20 }
      .scan(0, +)
    let recording = ts.record(chain)
    try ts.run()
    #expect(log.lines == ["saw 10 at 0", "saw 20 at 1", "saw 30 at 2", "saw 40 at 3"])
    expectMarbles(recording, "a-bc|", values: ["a": 10, "b": 40, "c": 80])
  }

  @Test func scanStartsAfreshForEachSubscription() throws {
    let ts = TestScheduler()
    let source = ts.cold("abc|", values: ["a": 1, "b": 2, "c": 3])
    let sums = source.map { $0 }.scan(0, +)
    let first = ts.record(sums)
    let second = ts.record(sums, subscribed: 5)
    let repeated = ts.record(sums.repeat(2), subscribed: 10)
    try ts.run()
    expectMarbles(first, "abc|", values: ["a": 1, "b": 3, "c": 6])
    expectMarbles(second, "-----abc|", values: ["a": 1, "b": 3, "c": 6])
    expectMarbles(
      repeated, "----------abcabc|", values: ["a": 1, "b": 3, "c": 6])
    expectSubscriptions(source, "^--!", "-----^--!", "----------^--!", "-------------^--!")
  }

  @Test func anErrorInTheMiddleEndsTheChainAndTheSubscription() throws {
    let ts = TestScheduler()
    let source = ts.cold("abc#", values: letters)
    let recording = ts.record(source.map { $0 * 10 }.filter { $0 != 20 }.scan(0, +))
    try ts.run()
    expectMarbles(recording, "a-b#", values: ["a": 10, "b": 40])
    expectSubscriptions(source, "^--!")
  }

  @Test func theRunStopsWhereTheTestAdvancesTo() throws {
    let ts = TestScheduler()
    let source = ts.cold("abcdef|", values: letters)
    let recording = ts.record(source.scan(0, +))
    try ts.advance(to: 2)
    #expect(recording.values == [1, 3, 6])
    #expect(ts.now == 2)
    ts.scheduler.maxFrames = 4
    #expect(throws: VirtualTimeError.frameLimitExceeded(limit: 4, nextFrame: 5)) {
      try ts.run()
    }
    #expect(recording.values == [1, 3, 6, 10, 15])
  }
}
