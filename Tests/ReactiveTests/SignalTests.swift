import Testing

@testable import Reactive

@Suite struct SignalTests {
  @Test func subscriptionIsSynchronousAndColdSignalsRunPerSubscription() {
    var log: [String] = []
    let signal = Signal<Int> { subscriber in
      log.append("subscribed")
      subscriber.sendNext(log.count)
      return ActionDisposable { log.append("disposed") }
    }
    signal.subscribe(next: { log.append("got \($0)") })
    log.append("returned")
    signal.subscribe(next: { log.append("got \($0)") }).dispose()
    #expect(log == ["subscribed", "got 1", "returned", "subscribed", "got 4", "disposed"])
  }

  @Test func theReturnedDisposableStopsDeliveryAndReleasesTheSource() throws {
    let t = TestClock()
    let a = t.cold("-1-2-3|")
    var values: [Int] = []
    var subscription: (any Disposable)?
    t.scheduler.schedule(at: 0) { subscription = a.subscribe(next: { values.append($0) }) }
    t.scheduler.schedule(at: 2) { subscription?.dispose() }
    try t.run()
    #expect(values == [1])
    #expect(subscription?.isDisposed == true)
    t.expectSubscriptions(a, "^-!")
  }

  @Test func observeAndSubscribeHandlersSeeEveryKindOfEvent() {
    var log: [String] = []
    Signal<Int>.from([1, 2]).observe { log.append("\($0)") }
    Signal<Int>.fail(TestError()).subscribe(error: { log.append("error \($0)") })
    Signal<Int>.just(3).subscribe(
      next: { log.append("next \($0)") }, completed: { log.append("done") })
    #expect(log == ["next(1)", "next(2)", "completed", "error error", "next 3", "done"])
  }

  @Test func aCompletingSourceReleasesItsResourcesBeforeTheCompletionIsDelivered() {
    var log: [String] = []
    let signal = Signal<Int> { subscriber in
      subscriber.attach { log.append("released") }
      subscriber.sendCompleted()
      return ActionDisposable { log.append("returned disposable disposed") }
    }
    signal.subscribe(completed: { log.append("completed") })
    #expect(log == ["released", "completed", "returned disposable disposed"])
  }
}
