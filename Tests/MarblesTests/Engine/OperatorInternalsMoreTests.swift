import Testing

@testable import Marbles
@testable import MarblesCore

/// `show s.internals` for the combining, buffering, time, error, sharing and subject operators:
/// each lane is the operator's own state, reported through its probe.
@Suite struct OperatorInternalsMoreTests {
  // MARK: - Combining

  @Test func combineLatestDrawsTheLatestValueOfEachInput() {
    expectPasses(
      """
      let a = cold("-1---2----|")
      let b = cold("---x----y-|")
      let both = a.combineLatest(with: b)
      let all = combineLatest(a, b)
      show both.internals, all.internals
      expect both.latest == "ab-c-d--e-|", a: [nil, nil], b: [1, nil], c: [1, "x"], d: [2, "x"], e: [2, "y"]
      expect all.latest == "ab-c-d--e-|", a: [nil, nil], b: [1, nil], c: [1, "x"], d: [2, "x"], e: [2, "y"]
      """)
  }

  @Test func zipDrawsTheQueueOfEachInput() {
    expectPasses(
      """
      let a = cold("-1-2-3--|")
      let b = cold("--x---y|")
      let pairs = a.zip(with: b)
      let all = zip(a, b)
      show pairs.internals, all.internals
      expect pairs == "--p---q|", p: (1, "x"), q: (2, "y")
      expect pairs.queues == "abac-de|", a: [[], []], b: [[1], []], c: [[2], []], d: [[2, 3], []], e: [[3], []]
      expect all.queues == "abac-de|", a: [[], []], b: [[1], []], c: [[2], []], d: [[2, 3], []], e: [[3], []]
      """)
  }

  @Test func raceDrawsTheWinner() {
    expectPasses(
      """
      use rxjs
      let a = cold("---a|")
      let b = cold("-b--|")
      let first = race(a, b)
      show first.internals
      expect first == "-b--|"
      expect first.winner == "n2--|", n: nil
      """)
  }

  @Test func forkJoinDrawsTheLastValuesAndHowManyCompleted() {
    expectPasses(
      """
      use rxjs
      let a = cold("-1-2|")
      let b = cold("--x---|")
      let both = forkJoin(a, b)
      show both.internals
      expect both == "------(p|)", p: [2, "x"]
      expect both.latest == "abcd--|", a: [nil, nil], b: [1, nil], c: [1, "x"], d: [2, "x"]
      expect both.done == "0---1-(2|)"
      """)
  }

  // MARK: - Buffers and windows

  @Test func bufferWithTimeDrawsTheOpenBuffer() {
    expectPasses(
      """
      let input = cold("-ab-c----|")
      let batches = input.bufferWithTime(3)
      show batches.internals
      expect batches == "----d----|", d: ["a", "b", "c"]
      expect batches.buffered == "efg-(de)-|", e: [], f: ["a"], g: ["a", "b"], d: ["a", "b", "c"]
      """)
  }

  @Test func bufferDrawsTheBufferUntilTheNotifierSends() {
    expectPasses(
      """
      let input = cold("-a-b-c---|")
      let ticks = cold("--x----x--")
      let batches = input.buffer(ticks)
      show batches.internals
      expect batches == "--x----y-(z|)", x: ["a"], y: ["b", "c"], z: []
      expect batches.buffered == "eaeb-c-e-(e|)", e: [], a: ["a"], b: ["b"], c: ["b", "c"]
      """)
  }

  @Test func windowDrawsTheValuesInTheOpenWindow() {
    expectPasses(
      """
      let input = cold("-a-b-c---|")
      let ticks = cold("--x----x--")
      let windows = input.window(ticks)
      show windows.internals
      expect windows.inWindow == "eaeb-c-e-|", e: [], a: ["a"], b: ["b"], c: ["b", "c"]
      """)
  }

  // MARK: - Time

  @Test func throttleTimeDrawsTheWindowAndThePendingValue() {
    expectPasses(
      """
      let input = cold("-abc--d---|")
      let output = input.throttleTime(3)
      show output.internals
      expect output == "-a----d---|"
      expect output.windowOpen == "ft--f-t--f|", t: true, f: false
      expect output.pending == "n-bcn----n|", n: nil, b: "b", c: "c"
      """)
  }

  @Test func delayDrawsTheValuesOnTheirWay() {
    expectPasses(
      """
      let input = cold("-a--b|")
      let later = input.delay(2)
      show later.internals
      expect later == "---a--b|"
      expect later.pending == "ca-cb-c|", c: [], a: ["a"], b: ["b"]
      """)
  }

  @Test func debounceTimeDrawsThePendingValue() {
    expectPasses(
      """
      use rxjs
      let input = cold("-ab---c---|")
      let calm = input.debounceTime(2)
      show calm.internals
      expect calm == "----b---c-|"
      expect calm.pending == "nab-n-c-n-|", n: nil, a: "a", b: "b", c: "c"
      """)
  }

  @Test func timeoutDrawsTheDeadline() {
    expectPasses(
      """
      let slow = cold("-a-----|")
      let bounded = slow.timeout(4)
      show bounded.internals
      expect bounded == "-a--#", error: "timedOut"
      expect bounded.deadline == "4---|"
      """)
  }

  @Test func auditTimeDrawsTheValueToSend() {
    expectPasses(
      """
      use rxjs
      let input = cold("-ab---c-----|")
      let output = input.auditTime(3)
      show output.internals
      expect output == "----b----c--|"
      expect output.pending == "nab-n-c--n--|", n: nil, a: "a", b: "b", c: "c"
      """)
  }

  // MARK: - Filtering and counting

  @Test func takeWhileAndSkipWhileDrawWhetherTheyStillTakeOrSkip() {
    expectPasses(
      """
      let input = cold("-1-2-5-1|")
      let small = input.takeWhile { x in x < 3 }
      let rest = input.skipWhile { x in x < 3 }
      show small.internals, rest.internals
      expect small.taking == "t----(f|)", t: true, f: false
      expect rest.skipping == "t----f--|", t: true, f: false
      """)
  }

  @Test func takeUntilDrawsWhetherTheTriggerFired() {
    expectPasses(
      """
      let input = cold("-a-b-c|")
      let stop = cold("---x")
      let output = input.takeUntil(stop)
      show output.internals
      expect output == "-a-|"
      expect output.fired == "f--(t|)", t: true, f: false
      """)
  }

  @Test func countMinAndMaxDrawWhatTheyHoldSoFar() {
    expectPasses(
      """
      use rxjs
      let input = cold("-3-1-4|")
      let n = input.count()
      let least = input.min()
      let most = input.max()
      show n.internals, least.internals, most.internals
      expect n.counted == "01-2-3|"
      // Reported when it changes: 4 is not smaller, 1 not larger.
      expect least.smallest == "n3-1--|", n: nil
      expect most.largest == "n3---4|", n: nil
      """)
  }

  @Test func distinctDrawsTheValuesSeen() {
    expectPasses(
      """
      use rxjs
      let input = cold("-a-b-a-c|")
      let output = input.distinct()
      show output.internals
      expect output == "-a-b---c|"
      expect output.seen == "ea-b---c|", e: [], a: ["a"], b: ["a", "b"], c: ["a", "b", "c"]
      """)
  }

  @Test func skipLastDrawsTheValuesHeldBack() {
    expectPasses(
      """
      use rxjs
      let input = cold("-1-2-3|")
      let output = input.skipLast(2)
      show output.internals
      expect output == "-----1|"
      expect output.held == "ab-c-d|", a: [], b: [1], c: [1, 2], d: [2, 3]
      """)
  }

  @Test func firstLastAndDefaultIfEmptyDrawWhatTheyFound() {
    expectPasses(
      """
      let input = cold("-1-5-2|")
      let big = input.first { x in x > 3 }
      let final = input.last()
      let some = input.defaultIfEmpty(0)
      show big.internals, final.internals, some.internals
      expect big.matched == "f--(t|)", t: true, f: false
      expect final.latest == "n1-5-2|", n: nil
      expect some.arrived == "ft----|", t: true, f: false
      """)
  }

  // MARK: - Errors and switching

  @Test func catchAndThenDrawWhetherTheySwitched() {
    expectPasses(
      """
      let input = cold("-a-#")
      let safe = input.catch { e in cold("-r|") }
      let next = cold("-a-|").then { cold("-b|") }
      show safe.internals, next.internals
      expect safe.switched == "f--t-|", t: true, f: false
      expect next.switched == "f--t-|", t: true, f: false
      """)
  }

  @Test func ifDrawsTheBranch() {
    expectPasses(
      """
      let flag = cold("t---f---|", t: true, f: false)
      let chosen = flag.if(then: cold("-y-y-y-y-y"), else: cold("n-n|"))
      show chosen.internals
      expect chosen == "-y-yn-n-|"
      expect chosen.branch.skip(1) == "t---f---|", t: true, f: false
      """)
  }

  // MARK: - Sharing and subjects

  @Test func replayDrawsTheReplayBufferAndTheSubscribers() {
    expectPasses(
      """
      let input = cold("-a-b-|")
      let shared = input.replay()
      let last = input.replayLast()
      show shared.internals subscribed "--^", last.internals
      // The buffer from the moment the lane subscribes: ["a"] already, then ["a", "b"].
      expect shared.replayed == "--cd-|", c: ["a"], d: ["a", "b"]
      expect shared.subscribers.skip(1) == "--1--(0|)"
      expect last.replayed == "ab-c-|", a: [], b: ["a"], c: ["b"]
      """)
  }

  @Test func replaySubjectDrawsItsBuffer() {
    expectPasses(
      """
      let s = ReplaySubject(capacity: 2)
      s.sendNext(1, at: 1)
      s.sendNext(2, at: 2)
      s.sendNext(3, at: 3)
      show s.internals
      expect s.replayed == "abcd", a: [], b: [1], c: [1, 2], d: [2, 3]
      // 0 when the lane starts watching, 1 once its own subscription is made.
      expect s.subscribers == "(01)"
      """)
  }

  @Test func publishDrawsConnectedAndTheSubscribers() {
    expectPasses(
      """
      let input = cold("-a-b-|")
      let shared = input.publish()
      shared.connect(at: 2)
      show shared.internals
      expect shared.signal == "---a-b-|"
      expect shared.connected == "f-t----|", t: true, f: false
      // The internals' own subscription and the one 'expect shared.signal' makes.
      expect shared.subscribers == "(12)---(10|)"
      """)
  }

  @Test func multicastDrawsTheSubjectItShares() {
    expectPasses(
      """
      let input = cold("-a-b-|")
      let shared = input.multicast(ReplaySubject())
      shared.connect(at: 1)
      show shared.internals
      expect shared.connected == "ft----|", t: true, f: false
      expect shared.replayed == "a-b-c-|", a: [], b: ["a"], c: ["a", "b"]
      """)
  }

  @Test func shareAndAutoconnectDrawTheirSubscribers() {
    expectPasses(
      """
      use rxjs
      let input = cold("-a-b-|")
      let shared = input.share()
      show shared.internals, shared subscribed "--^"
      expect shared.subscribers.skip(2) == "--2--(1|)"
      expect shared.connected == "(ft)-(f|)", t: true, f: false
      """)
  }

  @Test func behaviorSubjectDrawsItsCurrentValue() {
    expectPasses(
      """
      use rxjs
      let s = BehaviorSubject(0)
      s.next(1, at: 2)
      show s.internals
      expect s.current == "0-1"
      """)
  }
}
