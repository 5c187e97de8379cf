import MarblesTesting
import Testing

/// A dependency override made of a task-local, as swift-dependencies' `withDependencies` makes.
enum Tenant {
  @TaskLocal static var name = "none"
}

/// Returns the task-local `Tenant.name` where it is iterated, then ends.
struct TenantSequence: AsyncSequence {
  struct AsyncIterator: AsyncIteratorProtocol {
    var done = false

    mutating func next() async -> String? {
      defer { done = true }
      return done ? nil : Tenant.name
    }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
}

/// Every task of a run carries the task-locals of the test's task as they were where the work
/// was declared: `ts.task`, `ts.record`'s consumer, `ts.observe`, and the tasks they start.
@Suite struct AsyncTaskContextTests {
  @Test func theRunsTasksCarryTheLocalsOfWhereTheyWereDeclared() async throws {
    let ts = TestScheduler()
    let log = Log()
    let recording = Tenant.$name.withValue("acme") {
      ts.task(at: 1) {
        log.append("task: \(Tenant.name)")
        await Task { log.append("its Task: \(Tenant.name)") }.value
        await Task.detached { log.append("its detached Task: \(Tenant.name)") }.value
        async let child = Tenant.name
        log.append("its async let: \(await child)")
        await withTaskGroup(of: Void.self) { group in
          group.addTask { log.append("its group child: \(Tenant.name)") }
        }
      }
      return ts.record(TenantSequence())
    }
    ts.task(at: 2) { log.append("declared outside: \(Tenant.name)") }
    // Run outside the scope: the declarations keep what they saw.
    try await ts.run()
    expectMarbles(recording, "(a|)", values: ["a": "acme"])
    #expect(
      log.all == [
        "task: acme", "its Task: acme", "its detached Task: none", "its async let: acme",
        "its group child: acme", "declared outside: none",
      ])
  }

  @Test func theCurrentTestReachesTheRunsTasks() async throws {
    let ts = TestScheduler()
    let log = Log()
    let test = Test.current?.name
    ts.task(at: 1) {
      log.append("ts.task: \(Test.current?.name == test)")
      await Task { log.append("its Task: \(Test.current?.name == test)") }.value
    }
    try await ts.run()
    #expect(log.all == ["ts.task: true", "its Task: true"])
  }

  @Test func anExpectationInsideATaskOfTheRunReportsToTheRunningTest() async throws {
    // Were the issue recorded outside this test, it would not match here, and `withKnownIssue`
    // would fail the test for the issue it did not see.
    try await withKnownIssue("a deliberate failure inside ts.task") {
      let ts = TestScheduler()
      ts.task(at: 5) {
        await Task {
          #expect(Tenant.name == "the expectation that fails inside the run")
        }.value
      }
      try await ts.run()
    } matching: { issue in
      "\(issue)".contains("the expectation that fails inside the run")
    }
  }
}
