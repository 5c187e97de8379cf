import Testing

@testable import Reactive

/// RACChannelExamples and RACChannelSpec, scenarios H1–H9, plus binding.
@Suite struct ChannelTests {
  @Test func h1NoLeadingValueOnSubscription() {
    let channel = Channel<String>()
    channel.following.sendNext("v1")
    var received: [String] = []
    channel.leading.subscribe(next: { received.append($0) })
    #expect(received.isEmpty)
    channel.following.sendNext("v2")
    #expect(received == ["v2"])
  }

  @Test func h2LatestFollowingValueOnSubscription() {
    let channel = Channel<String>()
    channel.leading.sendNext("v1")
    #expect(current(channel.following) == "v1")
    channel.leading.sendNext("v2")
    #expect(current(channel.following) == "v2")
  }

  @Test func h3LeadingValuesAsTheyChange() {
    let channel = Channel<String>()
    var received: [String] = []
    channel.leading.subscribe(next: { received.append($0) })
    for value in ["v1", "v2", "v3"] { channel.following.sendNext(value) }
    #expect(received == ["v1", "v2", "v3"])
  }

  @Test func h4FollowingValuesAsTheyChange() {
    let channel = Channel<String>()
    channel.leading.sendNext("v1")
    var received: [String] = []
    channel.following.subscribe(next: { received.append($0) })
    channel.leading.sendNext("v2")
    channel.leading.sendNext("v3")
    #expect(received == ["v1", "v2", "v3"])
  }

  @Test func h4TimelineForALateFollowingSubscriber() throws {
    let s = VirtualTimeScheduler()
    let channel = Channel<String>()
    var late: MarbleLane<String>?
    // leading sends ^abc; the subscriber attaches at frame 1, just after a.
    s.schedule(at: 1) {
      channel.leading.sendNext("a")
      late = MarbleLane(channel.following, on: s)
    }
    s.schedule(at: 2) { channel.leading.sendNext("b") }
    s.schedule(at: 3) { channel.leading.sendNext("c") }
    try s.run()
    #expect(late?.marble { $0 } == "-abc")
    #expect(late?.values == ["a", "b", "c"])
  }

  @Test(arguments: [true, false])
  func h5h6CompletingEitherTerminalCompletesBoth(fromLeading: Bool) {
    let channel = Channel<String>()
    var order: [String] = []
    channel.leading.subscribe(completed: { order.append("leading") })
    channel.following.subscribe(completed: { order.append("following") })
    (fromLeading ? channel.leading : channel.following).sendCompleted()
    // The terminal the event was sent on hears it first.
    #expect(order == (fromLeading ? ["leading", "following"] : ["following", "leading"]))
  }

  @Test func h7CompletionIsReplayed() {
    let channel = Channel<String>()
    channel.leading.sendCompleted()
    var completed = 0
    channel.leading.subscribe(completed: { completed += 1 })
    channel.following.subscribe(completed: { completed += 1 })
    #expect(completed == 2)
  }

  @Test func errorsCrossBothWays() {
    let channel = Channel<String>()
    var errors = 0
    channel.leading.subscribe(error: { _ in errors += 1 })
    channel.following.subscribe(error: { _ in errors += 1 })
    channel.following.sendError(TestError("boom"))
    #expect(errors == 2)
  }

  @Test func noEcho() {
    let channel = Channel<String>()
    var leadingSaw: [String] = []
    var followingSaw: [String] = []
    channel.leading.subscribe(next: { leadingSaw.append($0) })
    channel.following.subscribe(next: { followingSaw.append($0) })
    channel.leading.sendNext("model")
    channel.following.sendNext("view")
    #expect(leadingSaw == ["view"])
    #expect(followingSaw == ["model"])
  }

  @Test func sendsAfterTerminationAreIgnored() {
    let channel = Channel<String>()
    channel.leading.sendNext("a")
    channel.leading.sendCompleted()
    channel.leading.sendNext("late")
    var received: [String] = []
    channel.following.subscribe(next: { received.append($0) })
    #expect(received == ["a"])
  }

  @Test func h8SubscriptionsToTheChannelDoNotKeepItAlive() {
    weak var channel: Channel<String>?
    weak var leading: ChannelTerminal<String>?
    weak var following: ChannelTerminal<String>?
    var subscriptions: [any Disposable] = []
    do {
      let strong = Channel<String>()
      channel = strong
      leading = strong.leading
      following = strong.following
      subscriptions.append(strong.leading.subscribe(completed: {}))
      subscriptions.append(strong.following.subscribe(completed: {}))
    }
    #expect(channel == nil)
    for subscription in subscriptions { subscription.dispose() }
    #expect(leading == nil && following == nil)
  }

  @Test func h9TheChannelsOwnSubscriptionsAreDroppedOnDisposal() {
    weak var channel: Channel<String>?
    weak var leading: ChannelTerminal<String>?
    weak var following: ChannelTerminal<String>?
    var subscriptions: [any Disposable] = []
    do {
      let strong = Channel<String>()
      channel = strong
      leading = strong.leading
      following = strong.following
      subscriptions.append(Signal<String>.never.subscribe(strong.leading))
      subscriptions.append(Signal<String>.never.subscribe(strong.following))
    }
    #expect(channel == nil)
    #expect(leading != nil)  // held by the live subscriptions that feed them
    for subscription in subscriptions { subscription.dispose() }
    #expect(leading == nil && following == nil)
  }

  /// `RACChannelTo(view) = RACChannelTo(model)`: each side starts with a current value (as a
  /// KVO channel does); the right-hand side's value wins at bind time, and afterwards changes
  /// flow both ways without echo.
  @Test func bindingTwoChannels() {
    let model = Channel<String>()
    let view = Channel<String>()
    model.leading.sendNext("m0")
    view.leading.sendNext("v0")
    var modelSaw: [String] = []
    var viewSaw: [String] = []
    model.leading.subscribe(next: { modelSaw.append($0) })
    view.leading.subscribe(next: { viewSaw.append($0) })
    view.following.bind(to: model.following)
    #expect(viewSaw == ["m0"])
    #expect(modelSaw.isEmpty)
    model.leading.sendNext("m1")
    view.leading.sendNext("v1")
    #expect(viewSaw == ["m0", "m1"])
    #expect(modelSaw == ["v1"])
  }
}
