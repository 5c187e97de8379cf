import Testing

@testable import Reactive

@Suite struct MulticastConnectionTests {
  @Test func publishSharesOneSubscriptionAfterConnect() {
    let t = TestClock()
    let a = t.cold("--1--2--|")
    let connection = a.publish()
    let early = t.record(connection.signal)
    let late = t.record(connection.signal, subscribedAt: 3)
    t.scheduler.schedule(at: 0) {
      connection.connect()
      connection.connect()
    }
    t.expect(early, "--1--2--|")
    t.expect(late, "-----2--|")
    t.expectSubscriptions(a, "^-------!")
  }

  @Test func nothingIsSubscribedBeforeConnect() {
    let t = TestClock()
    let a = t.cold("--1--|")
    let recording = t.record(a.publish().signal)
    t.expect(recording, "-")
    t.expectSubscriptions(a)
  }

  @Test func connectReturnsOneDisposableThatDisconnects() {
    let t = TestClock()
    let a = t.cold("--1--2--|")
    let connection = a.publish()
    let recording = t.record(connection.signal)
    t.scheduler.schedule(at: 0) {
      let first = connection.connect()
      #expect(connection.connect() === first)
      t.scheduler.schedule(at: 4) { first.dispose() }
    }
    t.expect(recording, "--1")
    t.expectSubscriptions(a, "^---!")
  }

  @Test func multicastUsesTheGivenSubject() {
    let t = TestClock()
    let a = t.cold("-1-2-|")
    let connection = a.multicast(ReplaySubject(capacity: 1))
    let late = t.record(connection.signal, subscribedAt: 4)
    t.scheduler.schedule(at: 0) { connection.connect() }
    t.expect(late, "----2|")
  }

  @Test func replaySubscribesAtOnceAndReplaysEverything() {
    let t = TestClock()
    let a = t.cold("--1--2----|")
    var replayed: Signal<Int>?
    t.scheduler.schedule(at: 0) { replayed = a.replay() }
    let late = t.record(Signal.defer { replayed ?? .never }, subscribedAt: 6)
    t.expect(late, "------(12)|")
    t.expectSubscriptions(a, "^---------!")
  }

  @Test func replayLastReplaysTheLatestValue() {
    let t = TestClock()
    let a = t.cold("--1--2----|")
    var replayed: Signal<Int>?
    t.scheduler.schedule(at: 0) { replayed = a.replayLast() }
    let late = t.record(Signal.defer { replayed ?? .never }, subscribedAt: 6)
    let after = t.record(Signal.defer { replayed ?? .never }, subscribedAt: 12)
    t.expect(late, "------2---|")
    t.expect(after, "------------(2|)")
  }

  @Test func replayLazilyConnectsAtTheFirstSubscriptionAndNeverDisconnects() {
    let t = TestClock()
    let a = t.cold("--1--2----|")
    let replayed = a.replayLazily()
    let first = t.record(replayed, subscribedAt: 3, disposedAt: 4)
    let second = t.record(replayed, subscribedAt: 8)
    t.expect(first, "-")
    t.expect(second, "--------(12)-|")
    t.expectSubscriptions(a, "---^---------!")
  }

  @Test func replayForwardsFailure() {
    let t = TestClock()
    let a = t.cold("-1-#")
    var replayed: Signal<Int>?
    t.scheduler.schedule(at: 0) { replayed = a.replay() }
    let late = t.record(Signal.defer { replayed ?? .never }, subscribedAt: 5)
    t.expect(late, "-----(1#)")
  }

  @Test func autoconnectConnectsForTheFirstAndDisconnectsAfterTheLast() {
    let t = TestClock()
    let a = t.cold("-1-2-3-4-5|")
    let shared = a.publish().autoconnect()
    let first = t.record(shared, subscribedAt: 1, disposedAt: 4)
    let second = t.record(shared, subscribedAt: 2, disposedAt: 6)
    let third = t.record(shared, subscribedAt: 8)
    t.expect(first, "--1-")
    t.expect(second, "--1-2-")
    t.expect(third, "---------1-2-3-4-5|")
    t.expectSubscriptions(a, "-^----!", "--------^---------!")
  }
}
