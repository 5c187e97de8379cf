import Testing

@testable import Reactive

/// A virtual-time test bench: marble sources, recordings and diagram assertions.
///
///     let t = TestClock()
///     let a = t.cold("--1--2--|")
///     t.expect(t.record(a.map { $0 * 2 }), "--2--4--|")
///     t.expectSubscriptions(a, "^-------!")
///
/// `record` subscribes at the start of its frame, before the sources' events of that frame
/// (as RxJS does). The first `expect` runs the scheduler to the end, so set up every recording
/// of a test before its first `expect` (recording later is reported as a harness error).
final class TestClock {
  let scheduler: VirtualTimeScheduler
  private var pendingHotSetups: [() -> Void] = []
  private var liveSources: [() -> Int] = []
  private var hasRun = false

  init(maxFrames: Int = 10_000, maxActionsPerFrame: Int = 100_000) {
    scheduler = VirtualTimeScheduler(maxFrames: maxFrames, maxActionsPerFrame: maxActionsPerFrame)
  }

  /// The current frame.
  var now: Int { scheduler.now }

  /// Scheduled actions still waiting and not cancelled.
  var liveActions: Int { scheduler.liveActionCount }

  /// Subscriptions to this bench's sources that are still open.
  var openSubscriptions: Int { liveSources.reduce(0) { $0 + $1() } }

  // MARK: - Sources

  /// A cold source: every subscription plays `marble` from its own subscription frame.
  func cold<V>(_ marble: String, _ values: [Character: V], error: any Error = TestError())
    -> TestSignal<V>
  {
    let events = timeline(marble, values, error: error)
    let signal = TestSignal<V>(scheduler: scheduler, source: .cold(CodedTimeline(events)))
    liveSources.append { [weak signal] in signal?.openSubscriptions ?? 0 }
    return signal
  }

  /// A cold source of digits (`"--1--2--|"`).
  func cold(_ marble: String, error: any Error = TestError()) -> TestSignal<Int> {
    cold(marble, [Character: Int](), error: error)
  }

  /// A hot source: `marble` plays once, at absolute frames (`^` is frame 0), whoever listens.
  func hot<V>(_ marble: String, _ values: [Character: V], error: any Error = TestError())
    -> TestSignal<V>
  {
    let events = timeline(marble, values, error: error)
    let subject = Subject<V>()
    let signal = TestSignal<V>(scheduler: scheduler, source: .hot(subject))
    pendingHotSetups.append { [scheduler] in
      let timeline = CodedTimeline(events)
      timeline.play(on: scheduler, shiftedBy: 0) { _, events in
        for index in events { subject.send(timeline.event(at: index)) }
      }
    }
    liveSources.append { [weak signal] in signal?.openSubscriptions ?? 0 }
    return signal
  }

  /// A hot source of digits.
  func hot(_ marble: String, error: any Error = TestError()) -> TestSignal<Int> {
    hot(marble, [Character: Int](), error: error)
  }

  private func timeline<V>(_ marble: String, _ values: [Character: V], error: any Error)
    -> [(frame: Int, event: Event<V>)]
  {
    TestMarble.parse(marble).map { frame, glyph in
      switch glyph {
      case .completion: return (frame, .completed)
      case .failure: return (frame, .error(error))
      case .value(let character):
        if let value = Self.value(for: character, in: values) { return (frame, .next(value)) }
        Issue.record("no value for '\(character)' in \(marble)")
        return (frame, .completed)
      }
    }
  }

  static func value<V>(for character: Character, in values: [Character: V]) -> V? {
    if let value = values[character] { return value }
    if let digit = character.wholeNumberValue, let value = digit as? V { return value }
    return String(character) as? V
  }

  // MARK: - Recording and running

  /// Subscribes to `signal` at `subscribedAt` (before that frame's source events) and, if
  /// given, disposes the subscription at `disposedAt`.
  func record<V>(
    _ signal: Signal<V>, subscribedAt: Int = 0, disposedAt: Int? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> ClockRecording<V> {
    if hasRun {
      Issue.record(
        "record after the clock has run: set up every recording before the first expect",
        sourceLocation: sourceLocation)
    }
    let recording = ClockRecording<V>()
    let subscriber = Subscriber<V> { [scheduler] event in
      recording.log.append(event, at: scheduler.now)
    }
    recording.subscriber = subscriber
    scheduler.scheduleWindow(subscribedAt: subscribedAt, disposedAt: disposedAt) {
      [scheduler] in
      recording.log.start(at: scheduler.now)
      signal.subscribe(subscriber)
    } unsubscribe: { [scheduler] in
      subscriber.dispose()
      recording.log.end(at: scheduler.now)
    }
    return recording
  }

  private func setUpHotSources() {
    let setups = pendingHotSetups
    pendingHotSetups = []
    for setup in setups { setup() }
  }

  /// Runs until nothing is scheduled.
  func run() throws(VirtualTimeError) {
    hasRun = true
    setUpHotSources()
    try scheduler.run()
  }

  /// Runs everything up to and including `frame`.
  func advance(to frame: Int) throws(VirtualTimeError) {
    hasRun = true
    setUpHotSources()
    try scheduler.advance(to: frame)
  }

  private func finish(_ sourceLocation: SourceLocation) {
    do {
      try run()
    } catch {
      Issue.record("the run stopped: \(error)", sourceLocation: sourceLocation)
    }
  }

  // MARK: - Assertions

  /// Runs to the end, then compares `recording` with `marble`, drawing both on a mismatch.
  func expect<V: Equatable>(
    _ recording: ClockRecording<V>, _ marble: String, _ values: [Character: V] = [:],
    error: any Error = TestError(), sourceLocation: SourceLocation = #_sourceLocation
  ) {
    finish(sourceLocation)
    let expected = timeline(marble, values, error: error)
    let actual = recording.events
    let same =
      expected.count == actual.count
      && zip(expected, actual).allSatisfy { $0.0 == $1.0 && Self.same($0.1, $1.1) }
    guard !same else { return }
    let drawnExpected = draw(expected, values)
    let drawnActual = draw(actual, values)
    let caret = zip(drawnExpected, drawnActual).prefix { $0 == $1 }.count
    Issue.record(
      Comment(
        rawValue: """
          timelines differ
          expected: \(drawnExpected)
          actual:   \(drawnActual)
                    \(String(repeating: " ", count: caret))^
          expected events: \(list(expected))
          actual events:   \(list(actual))
          """), sourceLocation: sourceLocation)
  }

  /// Runs to the end, then compares the subscriptions made to `source` with `marbles`.
  func expectSubscriptions<V>(
    _ source: TestSignal<V>, _ marbles: String..., sourceLocation: SourceLocation = #_sourceLocation
  ) {
    finish(sourceLocation)
    let expected = marbles.map(TestMarble.parseSubscription)
    guard expected != source.subscriptions else { return }
    Issue.record(
      Comment(
        rawValue: """
          subscriptions differ
          expected: \(expected.map(TestMarble.render))
          actual:   \(source.subscriptions.map(TestMarble.render))
          """), sourceLocation: sourceLocation)
  }

  private static func same<V: Equatable>(_ a: Event<V>, _ b: Event<V>) -> Bool {
    switch (a, b) {
    case (.next(let x), .next(let y)): return x == y
    case (.completed, .completed): return true
    case (.error(let x), .error(let y)): return describe(x) == describe(y)
    default: return false
    }
  }

  private static func describe(_ error: any Error) -> String { "\(type(of: error)): \(error)" }

  private func draw<V: Equatable>(_ events: [(Int, Event<V>)], _ values: [Character: V])
    -> String
  {
    let keys = values.keys.sorted()
    return TestMarble.render(
      events.map { frame, event in
        switch event {
        case .completed: return (frame, "|")
        case .error: return (frame, "#")
        case .next(let value):
          if let key = keys.first(where: { values[$0] == value }) { return (frame, key) }
          if let digit = value as? Int, (0...9).contains(digit) {
            return (frame, Character(String(digit)))
          }
          if let string = value as? String, let first = string.first, string.count == 1 {
            return (frame, first)
          }
          return (frame, "?")
        }
      })
  }

  private func list<V>(_ events: [(Int, Event<V>)]) -> String {
    "[" + events.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "]"
  }
}

/// The events one `record` call saw, with their frames (the package's one recording core,
/// `RecordLog`).
final class ClockRecording<V> {
  var log = RecordLog<Event<V>>()
  /// The recording subscriber, to dispose by hand.
  var subscriber: Subscriber<V>?

  /// The events, in delivery order.
  var events: [(frame: Int, event: Event<V>)] { log.map { ($0.frame, $0.element) } }

  /// The subscription window (nil before subscribing); a disposal by hand through `subscriber`
  /// does not close it.
  var subscription: SubscriptionLog? { log.window }

  /// The values, in order.
  var values: [V] { log.compactMap(\.element.value) }
}

/// A marble source that logs its subscriptions.
final class TestSignal<V>: Signal<V>, @unchecked Sendable {
  // Invariant: used on the virtual scheduler's thread only.
  enum Source {
    case cold(CodedTimeline<V>)
    case hot(Subject<V>)
  }

  private let scheduler: VirtualTimeScheduler
  private let source: Source
  private let book = SubscriptionBook()
  var subscriptions: [SubscriptionLog] { book.entries }

  init(scheduler: VirtualTimeScheduler, source: Source) {
    self.scheduler = scheduler
    self.source = source
    super.init()
  }

  /// Subscriptions not ended yet.
  var openSubscriptions: Int { book.entries.count { $0.unsubscribed == nil } }

  /// The subject behind a hot source.
  var subject: Subject<V>? {
    if case .hot(let subject) = source { return subject }
    return nil
  }

  @discardableResult
  override func subscribe(_ subscriber: Subscriber<V>) -> any Disposable {
    let index = book.open(at: scheduler.now)
    subscriber.attach { [weak book, scheduler] in book?.close(index, at: scheduler.now) }
    switch source {
    case .cold(let timeline):
      subscriber.attach(
        timeline.play(on: scheduler, shiftedBy: scheduler.now) { _, events in
          for index in events { subscriber.send(timeline.event(at: index)) }
        })
    case .hot(let subject):
      subject.subscribe(subscriber)
    }
    return subscriber
  }
}
