import Testing

@testable import Reactive

/// The canonical timeline of `raccommand-semantics.md` §2.5 (and its variants), the derived
/// scenarios D1–D6, the `internals` lanes, and the seed-001 puzzle, as diagrams.
@Suite struct CommandTimelineTests {
  let s = VirtualTimeScheduler()

  @Test func canonicalTimeline() throws {
    let log = EventLog()
    let work = coldMarble("--v|", on: s)
    let command = Command<String, String>(mainScheduler: s.main) { _ in work }
    let executing = MarbleLane(command.executing, on: s, log: log, name: "executing")
    let enabled = MarbleLane(command.enabled, on: s, log: log, name: "enabled")
    let errors = MarbleLane(command.errors, on: s, log: log, name: "errors")
    var inners: [MarbleLane<String>] = []
    let signals = MarbleLane(command.executionSignals, on: s, log: log, name: "executionSignals")
    command.executionSignals.subscribe(next: { inner in
      inners.append(MarbleLane(inner, on: self.s, log: log, name: "inner"))
    })
    let inFlight = MarbleLane(command.internals.inFlight, on: s)
    let more = MarbleLane(command.internals.moreExecutionsAllowed, on: s)
    let immediate = MarbleLane(command.internals.immediateEnabled, on: s)
    var caller: MarbleLane<String>?
    s.schedule(at: 1) {
      caller = MarbleLane(command.execute("x"), on: self.s, log: log, name: "C")
      #expect(caller?.events.isEmpty == true)
      // D4: a second execute in the same instant fails, while `enabled` still reads true.
      var secondError: (any Error)?
      command.execute("y").subscribe(error: { secondError = $0 })
      #expect(secondError is CommandError)
      #expect(current(command.enabled) == true)
    }
    try s.run()

    #expect(executing.marble == "ft--f")
    #expect(enabled.marble == "tf--t")
    #expect(errors.marble { _ in "e" } == "")
    #expect(signals.marble { _ in "x" } == "-x")
    #expect(inners.count == 1)
    #expect(inners.first?.events.map(\.frame) == [3, 4])
    #expect(caller?.marble { $0 } == "---v|")
    #expect(inFlight.marble == "01--0")
    #expect(more.marble == "tf--t")
    #expect(immediate.marble == "tf--t")
    // In-frame order: executing, enabled, executionSignals, then the work; at the end the caller
    // and the inner complete inline, then the hops for executing and enabled run.
    #expect(
      log.lines.filter { $0.hasPrefix("1 ") || $0.hasPrefix("4 ") } == [
        "1 executing next(true)",
        "1 enabled next(false)",
        "1 executionSignals next(\(String(describing: signals.values[0])))",
        "4 C completed",
        "4 inner completed",
        "4 executing next(false)",
        "4 enabled next(true)",
      ])
  }

  @Test func canonicalTimelineErrorVariant() throws {
    let work = coldMarble("--#", on: s)
    let command = Command<String, String>(mainScheduler: s.main) { _ in work }
    let executing = MarbleLane(command.executing, on: s)
    let enabled = MarbleLane(command.enabled, on: s)
    let errors = MarbleLane(command.errors, on: s)
    var inner: MarbleLane<String>?
    command.executionSignals.subscribe(next: { inner = MarbleLane($0, on: self.s) })
    var caller: MarbleLane<String>?
    s.schedule(at: 1) { caller = MarbleLane(command.execute("x"), on: self.s) }
    try s.run()
    #expect(executing.marble == "ft-f")
    #expect(enabled.marble == "tf-t")
    #expect(errors.marble { _ in "e" } == "---e")
    #expect(caller?.marble { $0 } == "---#")
    #expect(inner?.events.map(\.frame) == [3])
    #expect(inner?.isCompleted == true)
  }

  @Test func canonicalTimelineConcurrentVariant() throws {
    let command = Command<String, String>(
      allowsConcurrentExecution: true, mainScheduler: s.main
    ) { [s] marble in coldMarble(marble, on: s) }
    let inFlight = MarbleLane(command.internals.inFlight, on: s)
    let immediateExecuting = MarbleLane(command.internals.immediateExecuting, on: s)
    let executing = MarbleLane(command.executing, on: s)
    let enabled = MarbleLane(command.enabled, on: s)
    s.schedule(at: 1) { command.execute("---|") }
    s.schedule(at: 2) { command.execute("----|") }
    try s.run()
    #expect(inFlight.marble == "012-1-0")
    #expect(immediateExecuting.marble == "ftt-t-f")
    #expect(executing.marble == "ft----f")
    #expect(enabled.marble == "t")
  }

  @Test func addedLaneCarriesEachExecution() throws {
    let command = Command<String, String>(mainScheduler: s.main) { [s] in coldMarble($0, on: s) }
    let added = MarbleLane(command.internals.added, on: s)
    s.schedule(at: 1) { command.execute("-a|") }
    s.schedule(at: 5) { command.execute("|") }
    try s.run()
    #expect(added.marble { _ in "x" } == "-x---x")
  }

  @Test func d1SetterQuirkIsFaithfulToUpstream() throws {
    let command = Command<String, String>(mainScheduler: s.main) { _ in .never }
    let enabled = MarbleLane(command.enabled, on: s)
    let executing = MarbleLane(command.executing, on: s)
    var second: MarbleLane<String>?
    s.schedule(at: 1) { command.execute("A") }
    s.schedule(at: 3) { command.allowsConcurrentExecution = false }
    s.schedule(at: 4) { second = MarbleLane(command.execute("B"), on: self.s) }
    try s.run()
    #expect(enabled.marble == "tf-tf")
    #expect(executing.marble == "ft")
    #expect(second?.error == nil)
  }

  @Test func d2HotSubjectTrap() throws {
    let subject = Subject<String>()
    let command = Command<Void, String>(mainScheduler: s.main) { subject }
    let executing = MarbleLane(command.executing, on: s)
    var result: MarbleLane<String>?
    s.schedule(at: 1) {
      result = MarbleLane(command.execute(()), on: self.s)
      subject.sendNext("a")
      subject.sendCompleted()
    }
    try s.run()
    #expect(result?.events.isEmpty == true)
    #expect(executing.marble == "ft")
  }

  @Test func d3ErrorOrder() throws {
    let log = EventLog()
    let command = Command<Void, String>(mainScheduler: s.main) { [s] in coldMarble("--#", on: s) }
    command.errors.subscribe(next: { _ in
      log.append("errors (executing reads \(current(command.executing)!))")
    })
    command.executing.skip(1).subscribe(next: { log.append("executing \($0)") })
    command.enabled.skip(1).subscribe(next: { log.append("enabled \($0)") })
    s.schedule(at: 1) {
      command.execute(()).subscribe(error: { _ in log.append("caller error at \(self.s.now)") })
    }
    try s.run()
    #expect(
      log.lines == [
        "executing true", "enabled false",
        "caller error at 3", "errors (executing reads true)", "executing false", "enabled true",
      ])
  }

  @Test func d4SecondExecuteInTheSameInstantFails() throws {
    let command = Command<Int, Int>(mainScheduler: s.main) { .just($0) }
    var outcomes: [String] = []
    s.schedule(at: 1) {
      command.execute(1).subscribe(next: { outcomes.append("ran \($0)") })
      command.execute(2).subscribe(error: {
        outcomes.append("error \(($0 as? CommandError)?.code ?? 0)")
      })
      #expect(current(command.enabled) == true)
    }
    try s.run()
    #expect(outcomes == ["error 1", "ran 1"])
  }

  @Test func d5LateSubscriptionToErrorsInTheSameInstant() throws {
    let command = Command<Void, String>(mainScheduler: s.main) { [s] in coldMarble("--#", on: s) }
    var late: MarbleLane<any Error>?
    s.schedule(at: 1) {
      command.execute(()).subscribe(error: { _ in late = MarbleLane(command.errors, on: self.s) })
    }
    try s.run()
    #expect(late?.marble { _ in "e" } == "---e")
  }

  @Test func d6SetterDoesNotDeduplicate() throws {
    let command = Command<Int, Int>(mainScheduler: s.main) { _ in .empty }
    let immediate = MarbleLane(command.internals.immediateEnabled, on: s)
    let enabled = MarbleLane(command.enabled, on: s)
    for _ in 0..<3 { command.allowsConcurrentExecution = false }
    try s.run()
    #expect(immediate.values == [true, true, true, true])
    #expect(enabled.values == [true])
  }

  /// Seed 001: three `execute` calls in one turn run once; deferring the later ones to later
  /// turns of the main queue runs each in turn.
  @Test func seed001ThreeExecutesInOneTurnRunOnce() throws {
    let command = Command<Int, Int>(mainScheduler: s.main) { count in Signal.from(0..<count) }
    var printed: [Int] = []
    command.executionSignals.switchToLatest().subscribe(next: { printed.append($0) })
    command.execute(1)
    command.execute(2)
    command.execute(3)
    try s.run()
    #expect(printed == [0])
  }

  @Test func seed001DeferredExecutesRunInTurn() throws {
    let command = Command<Int, Int>(mainScheduler: s.main) { count in Signal.from(0..<count) }
    var printed: [Int] = []
    command.executionSignals.switchToLatest().subscribe(next: { printed.append($0) })
    command.execute(1)
    s.main.schedule(after: 1) { command.execute(2) }
    s.main.schedule(after: 2) { command.execute(3) }
    try s.run()
    #expect(printed == [0, 0, 1, 0, 1, 2])
  }
}
