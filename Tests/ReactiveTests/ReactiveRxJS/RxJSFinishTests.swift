import ReactiveRxJS
import Testing

@testable import Reactive

/// The last RxJS 7 forms, written from RxJS's documentation: `expand(project,
/// concurrent)`, `connectable(source, { connector, resetOnDisconnect })`, and the replay
/// buffer that `shareReplay({ bufferSize, refCount: true })` reports.
@Suite struct ExpandConcurrentTests {
  /// Records each report of `probe` as (frame, lane, value).
  private func watch(_ probe: StateProbe, _ t: TestClock) -> Locked<[String]> {
    let reports = Locked<[String]>([])
    probe.arm { lane, value in reports.withLock { $0.append("\(t.now) \(lane) \(value)") } }
    return reports
  }

  @Test func aValueWaitsUnsentWhileTheInnerSignalsRun() {
    let t = TestClock()
    let source = t.cold("-1---2|")
    let transform = { (x: Int) -> Signal<Int> in x < 10 ? t.cold("--y|", ["y": x * 10]) : .empty }
    let one = t.record(source.expand(concurrent: 1, transform))
    let unlimited = t.record(source.expand(transform))
    // 10 arrives at 3 while 1's inner signal runs: it is sent at 4, when that one completes;
    // 20 arrives at 7 and is sent at 8; the result completes once the queue is empty.
    t.expect(one, "-1--a2--(b|)", ["a": 10, "b": 20])
    t.expect(unlimited, "-1-a-2-b|", ["a": 10, "b": 20])
    t.expectReleased()
  }

  @Test func twoAtOnce() {
    let t = TestClock()
    let source = t.cold("-12------|")
    let transform = { (x: Int) -> Signal<Int> in x < 10 ? t.cold("--y|", ["y": x * 10]) : .empty }
    let r = t.record(source.expand(concurrent: 2, transform))
    // 1 and 2 run; 10 arrives at 3 and waits for 1's inner signal to complete at 4.
    t.expect(r, "-12-(ab)-|", ["a": 10, "b": 20])
    t.expectReleased()
  }

  @Test func probeDrawsTheRunningAndTheWaitingValues() {
    let t = TestClock()
    let probe = StateProbe()
    let reports = watch(probe, t)
    let r = t.record(
      t.cold("-1---|").expand(concurrent: 1, probe: probe) { x in
        x < 4 ? t.cold("-y-|", ["y": x + 1]) : .empty
      })
    t.expect(r, "-1--2--3--(4|)")
    #expect(
      reports.value == [
        "0 active []", "0 queue []", "1 active [1]", "2 queue [2]",
        "4 queue []", "4 active [2]", "5 queue [3]", "7 queue []", "7 active [3]",
        "8 queue [4]", "10 queue []", "10 active [4]", "10 active []",
      ])
  }

  @Test func emptyAndSilentSources() {
    let t = TestClock()
    let transform = { (x: Int) -> Signal<Int> in .just(x) }
    let empty = t.record(t.cold("--|").expand(concurrent: 1, transform))
    let silent = t.record(t.cold("-").expand(concurrent: 1, transform))
    t.expect(empty, "--|")
    t.expect(silent, "-")
  }

  @Test func anInnerFailureDropsTheWaitingValues() {
    let t = TestClock()
    let source = t.cold("-1-2--|")
    let inner = t.cold("----#")
    let r = t.record(source.expand(concurrent: 1) { _ in inner })
    let sourceFails = t.record(t.cold("-1#").expand(concurrent: 1) { _ in .never })
    // 2 waits from 3; the inner signal's failure at 5 ends everything, 2 never sent.
    t.expect(r, "-1---#")
    t.expect(sourceFails, "-1#")
    t.expectSubscriptions(source, "^----!")
    t.expectSubscriptions(inner, "-^---!")
    t.expectReleased()
  }

  @Test func earlyDisposalReleasesTheSourceTheInnerSignalAndTheQueue() {
    let t = TestClock()
    let source = t.cold("-1-2-3-|")
    let inner = t.cold("------y|", ["y": 9])
    let r = t.record(source.expand(concurrent: 1) { _ in inner }, disposedAt: 5)
    t.expect(r, "-1---")
    t.expectSubscriptions(source, "^----!")
    t.expectSubscriptions(inner, "-^---!")
    t.expectReleased()
  }
}

@Suite struct ResettingConnectionTests {
  @Test func subscribersWaitForConnect() {
    let t = TestClock()
    let source = t.cold("-1-2-|")
    let shared = ResettingConnection(source: source, connector: { ReplaySubject<Int>(capacity: 0) })
    let early = t.record(shared.signal)
    let late = t.record(shared.signal, subscribedAt: 4)
    t.scheduler.schedule(at: 2) { shared.connect() }
    t.expect(early, "---1-2-|")
    t.expect(late, "-----2-|")
    t.expectSubscriptions(source, "--^----!")
    t.expectReleased()
  }

  @Test func resetOnDisconnectMakesANewSubjectAndConnectSubscribesAgain() {
    let t = TestClock()
    let source = t.cold("-1-2|")
    let made = Locked(0)
    let shared = ResettingConnection(
      source: source,
      connector: {
        made.withLock { $0 += 1 }
        return ReplaySubject<Int>(capacity: 0)
      })
    let first = t.record(shared.signal)
    // Comes after the first connection ended: waits for the next one, not the old end.
    let after = t.record(shared.signal, subscribedAt: 6)
    t.scheduler.schedule(at: 1) { shared.connect() }
    t.scheduler.schedule(at: 8) { shared.connect() }
    t.expect(first, "--1-2|")
    t.expect(after, "---------1-2|")
    t.expectSubscriptions(source, "-^---!", "--------^---!")
    // One subject at creation, one after each connection ended.
    #expect(made.value == 3)
    t.expectReleased()
  }

  @Test func withoutResetALateSubscriberGetsTheEndAndANewConnectionIsNotHeard() {
    let t = TestClock()
    let source = t.cold("-1-2|")
    let shared = ResettingConnection(
      source: source, connector: { ReplaySubject<Int>(capacity: 0) }, resetOnDisconnect: false)
    let late = t.record(shared.signal, subscribedAt: 6)
    t.scheduler.schedule(at: 1) { shared.connect() }
    t.scheduler.schedule(at: 8) { shared.connect() }
    t.expect(late, "------|")
    // RxJS subscribes the source again, into the subject that has ended.
    t.expectSubscriptions(source, "-^---!", "--------^---!")
    t.expectReleased()
  }

  @Test func withoutResetAReplayConnectorReplaysToLateSubscribers() {
    let t = TestClock()
    let shared = ResettingConnection(
      source: t.cold("-1-2|"), connector: { ReplaySubject<Int>(capacity: 1) },
      resetOnDisconnect: false)
    let late = t.record(shared.signal, subscribedAt: 6)
    t.scheduler.schedule(at: 0) { shared.connect() }
    t.expect(late, "------(2|)")
  }

  @Test func disposingTheConnectionDisconnects() {
    let t = TestClock()
    let source = t.cold("-1-2-3-|")
    let shared = ResettingConnection(source: source, connector: { ReplaySubject<Int>(capacity: 0) })
    let stays = t.record(shared.signal)
    let next = t.record(shared.signal, subscribedAt: 5)
    t.scheduler.schedule(at: 0) {
      let connection = shared.connect()
      t.scheduler.schedule(at: 4) { connection.dispose() }
    }
    t.scheduler.schedule(at: 6) { shared.connect() }
    // The old subject hears nothing more; the subscriber after the reset hears the new one.
    t.expect(stays, "-1-2")
    t.expect(next, "-------1-2-3-|")
    t.expectSubscriptions(source, "^---!", "------^------!")
  }

  @Test func connectWhileConnectedReturnsTheRunningConnection() {
    let t = TestClock()
    let source = t.cold("-1-2|")
    let shared = ResettingConnection(source: source, connector: { ReplaySubject<Int>(capacity: 0) })
    let r = t.record(shared.signal)
    t.scheduler.schedule(at: 0) { shared.connect() }
    t.scheduler.schedule(at: 2) { shared.connect() }
    t.expect(r, "-1-2|")
    t.expectSubscriptions(source, "^---!")
  }

  @Test func emptySilentAndFailingSources() {
    let t = TestClock()
    let empty = ResettingConnection(source: t.cold("--|"), connector: { Subject<Int>() })
    let silent = ResettingConnection(source: t.cold("-"), connector: { Subject<Int>() })
    let failing = ResettingConnection(source: t.cold("-1#"), connector: { Subject<Int>() })
    let r1 = t.record(empty.signal)
    let r2 = t.record(silent.signal)
    let r3 = t.record(failing.signal)
    let early = t.record(silent.signal, disposedAt: 3)
    t.scheduler.schedule(at: 0) {
      empty.connect()
      failing.connect()
      let connection = silent.connect()
      t.scheduler.schedule(at: 5) { connection.dispose() }
    }
    t.expect(r1, "--|")
    t.expect(r2, "-")
    t.expect(r3, "-1#")
    t.expect(early, "-")
    t.expectReleased()
  }

  @Test func probeDrawsConnectedAndTheCurrentSubjectsSubscribers() {
    let t = TestClock()
    let probe = StateProbe()
    let reports = Locked<[String]>([])
    probe.arm { lane, value in reports.withLock { $0.append("\(t.now) \(lane) \(value)") } }
    let shared = ResettingConnection(
      source: t.cold("-1|"), connector: { Subject<Int>() }, probe: probe)
    _ = t.record(shared.signal, subscribedAt: 1)
    t.scheduler.schedule(at: 2) { shared.connect() }
    t.expectReleased()
    #expect(
      reports.value == [
        "0 connected false", "0 subscribers 0", "1 subscribers 1", "2 connected true",
        "4 subscribers 0", "4 connected false", "4 subscribers 0",
      ])
  }
}

@Suite struct ShareReplayRefCountProbeTests {
  @Test func theReplayBufferIsReportedAndStartsAfreshAfterAReset() {
    let t = TestClock()
    let probe = StateProbe()
    let reports = Locked<[String]>([])
    probe.arm { lane, value in
      if lane == "replayed" { reports.withLock { $0.append("\(t.now) \(value)") } }
    }
    let shared = t.cold("-1-2-3|").share(
      resetOnError: true, resetOnComplete: false, resetOnRefCountZero: true,
      connector: { ReplaySubject(capacity: 2) }, probe: probe)
    let first = t.record(shared, disposedAt: 4)
    let again = t.record(shared, subscribedAt: 5)
    t.expect(first, "-1-2")
    t.expect(again, "------1-2-3|")
    #expect(
      reports.value == [
        "0 []", "1 [1]", "3 [1, 2]", "4 []", "6 [1]", "8 [1, 2]", "10 [2, 3]",
      ])
  }

  @Test func aPlainSubjectReportsNoBuffer() {
    let t = TestClock()
    let probe = StateProbe()
    let lanes = Locked<Set<String>>([])
    probe.arm { lane, _ in lanes.withLock { _ = $0.insert(lane) } }
    let shared = t.cold("-1|").share(connector: { Subject() }, probe: probe)
    t.expect(t.record(shared), "-1|")
    #expect(lanes.value == ["connected", "subscribers"])
  }
}
