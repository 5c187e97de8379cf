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

  /// Regression: operators tie their upstream subscriber to the downstream one before
  /// subscribing, so a source that is still sending synchronously stops when a later operator
  /// ends the subscription (these used to run forever).
  @Test func anEarlyEndStopsASynchronousSourceThroughAChainOfOperators() {
    var values: [Int] = []
    Signal.from(1...).map { $0 * 2 }.filter { _ in true }.scan(0, +).take(3)
      .subscribe(next: { values.append($0) })
    #expect(values == [2, 6, 12])
    var repeated: [Int] = []
    Signal.just(1).repeat().map { $0 }.doNext { _ in }.take(3)
      .subscribe(next: { repeated.append($0) })
    #expect(repeated == [1, 1, 1])
    var disposed = false
    var subscriber: Subscriber<Int>?
    subscriber = Subscriber { event in
      if event.value == 3 { subscriber?.dispose() }
    }
    if let subscriber {
      Signal.from(1...).map { $0 }.doCompleted { disposed = true }.subscribe(subscriber)
    }
    #expect(subscriber?.isDisposed == true && !disposed)
  }
}
