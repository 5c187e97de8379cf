import Testing

@testable import MarblesCore
@testable import MarblesTesting
@testable import Reactive

/// A marble's frames are kept as runs of consecutive frames (`FrameRuns`), written a run at a
/// time by the parse and stepped through a run at a time by the playback. Whatever breaks a run
/// (a group, a gap, another key, the subscription point) must leave every event at its frame.
@Suite struct FrameRunTests {
  /// `a` is 1, `b` 2, `c` 3.
  let letters = ["a": 1, "b": 2, "c": 3]

  /// The frames of `marble`'s events, and its runs as (index, frame) pairs.
  private func runs(_ marble: String, kind: MarbleKind = .cold) -> ([Int], [[Int]]) {
    let parsed = ParsedMarble(marble, kind: kind, values: letters)
    let runs = parsed.timeline.frameRuns
    return (parsed.events.map(\.frame), zip(runs.starts, runs.firsts).map { [$0, $1] })
  }

  @Test func aRunOfOneKeyIsOneRunEndedByTheCompletion() {
    let (frames, runs) = runs("aaaaaa|")
    #expect(frames == Array(0...6))
    #expect(runs == [[0, 0]])
  }

  @Test func aGapAGroupAndAnotherKeyBreakOrKeepARunAsTheirFramesSay() {
    // Another key keeps the run (its frame is the next one); a gap and a group break it, and a
    // group's events share one frame.
    let (frames, runs) = runs("aab-aa(ab)aac|")
    #expect(frames == [0, 1, 2, 4, 5, 6, 6, 10, 11, 12, 13])
    #expect(runs == [[0, 0], [3, 4], [6, 6], [7, 10]])
    #expect(ParsedMarble("aab-aa(ab)aac|", values: letters).timeline.batchCount == 10)
  }

  @Test func aHotMarblesRunIsBrokenByNothingButItsFrames() {
    let (frames, runs) = runs("aa^aa-a|", kind: .hot)
    #expect(frames == [-2, -1, 1, 2, 4, 5])
    #expect(runs == [[0, -2], [2, 1], [4, 4]])
  }

  @Test func runsBrokenEveryWayPlayEachEventAtItsFrame() throws {
    let ts = TestScheduler()
    let marble = "aab-aa(ab)aac-a#"
    let source = ts.cold(marble, values: letters)
    let recording = ts.record(source.map { $0 * 10 }.filter { $0 != 20 })
    try ts.run()
    expectMarbles(recording, "aa--aa(a)-aac-a#", values: ["a": 10, "c": 30])
  }

  @Test func disposalInTheMiddleOfARunStopsItThere() throws {
    let ts = TestScheduler()
    let source = ts.cold("aaaaaaaa|", values: letters)
    let recording = ts.record(source.scan(0, +), subscription: "^--!")
    try ts.run()
    expectMarbles(recording, "abc", values: letters)
    expectSubscriptions(source, "^--!")
  }

  @Test func aHotSourceSubscribedInTheMiddleOfARunSendsTheRestOfIt() throws {
    let ts = TestScheduler()
    let source = ts.hot("aa^abbc-ab|", values: letters)
    let recording = ts.record(source, subscription: "--^")
    try ts.run()
    expectMarbles(recording, "--bbc-ab|", values: letters)
  }

  @Test func frameRunsReadBackAsTheFramesGiven() {
    let frames = [-3, -2, 0, 1, 1, 2, 7, 8, 9, .max]
    let runs = FrameRuns(frames)
    #expect(runs.array == frames)
    #expect(frames.indices.map { runs[$0] } == frames)
    #expect(runs.starts == [0, 2, 4, 6, 9])
    #expect((runs.first, runs.last, runs.count) == (-3, .max, 10))
    #expect(FrameRuns([]).array.isEmpty && FrameRuns([]).last == nil)
  }

  @Test func aRecordingKeepsItsFramesAsRunsAndReadsEveryEventBack() throws {
    // More values than a chunk holds (the first chunks grow), at runs broken by a gap and by
    // two values in one frame, and a completion.
    let recording = Recording<Int>()
    recording.start(at: 0)
    var expected: [Recorded<Int>] = []
    for value in 0..<10_000 {
      let frame = value < 5_000 ? value : value + (value < 7_000 ? 3 : 2)
      recording.append(.next(value), at: frame)
      expected.append(Recorded(frame: frame, event: .next(value)))
    }
    recording.append(.completed, at: 10_002)
    expected.append(Recorded(frame: 10_002, event: .completed))
    #expect(recording.events == expected)
    #expect(recording.values == Array(0..<10_000))
    #expect(recording.count == 10_001)
    #expect(recording.log.frames.starts == [0, 5_000, 7_000])
    #expect(recording.subscription == SubscriptionLog(subscribed: 0, unsubscribed: 10_002))
  }

  @Test func aLongChainRecordsEachValueAtItsFrame() throws {
    let ts = TestScheduler()
    let marble = String(repeating: "a", count: 5_000) + "-" + String(repeating: "b", count: 3) + "|"
    let recording = ts.record(ts.cold(marble, values: letters).scan(0, +))
    try ts.run()
    #expect(recording.events.map(\.frame) == Array(0..<5_000) + [5_001, 5_002, 5_003, 5_004])
    #expect(recording.values.last == 5_006)
    #expect(recording.log.frames.starts == [0, 5_000])
  }
}
