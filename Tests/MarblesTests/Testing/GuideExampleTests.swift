// The example of Guides/Testing.md, kept compiling and passing here. Keep the two in sync.
import MarblesTesting
import Testing

@Suite struct MapTests {
  @Test func multipliesEveryValue() throws {
    let ts = TestScheduler()
    let input = ts.cold("--a--b--|", values: ["a": 1, "b": 2])
    let output = ts.record(input.map { $0 * 10 })
    try ts.run()
    expectMarbles(output, "--x--y--|", values: ["x": 10, "y": 20])
    expectSubscriptions(input, "^-------!")
  }

  @Test func forwardsFailure() throws {
    let ts = TestScheduler()
    let input: ColdSignal<Int> = ts.cold("-1-#", error: MarbleError("timeout"))
    let output = ts.record(input.map { $0 * 10 })
    try ts.run()
    expectMarbles(output, "-x-#", values: ["x": 10], error: MarbleError("timeout"))
  }

  @Test func stopsWhenUnsubscribed() throws {
    let ts = TestScheduler()
    let input = ts.hot("-1-^-2--3--|", values: ["1": 1, "2": 2, "3": 3])
    let output = ts.record(input.map { $0 * 10 }, subscription: "^---!")
    try ts.run()
    expectMarbles(output, "--x", values: ["x": 20])  // 2 is at frame 2: "^" takes a frame
    expectSubscriptions(input, "^---!")
  }
}

// The Command example of Guides/Testing.md.
@Suite struct SaveCommandTests {
  @Test func runsOnTheTestsVirtualMainQueue() throws {
    let ts = TestScheduler()
    // Made after `ts` without a main scheduler: hops to `ts.main`, the virtual main queue.
    let save = Command<String, Int> { _ in ts.cold("--r|", values: ["r": 1]) }
    let executing = ts.record(save.executing)
    let executions = ts.record(save.executionSignals)
    ts.scheduler.schedule(after: 1) { save.execute("draft") }
    try ts.run()
    expectMarbles(executing, "ft--f", values: ["t": true, "f": false])
    expectMarbles(executions, "-x", values: ["x": ts.cold("--r|", values: ["r": 1])])
  }
}
