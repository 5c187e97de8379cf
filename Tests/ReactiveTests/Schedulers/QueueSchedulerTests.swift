import Dispatch
import Testing

@testable import Reactive

/// Queue schedulers run real Dispatch work; these tests wait with `queue.sync {}` barriers, never
/// with clocks or sleeps, and leave delayed scheduling to the benchmarks.
@Suite struct QueueSchedulerTests {
  @Test func runsActionsInOrderOnItsQueue() {
    let queue = DispatchQueue(label: "test.queue-scheduler")
    let scheduler = QueueScheduler(queue: queue)
    let log = Locked<[Int]>([])
    for value in 0..<100 { scheduler.schedule { log.withLock { $0.append(value) } } }
    queue.sync {}
    #expect(log.value == Array(0..<100))
  }

  @Test func aCancelledActionDoesNotRun() {
    let queue = DispatchQueue(label: "test.queue-scheduler")
    let scheduler = QueueScheduler(queue: queue)
    let ran = Locked(false)
    queue.suspend()
    scheduler.schedule { ran.withLock { $0 = true } }.dispose()
    queue.resume()
    queue.sync {}
    #expect(ran.value == false)
  }

  @Test func deliverOnAQueueKeepsTheOrderAndReleasesEachDelivery() {
    let queue = DispatchQueue(label: "test.queue-scheduler")
    let scheduler = QueueScheduler(queue: queue)
    let subject = Subject<Int>()
    let log = Locked<[Int]>([])
    let subscription = subject.deliverOn(scheduler).subscribe(next: { v in
      log.withLock { $0.append(v) }
    })
    for value in 0..<1_000 { subject.sendNext(value) }
    queue.sync {}
    #expect(log.value == Array(0..<1_000))
    subscription.dispose()
  }
}
