import Testing

@testable import Reactive

@Suite struct SubscriberTests {
  @Test func onlySubscribersMadeInsideAVirtualRunGoWithoutALock() throws {
    let outside = Subscriber<Int> { _ in }
    #expect(outside.lock != nil)
    let s = VirtualTimeScheduler()
    var inside: Subscriber<Int>?
    s.schedule { inside = Subscriber<Int> { _ in } }
    try s.run()
    #expect(inside != nil)
    #expect(inside?.lock == nil)
    #expect(Subscriber<Int> { _ in }.lock != nil)
  }

  @Test func deliversNothingAfterATerminalEvent() {
    var log: [String] = []
    let subscriber = Subscriber<Int> { log.append("\($0)") }
    subscriber.sendNext(1)
    subscriber.sendCompleted()
    subscriber.sendNext(2)
    subscriber.sendError(TestError())
    subscriber.sendCompleted()
    #expect(log == ["next(1)", "completed"])
    #expect(subscriber.isDisposed)
  }

  @Test func aSubscriberWithoutALockAlsoDeliversNothingAfterATerminalEvent() throws {
    let s = VirtualTimeScheduler()
    var log: [String] = []
    var confined: Subscriber<Int>?
    s.schedule {
      let subscriber = Subscriber<Int> { log.append("\($0)") }
      confined = subscriber
      subscriber.sendNext(1)
      subscriber.sendError(TestError())
      subscriber.sendNext(2)
      subscriber.sendCompleted()
    }
    try s.run()
    #expect(confined?.lock == nil)
    #expect(log == ["next(1)", "error(error)"])
    #expect(confined?.isDisposed == true)
  }

  @Test func disposesItsResourcesBeforeDeliveringTheTerminalEvent() {
    var log: [String] = []
    let subscriber = Subscriber<Int> { log.append("\($0)") }
    subscriber.attach { log.append("first resource") }
    subscriber.attach(ActionDisposable { log.append("second resource") })
    subscriber.sendError(TestError())
    #expect(log == ["first resource", "second resource", "error(error)"])
  }

  @Test func disposeStopsDeliveryAndReleasesResources() {
    var log: [String] = []
    let subscriber = Subscriber<Int> { log.append("\($0)") }
    subscriber.attach { log.append("released") }
    subscriber.dispose()
    subscriber.sendNext(1)
    subscriber.sendCompleted()
    #expect(log == ["released"])
    let late = ActionDisposable()
    subscriber.attach(late)
    #expect(late.isDisposed)
  }

  @Test func detachedResourcesAreNotDisposed() {
    let subscriber = Subscriber<Int> { _ in }
    let finished = ActionDisposable()
    let token = subscriber.attachRemovable(finished)
    subscriber.detach(token)
    subscriber.dispose()
    #expect(!finished.isDisposed)
  }

  @Test func aTerminalEventSentFromTheHandlerIsIgnored() {
    var log: [String] = []
    var subscriber: Subscriber<Int>?
    subscriber = Subscriber { event in
      log.append("\(event)")
      if event.isTerminal { subscriber?.sendNext(99) }
    }
    subscriber?.sendCompleted()
    #expect(log == ["completed"])
  }
}
