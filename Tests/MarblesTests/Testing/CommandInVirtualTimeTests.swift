import MarblesTesting
import Reactive
import Testing

/// A `Command` in a virtual-time test never reaches the real main queue: made after the test's
/// `TestScheduler` without a `mainScheduler`, it hops to the scheduler's virtual `main` queue;
/// given a real scheduler, using it inside the run stops the run at once with a message naming
/// the fix. The 200 cases run in parallel, and CI runs this suite under ThreadSanitizer
/// (`.ci/run`), which reports any job of a real queue touching a test's virtual scheduler.
@Suite struct CommandInVirtualTimeTests {
  @Test(arguments: 0..<200)
  func aCommandMadeInATestRunsOnTheTestsVirtualMainQueue(_ index: Int) throws {
    let ts = TestScheduler()
    let command = Command<String, Int> { _ in ts.cold("--r|", values: ["r": index]) }
    let executing = ts.record(command.executing)
    let result = ts.record(command.execute("go"))
    try ts.run()
    // Executed at frame 0 outside the run: the work is subscribed by an action on the virtual
    // main queue at frame 0, so `r` is at 2; `executing` turns false when the work completes.
    expectMarbles(result, "--r|", values: ["r": index])
    #expect(executing.values == [false, true, false])
    #expect(executing.events.map(\.frame) == [0, 0, 3])
    #expect(ts.scheduler.isIdle)
  }

  @Test func aRealMainQueueInsideAVirtualRunStopsTheRunAtOnce() throws {
    let ts = TestScheduler()
    let command = Command<String, Int>(mainScheduler: QueueScheduler.main) { _ in
      ts.cold("--r|", values: ["r": 1])
    }
    ts.scheduler.schedule(after: 3) { command.execute("go") }
    let error = #expect(throws: VirtualTimeError.self) { try ts.run() }
    #expect(error == .realSchedulerInVirtualRun(frame: 3))
    #expect(error?.description.contains("mainScheduler: ts.main") == true)
  }

  @Test func theTestSchedulerGivesItsThreadBackWhenItGoes() {
    do {
      let ts = TestScheduler()
      #expect(VirtualTimeScheduler.ofThisThread === ts.scheduler)
    }
    #expect(VirtualTimeScheduler.ofThisThread == nil)
  }
}
