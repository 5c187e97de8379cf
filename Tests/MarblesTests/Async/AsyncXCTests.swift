import MarblesTesting
import XCTest

/// Marble async tests under XCTest: the same API, failures through `XCTFail`.
final class AsyncXCTests: XCTestCase {
  func testDebounceInXCTest() async throws {
    let ts = TestScheduler()
    let queries = ts.hot("-a-b----c---|", values: ["a": "s", "b": "sw", "c": "swi"])
    let results = ts.record(queries.values.debounce(for: .milliseconds(3), clock: ts.clock))
    try await ts.run()
    expectMarbles(results, "------x----y|", values: ["x": "sw", "y": "swi"])
    expectSubscriptions(queries, "^-----------!")
  }

  func testSequencesOfSequencesAreRecordedFromTheirFrames() async throws {
    let ts = TestScheduler()
    let inner: ColdSignal<String> = ts.cold("-a|")
    let outer: ColdSignal<String> = ts.cold("-x--y|")
    let recording = ts.record(outer.values.map { _ in inner.values })
    try await ts.run()
    expectMarbles(recording, "-x--y|", values: ["x": ts.cold("-a|"), "y": ts.cold("-a|")])
    expectSubscriptions(inner, "-^-!", "----^-!")
  }

  func testAPullMarbleInXCTest() async throws {
    let ts = TestScheduler()
    let input: HotSignal<String> = ts.hot("-abcdef-------|")
    let slow = ts.record(input.values, pulls: "p---p---p")
    try await ts.run()
    expectMarbles(slow, "-a--b---(cdef)|")
  }
}
