import Testing

@testable import Marbles
@testable import MarblesCLI
@testable import MarblesCore

/// The RxJS operators beyond the common ones (duration and toggle forms, recursion,
/// accumulation into signals, comparison, the `…When` forms, deprecated names), written from
/// RxJS's documentation. Each case covers values, an empty source, a silent one, a failure,
/// an early unsubscription, and the subscription windows that show what was released.
@Suite struct RxJSWorkshopOperatorTests {
  @Test func auditSendsTheLatestValueWhenTheDurationSends() {
    expectPasses(
      """
      let source = cold("-ab---c-----|")
      let duration = cold("---x")
      let output = source.audit { _ in duration }
      let empty = cold("--|").audit { _ in cold("---x") }
      let silent = cold("-a---").audit { _ in cold("---x") }
      let failing = cold("-a#").audit { _ in cold("---x") }
      let durationFails = cold("-a---|").audit { _ in cold("--#") }
      let quiet = cold("-ab----c|").audit { _ in cold("--|") }
      let early = cold("-ab---c-----|")
      let cut = early.audit { _ in cold("---x") }
      show output, empty, silent, failing, durationFails, quiet, cut subscribed "^-----!"
      expect output == "----b----c--|"
      expect subscriptions(duration) == ["-^--!", "------^--!"]
      expect subscriptions(source) == "^-----------!"
      expect empty == "--|"
      expect silent == "----a"
      expect failing == "--#"
      expect durationFails == "---#"
      expect quiet == "---------|"
      expect cut == "----b-"
      expect subscriptions(early) == "^-----!"
      """)
  }

  @Test func bufferWhenClosesWithAFreshSignalEachTime() {
    expectPasses(
      """
      let source = cold("-a-b---c--|")
      let closing = cold("----x")
      let batches = source.bufferWhen { closing }
      let empty = cold("--|").bufferWhen { cold("----x") }
      let failing = cold("-a#").bufferWhen { cold("----x") }
      let closingFails = cold("-a---|").bufferWhen { cold("--#") }
      let stays = cold("-a---|").bufferWhen { cold("--|") }
      let silent = never.bufferWhen { cold("---x|") }
      let early = cold("-a-b---c--|")
      let cut = early.bufferWhen { cold("----x") }
      show batches, empty, failing, closingFails, stays, silent subscribed "^----!", cut subscribed "^-----!"
      expect batches == "----x---y-(z|)", x: ["a", "b"], y: ["c"], z: []
      expect subscriptions(closing) == ["^---!", "----^---!", "--------^-!"]
      expect empty == "--(e|)", e: []
      expect failing == "--#"
      expect closingFails == "--#"
      expect stays == "-----(x|)", x: ["a"]
      expect silent == "---e-", e: []
      expect cut == "----x-", x: ["a", "b"]
      expect subscriptions(early) == "^-----!"
      """)
  }

  @Test func bufferToggleKeepsOverlappingBuffers() {
    expectPasses(
      """
      let source = cold("-a-b-c-d-|")
      let opens = cold("o-o")
      let closing = cold("----x")
      let batches = source.bufferToggle(opens) { _ in closing }
      let empty = cold("--|").bufferToggle(cold("-o")) { _ in cold("---x") }
      let silent = never.bufferToggle(cold("-o")) { _ in cold("---x") }
      let failing = cold("-a#").bufferToggle(cold("o")) { _ in cold("----x") }
      let early = cold("-a-b-c-d-|")
      let cut = early.bufferToggle(cold("o-o")) { _ in cold("----x") }
      show batches, empty, silent, failing, cut subscribed "^----!"
      expect batches == "----x-y--|", x: ["a", "b"], y: ["b", "c"]
      expect subscriptions(closing) == ["^---!", "--^---!"]
      expect subscriptions(opens) == "^--------!"
      expect empty == "--(e|)", e: []
      expect silent == "----e", e: []
      expect failing == "--#"
      expect cut == "----x", x: ["a", "b"]
      expect subscriptions(early) == "^----!"
      """)
  }

  @Test func sequenceEqualDecidesAsSoonAsItCan() {
    expectPasses(
      """
      let a = cold("-a-b-c-|")
      let same = a.sequenceEqual(cold("--a-b-c-|"))
      let left = cold("-a-b-c-|")
      let right = cold("--a-x")
      let differs = left.sequenceEqual(right)
      let shorter = cold("-a-b|").sequenceEqual(cold("-a-b-c|"))
      let empty = cold("--|").sequenceEqual(cold("-|"))
      let silent = cold("-a-").sequenceEqual(cold("-a|"))
      let failing = cold("-a#").sequenceEqual(cold("-a-b|"))
      let compared = cold("-1-2|").sequenceEqual(cold("-a-b|", a: 10, b: 20)) { x, y in x * 10 == y }
      show same, differs, shorter, empty, silent, failing, compared
      expect same == "--------(t|)", t: true
      expect differs == "----(f|)", f: false
      expect subscriptions(left) == "^---!"
      expect subscriptions(right) == "^---!"
      expect shorter == "-----(f|)", f: false
      expect empty == "--(t|)", t: true
      expect silent == "-----"
      expect failing == "--#"
      expect compared == "----(t|)", t: true
      """)
  }

  @Test func timeoutWithSwitchesToTheAlternative() {
    expectPasses(
      """
      let source = cold("-a---b------c|")
      let backup = cold("-x|")
      let bounded = source.timeoutWith(5, backup)
      let empty = cold("--|").timeoutWith(5, cold("-x|"))
      let silent = never.timeoutWith(5, cold("-x|"))
      let failing = cold("-a#").timeoutWith(5, cold("-x|"))
      show bounded, empty, silent, failing
      expect bounded == "-a---b-----x|"
      expect subscriptions(source) == "^---------!"
      expect subscriptions(backup) == "----------^-!"
      expect empty == "--|"
      expect silent == "------x|"
      expect failing == "-a#"
      """)
  }

  @Test func retryWhenResubscribesAtEachNotifierValue() {
    expectPasses(
      """
      let source = cold("-a#")
      let again = source.retryWhen { errors in errors.delay(2).take(2) }
      let empty = cold("--|").retryWhen { errors in errors }
      let silent = never.retryWhen { errors in errors }
      let notifierFails = cold("-a#").retryWhen { errors in errors.flattenMap { e in fail(e) } }
      let notifierEnds = cold("-a#").retryWhen { errors in errors.take(0) }
      let early = cold("-a#")
      let cut = early.retryWhen { errors in errors.delay(2) }
      show again, empty, silent, notifierFails, notifierEnds, cut subscribed "^-----!"
      expect again == "-a---a--|"
      expect subscriptions(source) == ["^-!", "----^-!", "--------(^!)"]
      expect empty == "--|"
      expect silent == "-"
      expect notifierFails == "-a#"
      expect notifierEnds == "-a|"
      expect cut == "-a---a"
      expect subscriptions(early) == ["^-!", "----^-!"]
      """)
  }

  @Test func repeatWhenResubscribesAtEachNotifierValue() {
    expectPasses(
      """
      let source = cold("-a|")
      let again = source.repeatWhen { done in done.delay(1).take(2) }
      let empty = cold("--|").repeatWhen { done in done.take(1) }
      let silent = never.repeatWhen { done in done }
      let failing = cold("-a#").repeatWhen { done in done }
      let early = cold("-a|")
      let cut = early.repeatWhen { done in done.delay(1) }
      show again, empty, silent, failing, cut subscribed "^----!"
      expect again == "-a--a--a|"
      expect subscriptions(source) == ["^-!", "---^-!", "------^-!"]
      expect empty == "----|"
      expect silent == "-"
      expect failing == "-a#"
      expect cut == "-a--a"
      expect subscriptions(early) == ["^-!", "---^-!"]
      """)
  }

  @Test func expandFeedsEachValueBackIn() {
    expectPasses(
      """
      let source = cold("-1|")
      let doubled = source.expand { x in x < 8 ? cold("--y|", y: x * 2) : empty }
      let limited = cold("-1|").expand { x in cold("--y|", y: x * 2) }.take(3)
      let atOnce = of(1).expand { x in x < 4 ? of(x + 1) : empty }
      let empty = cold("--|").expand { x in cold("-y|", y: x) }
      let silent = never.expand { x in cold("-y|", y: x) }
      let failing = cold("-1|").expand { x in cold("--#") }
      let early = cold("-1|")
      let cut = early.expand { x in cold("--y|", y: x + 1) }
      show doubled, limited, atOnce, empty, silent, failing, cut subscribed "^-----!"
      expect doubled == "-1-2-4-8|"
      expect limited == "-1-2-(4|)"
      expect atOnce == "(1234|)"
      expect empty == "--|"
      expect silent == "-"
      expect failing == "-1-#"
      expect cut == "-1-2-3"
      expect subscriptions(early) == "^-!"
      """)
  }

  @Test func switchScanAndMergeScanAccumulateInnerValues() {
    expectPasses(
      """
      let source = cold("-1----2|")
      let switched = source.switchScan(0) { acc, x in cold("-a-b|", a: acc + x, b: acc + x * 10) }
      let cutOff = cold("-1-2|").switchScan(0) { acc, x in cold("--s|", s: acc + x) }
      let merged = cold("-1--2--3|").mergeScan(0) { acc, x in cold("-s|", s: acc + x) }
      let oneAtATime = cold("12|").mergeScan(0, concurrent: 1) { acc, x in cold("--s|", s: acc + x) }
      let indexed = cold("-5-5|").mergeScan(0) { acc, x, i in of(acc + x * i) }
      let empty = cold("--|").switchScan(0) { acc, x in of(acc + x) }
      let silent = never.mergeScan(0) { acc, x in of(acc + x) }
      let failing = cold("-1#").switchScan(0) { acc, x in of(acc + x) }
      let early = cold("-1----2|")
      let cut = early.switchScan(0) { acc, x in cold("-s-s|", s: acc + x) }
      show switched, cutOff, merged, oneAtATime, indexed, empty, silent, failing, cut subscribed "^---!"
      expect switched == "--a-b--c-d|", a: 1, b: 10, c: 12, d: 30
      expect cutOff == "-----s|", s: 2
      expect merged == "--a--b--c|", a: 1, b: 3, c: 6
      expect oneAtATime == "--a--b|", a: 1, b: 3
      expect indexed == "-a-b|", a: 0, b: 5
      expect empty == "--|"
      expect silent == "-"
      expect failing == "-1#"
      expect cut == "--1-"
      expect subscriptions(early) == "^---!"
      """)
  }

  @Test func combineLatestAllAndZipAllWaitForTheOuterSignal() {
    expectPasses(
      """
      use rxjs
      let outer = cold("-x-y|", x: cold("-1-2|"), y: cold("a|"))
      let latest = outer.combineLatestAll()
      let zipped = cold("-x-y|", x: cold("-1-2|"), y: cold("a-b|")).zipAll()
      let empty = cold("--|").combineLatestAll()
      let silent = cold("-x-", x: cold("1|")).zipAll()
      let failing = cold("-x#", x: cold("1|")).combineLatestAll()
      let innerFails = cold("-x|", x: cold("-#")).zipAll()
      show latest, zipped, empty, silent, failing, innerFails
      expect latest == "-----p-q|", p: [1, "a"], q: [2, "a"]
      expect zipped == "-----p-(q|)", p: [1, "a"], q: [2, "b"]
      expect empty == "--|"
      expect silent == "---"
      expect failing == "--#"
      expect innerFails == "---#"
      """)
    // Without `use rxjs`, the combined values are tuples, as for combineLatest.
    expectPasses(
      """
      let outer = cold("-x-y|", x: cold("1|"), y: cold("a|"))
      let latest = outer.combineLatestAll()
      show latest
      expect latest == "----p|", p: (1, "a")
      """)
  }

  @Test func deprecatedNamesAndCreationForms() {
    expectPasses(
      """
      let inner = cold("--r|")
      let exhausted = cold("-xx--x|", x: inner).exhaust()
      let resumed = onErrorResumeNext(cold("-a|"), cold("-b#"), cold("-c|"))
      let source = cold("-a-b-|")
      let shared = connectable(source)
      shared.connect(at: 2)
      show exhausted, resumed, shared
      expect exhausted == "---r---r|"
      expect resumed == "-a-b-c|"
      expect shared == "---a-b-|"
      expect subscriptions(source) == "--^----!"
      """)
  }

  @Test func explainSaysWhatChangesUnderUseRxJSForASharedRow() {
    let (takeLast, _) = Explainer.explain("takeLast")
    #expect(takeLast.contains("under 'use rxjs' a count of 0 completes at once"))
    let (pairwise, _) = Explainer.explain("pairwise")
    #expect(pairwise.contains("under 'use rxjs' the pairs are arrays"))
    let (map, _) = Explainer.explain("map")
    #expect(!map.contains("under 'use rxjs'"))
  }
}
