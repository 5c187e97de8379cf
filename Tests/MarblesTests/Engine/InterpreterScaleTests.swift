import Testing

@testable import Marbles
@testable import MarblesCore

/// Large inputs run in linear time (nothing here is timed; see `Benchmarks/` for timings).
@Suite struct InterpreterScaleTests {
  @Test func aMarbleOfOneMillionCharactersParsesAndRuns() throws {
    var marble = ""
    marble.reserveCapacity(1_000_000)
    for index in 0..<999_999 { marble.append(index % 1_000 == 999 ? "a" : "-") }
    marble.append("|")
    #expect(marble.count == 1_000_000)
    let run = try #require(
      completedRun(
        """
        let input = cold("\(marble)")
        let output = input.map { $0 + "!" }.scan(0) { count, x in count + 1 }
        show output
        """, maxFrames: 2_000_000))
    let events = try #require(run.lane("output")?.events)
    #expect(events.count == 1_000)
    #expect(events[998] == .next(.int(999), at: 998_999))
    #expect(events.last == .completed(at: 999_999))
    #expect(run.lastFrame == 999_999)
  }

  @Test func closuresRunOncePerEventWithoutReparsing() throws {
    // 20,000 values through map → filter → scan; every value is one scheduled batch.
    let marble = String(repeating: "a", count: 20_000) + "|"
    let run = try #require(
      completedRun(
        """
        let input = cold("\(marble)", a: 1)
        let output = input.map { $0 * 10 }.filter { $0 > 5 }.scan(0) { $0 + $1 }
        show output
        """, maxFrames: 100_000))
    let events = try #require(run.lane("output")?.events)
    #expect(events.count == 20_001)
    #expect(events[19_999] == .next(.int(200_000), at: 19_999))
  }
}
