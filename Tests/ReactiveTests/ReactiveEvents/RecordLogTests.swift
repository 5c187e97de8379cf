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
    log.forEachSpan { _, _, _ in calls += 1 }
    log.forEachEntry { _ in calls += 1 }
    #expect(calls == 0)
    #expect(log.isEmpty && log.lastFrame == nil && log.frames.starts.isEmpty)
    log.start(at: 3)
    log.end(at: 3)
    #expect(log.window == SubscriptionLog(subscribed: 3, unsubscribed: 3) && log.isEmpty)
  }

  @Test("frames are runs across chunks; a span ends at a chunk's end and at every run's end")
  func spansAcrossChunks() {
    let size = 1 << RecordLog<Int>.chunkShift
    // One run over the first chunk's boundary, a frame shared by two elements, a gap.
    let frames = Array(0..<size + 10) + [size + 20, size + 20, size + 22, size + 23]
    var log = RecordLog<Int>()
    for (index, frame) in frames.enumerated() { log.append(index, at: frame, terminal: false) }
    // The two elements at one frame are a run of step 0.
    #expect(log.frames.starts == [0, size + 10, size + 12])
    #expect(log.frames.steps == [1, 0, 1])
    #expect(log.chunks.map(\.count) == [size, 14])
    var spans: [[Int]] = []
    log.forEachSpan { first, step, elements in
      spans.append([first, step, elements.count, elements[0]])
    }
    #expect(
      spans == [
        [0, 1, size, 0], [size, 1, 10, size], [size + 20, 0, 2, size + 10],
        [size + 22, 1, 2, size + 12],
      ])
    var entries: [[Int]] = []
    log.forEachEntry { entries.append([$0.frame, $0.element]) }
    #expect(entries == frames.enumerated().map { [$1, $0] })
    #expect(log.map(\.frame) == frames && log.map(\.element) == Array(frames.indices))
    #expect(log.lastFrame == size + 23)
  }

  @Test("evenly spaced frames are one run of their step; a new step or a gap starts a run")
  func strides() {
    var log = RecordLog<Int>()
    // Step 2, then 3 from the last frame on (a run of one frame takes the next step), a value
    // in the same frame as the last (step 0), a gap after a run, then consecutive frames.
    let frames = [0, 2, 4, 6, 9, 12, 15, 15, 15, 40, 41, 42, 50]
    for (index, frame) in frames.enumerated() { log.append(index, at: frame, terminal: false) }
    #expect(log.frames.starts == [0, 4, 7, 9, 12])
    #expect(log.frames.firsts == [0, 9, 15, 40, 50])
    #expect(log.frames.steps == [2, 3, 0, 1, 1])
    #expect(log.map(\.frame) == frames && log.frames.array == frames)
    #expect(frames.indices.map { log.frames[$0] } == frames)
    #expect((log.frames.first, log.lastFrame) == (0, 50))
    var spans: [[Int]] = []
    log.forEachSpan { first, step, elements in spans.append([first, step, elements.count]) }
    #expect(spans == [[0, 2, 4], [9, 3, 3], [15, 0, 2], [40, 1, 3], [50, 1, 1]])
    // An evenly spaced lane of a million values over chunks: one run.
    var sparse = RecordLog<Int>()
    for index in 0..<1_000_000 { sparse.appendUnshared(index, at: 5 &+ 3 &* index) }
    #expect(sparse.frames.starts == [0] && sparse.frames.steps == [3])
    #expect(sparse.lastFrame == 5 + 3 * 999_999 && sparse[765_432].frame == 5 + 3 * 765_432)
    // A frame before the last never steps back: it starts a run.
    let back = FrameRuns([7, 3, 5, 5], stepping: true)
    #expect(back.array == [7, 3, 5, 5] && back.steps == [1, 2, 1])
    // Without stepping (a marble's timeline, played a frame at a time) every run steps by 1,
    // and no step is kept; a stepping one's runs of consecutive frames read back too.
    let plain = FrameRuns([0, 2, 4, 6])
    #expect(plain.starts == [0, 1, 2, 3] && plain.steps.isEmpty && plain.array == [0, 2, 4, 6])
    var counted = FrameRuns(stepping: true)
    counted.append(3)
    counted.append(5, count: 3)
    counted.append(9, count: 2)
    #expect(counted.array == [3, 5, 6, 7, 9, 10] && counted.steps == [2, 1, 1])
  }

  @Test("random frames read back as a plain array of them, by index, entry and span")
  func stridesAgainstAnArray() {
    // A fixed-seed generator: the same sequences every run.
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func random(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    for round in 0..<200 {
      var (log, runs, model) = (RecordLog<Int>(), FrameRuns(stepping: true), [Int]())
      var frame = random(5) - 2
      // Stretches of one step (0 to 3) and of random gaps, some over a chunk's end.
      let length = round % 20 == 0 ? 5_000 : random(60)
      while model.count < length {
        let (step, stretch) = random(3) == 0 ? (-1, random(5)) : (random(4), random(9))
        for _ in 0..<stretch {
          frame &+= step < 0 ? random(6) : step
          model.append(frame)
          log.append(model.count - 1, at: frame, terminal: false)
          runs.append(frame)
        }
      }
      #expect(log.frames.array == model && runs.array == model)
      #expect(model.indices.allSatisfy { log.frames[$0] == model[$0] })
      #expect(log.map(\.frame) == model && log.map(\.element) == Array(model.indices))
      var read: [Int] = []
      log.forEachSpan { first, step, elements in
        for index in elements.indices {
          #expect(elements[index] == read.count)
          read.append(first + index * step)
        }
      }
      #expect(read == model)
      #expect(log.lastFrame == model.last && runs.last == model.last && runs.count == model.count)
      // No two neighbouring runs could have been one: a run's first frame is off the step of
      // the run before, and before its frame if that run held one frame (no step taken).
      for run in runs.starts.indices.dropFirst() {
        let (start, previousStart) = (runs.starts[run], runs.starts[run - 1])
        #expect(runs.firsts[run] != model[start - 1] + runs.steps[run - 1])
        #expect(start - previousStart > 1 || model[start] < model[start - 1])
      }
    }
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
