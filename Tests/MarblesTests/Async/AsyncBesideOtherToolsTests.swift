import Foundation
import MarblesCore
import MarblesTesting
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes the runtime's global enqueue hook as swift-concurrency-extras'
/// `uncheckedUseMainSerialExecutor` does (1.4.3), without the dependency: no chaining, "on" means
/// "a hook is set", and every global job goes to the main actor while it is on.
enum MainSerialExecutorLike {
  typealias Original = @convention(thin) (UnownedJob) -> Void
  typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

  // Set once; the tool itself writes it unsynchronized, as here.
  nonisolated(unsafe) static let slot: UnsafeMutablePointer<Hook?>? = dlsym(
    dlopen(nil, 0), "swift_task_enqueueGlobal_hook"
  )?.assumingMemoryBound(to: Hook?.self)

  static var isOn: Bool {
    get { slot?.pointee != nil }
    set { slot?.pointee = newValue ? { job, _ in MainActor.shared.enqueue(job) } : nil }
  }
}

/// swift-concurrency-extras' `withMainSerialExecutor`, as written there: when a hook was set
/// before (a marble run's), it puts its own back on exit and leaves it there.
@MainActor func withMainSerialExecutorLike(_ operation: () async throws -> Void) async rethrows {
  let wasOn = MainSerialExecutorLike.isOn
  defer { MainSerialExecutorLike.isOn = wasOn }
  MainSerialExecutorLike.isOn = true
  try await operation()
}

/// Marble runs in parallel with tests that overwrite the global enqueue hook as
/// `withMainSerialExecutor` does, before and while the runs are live, and leave it set for good:
/// every run still gives its one answer.
///
/// Serialized, and each test's outermost `withMainSerialExecutor` is entered before its runs
/// start: such a tool that found no hook removes the hook on exit, and a removal while a run is
/// live sends the run's jobs enqueued before its driver's next turn to the runtime's global
/// executor, outside virtual time (the limitation `RuntimeHooks` states). Here a removal happens
/// only once the runs of the test are over, never while those of a parallel test are live.
@Suite(.serialized) struct AsyncBesideOtherToolsTests {
  /// A debounce as apps write it: `Task {}`s in a stream's build closure and in an actor.
  static func debounceRun() async throws {
    let ts = TestScheduler()
    let queries = ts.hot("-a-b----c---|", values: ["a": "s", "b": "sw", "c": "swi"])
    let results = ts.record(queries.values.debounce(for: .milliseconds(3), clock: ts.clock))
    try await ts.run()
    expectMarbles(results, "------x----y|", values: ["x": "sw", "y": "swi"])
  }

  /// A `@MainActor` view model stepped from the test body, with its state as a lane.
  @MainActor static func viewModelRun() async throws {
    let ts = TestScheduler()
    let model = SearchViewModel(clock: ts.clock, api: SearchAPI(clock: ts.clock))
    let searching = ts.observe { model.isSearching }
    model.queryChanged("sw")
    try await ts.advance(by: .milliseconds(300))
    #expect(model.isSearching)
    try await ts.run()
    #expect(model.results == ["swift", "swing"])
    expectMarbles(searching, "f 299ms t 99ms f", values: ["f": false, "t": true])
  }

  /// What a swift-clocks test does inside `withMainSerialExecutor`: tasks and yields.
  @MainActor static func mainSerialTest() async {
    await withMainSerialExecutorLike {
      let log = Log()
      let task = Task.detached {
        for step in 0..<5 {
          log.append("\(step)")
          await Task.yield()
        }
      }
      await task.value
      #expect(log.all.count == 5)
    }
  }

  /// The tests inside a `withMainSerialExecutor` entered first (as a test process's outermost
  /// one): the nested ones find a hook in place, theirs or a run's, and put the tool's back.
  @Test func marbleRunsInParallelWithAMainSerialExecutor() async throws {
    try await withMainSerialExecutorLike {
      try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<36 {
          switch index % 3 {
          case 0: group.addTask { await Self.mainSerialTest() }
          case 1: group.addTask { try await Self.debounceRun() }
          default: group.addTask { try await Self.viewModelRun() }
          }
        }
        try await group.waitForAll()
      }
    }
  }

  /// Another tool's hook written over ours while a run's job runs (before the driver's next turn
  /// can put ours back): the task that job starts goes through that hook to the main actor and
  /// back to the run, and runs on its driver.
  @Test func aHookWrittenOverOursDuringAJobKeepsItsTasksInTheRun() async throws {
    let before = MainSerialExecutorLike.slot?.pointee
    MainSerialExecutorLike.isOn = true
    defer { MainSerialExecutorLike.slot?.pointee = before }
    let ts = TestScheduler()
    let log = Log()
    ts.task(at: 2) {
      MainSerialExecutorLike.isOn = true
      let started = Task { log.append(AsyncRun.onThisThread != nil ? "driver" : "outside") }
      await started.value
    }
    try await ts.run()
    #expect(log.all == ["driver"])
  }

  /// A test's task that such a tool sends to the main actor: between starting its tasks and
  /// `ts.run()` it waits on the main queue behind other work that keeps the main thread busy for
  /// longer than the release delay. The tasks it started before the run stay the run's (before,
  /// the release timer let them go and the run failed with "waited 0.2 s"). The one real-time
  /// assumption left: once its wait has ended the task reaches `ts.run()` (no `await` in
  /// between) within 0.2 s.
  static func runBehindABusyMainThread() async throws {
    let ts = TestScheduler()
    ts.concurrency.setupReleaseDelay = 0.2
    // Back from the main actor through the global hook: the task now runs on the main queue,
    // and every hop of it goes there again.
    await MainActor.run {}
    let source: ColdSignal<String> = ts.cold("-a-b|")
    // `mapToStream` starts a `Task` here, in the test's task: the run holds it.
    let recording = ts.record(source.values.mapToStream { $0.uppercased() })
    DispatchQueue.main.async { usleep(800_000) }
    // Queued behind the busy main thread for 0.8 s: the timer fires meanwhile and waits on.
    await Task.yield()
    try await ts.run()
    expectMarbles(recording, "-A-B|")
  }

  @Test func aTestTaskQueuedBehindABusyMainThreadKeepsItsTasks() async throws {
    let before = MainSerialExecutorLike.slot?.pointee
    MainSerialExecutorLike.isOn = true
    defer { MainSerialExecutorLike.slot?.pointee = before }
    try await Self.runBehindABusyMainThread()
  }

  /// The release timer as it fires just after the test's task began to run on the main queue,
  /// where it had waited: a timer set while it waited there for its second hop saw the hops so
  /// far, and none since but its start. Called at that moment here rather than left to a
  /// real-time race (before, such a timer let the held tasks go unless the task reached
  /// `ts.run()` before it fired, and the run failed with "waited").
  @Test func aTestTaskThatHasJustBegunToRunAfterWaitingKeepsItsTasks() async throws {
    let before = MainSerialExecutorLike.slot?.pointee
    MainSerialExecutorLike.isOn = true
    defer { MainSerialExecutorLike.slot?.pointee = before }
    let ts = TestScheduler()
    ts.concurrency.setupReleaseDelay = 60
    let source: ColdSignal<String> = ts.cold("-a-b|")
    let recording = ts.record(source.values.mapToStream { $0.uppercased() })
    // To the main actor and back through the global hook: two waits on the main queue.
    await MainActor.run {}
    // What a timer set during the second wait saw: 2 hops queued (3 when starts count too).
    for hops in [2, 3] { ts.concurrency.releaseSetupJobs(late: true, piece: 0, hops: hops) }
    try await ts.run()
    expectMarbles(recording, "-A-B|")
  }

  @Test func aHookLeftInPlaceForGoodBreaksNoRun() async throws {
    let before = MainSerialExecutorLike.slot?.pointee
    // As after a `withMainSerialExecutor` that found another hook in place.
    MainSerialExecutorLike.isOn = true
    defer { MainSerialExecutorLike.slot?.pointee = before }
    try await Self.debounceRun()
    try await Self.viewModelRun()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<8 { group.addTask { try await Self.debounceRun() } }
      try await group.waitForAll()
    }
  }
}
