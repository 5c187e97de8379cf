import Testing

@testable import Reactive

/// The playback engine: one queued action per playback, in the order of actions queued up front.
@Suite struct CodedTimelineTests {
  /// Plays `--a-(bc)-|`-like timelines the way the marble sources do, logging deliveries.
  private func log(
    _ timeline: CodedTimeline<String>, on scheduler: VirtualTimeScheduler, into log: Box
  ) -> any Disposable {
    timeline.play(on: scheduler, shiftedBy: scheduler.now) { _, events in
      for index in events { log.lines.append("\(scheduler.now): \(timeline.event(at: index))") }
    }
  }

  /// A timeline of `(frame, event)` pairs.
  private func timeline(_ pairs: [(Int, Event<String>)]) -> CodedTimeline<String> {
    CodedTimeline(pairs.map { (frame: $0.0, event: $0.1) })
  }

  /// The frame of each batch of `timeline`.
  private func batchFrames(_ timeline: CodedTimeline<String>) -> [Int] {
    (0..<timeline.batchCount).map(timeline.frame(ofBatch:))
  }

  /// The events of batch `index` of `timeline`, described.
  private func batch(_ index: Int, of timeline: CodedTimeline<String>) -> [String] {
    timeline.batch(index).map { "\(timeline.event(at: $0))" }
  }

  final class Box { var lines: [String] = [] }

  @Test func aSeriesRunsWhereActionsQueuedUpFrontWould() throws {
    // The same work twice: once with every step queued at once, once as a series. Work queued
    // later at the series' frames (from inside earlier steps, too) must interleave identically.
    func run(series: Bool) throws -> [String] {
      let s = VirtualTimeScheduler()
      var log: [String] = []
      let frames = [1, 3, 3, 6]
      if series {
        let step: (Int) -> Void = { step in
          log.append("step \(step) at \(s.now)")
          s.schedule(at: 6) { log.append("queued by step \(step) at \(s.now)") }
        }
        s.scheduleSeries(count: frames.count, at: { frames[$0] }, step)
      } else {
        for (step, frame) in frames.enumerated() {
          s.schedule(at: frame) {
            log.append("step \(step) at \(s.now)")
            s.schedule(at: 6) { log.append("queued by step \(step) at \(s.now)") }
          }
        }
      }
      s.schedule(at: 3) { log.append("other at 3") }
      s.schedule(at: 6) { log.append("other at 6") }
      try s.run()
      return log
    }
    let upFront = try run(series: false)
    #expect(try run(series: true) == upFront)
    #expect(upFront.first == "step 0 at 1")
  }

  @Test func aSeriesTakenWithoutTheLoopStillStopsWhereTheRunIsBounded() throws {
    // Consecutive steps run straight from the series when nothing else is due; the bounds of a
    // run (step(), advance(to:), maxFrames, maxActionsPerFrame) must still apply to each step.
    var ran: [Int] = []
    let s = VirtualTimeScheduler(maxFrames: 6, maxActionsPerFrame: 3)
    let frames = [0, 1, 2, 4, 4, 4, 4, 7]
    let frame: (Int) -> Int = { frames[$0] }
    s.scheduleSeries(count: frames.count, at: frame) { ran.append($0) }
    #expect(try s.step())
    #expect(ran == [0])
    try s.advance(to: 2)
    #expect(ran == [0, 1, 2])
    #expect(throws: VirtualTimeError.actionLimitExceeded(limit: 3, frame: 4)) { try s.run() }
    #expect(ran == [0, 1, 2, 3, 4, 5])
    s.maxActionsPerFrame = 10
    #expect(throws: VirtualTimeError.frameLimitExceeded(limit: 6, nextFrame: 7)) { try s.run() }
    #expect(ran == [0, 1, 2, 3, 4, 5, 6])
    #expect(s.pendingCount == 1)
  }

  @Test func eachStepRunsExactlyOneStepOfASeriesOfConsecutiveFrames() throws {
    // `step()` is the loop's only bounded use (one action); a series taken without the loop
    // must not run its following steps in the same call, nor skip any.
    var ran: [Int] = []
    let s = VirtualTimeScheduler()
    let frame: (Int) -> Int = { $0 }
    s.scheduleSeries(count: 8, at: frame) { ran.append($0) }
    for count in 1...5 {
      #expect(try s.step())
      #expect(ran == Array(0..<count))
      #expect(s.now == count - 1)
      #expect(s.actionsRun == count)
    }
    try s.run()
    #expect(ran == Array(0..<8))
    #expect(s.actionsRun == 8)
  }

  @Test func batchesHoldOneOrSeveralEvents() {
    let single = timeline([(1, .next("a")), (2, .next("b")), (5, .completed)])
    #expect(single.starts.isEmpty)
    #expect(single.batchCount == 3)
    #expect(batch(1, of: single) == ["next(b)"])
    let mixed = timeline([
      (1, .next("a")), (2, .next("b")), (2, .next("c")), (3, .next("d")), (3, .completed),
    ])
    #expect(batchFrames(mixed) == [1, 2, 3])
    #expect(
      (0..<3).map { batch($0, of: mixed) } == [
        ["next(a)"], ["next(b)", "next(c)"], ["next(d)", "completed"],
      ])
    #expect(mixed.timed.map(\.frame) == [1, 2, 2, 3, 3])
  }

  @Test func aPlaybackKeepsOneActionQueuedWhateverItsLength() throws {
    let s = VirtualTimeScheduler()
    let timeline = self.timeline((0..<1_000).map { ($0, .next("v")) })
    let box = Box()
    _ = log(timeline, on: s, into: box)
    #expect(s.pendingCount == 1)
    try s.advance(to: 500)
    #expect(s.pendingCount == 1)
    try s.run()
    #expect(box.lines.count == 1_000)
    #expect(s.pendingCount == 0)
  }

  @Test func eventsOfOneFrameArriveTogetherInTheirOrder() throws {
    let s = VirtualTimeScheduler()
    try s.advance(to: 2)
    let timeline = self.timeline([
      (4, .next("c")), (1, .next("a")), (4, .next("d")), (1, .next("b")), (6, .completed),
    ])
    #expect(batchFrames(timeline) == [1, 4, 6])
    let box = Box()
    _ = log(timeline, on: s, into: box)
    try s.run()
    #expect(
      box.lines == [
        "3: next(a)", "3: next(b)", "6: next(c)", "6: next(d)", "8: completed",
      ])
  }

  @Test func disposingStopsThePlaybackAndReleasesItsAction() throws {
    let s = VirtualTimeScheduler()
    let timeline = self.timeline([(1, .next("a")), (2, .next("b")), (3, .completed)])
    let box = Box()
    let playback = log(timeline, on: s, into: box)
    try s.advance(to: 1)
    playback.dispose()
    try s.run()
    #expect(box.lines == ["1: next(a)"])
    #expect(s.liveActionCount == 0)
  }

  @Test func aClosedSchedulerPlaysNothing() throws {
    let s = VirtualTimeScheduler()
    s.close()
    let box = Box()
    _ = log(timeline([(0, .next("a"))]), on: s, into: box)
    try s.run()
    #expect(box.lines.isEmpty)
  }
}
