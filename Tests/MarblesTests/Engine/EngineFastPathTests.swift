import Testing

@testable import Marbles
@testable import MarblesCore
@testable import MarblesTesting
@testable import Reactive

/// The engine's per-value shortcuts keep what they replace: the recording's subscriber belongs
/// to the run, and a marble's keys are still compared as Strings.
@Suite struct EngineFastPathTests {
  @Test func aRecordingSubscriberMadeBeforeTheRunTakesNoLock() throws {
    let ts = TestScheduler()
    var received: Subscriber<Int>?
    let source = Signal<Int> { subscriber in
      received = subscriber
      subscriber.sendNext(1)
      return nil
    }
    let recording = ts.record(source)
    try ts.run()
    #expect(received?.lock == nil)
    #expect(recording.values == [1])
    // A subscriber made outside any run keeps its lock.
    #expect(Subscriber<Int> { _ in }.lock != nil)
  }

  @Test func aPlaybackSendsValuesToAValuesHandlerWhileTheSubscriberReceives() throws {
    // A subscriber made with separate handlers during the run: no lock, so the playback calls
    // its values' handler with each value; disposal (here from inside it) stops the values.
    for disposeAt in [2, nil] {
      let ts = TestScheduler()
      let source = ts.cold(events: ParsedMarble<Int>("-1-2-3-4|").events)
      var received: [String] = []
      var subscriber: Subscriber<Int>?
      ts.scheduler.schedule(at: 0) {
        let made = Subscriber<Int>(
          values: { value in
            received.append("\(value)")
            if value == disposeAt { subscriber?.dispose() }
          },
          other: { received.append("\($0)") })
        subscriber = made
        source.subscribe(made)
      }
      try ts.run()
      #expect(subscriber?.lock == nil)
      #expect(subscriber?.valueHandler == nil)
      #expect(received == (disposeAt == nil ? ["1", "2", "3", "4", "completed"] : ["1", "2"]))
    }
    // With a lock, there is no values' handler to keep.
    #expect(Subscriber<Int>(values: { _ in }, other: { _ in }).confinedValueHandler == nil)
  }

  @Test func aRecordingKeepsItsValuesAndOtherEventsInTheOrderAppended() {
    // Values are kept apart from the other events; `events` puts them back in order, also
    // with events after a terminal one (which only a hand-made append can give) and across
    // the log's chunks (4096 entries each).
    let recording = Recording<Int>()
    recording.start(at: 0)
    recording.append(.next(1), at: 1)
    recording.append(.completed, at: 2)
    recording.append(.next(2), at: 3)
    recording.append(.error(MarbleError("e")), at: 4)
    recording.append(.completed, at: 4)
    recording.append(.next(3), at: 5)
    #expect(
      recording.events.map(\.description) == [
        "next(1)@1", "completed@2", "next(2)@3", "error(MarbleError(\"e\"))@4", "completed@4",
        "next(3)@5",
      ])
    #expect(recording.values == [1, 2, 3])
    #expect(recording.subscription == SubscriptionLog(subscribed: 0, unsubscribed: 2))

    let long = Recording<Int>()
    for value in 0..<5000 { long.append(.next(value), at: value) }
    long.append(.error(MarbleError("e")), at: 5000)
    for value in 5000..<9000 { long.append(.next(value), at: value + 1) }
    long.append(.completed, at: 9001)
    let events = long.events
    #expect(events.count == 9002)
    #expect(events[4999].description == "next(4999)@4999")
    #expect(events[5000].description == "error(MarbleError(\"e\"))@5000")
    #expect(events[5001].description == "next(5000)@5001")
    #expect(events[9000].description == "next(8999)@9000")
    #expect(events[9001].description == "completed@9001")
    #expect(long.values == Array(0..<9000))
  }

  /// What a recording of `source.map.filter.scan` shows: events, its window, and the source's
  /// subscriptions; `fused` false records through a plain signal, which is not fused.
  private func recorded(
    _ marble: String, subscribed: Int, unsubscribed: Int?, fused: Bool
  ) throws -> [String] {
    let ts = TestScheduler()
    let source = ts.cold(events: ParsedMarble<Int>(marble).events)
    let pipeline = source.map { $0 * 10 }.filter { $0 != 20 }.scan(0, +)
    let signal = fused ? pipeline : Signal { pipeline.subscribe($0) }
    let recording = ts.record(signal, subscribed: subscribed, unsubscribed: unsubscribed)
    try ts.run()
    return recording.events.map(\.description) + [
      "window \(String(describing: recording.subscription))"
    ]
      + source.subscriptions.map { "source \($0)" }
  }

  @Test func aRecordedPipelineShowsWhatAnUnfusedOneShows() throws {
    let cases: [(String, Int, Int?)] = [
      ("-1-2-3|", 0, nil), ("-1-2-3#", 2, nil), ("-1-2-3-4-5|", 1, 6), ("-1-2|", 3, 2),
      ("-1-(23)-4", 0, 5),
    ]
    for (marble, subscribed, unsubscribed) in cases {
      let fused = try recorded(
        marble, subscribed: subscribed, unsubscribed: unsubscribed, fused: true)
      let plain = try recorded(
        marble, subscribed: subscribed, unsubscribed: unsubscribed, fused: false)
      #expect(fused == plain, "\(marble)")
    }
    let first = try recorded("-1-2-3|", subscribed: 0, unsubscribed: nil, fused: true)
    #expect(first.prefix(3) == ["next(10)@1", "next(40)@5", "completed@6"])
  }

  @Test func keysEqualAsStringsButWrittenDifferentlyShareTheFirstValue() {
    // "é" as one scalar, then as e + U+0301: one key as a String, two as written.
    let timeline = ParsedMarble<String>("-\u{E9}-e\u{301}-\u{E9}-e\u{301}|")
    #expect(timeline.events.map(\.frame) == [1, 3, 5, 7, 8])
    let values = timeline.events.compactMap(\.event.value)
    #expect(values.count == 4)
    #expect(values.allSatisfy { $0.unicodeScalars.count == 1 })
  }

  @Test func aRepeatedKeyKeepsItsValueAcrossFailureAndCompletion() {
    let timeline = ParsedMarble<Int>("aab(a#)", values: ["a": 1, "b": 2])
    #expect(timeline.events.map(\.frame) == [0, 1, 2, 3, 3])
    #expect(timeline.events.map(\.event.value) == [1, 1, 2, 1, nil])
    #expect(timeline.events.last?.event.isTerminal == true)
  }

  @Test func integerOperatorsComputedInPlaceAgreeWithTheGeneralPath() {
    // Arguments and integer literals are read without evaluating their nodes; each result
    // below is what `apply` computes, and anything the shortcut does not take (a Double, a
    // String, an overflow, a division by zero) still goes the general way.
    expectPasses(
      """
      let input = cold("-a-b-c|", a: 7, b: -7, c: 2.5)
      let arithmetic = input.map { x in [x * 10, x - 3, 3 - x, x / 2, x % 3, -x % 3] }
      let compared = input.map { x in [x % 3 != 0, x < 1, x >= 7, x == 7, 7 <= x, x > -7] }
      let indexed = cold("-a-b|", a: 5, b: 6).map { x, i in x * i + i }
      let summed = cold("-1-2|").scan(0) { acc, x in acc + x * 2 }
      let text = cold("-a|", a: "s").map { x in x + "t" }
      show arithmetic, compared, indexed, summed, text
      expect arithmetic == "-a-b-c|", a: [70, 4, -4, 3, 1, -1], b: [-70, -10, 10, -3, -1, 1], c: [25.0, -0.5, 0.5, 1.25, 2.5, -2.5]
      expect compared == "-a-b-c|", a: [true, false, true, true, true, true], b: [true, true, false, false, false, false], c: [true, false, false, false, false, true]
      expect indexed == "-a-b|", a: 0, b: 7
      expect summed == "-a-b|", a: 2, b: 6
      expect text == "-a|", a: "st"
      """)
    #expect(
      failureText(
        """
        let input = cold("-a|", a: 9223372036854775807)
        let output = input.map { x in x * 10 }
        show output
        """
      ).contains("arithmetic overflow"))
    #expect(
      failureText(
        """
        let input = cold("-a|", a: 1)
        let output = input.map { x in x % 0 }
        show output
        """
      ).contains("by zero"))
  }

  @Test func aScriptLaneStoresEachEventIn24BytesAndGivesBackWhatItStored() {
    // The frame is not in the event: the lane's log keeps the frames as runs.
    #expect(MemoryLayout<LaneEvent>.stride == 24)
    let event = LaneEvent(sequence: 70_000, turn: -1, value: .int(-5), kind: .error, queue: 2)
    #expect(event.sequence == 70_000)
    #expect(event.turn == -1)
    #expect(event.queue == 2)
    #expect(event.kind == .error)
    guard case .int(-5) = event.value else {
      Issue.record("the value changed: \(event.value)")
      return
    }
    // No reference in an event (a log's chunks are freed without a destroy per event): other
    // values are kept in the lane's table, by index.
    #expect(_isPOD(LaneEvent.self))
    var others: [TimelineValue] = []
    let values: [RecordedValue] = [.other(.string("x")), .int(3), .other(.array([.null])), .none]
    let stored = values.map { $0.stored(in: &others) }
    #expect(others == [.string("x"), .array([.null])])
    #expect(
      stored.map { RecordedValue($0, others: others).timelineValue }
        == [.string("x"), .int(3), .array([.null]), nil])
  }

  @Test func aMarblePlaybackKeepsEachDistinctValueOnceAndPlaysItsEvents() {
    // A frame and a 4-byte code an event, each value a code into the table of the marble's
    // distinct values; the group a batch of two.
    let (diagram, _) = MarbleParser.parse("ab-a(ba)#", kind: .cold)
    let playback = MarbleSource.playback(
      of: diagram, values: ["a": .int(1), "b": .string("x")], error: .string("boom"))
    #expect(playback.values.count == 2)
    #expect(playback.batchCount == 5)
    #expect(playback.batch(3) == 3..<5)
    let events = playback.timed
    #expect(events.map(\.0) == [0, 1, 3, 4, 4, 8])
    let shown = events.map { _, event -> String in
      switch event {
      case .next(.int(let number)): return "\(number)"
      case .next(.string(let text)): return text
      case .next: return "?"
      case .error: return "error"
      case .completed: return "completed"
      }
    }
    #expect(shown == ["1", "x", "1", "x", "1", "error"])
  }

  @Test func aClosureOfIntegerArithmeticGivesTheGeneralPathsResults() {
    // Bodies the frameless path takes (an argument, a literal, a node of two such), one that
    // it leaves (a call), and a second argument a one-argument call does not have.
    expectPasses(
      """
      let input = cold("-a-b-c|", a: 4, b: -9, c: 0)
      let nested = input.map { x in x * 3 - x % 2 }
      let called = input.map { x in abs(x) + 1 }
      let implicit = input.map { $0 * $0 }
      let pairs = input.scan(1) { acc, x in acc * 2 + x }
      show nested, called, implicit, pairs
      expect nested == "-a-b-c|", a: 12, b: -26, c: 0
      expect called == "-a-b-c|", a: 5, b: 10, c: 1
      expect implicit == "-a-b-c|", a: 16, b: 81, c: 0
      expect pairs == "-a-b-c|", a: 6, b: 3, c: 6
      """)
  }

  @Test func anInnerComparisonOrOverflowLeavesTheFramelessPath() {
    // The inner node `x < 1` is a Bool, not an integer: the general path compares the two
    // Bools. An overflow in the inner node `x * 4` is reported at that node, as `apply` does.
    expectPasses(
      """
      let input = cold("-a-b-c|", a: 0, b: 1, c: 5)
      let differ = input.map { x in (x < 1) != (x < 2) }
      show differ
      expect differ == "-a-b-c|", a: false, b: true, c: false
      """)
    let text = failureText(
      """
      let input = cold("-a|", a: 4611686018427387904)
      let output = input.map { x in x * 4 + 1 }
      show output
      """)
    #expect(text.contains("arithmetic overflow"))
    #expect(text.contains("2:31"))
  }
}
