import Testing

@testable import Reactive

@Suite("RecordLog: the one recording core")
struct RecordLogTests {
  @Test("the window opens once, and closes at the terminal event's frame")
  func windowEndsAtTerminal() {
    var log = RecordLog<Event<Int>>()
    #expect(log.window == nil)
    #expect(!log.isActive)
    log.start(at: 2)
    log.start(at: 4)
    #expect(log.window == SubscriptionLog(subscribed: 2))
    #expect(log.isActive)
    log.append(.next(1), at: 3)
    #expect(log.isActive)
    log.append(.completed, at: 5)
    #expect(log.window == SubscriptionLog(subscribed: 2, unsubscribed: 5))
    log.end(at: 9)
    #expect(log.window == SubscriptionLog(subscribed: 2, unsubscribed: 5))
    #expect(log.map(\.frame) == [3, 5])
    #expect(log.lastFrame == 5)
  }

  @Test("disposal closes the window; nothing closes a window never opened")
  func windowEndsOnDisposal() {
    var log = RecordLog<Event<Int>>()
    log.end(at: 1)
    #expect(log.window == nil)
    log.start(at: 0)
    log.end(at: 4)
    #expect(log.window == SubscriptionLog(subscribed: 0, unsubscribed: 4))
  }

  @Test("entries keep their order and frames across chunks; an update changes one entry")
  func manyEntries() {
    var log = RecordLog<Int>()
    let count = 3 * (1 << RecordLog<Int>.chunkShift) + 5
    for index in 0..<count { log.append(index * 10, at: index, terminal: false) }
    #expect(log.count == count)
    #expect(log.chunks.count == 4)
    #expect(log.chunks.dropLast().allSatisfy { $0.count == 1 << RecordLog<Int>.chunkShift })
    #expect(log.enumerated().allSatisfy { $0.element.frame == $0.offset })
    #expect(log.enumerated().allSatisfy { $0.element.element == $0.offset * 10 })
    log.update(count - 1) { $0 = -1 }
    #expect(log[count - 1].element == -1)
    #expect(log[count - 2].element == (count - 2) * 10)
    var seen = 0
    log.forEachEntry { _ in seen += 1 }
    #expect(seen == count)
  }

  @Test("scheduleWindow subscribes at its frame and unsubscribes no earlier")
  func scheduledWindow() throws {
    let scheduler = VirtualTimeScheduler()
    var calls: [String] = []
    scheduler.scheduleWindow(subscribedAt: 3, disposedAt: 1) {
      calls.append("subscribe@\(scheduler.now)")
    } unsubscribe: {
      calls.append("unsubscribe@\(scheduler.now)")
    }
    try scheduler.run()
    #expect(calls == ["subscribe@3", "unsubscribe@3"])
  }
}
