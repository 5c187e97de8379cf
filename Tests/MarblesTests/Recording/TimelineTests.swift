import Reactive
import Testing

@testable import Marbles

/// A script's recording is one type, `Timeline`: a lane is a name around one, an inner signal's
/// value is one, and where each event stood in the run (`order`) is kept beside the events.
@Suite struct TimelineTests {
  static let script = """
    let input = cold("-a--b-----|")
    let inner = input.map { x in cold("--x-x|", x: x) }
    show inner
    expect inner == "-x--y-----|", x: cold("--a-a|"), y: cold("--b-b|")
    """

  static func json(_ timeline: Timeline) -> String {
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
}
