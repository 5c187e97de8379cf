import Testing

@testable import Reactive

@Suite struct VirtualTimeSchedulerTests {
  @Test func runsActionsOfOneFrameFirstInFirstOut() throws {
    let s = VirtualTimeScheduler()
    var log: [String] = []
    s.schedule(after: 5) { log.append("a") }
    s.schedule(at: 3) { log.append("early") }
    s.schedule(after: 5) { log.append("b") }
    s.schedule(at: 5) {
      log.append("c")
      s.schedule { log.append("e, queued during the frame") }
    }
    s.schedule(after: 5) { log.append("d") }
    try s.run()
    #expect(log == ["early", "a", "b", "c", "d", "e, queued during the frame"])
    #expect(s.now == 5)
  }

  @Test func jumpsStraightToTheNextFrameWithWork() throws {
    let s = VirtualTimeScheduler()
    var frames: [Int] = []
    for frame in [40, 7, 1_000] { s.schedule(at: frame) { frames.append(s.now) } }
    try s.run()
    #expect(frames == [7, 40, 1_000])
    #expect(s.actionsRun == 3)
  }

  @Test func cancelledActionsNeverRun() throws {
    let s = VirtualTimeScheduler()
    var ran: [String] = []
    let cancelled = s.schedule(after: 2) { ran.append("cancelled") }
    s.schedule(after: 1) { ran.append("kept") }
    s.schedule(after: 1) { cancelled.dispose() }
    #expect(s.liveActionCount == 3)
    try s.run()
    #expect(ran == ["kept"])
    #expect(cancelled.isDisposed)
    #expect(s.actionsRun == 2)
    #expect(s.isIdle)
  }

  @Test func advanceToRunsThroughTheFrameAndSetsTheClock() throws {
    let s = VirtualTimeScheduler()
    var log: [Int] = []
    for frame in [1, 3, 4, 9] { s.schedule(at: frame) { log.append(frame) } }
    try s.advance(to: 3)
    #expect(log == [1, 3])
    #expect(s.now == 3)
    try s.advance(to: 6)
    #expect(log == [1, 3, 4])
    #expect(s.now == 6)
    try s.advance(by: 3)
    #expect(log == [1, 3, 4, 9])
    #expect(s.now == 9)
    #expect(s.nextFrame == nil)
  }

  @Test func stepRunsOneActionAndSkipsCancelledOnes() throws {
    let s = VirtualTimeScheduler()
    var log: [Int] = []
    s.schedule(at: 1) { log.append(1) }.dispose()
    s.schedule(at: 2) { log.append(2) }
    s.schedule(at: 2) { log.append(3) }
    #expect(try s.step())
    #expect(log == [2])
    #expect(s.now == 2)
    #expect(try s.step())
    #expect(try s.step() == false)
    #expect(log == [2, 3])
  }

  @Test func drainRunsTheCurrentFrameOnly() throws {
    let s = VirtualTimeScheduler()
    var log: [String] = []
    try s.advance(to: 4)
    s.schedule {
      log.append("now")
      s.schedule { log.append("hop") }
    }
    s.schedule(after: 1) { log.append("later") }
    try s.drain()
    #expect(log == ["now", "hop"])
    #expect(s.now == 4)
    #expect(s.pendingCount == 1)
  }

  @Test func negativeFramesRunFirstBeforeTheStart() throws {
    let s = VirtualTimeScheduler()
    var log: [Int] = []
    s.schedule(at: 0) { log.append(s.now) }
    s.schedule(at: -3) { log.append(s.now) }
    s.schedule(at: -1) {
      log.append(s.now)
      s.schedule(at: -10) { log.append(s.now) }  // once started, earlier means now
    }
    try s.run()
    #expect(log == [-3, -1, -1, 0])
  }

  @Test func setsTheCurrentSchedulerWhileRunning() throws {
    let s = VirtualTimeScheduler()
    #expect(CurrentScheduler.current == nil)
    var seen: [Bool] = []
    s.schedule { seen.append(CurrentScheduler.current === s) }
    s.main.schedule { seen.append(CurrentScheduler.current === s && s.main.isCurrent) }
    try s.run()
    #expect(seen == [true, true])
    #expect(CurrentScheduler.current == nil)
  }

  @Test func mainAlwaysEnqueuesAfterTheWorkAlreadyQueued() throws {
    let s = VirtualTimeScheduler()
    var log: [String] = []
    s.schedule(at: 2) {
      s.main.schedule { log.append("main 1") }
      s.schedule { log.append("plain") }
      s.main.schedule { log.append("main 2") }
      log.append("inline")
    }
    try s.run()
    #expect(log == ["inline", "main 1", "plain", "main 2"])
    #expect(s.now == 2)
    #expect(s.main.description == "main")
  }

  @Test func actionsOnADroppedQueueStillRunAsThatQueue() throws {
    let s = VirtualTimeScheduler()
    var names: [String] = []
    for index in 0..<20 {
      s.makeQueue(named: "bg\(index)").schedule {
        names.append((s.currentScheduler as? VirtualQueue)?.name ?? "none")
      }
    }
    try s.run()
    #expect(names == (0..<20).map { "bg\($0)" })
  }

  @Test func stopEndsARunWithAnError() {
    let s = VirtualTimeScheduler()
    s.schedule(at: 1) { s.stop() }
    s.schedule(at: 2) {}
    #expect(throws: VirtualTimeError.stopped(frame: 1)) { try s.run() }
    #expect(s.pendingCount == 1)
  }

  @Test func scheduleEveryRepeatsUntilDisposed() throws {
    let s = VirtualTimeScheduler()
    var frames: [Int] = []
    let repeating = s.schedule(every: 4) { frames.append(s.now) }
    s.schedule(at: 13) { repeating.dispose() }
    try s.run()
    #expect(frames == [4, 8, 12])
  }

  @Test func heapCostGrowsAsNLogN() throws {
    func comparisons(_ count: Int) throws -> Int {
      let s = VirtualTimeScheduler(maxFrames: .max)
      var seed: UInt64 = 42
      for _ in 0..<count {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        s.schedule(at: Int(seed >> 44)) {}
      }
      try s.run()
      return s.heapComparisons
    }
    let small = try comparisons(10_000)
    let large = try comparisons(100_000)
    let ratio = Double(large) / Double(small)
    // n log n predicts about 12.5; quadratic growth would give 100.
    #expect(ratio > 10 && ratio < 20)
  }

  /// Each action schedules the next (half at the same frame, half one frame later), so the run
  /// loop goes through a million actions without recursion; `heapCostGrowsAsNLogN` covers a
  /// large heap (a million queued at once takes several seconds in a debug build).
  @Test func runsAMillionActions() throws {
    let s = VirtualTimeScheduler(maxFrames: .max)
    var count = 0
    func next() {
      count += 1
      if count < 1_000_000 { s.schedule(after: count % 2) { next() } }
    }
    s.schedule { next() }
    try s.run()
    #expect(count == 1_000_000)
    #expect(s.actionsRun == 1_000_000)
    #expect(s.now == 500_000)
  }

  @Test func aRunawayIntervalStopsAtTheFrameLimit() {
    let s = VirtualTimeScheduler(maxFrames: 500)
    var values = 0
    Signal.interval(1, on: s).subscribe(next: { _ in values += 1 })
    do {
      try s.run()
      Issue.record("the run should have stopped")
    } catch {
      #expect(error == .frameLimitExceeded(limit: 500, nextFrame: 501))
      #expect(error.description.contains("reached the limit of 500 frames"))
    }
    #expect(values == 500)
  }

  @Test func anActionAtTheFrameLimitRunsAndOnePastItStopsTheRun() {
    let s = VirtualTimeScheduler(maxFrames: 10)
    var log: [Int] = []
    s.schedule(at: 10) { log.append(s.now) }
    s.schedule(at: 11) { log.append(s.now) }
    do {
      try s.run()
      Issue.record("the run should have stopped")
    } catch {
      #expect(error == .frameLimitExceeded(limit: 10, nextFrame: 11))
    }
    #expect(log == [10])
  }

  @Test func theActionLimitAllowsExactlyThatManyActionsInAFrame() {
    let s = VirtualTimeScheduler(maxActionsPerFrame: 3)
    var log: [Int] = []
    for index in 1...4 { s.schedule(at: 2) { log.append(index) } }
    do {
      try s.run()
      Issue.record("the run should have stopped")
    } catch {
      #expect(error == .actionLimitExceeded(limit: 3, frame: 2))
    }
    #expect(log == [1, 2, 3])
  }

  @Test func aDelayOfZeroOrLessRunsLaterInTheSameFrame() throws {
    let s = VirtualTimeScheduler()
    var log: [String] = []
    s.schedule(at: 3) {
      s.schedule(after: 0) { log.append("after 0 at \(s.now)") }
      s.schedule(after: -2) { log.append("after -2 at \(s.now)") }
      s.schedule(after: 2) { log.append("after 2 at \(s.now)") }
      log.append("first at \(s.now)")
    }
    try s.run()
    #expect(log == ["first at 3", "after 0 at 3", "after -2 at 3", "after 2 at 5"])
  }

  @Test func anActionScheduledForAPastFrameRunsNowWithoutMovingTheClockBack() throws {
    let s = VirtualTimeScheduler()
    var log: [Int] = []
    s.schedule(at: 5) { s.schedule(at: 2) { log.append(s.now) } }
    try s.run()
    #expect(log == [5])
    #expect(s.now == 5)
  }

  @Test func aSynchronousRepeatStopsAtTheActionLimit() {
    let s = VirtualTimeScheduler(maxActionsPerFrame: 1_000)
    var values = 0
    s.schedule { Signal.just(1).repeat().subscribe(next: { values += $0 }) }
    do {
      try s.run()
      Issue.record("the run should have stopped")
    } catch {
      #expect(error == .actionLimitExceeded(limit: 1_000, frame: 0))
      #expect(error.description.contains("more than 1000 actions ran at frame 0"))
    }
    #expect(values == 1_000)
  }

  // MARK: - Teardown (a queue or a deinit may outlive its scheduler)

  @Test func aQueueThatOutlivesItsSchedulerDropsItsWork() throws {
    var scheduler: VirtualTimeScheduler? = VirtualTimeScheduler()
    weak let released = scheduler
    let main = try #require(scheduler?.main)
    scheduler = nil
    #expect(released == nil)
    var ran = false
    let action = main.schedule { ran = true }
    main.schedule(after: 3) { ran = true }
    #expect(action.isDisposed)
    #expect(!main.isCurrent)
    #expect(main.scheduler == nil)
    #expect(!ran)
  }

  @Test func closingCancelsWaitingWorkAndDropsLaterWork() throws {
    let s = VirtualTimeScheduler()
    var log: [String] = []
    s.schedule(at: 2) { log.append("waiting") }
    /// A value whose deinit schedules, like a command completing its lanes when released.
    final class SendsOnRelease {
      let queue: VirtualQueue
      var log: (String) -> Void
      init(queue: VirtualQueue, log: @escaping (String) -> Void) {
        self.queue = queue
        self.log = log
      }
      deinit { queue.schedule { [log] in log("late") } }
    }
    var holder: SendsOnRelease? = SendsOnRelease(queue: s.main) { log.append($0) }
    s.schedule(at: 5) { [holder] in _ = holder }
    holder = nil
    s.close()
    #expect(s.isClosed)
    #expect(s.pendingCount == 0)
    let late = s.schedule { log.append("after close") }
    #expect(late.isDisposed)
    try s.run()
    #expect(log.isEmpty)
  }
}
