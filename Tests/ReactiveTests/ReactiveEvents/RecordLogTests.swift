import Reactive
import Testing

@testable import ReactiveEvents

@Suite("RecordLog: the one recording storage")
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

  @Test("copies of a log keep their own entries when either appends or updates")
  func copiesAreValues() {
    let size = 1 << RecordLog<Int>.chunkShift
    for start in [3, size, size + 3] {
      var original = RecordLog<Int>()
      for index in 0..<start { original.append(index, at: index, terminal: false) }
      var copy = original
      original.append(-1, at: start, terminal: false)
      copy.append(-2, at: start, terminal: false)
      copy.append(-3, at: start + 1, terminal: false)
      original.update(0) { $0 = -4 }
      copy.update(start - 1) { $0 = -5 }
      #expect(original.map(\.element) == [-4] + Array(1..<start) + [-1], "\(start)")
      #expect(copy.map(\.element) == Array(0..<start - 1) + [-5, -2, -3], "\(start)")
      #expect(original.lastFrame == start)
      #expect(copy.lastFrame == start + 1)
    }
  }

  @Test("an empty log has no entries, spans or last frame; its window opens and closes")
  func empty() {
    var log = RecordLog<Int>()
    var calls = 0
    log.forEachSpan { _, _ in calls += 1 }
    log.forEachEntry { _ in calls += 1 }
    #expect(calls == 0)
    #expect(log.isEmpty && log.lastFrame == nil && log.frames.starts.isEmpty)
    log.start(at: 3)
    log.end(at: 3)
    #expect(log.window == SubscriptionLog(subscribed: 3, unsubscribed: 3) && log.isEmpty)
  }

  @Test("frames are runs across chunks; a span ends at a chunk's end and at every frame break")
  func spansAcrossChunks() {
    let size = 1 << RecordLog<Int>.chunkShift
    // One run over the first chunk's boundary, a frame shared by two elements, a gap.
    let frames = Array(0..<size + 10) + [size + 20, size + 20, size + 22, size + 23]
    var log = RecordLog<Int>()
    for (index, frame) in frames.enumerated() { log.append(index, at: frame, terminal: false) }
    #expect(log.frames.starts == [0, size + 10, size + 11, size + 12])
    #expect(log.chunks.map(\.count) == [size, 14])
    var spans: [[Int]] = []
    log.forEachSpan { first, elements in spans.append([first, elements.count, elements[0]]) }
    #expect(
      spans == [
        [0, size, 0], [size, 10, size], [size + 20, 1, size + 10], [size + 20, 1, size + 11],
        [size + 22, 2, size + 12],
      ])
    var entries: [[Int]] = []
    log.forEachEntry { entries.append([$0.frame, $0.element]) }
    #expect(entries == frames.enumerated().map { [$1, $0] })
    #expect(log.map(\.frame) == frames && log.map(\.element) == Array(frames.indices))
    #expect(log.lastFrame == size + 23)
  }

  @Test("a terminal event past a full chunk, in its last value's frame, closes the window there")
  func terminalPastAFullChunk() {
    let size = 1 << RecordLog<Event<Int>>.chunkShift
    var log = RecordLog<Event<Int>>()
    log.start(at: 0)
    for value in 0..<size { log.append(.next(value), at: value) }
    #expect(log.isActive)
    log.append(.completed, at: size - 1)
    #expect(!log.isActive)
    #expect(log.window == SubscriptionLog(subscribed: 0, unsubscribed: size - 1))
    #expect(log.chunks.map(\.count) == [size, 1] && log.frames.starts == [0, size])
    #expect(log[size].frame == size - 1 && log[size].element.isTerminal)
    #expect(log[size - 1].frame == size - 1 && log[size - 1].element.value == size - 1)
    log.update(size) { $0 = .next(-1) }
    #expect(log[size].element.value == -1 && log.lastFrame == size - 1)
  }

  @Test("appendUnshared: a copy taken to read keeps what it held while the log appends on")
  func unsharedAppends() {
    var log = RecordLog<Int>()
    for index in 0..<20 { log.appendUnshared(index, at: index) }
    var copy = log
    for index in 20..<5_000 { log.appendUnshared(index, at: index + 10) }
    copy.update(19) { $0 = -1 }
    #expect(copy.map(\.element) == Array(0..<19) + [-1] && copy.lastFrame == 19)
    #expect(log.count == 5_000 && log[19] == (19, 19) && log[4_999] == (5_009, 4_999))
    #expect(log.chunks.map(\.count) == [4_096, 904] && log.frames.starts == [0, 20])
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
