import Reactive
import Testing

@testable import Marbles
@testable import MarblesCore
@testable import MarblesTesting

/// A script's recording is one type, `Timeline`: a lane is a name around one, an inner signal's
/// value is one, and where each event stood in the run (`order`) is kept beside the events.
@Suite struct TimelineTests {
  static let script = """
    let input = cold("-a--b-----|")
    let inner = input.map { x in cold("--x-x|", x: x) }
    show inner
    expect inner == "-x--y-----|", x: cold("--a-a|"), y: cold("--b-b|")
    """

  static func json(_ timeline: Timeline<TimelineValue>) -> String {
    var writer = JSONWriter(compact: true)
    timeline.writeEvents(to: &writer)
    return writer.text
  }

  @Test func aRecordedInnerSignalEqualsTheSameEventsGivenAndWritesTheSameJSON() throws {
    let run = try #require(expectPasses(Self.script))
    guard case .signal(let recorded)? = run.lane("inner")?.events.first?.value else {
      Issue.record("the lane's first value is not a signal")
      return
    }
    #expect(recorded.storage != nil, "a recorded inner signal keeps its recorder's storage")
    #expect(recorded.order.map(\.sequence).count == 3)
    let given = Timeline(
      subscribed: recorded.subscribed, unsubscribed: recorded.unsubscribed,
      events: recorded.events, order: recorded.order)
    #expect(given.storage == nil)
    #expect(given == recorded)
    #expect(Self.json(given) == Self.json(recorded))
    #expect(Self.json(recorded).contains(#""sequence":"#))
  }

  @Test func theWindowIsPartOfATimelinesEquality() {
    let events: [TimelineEvent] = [.next(.int(1), at: 2), .completed(at: 3)]
    let timeline = Timeline(subscribed: 1, unsubscribed: 3, events: events)
    #expect(timeline == Timeline(subscribed: 1, unsubscribed: 3, events: events))
    #expect(timeline != Timeline(subscribed: 0, unsubscribed: 3, events: events))
    #expect(timeline != Timeline(subscribed: 1, unsubscribed: nil, events: events))
    #expect(timeline != Timeline(subscribed: 1, unsubscribed: 3, events: [.completed(at: 3)]))
  }

  @Test func relativeEventsCountFromTheSubscription() {
    let timeline = Timeline<TimelineValue>(
      subscribed: 2, events: [.next(.int(1), at: 2), .completed(at: 5)])
    #expect(timeline.relativeEvents == [.next(.int(1), at: 0), .completed(at: 3)])
  }

  @Test func valuesMatchElementByElementAndOnlyAtTheSameLength() {
    #expect(TimelineValue.array([.int(1), .double(2)]).matches(.array([.int(1), .int(2)])))
    #expect(!TimelineValue.array([.int(1)]).matches(.array([.int(1), .int(2)])))
    #expect(!TimelineValue.array([.int(1), .int(2)]).matches(.array([.int(1)])))
    #expect(!TimelineValue.tuple([.int(1)]).matches(.tuple([.int(1), .int(2)])))
    #expect(TimelineValue.double(.nan).matches(.double(.nan)))
    #expect(!TimelineValue.double(.nan).matches(.double(1)))
  }

  /// A whole number prints as `printf`'s `%.1f` would, sign of zero included, and a larger or
  /// fractional one as Swift prints it (MarblesCore formats without Foundation).
  @Test func aWholeDoublePrintsWithOneDecimal() {
    let cases: [(Double, String)] = [
      (3, "3.0"), (-3, "-3.0"), (0, "0.0"), (-0.0, "-0.0"),
      (999_999_999_999_999, "999999999999999.0"),
      (-999_999_999_999_999, "-999999999999999.0"), (1e16, "1e+16"), (2.5, "2.5"),
    ]
    for (value, printed) in cases { #expect(TimelineValue.format(value) == printed, "\(value)") }
  }

  @Test func orderIsBesideTheEventsNotInTheirEquality() {
    let events: [TimelineEvent] = [.next(.int(1), at: 2), .completed(at: 3)]
    var ordered = Timeline(
      subscribed: 0, events: events, order: [EventOrder(sequence: 0), EventOrder(sequence: 1)])
    let plain = Timeline(subscribed: 0, events: events)
    #expect(ordered == plain)
    #expect(ordered.hashValue == plain.hashValue)
    ordered.order = [EventOrder(sequence: 4), EventOrder(sequence: 5)]
    #expect(ordered.events == events)
    #expect(ordered.order.map(\.sequence) == [4, 5])
    #expect(!Self.json(plain).contains("sequence"))
  }

  @Test func aLaneIsANameAroundItsTimeline() throws {
    let run = try #require(expectPasses(Self.script))
    var lane = try #require(run.lane("inner"))
    #expect(lane.timeline.storage != nil)
    #expect(lane.events == lane.timeline.events)
    #expect(lane.order == lane.timeline.order)
    #expect(lane.order.count == lane.events.count)
    #expect(lane.subscription == SubscriptionLog(subscribed: 0, unsubscribed: 10))
    lane.events = [.completed(at: 1)]
    #expect(lane.timeline.events == [.completed(at: 1)])
    #expect(lane.timeline.storage == nil)
    #expect(lane.order.isEmpty, "events set by hand have no place in a run")
  }

  @Test func aSwiftTestsRecordingAndAScriptLaneAreOneTypeEqualOnTheSameEvents() throws {
    let ts = TestScheduler()
    let marble = ParsedMarble<TimelineValue>("--a--|", values: ["a": .int(1)])
    let recording = ts.record(ts.cold(events: marble.events))
    #expect(recording.timeline == nil, "nothing is recorded before the subscription")
    try ts.run()
    let run = try #require(completedRun(#"show cold("--a--|", a: 1)"#))
    let lane: Timeline<TimelineValue> = try #require(run.lanes.first).timeline
    let recorded: Timeline<TimelineValue> = try #require(recording.timeline)
    #expect(recorded == lane)
    #expect(recorded.hashValue == lane.hashValue)
    #expect(recorded.order.isEmpty && lane.order.map(\.sequence) == [0, 0], "order is beside")
    #expect(Self.json(recorded) == Self.json(Timeline(subscribed: 0, events: lane.events)))
    var later = recorded
    later.events = [.next(.int(2), at: 2), .completed(at: 5)]
    #expect(later != lane)
  }

  @Test func aRecordingOfSignalsGivesATimelineOfItsInnerRecordings() throws {
    let ts = TestScheduler()
    let inner = ts.cold(events: [.next(7, at: 1), .completed(at: 2)])
    let outer = ts.record(ts.cold(events: [Recorded<Signal<Int>>.next(inner, at: 3)]))
    try ts.run()
    let timeline = try #require(outer.timeline)
    #expect(timeline.subscription == SubscriptionLog(subscribed: 0))
    let first = try #require(timeline.events.first?.event.value)
    #expect(
      first.timeline
        == Timeline(
          subscribed: 3, unsubscribed: 5,
          events: inner.events.map {
            Recorded(frame: $0.frame + 3, event: $0.event)
          }))
  }

  @Test func aFailedExpectationKeepsTheLanesTimeline() throws {
    let run = try #require(completedRun("let s = cold(\"-a|\")\nshow s\nexpect s == \"-b|\""))
    let result = try #require(run.expectations.first)
    let recorded = try #require(result.actualTimeline)
    #expect(!result.passed)
    #expect(recorded.storage != nil, "the recorder's storage, not a copy of its events")
    #expect(result.actual == recorded.events && result.actualOrder == recorded.order)
    #expect(recorded.subscription == SubscriptionLog(subscribed: 0, unsubscribed: 2))
    // One copy: the mismatch's events are the timeline's, an edit of one is an edit of both.
    #expect(result.mismatch?.actual == recorded.events)
    var edited = result
    edited.mismatch?.actual = []
    #expect(edited.actual == [] && edited.actualTimeline?.subscription == recorded.subscription)
    edited.actualTimeline = nil
    #expect(edited.mismatch?.actual == [] && edited.mismatch?.differences.isEmpty == false)
  }
}
