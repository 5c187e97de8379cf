import Testing

@testable import Marbles
@testable import MarblesCore

/// Random operator chains over every kind of source: whatever they do, a run ends with a
/// recording or diagnostics (never a crash or a hang).
@Suite struct InterpreterRobustnessTests {
  static let sources = [
    "a", "b", "c", "h", "s", "cmd.executionSignals", "cmd.enabled", "cmd.errors", "cmd.inFlight",
    "ch.leading", "ch.following", "just(1)", "empty", "never", "fail(\"e\")", "interval(2)",
    "timer(3)", "merge(a, b)", "concat(a, b)", "combineLatest(a, b)", "zip(a, c)",
  ]
  static let signals = ["a", "b", "h", "just(2)", "never", "empty", "cold(\"--t|\")"]
  static let closures = [
    "{ $0 }", "{ x in just(x) }", "{ x in cold(\"-x|\", x: x) }", "{ x in x == 1 }", "{ $0 * 2 }",
    "{ x in (x, x) }", "{ x in x > 1 ? just(x) : nil }", "{ x in s.sendNext(x) }",
    "{ x in cmd.execute(x) }",
  ]
  static let numbers = ["0", "1", "3", "-1", "1000000000", "\"x\""]

  func chain(_ random: inout SplitMix64) -> String {
    func pick(_ items: [String]) -> String { items[Int(random.next() % UInt64(items.count))] }
    var expression = pick(Self.sources)
    for _ in 0..<(1 + Int(random.next() % 4)) {
      let operators = [
        "map \(pick(Self.closures))", "filter \(pick(Self.closures))",
        "flattenMap \(pick(Self.closures))", "switchToLatest()", "switchMap \(pick(Self.closures))",
        "scan(0) { $0 + $1 }", "catch \(pick(Self.closures))", "catchTo(\(pick(Self.signals)))",
        "then { \(pick(Self.signals)) }", "startWith(\(pick(Self.numbers)))", "materialize()",
        "dematerialize()", "replayLast()", "replayLazily()", "distinctUntilChanged()",
        "take(\(pick(Self.numbers)))", "skip(\(pick(Self.numbers)))",
        "takeUntil(\(pick(Self.signals)))", "takeLast(\(pick(Self.numbers)))", "deliverOn(main)",
        "not()", "and()", "merge(with: \(pick(Self.signals)))", "flatten()",
        "delay(\(pick(Self.numbers)))", "throttle(\(pick(Self.numbers)))",
        "throttleTime(\(pick(Self.numbers)))", "sample(\(pick(Self.signals)))", "collect()",
        "pairwise()", "bufferWithTime(\(pick(Self.numbers)))", "bufferCount(\(pick(Self.numbers)))",
        "retry(1)", "repeat(2)", "timeout(\(pick(Self.numbers)))", "doNext \(pick(Self.closures))",
        "withLatestFrom(\(pick(Self.signals)))", "first()", "bind \(pick(Self.closures))",
        "if(then: \(pick(Self.signals)), else: \(pick(Self.signals)))", "concat()",
      ]
      expression += "." + pick(operators)
    }
    return expression
  }

  @Test(arguments: 0..<60)
  func randomChainsEndWithARecordingOrDiagnostics(_ seed: Int) {
    var random = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9 &+ 17)
    let text = """
      let a = cold("-1-2|")
      let b = hot("--x-y-|")
      let c = cold("a-(bc)-#")
      let h = hot("-t-^-f-t--|", t: true, f: false)
      let s = Subject()
      let cmd = Command(enabled: h) { x in cold("-r|", r: x) }
      let ch = Channel()
      let v0 = \(chain(&random))
      let v1 = \(chain(&random))
      cmd.execute(a)
      v0.subscribe(ch.leading)
      show v0, v1, cmd, ch
      """
    let (outcome, file) = runScript(text, maxFrames: 200)
    switch outcome {
    case .completed(let run): #expect(run.lanes.count == 8)
    case .failed, .stopped:
      #expect(outcome.diagnostics.containsError, "\(outcome.diagnostics.render(in: file))")
    }
  }
}
