import MarblesTesting
import Observation
import Testing

/// `ts.advance(by:)` steps a run from the test body; `ts.observe` records a model's state as a
/// lane.
@MainActor @Suite struct AsyncSteppingTests {
  @Test func advanceStopsAfterEverythingDueAtTheInstant() async throws {
    let ts = TestScheduler()
    let model = SearchViewModel(clock: ts.clock, api: SearchAPI(clock: ts.clock))
    model.queryChanged("sw")  // starts a Task in the model: it joins the run
    try await ts.advance(by: .milliseconds(299))
    #expect(!model.isSearching)
    #expect(ts.now == 299)
    try await ts.advance(by: .milliseconds(1))
    // The state after the deadline due at frame 300, not before it.
    #expect(model.isSearching)
    try await ts.advance(by: .milliseconds(100))
    #expect(!model.isSearching)
    #expect(model.results == ["swift", "swing"])
  }

  @Test func workStartedBetweenAdvancesJoinsTheRun() async throws {
    let ts = TestScheduler()
    let model = SearchViewModel(clock: ts.clock, api: SearchAPI(clock: ts.clock))
    let searching = ts.observe { model.isSearching }
    model.queryChanged("s")
    try await ts.advance(by: .milliseconds(200))
    model.queryChanged("sw")  // at frame 200: cancels the first search before it starts
    try await ts.advance(by: .milliseconds(299))
    #expect(!model.isSearching)
    try await ts.run()
    #expect(ts.now == 600)
    #expect(model.results == ["swift", "swing"])
    expectMarbles(searching, "f 499ms t 99ms f", values: ["f": false, "t": true])
  }

  @Test func recordingsGoOnAcrossAdvancesAndRunFinishesTheRest() async throws {
    let ts = TestScheduler()
    let input: HotSignal<String> = ts.hot("-a-b----c---|")
    let results = ts.record(input.values.debounce(for: .milliseconds(3), clock: ts.clock))
    try await ts.advance(by: .milliseconds(4))
    expectMarbles(results, "-")
    try await ts.advance(by: .milliseconds(2))
    expectMarbles(results, "------b", values: ["b": "b"])
    try await ts.run()
    expectMarbles(results, "------b----c|", values: ["b": "b", "c": "c"])
  }

  @Test func aTestMayEndAfterItsLastAdvance() async throws {
    let ts = TestScheduler()
    let model = SearchViewModel(clock: ts.clock, api: SearchAPI(clock: ts.clock))
    model.queryChanged("sw")
    try await ts.advance(by: .milliseconds(350))
    #expect(model.isSearching)
    #expect(model.results.isEmpty)
  }

  @Test func observeRecordsAtStartThenOncePerFrameOfChange() async throws {
    let ts = TestScheduler()
    let model = SearchViewModel(clock: ts.clock, api: SearchAPI(clock: ts.clock))
    let searching = ts.observe { model.isSearching }
    let results = ts.observe { model.results.count }
    model.queryChanged("sw")
    try await ts.run()
    expectMarbles(searching, "f 299ms t 99ms f", values: ["f": false, "t": true])
    expectMarbles(results, "0 399ms 2", values: ["0": 0, "2": 2])
  }

  @Test func theTestsOwnTaskSleepingOnTheClockWhilePausedIsReported() async throws {
    let ts = TestScheduler()
    try await ts.advance(by: .milliseconds(5))
    await withKnownIssue("a deliberate failure: the sleep is reported, and throws") {
      await #expect(throws: MarbleClockError.self) {
        try await ts.clock.sleep(until: .init(frame: 10))
      }
    } matching: { issue in
      "\(issue)".contains("while the run was paused at frame 5")
    }
  }
}
