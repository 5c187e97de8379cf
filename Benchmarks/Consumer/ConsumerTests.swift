// The one test file of the consumer package that `measure.sh` builds: the example of
// Guides/Testing.md, with nothing imported but `MarblesTesting` (and Swift Testing). That it
// compiles is the proof that one import is all a test author needs.
import MarblesTesting
import Testing

@Suite struct ConsumerTests {
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

  @Test func commandRunsOnTheVirtualMainQueue() throws {
    let ts = TestScheduler()
    let save = Command<String, Int> { _ in ts.cold("--r|", values: ["r": 1]) }
    let executing = ts.record(save.executing)
    ts.scheduler.schedule(after: 1) { save.execute("draft") }
    try ts.run()
    expectMarbles(executing, "ft--f", values: ["t": true, "f": false])
  }
}
