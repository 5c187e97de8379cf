import Testing

@testable import Reactive

/// Which of a command's subscribers lock (see `Guides/Contracts.md`, "Thread safety").
@Suite struct CommandGraphLockTests {
  /// The subscribers that `added` has right after init: the graph's own.
  private func graphSubscribers(of command: Command<Int, Int>) throws -> [Subscriber<Signal<Int>>] {
    let added = try #require(command.internals.added as? Subject<Signal<Int>>)
    return added.subscribers.compactMap { $0 as? Subscriber<Signal<Int>> }
  }

  @Test func aCommandOnAVirtualMainBuildsItsGraphWithoutLocks() throws {
    let scheduler = VirtualTimeScheduler()
    var userSubscriber: Subscriber<Bool>?
    let enabled = Signal<Bool> { subscriber in
      userSubscriber = subscriber
      subscriber.sendNext(true)
      return nil
    }
    let command = Command<Int, Int>(enabled: enabled, mainScheduler: scheduler.main) { .just($0) }
    let graph = try graphSubscribers(of: command)
    #expect(graph.count == 3)  // errors, executing, moreExecutionsAllowed
    #expect(graph.allSatisfy { $0.lock == nil })
    // The user's signal is not the graph's: subscribed outside a run, it locks.
    #expect(userSubscriber != nil)
    #expect(userSubscriber?.lock != nil)
    // The rule applied to the graph only.
    #expect(!CurrentScheduler.isVirtualRun)
    #expect(Subscriber<Int> { _ in }.lock != nil)
    // And the command still works on that thread.
    var seen: [Int] = []
    command.executionSignals.flatten().subscribe(next: { seen.append($0) })
    scheduler.schedule { command.execute(7) }
    try scheduler.run()
    #expect(seen == [7])
  }

  @Test func aCommandOnAQueueSchedulerKeepsTheGraphsLocks() throws {
    let command = Command<Int, Int>(mainScheduler: QueueScheduler()) { .just($0) }
    let graph = try graphSubscribers(of: command)
    #expect(graph.count == 3)
    #expect(graph.allSatisfy { $0.lock != nil })
  }
}
