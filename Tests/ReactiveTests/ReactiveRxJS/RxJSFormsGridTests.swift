import ReactiveRxJS
import Testing

@testable import Reactive

/// Each inner signal (a window, a group) flattened as tags: `o` when it is sent, its values,
/// then `c` when it completes or `e` when it fails.
private func tagged<T>(_ inner: Signal<T>, _ name: String = "") -> Signal<String> {
  Signal<String> { subscriber in
    subscriber.sendNext(name + "o")
    return inner.subscribe(
      next: { subscriber.sendNext(name + "\($0)") },
      error: { _ in
        subscriber.sendNext(name + "e")
        subscriber.sendCompleted()
      },
      completed: {
        subscriber.sendNext(name + "c")
        subscriber.sendCompleted()
      })
  }
}

/// A recording as `frame:value` words, `frame:|` for completion and `frame:#` for failure.
private func log(_ clock: TestClock, _ recording: ClockRecording<String>) -> String {
  do {
    try clock.run()
  } catch {
    Issue.record("the run stopped: \(error)")
  }
  return recording.events.map { frame, event in
    switch event {
    case .next(let value): return "\(frame):\(value)"
    case .completed: return "\(frame):|"
    case .error: return "\(frame):#"
    }
  }.joined(separator: " ")
}

/// The Reactive-level scenario grids of RxJS's `groupBy` (with and without element and
/// duration selectors), `windowTime` (with and without `maxWindowSize`), `connect(selector)`
/// (with and without a connector), `generate`, `pairs` and `using`: values, an empty source,
/// a silent one, a failing one, an early disposal after which nothing is left scheduled or
/// subscribed, and the subscription windows of sources and notifiers.
@Suite struct RxJSFormsGridTests {
  // MARK: - groupBy

  @Test func groupBySendsAGroupPerKey() {
    let t = TestClock()
    let a = t.cold("-1-2-3-4-|")
    let r = t.record(a.groupBy { $0 % 2 }.flattenMap { tagged($0.group, "\($0.key)") })
    #expect(log(t, r) == "1:1o 1:11 3:0o 3:02 5:13 7:04 9:1c 9:0c 9:|")
    t.expectSubscriptions(a, "^--------!")
  }

  @Test func groupByWithAConnectorReplaysToALateSubscriber() {
    // Each group's subject comes from the connector: a group subscribed two frames after it
    // was sent gets the value it missed. The grid of the connector form: as without one.
    let t = TestClock()
    let a = t.cold("-1-2-1-|")
    let grouped = a.groupBy(
      { $0 }, element: { $0 }, duration: Optional<(Int, Signal<Int>) -> Signal<Int>>.none,
      connector: { ReplaySubject<Int>(capacity: 1) })
    let r = t.record(grouped.delay(2, on: t.scheduler).flattenMap { tagged($0.group, "\($0.key)") })
    // RAC's `delay` holds the completion too: the result ends at 9.
    #expect(log(t, r) == "3:1o 3:11 5:11 5:2o 5:22 7:1c 7:2c 9:|")
    t.expectSubscriptions(a, "^------!")

    let d = TestClock()
    let input = d.cold("-1-2-1-|")
    let cut = d.record(
      input.groupBy(
        { $0 }, element: { $0 }, duration: Optional<(Int, Signal<Int>) -> Signal<Int>>.none,
        connector: { ReplaySubject<Int>(capacity: 1) }
      ).flattenMap { tagged($0.group) }, disposedAt: 4)
    #expect(log(d, cut) == "1:o 1:1 3:o 3:2")
    #expect(d.liveActions == 0)
    d.expectSubscriptions(input, "^---!")
  }

  @Test func groupByGrid() {
    let t = TestClock()
    let empty = t.record(t.cold("--|").groupBy { $0 }.flattenMap { tagged($0.group) })
    let silent = t.record(t.cold("-").groupBy { $0 }.flattenMap { tagged($0.group) })
    let failing = t.cold("-1#")
    let failed = t.record(failing.groupBy { $0 }.flattenMap { tagged($0.group) })
    #expect(log(t, empty) == "2:|")
    #expect(log(t, silent) == "")
    #expect(log(t, failed) == "1:o 1:1 2:e 2:#")
    t.expectSubscriptions(failing, "^-!")

    // Disposing the result and the groups it subscribed releases the source.
    let d = TestClock()
    let input = d.cold("-1-2-1-|")
    let cut = d.record(input.groupBy { $0 }.flattenMap { tagged($0.group) }, disposedAt: 4)
    #expect(log(d, cut) == "1:o 1:1 3:o 3:2")
    #expect(d.liveActions == 0)
    d.expectSubscriptions(input, "^---!")
  }

  @Test func groupByKeepsTheSourceWhileAGroupIsSubscribed() {
    // As in RxJS, disposing the result leaves a subscribed group running.
    let t = TestClock()
    let a = t.cold("-1-2-1-|")
    let first = Locked<Signal<Int>?>(nil)
    let grouped = a.groupBy { $0 }.map { pair -> Int in
      first.withLock { $0 = $0 ?? pair.group }
      return pair.key
    }
    // Recorded first, so that it subscribes at frame 2 before the result is disposed there.
    let inner = t.record(Signal<Int>.defer { first.value ?? .never }, subscribedAt: 2)
    let outer = t.record(grouped, disposedAt: 2)
    t.expect(outer, "-1")
    t.expect(inner, "-----1-|")
    t.expectSubscriptions(a, "^------!")
  }

  @Test func groupByElementAndDuration() {
    let t = TestClock()
    let a = t.cold("-1-2-3-4-5-|")
    let both = a.groupBy({ $0 % 2 }, element: { $0 * 10 }, duration: { _, group in group.skip(1) })
    let r = t.record(both.flattenMap { tagged($0.group, "\($0.key)") })
    // The odd group ends at its second value (30); 50 opens a new odd group.
    #expect(
      log(t, r)
        == "1:1o 1:110 3:0o 3:020 5:130 5:1c 7:040 7:0c 9:1o 9:150 11:1c 11:|")
    t.expectSubscriptions(a, "^----------!")
  }

  @Test func groupByDurationGrid() {
    let t = TestClock()
    let closer = t.cold("---x", ["x": 0])
    let r1 = t.record(
      t.cold("-1-1-1|").groupBy({ $0 }, element: { $0 }, duration: { _, _ in closer })
        .flattenMap { tagged($0.group) })
    let failingCloser = t.cold("---#", ["x": 0])
    let r2 = t.record(
      t.cold("-1-1----|").groupBy({ $0 }, element: { $0 }, duration: { _, _ in failingCloser })
        .flattenMap { tagged($0.group) })
    let empty = t.record(
      t.cold("--|").groupBy({ $0 }, element: { $0 }, duration: { _, _ in closer })
        .flattenMap { tagged($0.group) })
    let silent = t.record(
      t.cold("-").groupBy({ $0 }, element: { $0 }, duration: { _, _ in closer })
        .flattenMap { tagged($0.group) })
    // A duration signal that sends ends its group, and a later value opens a new one.
    #expect(log(t, r1) == "1:o 1:1 3:1 4:c 5:o 5:1 6:c 6:|")
    // A failing duration signal fails its group only.
    #expect(log(t, r2) == "1:o 1:1 3:1 4:e 8:|")
    #expect(log(t, empty) == "2:|")
    #expect(log(t, silent) == "")
    t.expectSubscriptions(closer, "-^--!", "-----^!")
    t.expectSubscriptions(failingCloser, "-^--!")

    // Disposal releases the source and every duration signal.
    let d = TestClock()
    let input = d.cold("-1-2-1-2-|")
    let long = d.cold("------x", ["x": 0])
    let cut = d.record(
      input.groupBy({ $0 }, element: { $0 }, duration: { _, _ in long })
        .flattenMap { tagged($0.group) }, disposedAt: 4)
    #expect(log(d, cut) == "1:o 1:1 3:o 3:2")
    #expect(d.liveActions == 0)
    d.expectSubscriptions(input, "^---!")
    d.expectSubscriptions(long, "-^--!", "---^!")
  }

  @Test func groupByDurationTellsTheOpenGroups() {
    let t = TestClock()
    let probe = StateProbe()
    var lanes: [[Int]] = []
    probe.arm { _, keys in lanes.append(keys as? [Int] ?? [-1]) }
    let r = t.record(
      t.cold("-1-2-1-|").groupBy(
        probe: probe, { $0 }, element: { $0 }, duration: { _, group in group.take(1) }
      ).flattenMap { tagged($0.group) })
    _ = log(t, r)
    #expect(lanes == [[], [1], [], [2], [], [1], []])
  }

  // MARK: - windowTime

  @Test func windowTimeGrid() {
    let t = TestClock()
    let a = t.cold("-1-2-3-4-|")
    let r = t.record(a.windowTime(4, on: t.scheduler).flattenMap { tagged($0) })
    let empty = t.record(t.cold("--|").windowTime(4, on: t.scheduler).flattenMap { tagged($0) })
    let failed = t.record(t.cold("-1#").windowTime(4, on: t.scheduler).flattenMap { tagged($0) })
    #expect(log(t, r) == "0:o 1:1 3:2 4:c 4:o 5:3 7:4 8:c 8:o 9:c 9:|")
    #expect(log(t, empty) == "0:o 2:c 2:|")
    #expect(log(t, failed) == "0:o 1:1 2:e 2:#")

    let s = TestClock()
    let silent = s.record(
      s.cold("-").windowTime(3, on: s.scheduler).flattenMap { tagged($0) }, disposedAt: 7)
    #expect(log(s, silent) == "0:o 3:c 3:o 6:c 6:o")
    #expect(s.liveActions == 0)

    let d = TestClock()
    let input = d.cold("-1-2-3-|")
    let cut = d.record(
      input.windowTime(2, every: 3, on: d.scheduler).flattenMap { tagged($0) }, disposedAt: 4)
    #expect(log(d, cut) == "0:o 1:1 2:c 3:o 3:2")
    #expect(d.liveActions == 0)
    d.expectSubscriptions(input, "^---!")
  }

  @Test func windowTimeMaxWindowSize() {
    let t = TestClock()
    let a = t.cold("-1-2-3-4-5-|")
    let r = t.record(a.windowTime(6, maxWindowSize: 2, on: t.scheduler).flattenMap { tagged($0) })
    // A full window closes at its second value and the next opens there; its timer is gone
    // (no window opens at frame 6).
    let stepped = t.record(
      t.cold("-1-2-3-|").windowTime(4, every: 2, maxWindowSize: 1, on: t.scheduler)
        .flattenMap { tagged($0) })
    #expect(log(t, r) == "0:o 1:1 3:2 3:c 3:o 5:3 7:4 7:c 7:o 9:5 11:c 11:|")
    #expect(log(t, stepped) == "0:o 1:1 1:c 2:o 3:2 3:c 4:o 5:3 5:c 6:o 7:c 7:|")
    t.expectSubscriptions(a, "^----------!")
  }

  @Test func windowTimeMaxWindowSizeGrid() {
    let t = TestClock()
    let empty = t.record(
      t.cold("--|").windowTime(6, maxWindowSize: 2, on: t.scheduler).flattenMap { tagged($0) })
    let failed = t.record(
      t.cold("-1#").windowTime(6, maxWindowSize: 1, on: t.scheduler).flattenMap { tagged($0) })
    #expect(log(t, empty) == "0:o 2:c 2:|")
    #expect(log(t, failed) == "0:o 1:1 1:c 1:o 2:e 2:#")

    let s = TestClock()
    let silent = s.record(
      s.cold("-").windowTime(3, maxWindowSize: 2, on: s.scheduler).flattenMap { tagged($0) },
      disposedAt: 7)
    #expect(log(s, silent) == "0:o 3:c 3:o 6:c 6:o")
    #expect(s.liveActions == 0)

    let d = TestClock()
    let input = d.cold("-1-2-3-|")
    let cut = d.record(
      input.windowTime(10, maxWindowSize: 1, on: d.scheduler).flattenMap { tagged($0) },
      disposedAt: 3)
    #expect(log(d, cut) == "0:o 1:1 1:c 1:o")
    #expect(d.liveActions == 0)
    d.expectSubscriptions(input, "^--!")
  }

  // MARK: - connect(selector)

  @Test func connectSelectorGrid() {
    let t = TestClock()
    let a = t.cold("-1-2-|")
    let r = t.record(
      a.connect { shared in Signal.merge(shared.map { $0 * 10 }, shared) }.map { "\($0)" })
    #expect(log(t, r) == "1:10 1:1 3:20 3:2 5:|")
    t.expectSubscriptions(a, "^----!")

    let g = TestClock()
    let empty = g.record(g.cold("--|").connect { $0.map { $0 * 10 } })
    let silent = g.record(g.cold("-").connect { $0.startWith(0) })
    let failed = g.record(g.cold("-1#").connect { $0.map { $0 * 10 } })
    g.expect(empty, "--|")
    g.expect(silent, "0")
    g.expect(failed, "-a#", ["a": 10])

    let d = TestClock()
    let input = d.cold("-1-2-3-|")
    let cut = d.record(input.connect { $0.map { $0 * 10 } }, disposedAt: 4)
    do {
      try d.advance(to: 4)
    } catch {
      Issue.record("the run stopped: \(error)")
    }
    #expect(d.liveActions == 0)
    d.expect(cut, "-a-b", ["a": 10, "b": 20])
    d.expectSubscriptions(input, "^---!")
  }

  @Test func connectSelectorWithAConnector() {
    let t = TestClock()
    let a = t.cold("-1----2-3|")
    let plain = t.record(a.connect { shared in Signal.concat(shared.take(1), shared) })
    let replaying = t.record(
      a.connect(connector: { ReplaySubject(capacity: 1) }) { shared in
        Signal.concat(shared.take(1), shared)
      })
    let behaving = t.record(
      t.cold("-1-2|").connect(connector: { BehaviorSubject(value: 0) }) { $0 })
    t.expect(plain, "-1----2-3|")
    // The part subscribed after the first value gets it again from the replay subject.
    t.expect(replaying, "-(11)-2-3|")
    t.expect(behaving, "01-2|")
    t.expectSubscriptions(a, "^--------!", "^--------!")

    let g = TestClock()
    let empty = g.record(
      g.cold("--|").connect(connector: { ReplaySubject(capacity: 1) }) { $0 })
    let failed = g.record(
      g.cold("-1---#").connect(connector: { ReplaySubject(capacity: 1) }) { shared in
        Signal.concat(shared.take(1), shared)
      })
    g.expect(empty, "--|")
    g.expect(failed, "-(11)#")

    let d = TestClock()
    let input = d.cold("-1-2-3-|")
    let made = Locked(0)
    let cut = d.record(
      input.connect(
        connector: {
          made.withLock { $0 += 1 }
          return ReplaySubject(capacity: 2)
        }
      ) { $0.map { $0 * 10 } }, disposedAt: 4)
    d.expect(cut, "-a-b", ["a": 10, "b": 20])
    #expect(d.liveActions == 0)
    #expect(made.withLock { $0 } == 1)
    d.expectSubscriptions(input, "^---!")
  }

  // MARK: - generate, pairs, using

  @Test func generateGrid() {
    let t = TestClock()
    let counting = t.record(Signal.generate(0, condition: { $0 < 3 }, iterate: { $0 + 1 }) { $0 })
    let squares = t.record(
      Signal<String>.generate(1, condition: { $0 < 4 }, iterate: { $0 + 1 }) { "\($0 * $0)" })
    let none = t.record(Signal.generate(5, condition: { $0 < 3 }, iterate: { $0 + 1 }) { $0 })
    let iterations = Locked(0)
    let endless = t.record(
      Signal.generate(
        0, condition: nil,
        iterate: { state in
          iterations.withLock { $0 += 1 }
          return state + 2
        }
      ) { $0 }.take(3))
    t.expect(counting, "(012|)")
    t.expect(squares, "(149|)", ["1": "1", "4": "4", "9": "9"])
    t.expect(none, "|")
    // take(3) disposes the subscription at the third value, which ends the loop.
    t.expect(endless, "(024|)")
    #expect(iterations.withLock { $0 } == 2)

    let d = TestClock()
    let outer = d.cold("-a---b|", ["a": 0, "b": 0])
    let timed = d.record(
      outer.flattenMap { _ in Signal.generate(0, condition: { $0 < 2 }, iterate: { $0 + 1 }) { $0 }
      },
      disposedAt: 3)
    d.expect(timed, "-(01)")
    #expect(d.liveActions == 0)
    d.expectSubscriptions(outer, "^--!")
  }

  @Test func pairsGrid() {
    let t = TestClock()
    let entries = t.record(Signal<String>.pairs(["b": 2, "a": 1, "c": 3]) { "\($0)\($1)" })
    let none = t.record(Signal<String>.pairs([String: Int]()) { "\($0)\($1)" })
    let first = t.record(Signal<String>.pairs(["x": 1, "y": 2]) { "\($0)\($1)" }.take(1))
    #expect(log(t, entries) == "0:a1 0:b2 0:c3 0:|")
    #expect(log(t, none) == "0:|")
    #expect(log(t, first) == "0:x1 0:|")
  }

  @Test func usingGrid() {
    let t = TestClock()
    let resource = t.cold("-")
    /// Holds `resource` for as long as the disposable lives.
    func hold() -> ActionDisposable {
      let subscription = resource.subscribe(Subscriber<Int> { _ in })
      return ActionDisposable { subscription.dispose() }
    }
    let values = t.record(Signal.using(hold) { _ in t.cold("-1-2|") })
    let failed = t.record(Signal.using(hold) { _ in t.cold("-1#") })
    let empty = t.record(Signal<Int>.using(hold) { _ in .empty })
    let silent = t.record(Signal<Int>.using(hold) { _ in .never }, disposedAt: 5)
    let cut = t.record(Signal.using(hold) { _ in t.cold("-1-2-3|") }, disposedAt: 3)
    t.expect(values, "-1-2|")
    t.expect(failed, "-1#")
    t.expect(empty, "|")
    t.expect(silent, "-----")
    t.expect(cut, "-1-")
    #expect(t.liveActions == 0)
    t.expectSubscriptions(resource, "^---!", "^-!", "(^!)", "^----!", "^--!")
  }

  @Test func usingHandsTheResourceToTheFactoryAndDisposesItOnce() {
    let t = TestClock()
    let disposals = Locked(0)
    let made = t.record(
      Signal<Int>.using({ ActionDisposable { disposals.withLock { $0 += 1 } } }) { resource in
        #expect(!resource.isDisposed)
        return t.cold("-1|")
      })
    t.expect(made, "-1|")
    #expect(disposals.withLock { $0 } == 1)
  }
}

/// `share(connector:)` at the Reactive level: RxJS's `share({ connector })` and
/// `shareReplay({ bufferSize, refCount: true })`.
@Suite struct RxJSShareConnectorTests {
  /// RxJS 7's `shareReplay(1, refCount: true)`.
  private func shareReplayRefCount(_ signal: Signal<Int>) -> Signal<Int> {
    signal.share(
      resetOnError: true, resetOnComplete: false, resetOnRefCountZero: true,
      connector: { ReplaySubject(capacity: 1) })
  }

  @Test func aReplayConnectorReplaysToLaterSubscribers() {
    let t = TestClock()
    let a = t.cold("-1-2-3-|")
    let shared = a.share(connector: { ReplaySubject(capacity: 1) })
    let first = t.record(shared)
    let late = t.record(shared, subscribedAt: 2)
    t.expect(first, "-1-2-3-|")
    t.expect(late, "--12-3-|")
    t.expectSubscriptions(a, "^------!")
  }

  @Test func shareReplayRefCountGrid() {
    let t = TestClock()
    let a = t.cold("-1-2-3-4|")
    let shared = shareReplayRefCount(a)
    let first = t.record(shared, disposedAt: 3)
    let again = t.record(shared, subscribedAt: 5)
    let b = t.cold("-1-2|")
    let completed = shareReplayRefCount(b)
    let whole = t.record(completed)
    let afterwards = t.record(completed, subscribedAt: 6)
    let c = t.cold("-1#")
    let failing = shareReplayRefCount(c)
    let failed = t.record(failing)
    let retried = t.record(failing, subscribedAt: 4)
    let empty = t.record(shareReplayRefCount(t.cold("--|")))
    let silent = t.record(shareReplayRefCount(t.cold("-")), disposedAt: 3)
    t.expect(first, "-1-")
    t.expect(again, "------1-2-3-4|")
    t.expect(whole, "-1-2|")
    // Completion does not reset: the replay subject sends its value and its end.
    t.expect(afterwards, "------(2|)")
    t.expect(failed, "-1#")
    // A failure resets: the next subscriber subscribes the source again.
    t.expect(retried, "-----1#")
    t.expect(empty, "--|")
    t.expect(silent, "---")
    #expect(t.liveActions == 0)
    t.expectSubscriptions(a, "^--!", "-----^-------!")
    t.expectSubscriptions(b, "^---!")
    t.expectSubscriptions(c, "^-!", "----^-!")
  }

  // MARK: - bufferTime

  @Test func bufferTimeGrid() {
    // Only a span: an array every 4 frames, empty too, and the open one on completion.
    let t = TestClock()
    let a = t.cold("-1-2-3-4-|")
    let r = t.record(joined(a.bufferTime(4, on: t.scheduler)))
    let empty = t.record(joined(t.cold("--|").bufferTime(4, on: t.scheduler)))
    let failed = t.record(joined(t.cold("-1#").bufferTime(4, on: t.scheduler)))
    #expect(log(t, r) == "4:[1,2] 8:[3,4] 9:[] 9:|")
    #expect(log(t, empty) == "2:[] 2:|")
    #expect(log(t, failed) == "2:#")
    t.expectSubscriptions(a, "^--------!")

    let s = TestClock()
    let silent = s.record(joined(s.cold("-").bufferTime(3, on: s.scheduler)), disposedAt: 7)
    #expect(log(s, silent) == "3:[] 6:[]")
    #expect(s.liveActions == 0)
  }

  @Test func bufferTimeWithAStepOverlapsOrLeavesGaps() {
    let t = TestClock()
    // Arrays open at 0, 2, 4, …, each sent 4 frames after it opened; on completion the two
    // still open are sent, oldest first.
    let overlapping = t.record(
      joined(t.cold("-1-2-3-4-5-|").bufferTime(4, every: 2, on: t.scheduler)))
    // Arrays open at 0, 4, 8 and last 2 frames: 2 and 4 fall in the gaps.
    let gaps = t.record(joined(t.cold("-1-2-3-4-|").bufferTime(2, every: 4, on: t.scheduler)))
    let failed = t.record(joined(t.cold("-1-#").bufferTime(4, every: 2, on: t.scheduler)))
    #expect(log(t, overlapping) == "4:[1,2] 6:[2,3] 8:[3,4] 10:[4,5] 11:[5] 11:[] 11:|")
    #expect(log(t, gaps) == "2:[1] 6:[3] 9:[] 9:|")
    #expect(log(t, failed) == "3:#")
    #expect(t.liveActions == 0)

    let d = TestClock()
    let input = d.cold("-1-2-3-|")
    let cut = d.record(joined(input.bufferTime(2, every: 3, on: d.scheduler)), disposedAt: 4)
    #expect(log(d, cut) == "2:[1]")
    #expect(d.liveActions == 0)
    d.expectSubscriptions(input, "^---!")
  }

  @Test func bufferTimeMaxBufferSize() {
    let t = TestClock()
    let a = t.cold("-1-2-3-4-5-|")
    // A full array is sent at its second value and the next opens there, its span starting
    // again: nothing is sent at 6 or 9.
    let r = t.record(joined(a.bufferTime(6, maxBufferSize: 2, on: t.scheduler)))
    // With a step, arrays open on schedule only: 0, 2, 4, 6.
    let stepped = t.record(
      joined(t.cold("-1-2-3-|").bufferTime(4, every: 2, maxBufferSize: 2, on: t.scheduler)))
    let empty = t.record(joined(t.cold("--|").bufferTime(6, maxBufferSize: 2, on: t.scheduler)))
    let failed = t.record(
      joined(t.cold("-1#").bufferTime(6, maxBufferSize: 1, on: t.scheduler)))
    #expect(log(t, r) == "3:[1,2] 7:[3,4] 11:[5] 11:|")
    #expect(log(t, stepped) == "3:[1,2] 5:[2,3] 7:[3] 7:[] 7:|")
    #expect(log(t, empty) == "2:[] 2:|")
    #expect(log(t, failed) == "1:[1] 2:#")
    t.expectSubscriptions(a, "^----------!")
    #expect(t.liveActions == 0)

    let s = TestClock()
    let silent = s.record(
      joined(s.cold("-").bufferTime(3, maxBufferSize: 2, on: s.scheduler)), disposedAt: 7)
    #expect(log(s, silent) == "3:[] 6:[]")
    #expect(s.liveActions == 0)

    let d = TestClock()
    let input = d.cold("-1-2-3-|")
    let cut = d.record(
      joined(input.bufferTime(10, maxBufferSize: 1, on: d.scheduler)), disposedAt: 3)
    #expect(log(d, cut) == "1:[1]")
    #expect(d.liveActions == 0)
    d.expectSubscriptions(input, "^--!")
  }

  @Test func bufferTimeTellsItsOpenArrays() {
    let t = TestClock()
    let probe = StateProbe()
    var lanes: [[[Int]]] = []
    probe.arm { _, open in lanes.append(open as? [[Int]] ?? [[-1]]) }
    // Arrays open at 0, 2 and 4; each is sent at its first value, so the timers never fire.
    let r = t.record(
      joined(
        t.cold("-1-2-|").bufferTime(3, every: 2, maxBufferSize: 1, on: t.scheduler, probe: probe)
      ))
    #expect(log(t, r) == "1:[1] 3:[2] 5:[] 5:|")
    #expect(lanes == [[], [[]], [[1]], [], [[]], [[2]], [], [[]], []])
  }
}

/// Each array as `[v,v,…]`.
private func joined(_ arrays: Signal<[Int]>) -> Signal<String> {
  arrays.map { "[" + $0.map(String.init).joined(separator: ",") + "]" }
}
