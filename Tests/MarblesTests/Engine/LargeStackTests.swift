import Foundation
import Testing

@testable import Marbles

/// Where a script engine's work runs: on a thread with a large stack, inline when the caller is
/// already on one (what `marbles test` does for its whole loop), never on a small stack.
@Suite struct LargeStackTests {
  @Test func aWorkersThreadIsMarkedAndTheCallersIsNot() {
    #expect(!LargeStackWorker.isCurrentThread)
    #expect(LargeStack.run { LargeStackWorker.isCurrentThread })
  }

  @Test func anEngineMadeOnAWorkerRunsItsJobsInline() {
    let inline = LargeStack.run { () -> Bool in
      let stack = LargeStack()
      defer { stack.close() }
      let caller = Thread.current
      nonisolated(unsafe) var ranOn: Thread?
      stack.perform { ranOn = Thread.current }
      return ranOn === caller
    }
    #expect(inline)
  }

  @Test func anEngineMadeElsewhereRunsItsJobsOnAWorker() {
    let stack = LargeStack()
    defer { stack.close() }
    nonisolated(unsafe) var onWorker = false
    stack.perform { onWorker = LargeStackWorker.isCurrentThread }
    #expect(onWorker)
  }

  /// A task inherits its creator's task-locals but runs on the cooperative pool's small stack:
  /// the mark is the thread's, so the task's engines still get a large stack of their own.
  @Test func aTaskStartedFromAWorkersJobIsNotOnAWorker() async {
    let seen = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
      LargeStack.run {
        let report: @Sendable () async -> Void = {
          done.resume(returning: LargeStackWorker.isCurrentThread)
        }
        _ = Task(operation: report)
      }
    }
    #expect(!seen)
  }
}
