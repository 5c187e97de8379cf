import MarblesTesting
import Reactive
import Testing

/// `pulls:` written as a marble (`"p---p---p"`) gives the recording that the same frames give as
/// an array.
@Suite struct AsyncPullMarbleTests {
  struct Scenario: CustomTestStringConvertible, Sendable {
    var source: String
    var policy: SignalValues<String>.BufferingPolicy = .unbounded
    var frames: [Int]
    var pulls: String
    var subscription: String?
    var expected: String
    var testDescription: String { "\(pulls) over \(source)" }
  }

  static let scenarios: [Scenario] = [
    // The slow consumers of AsyncOperatorTests, spelled as marbles.
    Scenario(
      source: "-abcdef-------|", frames: [0, 4, 8], pulls: "p---p---p",
      expected: "-a--b---(cdef)|"),
    Scenario(
      source: "-abcdef-------|", policy: .bufferingNewest(1), frames: [0, 4, 8],
      pulls: "p---p---p", expected: "-a--d---f-----|"),
    Scenario(
      source: "-abcdef--|", policy: .bufferingNewest(1), frames: [0, 4, 8], pulls: "p---p---p",
      expected: "-a--d---f|"),
    Scenario(
      source: "-abcdef--|", policy: .bufferingOldest(1), frames: [0, 4, 8], pulls: "p---p---p",
      expected: "-a--b---e|"),
    // Several pulls at one frame: the second call still waits for the first to return.
    Scenario(
      source: "-abcdef----------|", frames: [0, 0, 6], pulls: "(pp)--p",
      expected: "-ab---(cdef)-----|"),
    // Pulls at one frame later in the run, then one more at that same frame's end.
    Scenario(
      source: "-abc-------|", frames: [3, 3], pulls: "---(pp)", expected: "---(abc)---|"),
    Scenario(
      source: "-abcd------|", frames: [2, 5, 5, 5], pulls: "--p--(ppp)",
      expected: "--a--(bcd)-|"),
    // A time progression between pulls.
    Scenario(
      source: "-a-b-c-----d-|", frames: [0, 6], pulls: "p 5ms p", expected: "-a----(bc)-d-|"),
    // Lined up with the subscription marble: frames count from the first character of both.
    // The subscription at 2 comes before the hot b at 2 (hot marbles are scheduled when the run
    // starts); c to f wait for the pull at 6; the cancelled sequence returns nil at 12.
    Scenario(
      source: "-abcdef-------|", frames: [2, 6], pulls: "--p---p",
      subscription: "--^---------!", expected: "--b---(cdef)|"),
  ]

  @Test(arguments: scenarios)
  func aPullMarbleRecordsWhatItsFramesRecord(_ scenario: Scenario) async throws {
    let ts = TestScheduler()
    let input: HotSignal<String> = ts.hot(scenario.source)
    let byFrames = ts.record(
      input.values(bufferingPolicy: scenario.policy), subscription: scenario.subscription,
      pulls: scenario.frames)
    let byMarble = ts.record(
      input.values(bufferingPolicy: scenario.policy), subscription: scenario.subscription,
      pulls: scenario.pulls)
    try await ts.run()
    expectMarbles(byMarble, scenario.expected)
    #expect(byMarble.events == byFrames.events)
  }

  @Test func aPullDueWhereTheLastCallReturnedAsksBeforeThatFramesNextAction() async throws {
    // a and b come at frame 1 from two hot sources, an action each. The first pull returns a
    // at 1; the second, due at 1, asks at once, before b's action, so b reaches it even with
    // no buffer (asking after the frame's other actions would drop it).
    let ts = TestScheduler()
    let first: HotSignal<String> = ts.hot("-a------|")
    let second: HotSignal<String> = ts.hot("-b------|")
    let recording = ts.record(
      Signal.merge(first, second).values(bufferingPolicy: .bufferingNewest(0)), pulls: "pp")
    try await ts.run()
    expectMarbles(recording, "-(ab)---|")
  }

  @Test func aValueForAWaitingConsumerDoesNotCountAgainstTheBuffer() async throws {
    // a, b and c come in one action at frame 1, to a consumer waiting since 0: a goes to it
    // whatever the policy (as AsyncStream hands a value to a waiting consumer), and the buffer
    // keeps what its policy says of b and c until the consumer asks again.
    let ts = TestScheduler()
    let input: HotSignal<String> = ts.hot("-(abc)--|")
    let newest = ts.record(input.values(bufferingPolicy: .bufferingNewest(1)), pulls: "p")
    let oldest = ts.record(input.values(bufferingPolicy: .bufferingOldest(1)), pulls: "p")
    let none = ts.record(input.values(bufferingPolicy: .bufferingNewest(0)), pulls: "p")
    let all = ts.record(input.values, pulls: "p")
    try await ts.run()
    expectMarbles(newest, "-(ac)---|")
    expectMarbles(oldest, "-(ab)---|")
    expectMarbles(none, "-a------|")
    expectMarbles(all, "-(abc)--|")
  }

  @Test func aSequenceOfSequencesTakesAPullMarble() async throws {
    let ts = TestScheduler()
    let inner: ColdSignal<String> = ts.cold("-a|")
    let outer: ColdSignal<String> = ts.cold("-x--y|")
    let byMarble = ts.record(outer.values.map { _ in inner.values }, pulls: "p-----p")
    let byFrames = ts.record(outer.values.map { _ in inner.values }, pulls: [0, 6])
    try await ts.run()
    // y arrives at 4 and waits for the pull at 6; its inner sequence is recorded from there.
    expectMarbles(byMarble, "-x----(y|)", values: ["x": ts.cold("-a|"), "y": ts.cold("-a|")])
    expectMarbles(byFrames, "-x----(y|)", values: ["x": ts.cold("-a|"), "y": ts.cold("-a|")])
  }
}
