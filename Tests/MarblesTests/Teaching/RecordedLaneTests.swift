import Reactive
import Testing

@testable import Marbles
@testable import MarblesCLI
@testable import MarblesCore

/// `show input.recorded`: a source's lane drawn without subscribing it; and the subscription
/// notes that say which `show` made an extra subscription.
@Suite struct RecordedLaneTests {
  @Test func aRecordedLaneDoesNotSubscribeTheSource() throws {
    let run = try #require(
      expectPasses(
        """
        let input = cold("--a--b--|")
        let output = input.map { x in x + "!" }
        show input.recorded, output
        expect subscriptions(input) == "^-------!"
        """))
    #expect(run.lanes.map(\.label) == ["input", "output"])
    #expect(run.marble("input.recorded") == "cold(\"--a--b--|\")")
    #expect(
      run.lane("input.recorded")?.subscription
        == SubscriptionLog(subscribed: 0, unsubscribed: 8))
  }

  @Test func aRecordedLaneRunsFromTheFirstSubscriptionToTheEndOfTheLast() throws {
    let run = try #require(
      expectPasses(
        """
        let input = cold("-a|")
        let early = input.map { x in x }
        let late = input.map { x in x + x }
        show input.recorded, early subscribed "--^", late subscribed "---^"
        expect subscriptions(input) == ["--^-!", "---^-!"]
        """))
    #expect(
      run.lane("input.recorded")?.subscription
        == SubscriptionLog(subscribed: 2, unsubscribed: 5))
  }

  @Test func aRecordedLaneShowsEverySubscriptionsEvents() throws {
    // After a retry, the source delivers twice: the lane shows both attempts, from the first.
    let run = try #require(
      expectPasses(
        """
        let flaky = cold("-a#")
        let retried = flaky.retry(1)
        show flaky.recorded, retried
        expect subscriptions(flaky) == ["^-!", "--^-!"]
        expect retried == "-a-a#"
        """))
    let lane = try #require(run.lane("flaky.recorded"))
    #expect(lane.events.map(\.frame) == [1, 2, 3, 4])
  }

  @Test func theDiagramsDrawOneRowPerSubscriptionEachEndingAtItsOwnEnd() throws {
    let run = try #require(
      expectPasses(
        """
        let flaky = cold("-a#")
        let retried = flaky.retry(1)
        show flaky.recorded, retried
        expect retried == "-a-a#"
        """))
    // The run (and its JSON) keeps one lane; the diagrams split it by subscription.
    #expect(run.lanes.map(\.label) == ["flaky", "retried"])
    let rows = run.oneRowPerSubscription.lanes
    #expect(rows.map(\.label) == ["flaky ·1", "flaky ·2", "retried"])
    #expect(rows[0].events.map(\.frame) == [1, 2])
    #expect(rows[0].subscription == SubscriptionLog(subscribed: 0, unsubscribed: 2))
    #expect(rows[1].events.map(\.frame) == [3, 4])
    #expect(rows[1].subscription == SubscriptionLog(subscribed: 2, unsubscribed: 4))
    #expect(
      TextRenderer().render(run) == """
        t.marble  0
        flaky .1  -a#
        flaky .2    -a#
        retried   -a-a#

        """)
    let step = StepRenderer().steps(of: run).screen(4)
    // ASCII output is pure ASCII: the middle dot of the label is a full stop there.
    #expect(step.contains("flaky .2 failed"), "\(step)")
    let unicode = TextRenderer(options: .init(glyphs: .unicode)).render(run)
    #expect(unicode.contains("flaky ·2"), "\(unicode)")
    #expect(SVGRenderer().render(run).contains(">flaky ·2</text>"))
  }

  @Test func aSourceSubscribedOnceKeepsOneRowWithoutASuffix() throws {
    let run = try #require(
      completedRun(
        """
        let input = cold("--a|")
        show input.recorded, input.map { x in x }
        """))
    #expect(run.oneRowPerSubscription.lanes.map(\.label) == ["input", "input.map{xinx}"])
  }

  @Test func aHotSourceIsDrawnFromFrameZeroEvenWithoutSubscribers() throws {
    let run = try #require(
      completedRun(
        """
        let clicks = hot("-x--x-|")
        show clicks.recorded
        """))
    #expect(run.marble("clicks.recorded") == "cold(\"-x--x-|\")")
  }

  @Test func recordedIsOnlyForMarbleSources() {
    let text = failureText(
      """
      let input = cold("-a|")
      let output = input.map { x in x }
      show output.recorded
      """)
    #expect(text.contains("'recorded' draws a 'cold' or 'hot' marble source without subscribing"))
  }

  @Test func anExtraSubscriptionNamesTheShowThatMadeIt() throws {
    let run = try #require(
      completedRun(
        """
        let input = cold("--a--b--|")
        let output = input.map { x in x }
        show input, output
        expect subscriptions(input) == "^-------!"
        """))
    let message = try #require(run.expectations.first?.message)
    #expect(message.contains("subscription 2: extra"))
    #expect(message.contains("note: subscription 1 was made by the 'show input' at 3:6\n"))
    #expect(message.contains("note: subscription 2 was made by the 'show output' at 3:13\n"))
    #expect(message.contains("'show input.recorded' draws it from what it sends"))
  }
}
