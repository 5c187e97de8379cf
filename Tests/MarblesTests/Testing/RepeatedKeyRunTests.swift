import Testing

@testable import MarblesTesting
@testable import Reactive

/// A run of one repeated key on consecutive frames (`aaaa…`) plays in a loop of its own
/// (`VirtualTimeScheduler.repeatSeries`): one value, each next step checked against one bound
/// (`seriesLimit`) and the cancellation. Everything a test can observe must still be what one
/// queued action per frame gives, at every place in such a run.
@Suite struct RepeatedKeyRunTests {
  final class Log { var lines: [String] = [] }

  /// The running sum of a run of `a` = 1: 1, 2, 3, … at frames 0, 1, 2, …
  func counted(_ ts: TestScheduler, _ marble: String) -> (ColdSignal<Int>, Signal<Int>) {
    let source = ts.cold(marble, values: ["a": 1, "b": 100])
    return (source, source.map { $0 }.filter { $0 > 0 }.scan(0, +))
  }

  @Test func aRunRecordsEachValueAtItsFrameAcrossGapsAndOtherKeys() throws {
    let ts = TestScheduler()
    let (source, sums) = counted(ts, "aaa-aab(ab)aa|")
    let recording = ts.record(sums)
    try ts.run()
    let values = [1, 2, 3, 4, 5, 105, 106, 206, 207, 208].enumerated().map {
      (String(UnicodeScalar(UInt8(ascii: "a") + UInt8($0.offset))), $0.element)
    }
    expectMarbles(
      recording, "abc-def(gh)ij|", values: Dictionary(uniqueKeysWithValues: values))
    expectSubscriptions(source, "^------------!")
  }

  @Test func theClockAndTheActionCountAreRightInEveryClosureOfARun() throws {
    let ts = TestScheduler()
    let log = Log()
    let source = ts.cold("aaaaa|", values: ["a": 1])
    var ran = 0
    let recording = ts.record(
      source.map { value in
        let actions = ts.scheduler.actionsRun
        log.lines.append("at \(ts.now), \(actions - ran) more")
        ran = actions
        return value
      }.scan(0, +))
    try ts.run()
    // The recording's subscription at 0, then one action a frame, as the loop would count them.
    #expect(log.lines == ["at 0, 1 more"] + (1...4).map { "at \($0), 1 more" })
    expectMarbles(recording, "abcde|", values: ["a": 1, "b": 2, "c": 3, "d": 4, "e": 5])
  }

  @Test func workQueuedBeforeTheRunAtAFrameInTheMiddleRunsBeforeThatFramesValue() throws {
    let ts = TestScheduler()
    let log = Log()
    let (_, sums) = counted(ts, "aaaaaa|")
    // Queued before the source subscribes: an earlier sequence than every step of the source.
    ts.scheduler.schedule(at: 3) { log.lines.append("queued first, at \(ts.now)") }
    _ = ts.record(sums.doNext { log.lines.append("\($0) at \(ts.now)") })
    try ts.run()
    #expect(
      log.lines == [
        "1 at 0", "2 at 1", "3 at 2", "queued first, at 3", "4 at 3", "5 at 4", "6 at 5",
      ])
  }

  @Test func workQueuedAfterTheSourceSubscribedRunsAfterThatFramesValue() throws {
    let ts = TestScheduler()
    let log = Log()
    let (_, sums) = counted(ts, "aaaaaa|")
    _ = ts.record(sums.doNext { log.lines.append("\($0) at \(ts.now)") })
    // At frame 0, after the recording subscribed: a later sequence than the source's steps.
    ts.scheduler.schedule(at: 0) {
      ts.scheduler.schedule(at: 3) { log.lines.append("queued later, at \(ts.now)") }
    }
    try ts.run()
    #expect(
      log.lines == [
        "1 at 0", "2 at 1", "3 at 2", "4 at 3", "queued later, at 3", "5 at 4", "6 at 5",
      ])
  }

  @Test func workScheduledFromInsideARunTakesItsPlace() throws {
    let ts = TestScheduler()
    let log = Log()
    let source = ts.cold("aaaaaa|", values: ["a": 1])
    let recording = ts.record(
      source.scan(0, +).doNext { sum in
        log.lines.append("\(sum) at \(ts.now)")
        if sum == 2 {
          ts.scheduler.schedule { log.lines.append("now, at \(ts.now)") }
          ts.scheduler.schedule(after: 2) { log.lines.append("later, at \(ts.now)") }
        }
      })
    try ts.run()
    #expect(
      log.lines == [
        "1 at 0", "2 at 1", "now, at 1", "3 at 2", "4 at 3", "later, at 3", "5 at 4", "6 at 5",
      ])
    expectMarbles(
      recording, "abcdef|", values: ["a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6])
  }

  @Test func disposalFromInsideARunStopsItAtOnce() throws {
    for cut in 1...6 {
      let ts = TestScheduler()
      let source = ts.cold("aaaaaaa|", values: ["a": 1])
      let log = Log()
      var subscription: (any Disposable)?
      ts.scheduler.schedule {
        subscription = source.scan(0, +).subscribe(next: { sum in
          log.lines.append("\(sum)@\(ts.now)")
          if sum == cut { subscription?.dispose() }
        })
      }
      try ts.run()
      #expect(log.lines == (1...cut).map { "\($0)@\($0 - 1)" })
      #expect(source.subscriptions.map(\.unsubscribed) == [cut - 1])
      #expect(ts.scheduler.isIdle)
    }
  }

  @Test func aRecordingsWindowEndsARunAtEachFrame() throws {
    for end in 1...5 {
      let ts = TestScheduler()
      let (source, sums) = counted(ts, "aaaaaa|")
      let recording = ts.record(sums, subscribed: 0, unsubscribed: end)
      try ts.run()
      #expect(recording.values == Array(1...end))
      #expect(source.subscriptions.map(\.unsubscribed) == [end])
    }
  }

  @Test func takeAndAnErrorEndARun() throws {
    let ts = TestScheduler()
    let (source, sums) = counted(ts, "aaaaaa|")
    let taken = ts.record(sums.take(4))
    let failing = ts.cold("aaaa#", values: ["a": 1])
    let failed = ts.record(failing.scan(0, +))
    try ts.run()
    expectMarbles(taken, "abc(d|)", values: ["a": 1, "b": 2, "c": 3, "d": 4])
    expectMarbles(failed, "abcd#", values: ["a": 1, "b": 2, "c": 3, "d": 4])
    expectSubscriptions(source, "^--!")
    expectSubscriptions(failing, "^---!")
  }

  @Test func twoRunsAtTheSameFramesTakeTurns() throws {
    let ts = TestScheduler()
    let log = Log()
    let first = ts.cold("aaa|", values: ["a": "x"])
    let second = ts.cold("aaa|", values: ["a": "y"])
    let merged = Signal.merge(first.map { $0 }, second.map { $0 })
    _ = ts.record(merged.doNext { log.lines.append("\($0)@\(ts.now)") })
    try ts.run()
    #expect(log.lines == ["x@0", "y@0", "x@1", "y@1", "x@2", "y@2"])
  }

  @Test func advanceMaxFramesAndStepStopARunInTheMiddle() throws {
    let ts = TestScheduler()
    let (_, sums) = counted(ts, "aaaaaaaaaa|")
    let recording = ts.record(sums)
    try ts.advance(to: 2)
    #expect(recording.values == [1, 2, 3])
    #expect(ts.now == 2)
    #expect(try ts.scheduler.step())
    #expect(recording.values == [1, 2, 3, 4])
    #expect(ts.now == 3)
    ts.scheduler.maxFrames = 6
    #expect(throws: VirtualTimeError.frameLimitExceeded(limit: 6, nextFrame: 7)) {
      try ts.run()
    }
    #expect(recording.values == Array(1...7))
    ts.scheduler.maxFrames = 100
    try ts.run()
    expectMarbles(
      recording, "abcdefghij|",
      values: Dictionary(
        uniqueKeysWithValues: (1...10).map {
          (String(UnicodeScalar(UInt8(ascii: "a") + UInt8($0 - 1))), $0)
        }))
  }

  @Test func stopFromInsideARunStopsBeforeTheNextFrame() throws {
    let ts = TestScheduler()
    let log = Log()
    let source = ts.cold("aaaaaa|", values: ["a": 1])
    _ = ts.record(
      source.scan(0, +).doNext { sum in
        log.lines.append("\(sum)@\(ts.now)")
        if sum == 3 { ts.scheduler.stop() }
      })
    #expect(throws: VirtualTimeError.stopped(frame: 2)) { try ts.run() }
    #expect(log.lines == ["1@0", "2@1", "3@2"])
    try ts.run()
    #expect(log.lines == (1...6).map { "\($0)@\($0 - 1)" })
  }

  @Test func aNestedRunFromInsideARunLosesNoValue() throws {
    let ts = TestScheduler()
    let log = Log()
    let source = ts.cold("aaaaaa|", values: ["a": 1])
    let other = ts.cold("bbb|", values: ["b": 10])
    _ = ts.record(
      source.scan(0, +).doNext { sum in
        log.lines.append("\(sum)@\(ts.now)")
        if sum == 2 {
          _ = other.subscribe(next: { log.lines.append("inner \($0)@\(ts.now)") })
          // Runs this frame's work, then advances: the outer run's next frame plays in it.
          try? ts.scheduler.advance(to: 3)
          log.lines.append("advanced to \(ts.now)")
        }
      })
    try ts.run()
    #expect(
      log.lines == [
        "1@0", "2@1", "inner 10@1", "3@2", "inner 10@2", "4@3", "inner 10@3", "advanced to 3",
        "5@4", "6@5",
      ])
  }

  @Test func theActionLimitCountsEachFrameOfARunAsOneAction() throws {
    for extra in 1...2 {
      let ts = TestScheduler()
      // Frame 0: the recording's subscription and the first value.
      ts.scheduler.maxActionsPerFrame = 2
      let source = ts.cold("aaaaa|", values: ["a": 1])
      let recording = ts.record(
        source.scan(0, +).doNext { sum in
          guard sum == 3 else { return }
          for _ in 0..<extra { ts.scheduler.schedule {} }
        })
      if extra == 1 {
        try ts.run()
        #expect(recording.values == [1, 2, 3, 4, 5])
      } else {
        #expect(throws: VirtualTimeError.actionLimitExceeded(limit: 2, frame: 2)) {
          try ts.run()
        }
        #expect(recording.values == [1, 2, 3])
      }
    }
  }
}
