import Foundation
import Testing

@testable import Reactive

/// The synchronous first value of a signal (RAC `first` on a Replay(1) output), or nil.
func current<V>(_ signal: Signal<V>) -> V? {
  var value: V?
  signal.take(1).subscribe(next: { value = $0 })
  return value
}

/// RACCommandSpec, scenarios C1–C27 of `raccommand-semantics.md` §6.1, in virtual time:
/// "after drain" is `drain()`, "now" is an assertion without draining.
@Suite struct CommandSpecTests {
  let s = VirtualTimeScheduler()

  /// Setup A.
  func echoCommand() -> Command<String?, String?> {
    Command(mainScheduler: s.main) { Signal.just($0) }
  }

  @Test func setupAIsSerialByDefault() {
    #expect(echoCommand().allowsConcurrentExecution == false)
  }

  @Test func c1EnabledByDefault() {
    #expect(current(echoCommand().enabled) == true)
  }

  @Test func c2NotExecutingByDefault() {
    #expect(current(echoCommand().executing) == false)
  }

  @Test func c3CreatesAnExecutionSignal() throws {
    let command = echoCommand()
    var count = 0
    var completed = false
    command.executionSignals.subscribe(next: { inner in
      count += 1
      inner.subscribe(next: { #expect($0 == nil) }, completed: { completed = true })
    })
    let executing = MarbleLane(command.executing, on: s)
    let enabled = MarbleLane(command.enabled, on: s)
    let signals = MarbleLane(command.executionSignals, on: s)
    s.schedule(at: 1) {
      command.execute(nil)
      #expect(count == 0)
    }
    try s.run()
    #expect(count == 1)
    #expect(completed)
    #expect(signals.marble { _ in "x" } == "-x")
    #expect(executing.marble == "f(tf)")
    #expect(enabled.marble == "t(ft)")
  }

  @Test func c4ReturnsTheExecutionSignal() throws {
    let command = echoCommand()
    var result: MarbleLane<String?>?
    s.schedule(at: 1) { result = MarbleLane(command.execute(nil), on: self.s) }
    try s.run()
    #expect(result?.marble { $0 ?? "n" } == "-(n|)")
  }

  @Test func c5ExecutionSignalsArriveOnMain() throws {
    let command = echoCommand()
    let background = s.makeQueue(named: "background")
    var recorded: [any Scheduler] = []
    command.executionSignals.subscribe(next: { _ in recorded.append(self.s.currentScheduler!) })
    background.schedule { command.execute(nil) }
    try s.step()
    #expect(recorded.isEmpty)
    try s.drain()
    #expect(recorded.count == 1)
    #expect(recorded.first === s.main)
  }

  @Test func c6NothingOnErrorsByDefault() throws {
    let command = echoCommand()
    var received = false
    command.errors.subscribe(next: { _ in received = true })
    command.execute(nil)
    try s.run()
    #expect(!received)
  }

  @Test func c7ExecutingWhileRunning() throws {
    let command = echoCommand()
    var checked = false
    command.executionSignals.subscribe(next: { inner in
      inner.subscribe(next: { _ in
        #expect(current(command.executing) == true)
        checked = true
      })
    })
    command.execute(nil)
    try s.run()
    #expect(checked)
    #expect(current(command.executing) == false)
  }

  @Test func c8ExecutingUpdatesOnMain() throws {
    let command = echoCommand()
    let background = s.makeQueue(named: "background")
    var recorded: [any Scheduler] = []
    command.executing.skip(1).subscribe(next: {
      if $0 { recorded.append(self.s.currentScheduler!) }
    })
    background.schedule { command.execute(nil) }
    try s.step()
    #expect(current(command.executing) == false)
    #expect(recorded.isEmpty)
    try s.drain()
    #expect(recorded.count == 1 && recorded.first === s.main)
  }

  @Test func c9DeallocatesWithoutSubscribers() throws {
    weak var released: Command<Int, Int>?
    do {
      let command = Command<Int, Int>(mainScheduler: s.main) { _ in .empty }
      released = command
      #expect(released != nil)
    }
    try s.drain()
    #expect(released == nil)
  }

  @Test func c10CompletesOnMainAtDealloc() throws {
    let background = s.makeQueue(named: "background")
    var completions: [String] = []
    weak var released: Command<Int, Int>?
    background.schedule {
      let command = Command<Int, Int>(mainScheduler: self.s.main) { _ in .empty }
      released = command
      let record = { (lane: String) in
        {
          #expect(self.s.currentScheduler === self.s.main)
          completions.append(lane)
        }
      }
      command.executionSignals.subscribe(completed: record("executionSignals"))
      command.executing.subscribe(completed: record("executing"))
      command.enabled.subscribe(completed: record("enabled"))
      command.errors.subscribe(completed: record("errors"))
    }
    try s.run()
    #expect(released == nil)
    #expect(completions == ["enabled", "errors", "executing", "executionSignals"])
  }

  @Test func c11SignalBlockRunsOncePerExecution() throws {
    var inputs: [String] = []
    let command = Command<String, Never>(mainScheduler: s.main) { input in
      inputs.append(input)
      return .empty
    }
    command.execute("foo")
    #expect(inputs == ["foo"])
    try s.run()
    command.execute("bar")
    try s.run()
    #expect(inputs == ["foo", "bar"])
  }

  @Test func c12ExecutionSignalsArriveInExecutionOrder() throws {
    let command = Command<[String], String>(mainScheduler: s.main) { Signal.from($0) }
    var collected: [String] = []
    command.executionSignals.concat().subscribe(next: { collected.append($0) })
    command.execute(["foo", "bar"])
    try s.run()
    command.execute(["buzz", "baz"])
    try s.run()
    #expect(collected == ["foo", "bar", "buzz", "baz"])
  }

  @Test func c13ExecutingStaysTrueUntilAllExecutionsEnd() throws {
    let command = Command<Signal<String>, String>(
      allowsConcurrentExecution: true, mainScheduler: s.main
    ) { $0 }
    let a = Subject<String>()
    let b = Subject<String>()
    let executing = MarbleLane(command.executing, on: s)
    _ = command.execute(a)
    _ = command.execute(b)
    try s.drain()
    #expect(current(command.executing) == true)
    s.schedule(at: 4) {
      a.sendError(TestError("boom"))
      #expect(current(command.executing) == true)
    }
    s.schedule(at: 5) {
      b.sendNext("a")
      #expect(current(command.executing) == true)
    }
    s.schedule(at: 6) { b.sendCompleted() }
    try s.run()
    #expect(current(command.executing) == false)
    #expect(executing.marble == "(ft)--f")
  }

  @Test func c14AllowsConcurrentExecutionIsObservable() {
    let command = echoCommand()
    let trigger = Subject<Void>()
    let observed = command.allowsConcurrentExecutionValues.takeUntil(trigger).replayLast()
    #expect(current(observed) == false)
    command.allowsConcurrentExecution = true
    #expect(current(observed) == true)
    var completed = false
    observed.subscribe(completed: { completed = true })
    trigger.sendNext(())
    #expect(completed)
  }

  @Test func c15ExecutionSignalsNeverDeliverErrors() throws {
    let subject = Subject<String>()
    let command = Command<Void, String>(mainScheduler: s.main) { subject }
    let record = MarbleLane(command.executionSignals.flatten().materialize(), on: s)
    let executing = MarbleLane(command.executing, on: s)
    _ = command.execute(())
    try s.drain()
    #expect(current(command.executing) == true)
    s.schedule(at: 2) { subject.sendNext("unit") }
    s.schedule(at: 4) { subject.sendNext("foo") }
    s.schedule(at: 6) { subject.sendError(TestError("boom")) }
    try s.advance(to: 2)
    #expect(record.values.map(\.value) == ["unit"])
    try s.advance(to: 4)
    #expect(record.values.map(\.value) == ["unit", "foo"])
    #expect(current(command.executing) == true)
    try s.run()
    #expect(current(command.executing) == false)
    #expect(record.values.map(\.value) == ["unit", "foo"])
    #expect(record.marble { $0.value == "unit" ? "A" : "B" } == "--A-B")
    #expect(executing.marble == "(ft)--f")
  }

  @Test func c16ExecuteResultDeliversErrors() throws {
    let subject = Subject<String>()
    let command = Command<Void, String>(mainScheduler: s.main) { subject }
    let record = MarbleLane(command.execute(()).materialize(), on: s)
    try s.drain()
    s.schedule(at: 2) { subject.sendNext("unit") }
    s.schedule(at: 4) { subject.sendNext("foo") }
    s.schedule(at: 6) { subject.sendError(TestError("boom")) }
    try s.run()
    #expect(current(command.executing) == false)
    let symbols = record.marble { event in
      switch event {
      case .next(let value): return value == "unit" ? "A" : "B"
      case .error: return "E"
      case .completed: return "C"
      }
    }
    #expect(symbols == "--A-B-(E|)")
  }

  @Test func c17ErrorsFromExecutionsStartedBeforeSubscribing() throws {
    let command = Command<Signal<String>, String>(
      allowsConcurrentExecution: true, mainScheduler: s.main
    ) { $0 }
    let a = Subject<String>()
    let b = Subject<String>()
    _ = command.execute(a)
    _ = command.execute(b)
    let errors = MarbleLane(command.errors, on: s)
    let executing = MarbleLane(command.executing, on: s)
    try s.drain()
    #expect(current(command.executing) == true)
    s.schedule(at: 4) { a.sendError(TestError("e1")) }
    s.schedule(at: 6) { b.sendError(TestError("e2")) }
    try s.advance(to: 4)
    #expect(current(command.executing) == true)
    #expect(errors.values.map { $0 as? TestError } == [TestError("e1")])
    try s.run()
    #expect(current(command.executing) == false)
    #expect(errors.values.map { $0 as? TestError } == [TestError("e1"), TestError("e2")])
    #expect(errors.marble { ($0 as? TestError) == TestError("e1") ? "x" : "y" } == "----x-y")
    #expect(executing.marble == "(ft)--f")
  }

  @Test func c18NonErrorEventsStayOffErrors() throws {
    let subject = Subject<String>()
    let command = Command<Void, String>(mainScheduler: s.main) { subject }
    var received = false
    command.errors.subscribe(next: { _ in received = true })
    command.execute(())
    try s.drain()
    #expect(current(command.executing) == true)
    subject.sendNext("value")
    subject.sendCompleted()
    try s.drain()
    #expect(current(command.executing) == false)
    #expect(!received)
  }

  @Test func c19ErrorsArriveOnMain() throws {
    let command = Command<Signal<Int>, Int>(mainScheduler: s.main) { $0 }
    let background = s.makeQueue(named: "background")
    var recorded: [any Scheduler] = []
    command.errors.subscribe(next: { error in
      #expect(error as? TestError == TestError("boom"))
      recorded.append(self.s.currentScheduler!)
    })
    background.schedule { command.execute(.fail(TestError("boom"))) }
    try s.step()
    #expect(recorded.isEmpty)
    try s.drain()
    #expect(recorded.count == 1 && recorded.first === s.main)
  }

  // MARK: - Setup C

  let enabledSubject = Subject<Bool>()

  func gatedCommand() -> Command<Int?, Void> {
    Command(enabled: enabledSubject, mainScheduler: s.main) { _ in .just(()) }
  }

  @Test func c20EnabledByDefault() {
    #expect(current(gatedCommand().enabled) == true)
  }

  @Test func c21FollowsTheLatestValue() throws {
    let command = gatedCommand()
    let enabled = MarbleLane(command.enabled, on: s)
    for (frame, value) in [(2, false), (4, true), (6, false)] {
      s.schedule(at: frame) {
        self.enabledSubject.sendNext(value)
        #expect(current(command.enabled) == !value)
      }
    }
    try s.run()
    #expect(current(command.enabled) == false)
    #expect(enabled.marble == "t-f-t-f")
  }

  @Test func c22SamplesTheEnabledSignalSynchronouslyAtInit() {
    let command = Command<Int, Int>(enabled: .just(false), mainScheduler: s.main) { _ in .empty }
    #expect(current(command.enabled) == false)
  }

  @Test func c23FalseWhileExecutingInSerialMode() throws {
    let command = gatedCommand()
    var checked = false
    command.executionSignals.flatten().subscribe(next: {
      #expect(current(command.executing) == true)
      #expect(current(command.enabled) == false)
      checked = true
    })
    let enabled = MarbleLane(command.enabled, on: s)
    let executing = MarbleLane(command.executing, on: s)
    #expect(current(command.enabled) == true)
    s.schedule(at: 1) { command.execute(nil) }
    try s.run()
    #expect(checked)
    #expect(current(command.enabled) == true)
    #expect(enabled.marble == "t(ft)")
    #expect(executing.marble == "f(tf)")
  }

  @Test func c24TrueWhileExecutingInConcurrentMode() throws {
    let command = Command<Int?, Void>(
      enabled: enabledSubject, allowsConcurrentExecution: true, mainScheduler: s.main
    ) { _ in .just(()) }
    var outerExecuted = false
    var innerExecuted = false
    command.executionSignals.take(1).flatten().subscribe(next: {
      outerExecuted = true
      #expect(current(command.executing) == true)
      #expect(current(command.enabled) == true)
      command.execute(nil).subscribe(completed: { innerExecuted = true })
    })
    #expect(current(command.enabled) == true)
    _ = command.execute(nil)
    try s.run()
    #expect(outerExecuted && innerExecuted)
    #expect(current(command.enabled) == true)
  }

  @Test func c25ExecuteFailsWhenDisabled() throws {
    var calls = 0
    let command = Command<Int?, Void>(enabled: enabledSubject, mainScheduler: s.main) { _ in
      calls += 1
      return .just(())
    }
    let enabled = MarbleLane(command.enabled, on: s)
    var result: MarbleLane<Void>?
    s.schedule(at: 1) {
      self.enabledSubject.sendNext(false)
      result = MarbleLane(command.execute(nil), on: self.s)
    }
    try s.run()
    #expect(result?.values.isEmpty == true)
    let error = try #require(result?.error)
    let nsError = error as NSError
    #expect(nsError.domain == "RACCommandErrorDomain")
    #expect(nsError.code == 1)
    #expect(nsError.localizedDescription == "The command is disabled and cannot be executed")
    #expect(nsError.userInfo["RACUnderlyingCommandErrorKey"] as AnyObject === command)
    #expect(calls == 0)
    #expect(current(command.executing) == false)
    #expect(enabled.marble == "tf")
    #expect(result?.marble { _ in "v" } == "-#")
  }

  @Test func c26EnabledUpdatesOnMain() throws {
    let command = gatedCommand()
    let background = s.makeQueue(named: "background")
    var recorded: [any Scheduler] = []
    command.enabled.skip(1).subscribe(next: { _ in recorded.append(self.s.currentScheduler!) })
    background.schedule { self.enabledSubject.sendNext(false) }
    try s.step()
    #expect(current(command.enabled) == true)
    try s.drain()
    #expect(current(command.enabled) == false)
    #expect(recorded.count == 1 && recorded.first === s.main)
  }

  @Test func c27EnabledCompletesAtDeallocThoughTheEnabledSignalNeverCompletes() throws {
    weak var released: Command<Int, Int>?
    var completed = false
    do {
      let command = Command<Int, Int>(enabled: enabledSubject, mainScheduler: s.main) { _ in .empty
      }
      released = command
      command.enabled.subscribe(completed: { completed = true })
    }
    try s.drain()
    #expect(released == nil)
    #expect(completed)
  }
}
