import Testing

@testable import Reactive

/// The per-event playback into a subscriber, and the timeline built from items in one pass.
@Suite struct PlaybackIntoSubscriberTests {
  final class Box { var lines: [String] = [] }

  private func timed(_ timeline: CodedTimeline<String>) -> [String] {
    timeline.timed.map { "\($0.frame): \($0.event)" }
  }

  @Test func eventsMakeTheTimelineThatFramesAndCodesMake() {
    let cases: [[(frame: Int, event: Event<String>)]] = [
      [(1, .next("a")), (2, .next("b")), (5, .completed)],
      [(1, .next("a")), (2, .next("b")), (2, .next("c")), (3, .next("d")), (3, .completed)],
      [(4, .next("c")), (1, .next("a")), (4, .next("d")), (1, .next("b")), (6, .completed)],
      [],
    ]
    for items in cases {
      // Codes made by hand; a caller that knows its frames in order says whether two are equal.
      let fromEvents = CodedTimeline<String>(items.lazy.map { $0 })
      var (codes, values, others) = ([UInt32](), [String](), [Event<String>]())
      for item in items {
        if let value = item.event.value {
          codes.append(UInt32(values.count))
          values.append(value)
        } else {
          codes.append(CodedTimeline<String>.firstOther + UInt32(others.count))
          others.append(item.event)
        }
      }
      let frames = items.map(\.frame)
      let inOrder = zip(frames, frames.dropFirst()).allSatisfy { $0 <= $1 }
      let fromCodes = CodedTimeline<String>(
        frames: frames, codes: codes, values: values, others: others,
        sharedFrames: inOrder ? Set(frames).count < frames.count : nil)
      #expect(fromEvents.frames == fromCodes.frames)
      #expect(fromEvents.starts == fromCodes.starts)
      #expect(timed(fromEvents) == timed(fromCodes))
    }
    let single = CodedTimeline<String>([(frame: 1, event: .next("a")), (2, .completed)])
    #expect(single.starts.isEmpty)
    #expect(single.frames == [1, 2])
  }

  /// `CodedTimeline` of `(frame, event)` pairs.
  private func playback(_ pairs: [(Int, Event<String>)]) -> CodedTimeline<String> {
    CodedTimeline(pairs.map { (frame: $0.0, event: $0.1) })
  }

  @Test func playingIntoASubscriberSendsEachBatchAtItsFrame() throws {
    let s = VirtualTimeScheduler()
    try s.advance(to: 2)
    let timeline = playback([
      (4, .next("c")), (1, .next("a")), (4, .next("d")), (1, .next("b")), (6, .completed),
    ])
    let box = Box()
    let subscriber = Subscriber<String> { box.lines.append("\(s.now): \($0)") }
    subscriber.attach(timeline.play(on: s, shiftedBy: s.now, into: subscriber))
    #expect(s.pendingCount == 1)
    try s.run()
    #expect(
      box.lines == ["3: next(a)", "3: next(b)", "6: next(c)", "6: next(d)", "8: completed"])
    #expect(s.liveActionCount == 0)
  }

  @Test func aTerminalEventInABatchEndsThePlaybackThere() throws {
    let s = VirtualTimeScheduler()
    let timeline = playback([
      (1, .next("a")), (2, .next("b")), (2, .completed), (2, .next("c")), (3, .next("d")),
    ])
    let box = Box()
    let subscriber = Subscriber<String> { box.lines.append("\(s.now): \($0)") }
    subscriber.attach(timeline.play(on: s, shiftedBy: 0, into: subscriber))
    try s.run()
    #expect(box.lines == ["1: next(a)", "2: next(b)", "2: completed"])
    #expect(s.liveActionCount == 0)
  }

  @Test func aSeriesStepThatRunsAnotherSeriesLosesNoStep() throws {
    let s = VirtualTimeScheduler()
    let box = Box()
    _ = s.scheduleSeries(count: 3) {
      $0
    } _: { step in
      box.lines.append("A\(step)@\(s.now)")
      guard step == 0 else { return }
      _ = s.scheduleSeries(count: 2) { _ in
        0
      } _: {
        box.lines.append("B\($0)@\(s.now)")
      }
      // A nested run: A's deferred successor goes on the heap first, with A's action.
      try? s.drain()
      #expect(s.pendingCount == 1)
    }
    try s.run()
    #expect(box.lines == ["A0@0", "B0@0", "B1@0", "A1@1", "A2@2"])
    #expect(s.pendingCount == 0)
  }

  struct Item {
    var frame: Int
    var event: Event<String>
  }

  /// What playing `items` into a subscriber logs, through `CodedTimeline`'s playback into a
  /// subscriber or its playback batch by batch.
  private func played(_ items: [Item], asItems: Bool) throws -> [String] {
    let s = VirtualTimeScheduler()
    try s.advance(to: 2)
    let box = Box()
    let subscriber = Subscriber<String> { box.lines.append("\(s.now): \($0)") }
    let playback =
      asItems
      ? coded(items).play(on: s, shiftedBy: s.now, into: subscriber)
      : coded(items).play(on: s, shiftedBy: s.now) { [timeline = coded(items)] _, events in
        for index in events { subscriber.send(timeline.event(at: index)) }
      }
    subscriber.attach(playback)
    #expect(s.pendingCount == 1)
    try s.run()
    #expect(s.liveActionCount == 0)
    return box.lines
  }

  private func coded(_ items: [Item]) -> CodedTimeline<String> {
    CodedTimeline(items.map { (frame: $0.frame, event: $0.event) })
  }

  @Test func itemsPlayAsTheirTimelineDoes() throws {
    let cases: [[Item]] = [
      [.init(frame: 1, event: .next("a")), .init(frame: 2, event: .completed)],
      [
        .init(frame: 1, event: .next("a")), .init(frame: 3, event: .next("b")),
        .init(frame: 3, event: .next("c")), .init(frame: 4, event: .completed),
      ],
      [
        .init(frame: 4, event: .next("c")), .init(frame: 1, event: .next("a")),
        .init(frame: 4, event: .next("d")), .init(frame: 1, event: .next("b")),
        .init(frame: 6, event: .completed),
      ],
    ]
    for items in cases {
      #expect(try played(items, asItems: true) == played(items, asItems: false))
    }
    #expect(
      try played(cases[2], asItems: true) == [
        "3: next(a)", "3: next(b)", "6: next(c)", "6: next(d)", "8: completed",
      ])
    #expect(coded(cases[0]).starts.isEmpty)
    #expect(coded(cases[1]).starts == [0, 1, 3, 4])
    #expect(coded(cases[2]).timed.map(\.frame) == [1, 1, 4, 4, 6])
    #expect(
      coded(cases[2]).timed.map { "\($0.event)" } == [
        "next(a)", "next(b)", "next(c)", "next(d)", "completed",
      ])
    #expect(coded([]).batchCount == 0)
  }

  @Test func framesInFrameOrderAndARepeatedCodeAreRuns() {
    let frames = Array(0..<100)
    let codes = [UInt32](repeating: 0, count: 100)
    let timeline = CodedTimeline(frames: frames, codes: codes, values: ["v"], others: [])
    #expect(timeline.frameRuns.starts == [0] && timeline.frameRuns.firsts == [0])
    #expect(timeline.frames == frames)
    #expect(timeline.codeRuns.starts == [0] && timeline.codeRuns.codes == [0])
    #expect(timeline.codes == codes && timeline.codeRuns.count == 100)
    #expect(timeline.starts.isEmpty)
  }

  @Test func disposingTheSubscriberStopsThePlayback() throws {
    let s = VirtualTimeScheduler()
    let timeline = playback([(1, .next("a")), (2, .next("b")), (3, .completed)])
    let box = Box()
    let subscriber = Subscriber<String> { box.lines.append("\(s.now): \($0)") }
    subscriber.attach(timeline.play(on: s, shiftedBy: 0, into: subscriber))
    try s.advance(to: 1)
    subscriber.dispose()
    try s.run()
    #expect(box.lines == ["1: next(a)"])
    #expect(s.liveActionCount == 0)
  }
}
