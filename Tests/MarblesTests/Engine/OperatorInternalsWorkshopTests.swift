import Testing

@testable import Marbles
@testable import MarblesCore

/// `show s.internals` for the RxJS workshop operators (duration and toggle forms, recursion,
/// accumulation into signals, the `…When` and `…All` forms, the deprecated names): each lane is
/// the operator's own state, reported through its probe.
@Suite struct OperatorInternalsWorkshopTests {
  // MARK: - Duration and toggle forms

  @Test func auditDrawsTheValueToSend() {
    expectPasses(
      """
      let input = cold("-ab---c-----|")
      let output = input.audit { _ in cold("---x") }
      show output.internals
      expect output == "----b----c--|"
      expect output.pending == "nab-n-c--n--|", n: nil, a: "a", b: "b", c: "c"
      """)
  }

  @Test func bufferWhenDrawsTheBufferUntilTheClosingSignalSends() {
    expectPasses(
      """
      let input = cold("-a-b---c--|")
      let batches = input.bufferWhen { cold("----x") }
      show batches.internals
      expect batches == "----x---y-(z|)", x: ["a", "b"], y: ["c"], z: []
      expect batches.buffered == "ea-be--ce-(e|)", e: [], a: ["a"], b: ["a", "b"], c: ["c"]
      """)
  }

  @Test func bufferToggleDrawsTheOpenBuffers() {
    // A value with no buffer open (a, and d between the buffers) changes nothing.
    expectPasses(
      """
      let input = cold("-a-b-c------e--|")
      let opens = cold("--o-------o")
      let batches = input.bufferToggle(opens) { _ in cold("---x") }
      show batches.internals
      expect batches == "-----x-------y-|", x: ["b", "c"], y: ["e"]
      expect batches.buffers == "n-ob-(cn)-o-en-|", n: [], o: [[]], b: [["b"]], c: [["b", "c"]], e: [["e"]]
      """)
  }

  @Test func timeoutWithDrawsTheDeadlineUntilItSwitches() {
    expectPasses(
      """
      let input = cold("-a---b------c|")
      let backup = cold("-x|")
      let bounded = input.timeoutWith(5, backup)
      show bounded.internals
      expect bounded == "-a---b-----x|"
      // nil at the subscription, then the first limit (5) at the same frame.
      expect bounded.deadline.skip(1) == "56---a----n-|", a: 10, n: nil
      """)
  }

  // MARK: - Comparison

  @Test func sequenceEqualDrawsTheValuesNotComparedYet() {
    expectPasses(
      """
      let input = cold("-a-b-c-|")
      let other = cold("--a-x")
      let same = input.sequenceEqual(other)
      show same.internals
      expect same == "----(f|)", f: false
      expect same.queues == "eaeb(e|)", e: [[], []], a: [["a"], []], b: [["b"], []]
      expect same.done == "n---|", n: [false, false]
      """)
  }

  @Test func sequenceEqualDrawsWhichSidesCompleted() {
    expectPasses(
      """
      let input = cold("-a-b-c-|")
      let other = cold("--a-b-c-|")
      let same = input.sequenceEqual(other)
      show same.internals
      expect same == "--------(t|)", t: true
      expect same.done == "n------p(q|)", n: [false, false], p: [true, false], q: [true, true]
      """)
  }

  // MARK: - Retrying and repeating

  @Test func retryWhenDrawsTheAttempt() {
    // At 6 the notifier's second value subscribes a third time, then take(2) completes it.
    expectPasses(
      """
      let input = cold("-a#")
      let again = input.retryWhen { errors in errors.delay(1).take(2) }
      show again.internals
      expect again == "-a--a-|"
      expect again.attempt == "1--2--(3|)"
      """)
  }

  @Test func repeatWhenDrawsTheAttempt() {
    expectPasses(
      """
      let input = cold("-a|")
      let again = input.repeatWhen { done in done.delay(2).take(1) }
      show again.internals
      expect again == "-a---a|"
      expect again.attempt == "1---2-|"
      """)
  }

  // MARK: - Recursion and accumulation into signals

  @Test func expandDrawsTheRunningInnerSignals() {
    // Ordinals of the values sent (1 → 1, 2 → 2, 4 → 3) whose inner signals still run.
    expectPasses(
      """
      let input = cold("-1|")
      let doubled = input.expand { x in x < 4 ? cold("--y|", y: x * 2) : cold("---|") }
      show doubled.internals
      expect doubled == "-1-2-4--|"
      expect doubled.active == "ab-cdef-(a|)", a: [], b: [1], c: [1, 2], d: [2], e: [2, 3], f: [3]
      """)
  }

  @Test func switchScanDrawsTheAccumulatorAndTheCurrentInner() {
    expectPasses(
      """
      let input = cold("-1----2|")
      let sums = input.switchScan(0) { acc, x in cold("-a-b|", a: acc + x, b: acc + x * 10) }
      show sums.internals
      expect sums == "--a-b--c-d|", a: 1, b: 10, c: 12, d: 30
      expect sums.acc == "0-1-a--b-c|", a: 10, b: 12, c: 30
      expect sums.current == "n1---n2---(n|)", n: nil
      """)
  }

  @Test func mergeScanDrawsTheAccumulatorTheRunningAndTheWaitingInners() {
    // concurrent: 1: the second value waits until the first inner completes at 4.
    expectPasses(
      """
      let input = cold("-12|")
      let sums = input.mergeScan(0, concurrent: 1) { acc, x in cold("--s|", s: acc + x) }
      show sums.internals
      expect sums == "---1--3|"
      expect sums.acc == "0--1--3|"
      expect sums.active == "ea--b--(e|)", e: [], a: [1], b: [2]
      expect sums.queue == "e-b-e--|", e: [], b: [2]
      """)
  }

  @Test func flattenMapWithAConcurrencyDrawsTheRunningAndTheWaitingInners() {
    // At 3 both slots are taken: the third value waits until the first inner completes at 5.
    expectPasses(
      """
      let input = cold("-abc|")
      let output = input.flattenMap(concurrent: 2) { x in cold("---x|", x: x) }
      show output.internals
      expect output == "----ab--c|"
      expect output.active == "eab--cd--(e|)", e: [], a: [1], b: [1, 2], c: [2, 3], d: [3]
      expect output.queue == "e--q-e---|", e: [], q: [3]
      """)
  }

  // MARK: - The …All forms and the deprecated names

  @Test func combineLatestAllDrawsTheInnersCollectedThenTheLatestValues() {
    expectPasses(
      """
      use rxjs
      let outer = cold("-x-y|", x: cold("-1---2|"), y: cold("-a|"))
      let latest = outer.combineLatestAll()
      show latest.internals
      expect latest == "-----p---q|", p: [1, "a"], q: [2, "a"]
      expect latest.collected == "01-2------|"
      expect latest.latest == "----d(bc)e|", d: [nil, nil], b: [1, nil], c: [1, "a"], e: [2, "a"]
      """)
  }

  @Test func zipAllDrawsTheInnersCollectedThenTheQueues() {
    expectPasses(
      """
      use rxjs
      let outer = cold("-x-y|", x: cold("-1-2|"), y: cold("--a--b|"))
      let pairs = outer.zipAll()
      show pairs.internals
      expect pairs == "------p--(q|)", p: [1, "a"], q: [2, "b"]
      expect pairs.collected == "01-2-----|"
      expect pairs.queues == "----eaeb-(e|)", e: [[], []], a: [[1], []], b: [[2], []]
      """)
  }

  @Test func exhaustDrawsTheActiveInner() {
    expectPasses(
      """
      let inner = cold("--r|")
      let outer = cold("-x-x-x|", x: inner)
      let output = outer.exhaust()
      show output.internals
      expect output == "---r---r|"
      expect output.active == "ab--ac--(a|)", a: [], b: [1], c: [3]
      """)
  }

  @Test func onErrorResumeNextDrawsTheCurrentInputAndTheQueue() {
    // At 0 both inputs are queued and the first starts; at 7 the first fails and the second
    // starts.
    expectPasses(
      """
      let a = cold("-a-----#")
      let b = cold("-b---|")
      let both = onErrorResumeNext(a, b)
      show both.internals
      expect both == "-a------b---|"
      expect both.current == "(n1)---(n2)-(n|)", n: nil
      expect both.queue == "(eaeb)-e----|", e: [], a: [1], b: [2]
      """)
  }

  @Test func connectableDrawsConnectedAndTheSubscribers() {
    expectPasses(
      """
      let input = cold("-a-b-|")
      let shared = connectable(input)
      shared.connect(at: 2)
      show shared.internals
      expect shared.connected == "f-t----|", t: true, f: false
      // 0 when the lane starts watching, 1 once the internals' own subscription is made.
      expect shared.subscribers == "(01)---(0|)"
      """)
  }
}
