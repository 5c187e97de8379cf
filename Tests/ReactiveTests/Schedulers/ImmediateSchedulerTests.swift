import Testing

@testable import Reactive

@Suite struct ImmediateSchedulerTests {
  @Test func runsInlineAndReturnsADisposedDisposable() {
    let scheduler = ImmediateScheduler()
    var log: [String] = []
    let disposable = scheduler.schedule { log.append("ran") }
    log.append("returned")
    #expect(log == ["ran", "returned"])
    #expect(disposable.isDisposed)
    scheduler.schedule(after: 0) { log.append("no delay") }
    #expect(log.last == "no delay")
  }
}
