import Reactive

/// A `cold(…)` or `hot(…)` source of a script: a marble timeline with its values looked up,
/// played on the script's scheduler, logging every subscription.
///
///     cold("--a|")   each subscription at frame s: a at s+2, completion at s+3
///     hot("-^-a|")   one shared timeline: a at frame 2, completion at 3, whoever listens
///
/// Both play through `CodedTimeline` (one queued action per playback). Cold sources play a
/// subscription's events when it is made; hot sources put their timeline on the scheduler when
/// the script asks (`scheduleTimeline()`: in script order, after
/// the `show` subscriptions). Events of a hot source at frames already past (before frame 0, or
/// before the frame it was created at during the run) reach nobody and are not scheduled.
final class MarbleSource: Signal<ScriptValue>, @unchecked Sendable {
  // Invariant: used on the script's thread only (the virtual scheduler is single-threaded).
  let kind: MarbleKind
  /// The events by frame (relative to a subscription for cold, absolute for hot), compact.
  let timeline: CodedTimeline<ScriptValue>
  /// The first frame of the marble string (negative for a hot marble with events before `^`).
  let firstFrame: Int
  /// The frame after the marble string's last character.
  let endFrame: Int
  /// Every subscription, in the order made.
  var subscriptions: [SubscriptionLog] { book.entries }
  private let book = SubscriptionBook()
  /// For each subscription, what made it (`the 'show input' at 3:6`), when the script knows.
  private(set) var origins: [String?] = []
  /// Says what is subscribing now (set by the runtime while a `show` or `expect` subscribes).
  var currentOrigin: () -> String? = { nil }
  /// Called with every event the source delivers, without subscribing (`show input.recorded`),
  /// and for a cold source the index of the subscription it is delivered to.
  // A box of its own, which the playbacks hold: a weak `self` in each playback cost a
  // side-table load, a retain and a slow release per delivered batch.
  private let watchers = Watchers()
  private let scheduler: VirtualTimeScheduler
  /// The run's budget: events at the subscription's own frame keep its nesting depth.
  private let budget: Budget
  /// The `cold(…)`/`hot(…)` call, where a run out of events is reported.
  private let range: SourceRange
  private let subject = Subject<ScriptValue>()
  private var isScheduled = false

  init(
    kind: MarbleKind, timeline: CodedTimeline<ScriptValue>, firstFrame: Int, endFrame: Int,
    scheduler: VirtualTimeScheduler, budget: Budget, range: SourceRange
  ) {
    self.kind = kind
    self.timeline = timeline
    self.firstFrame = firstFrame
    self.endFrame = endFrame
    self.scheduler = scheduler
    self.budget = budget
    self.range = range
    super.init { _ in nil }
  }

  /// The events as `(frame, event)` pairs, in order.
  var events: [(frame: Int, event: Event<ScriptValue>)] {
    timeline.timed
  }

  /// The timeline that plays `diagram`: each key looked up in `values` (a digit without an
  /// entry is that integer, any other key the one-character string), `#` failing with `error`.
  ///
  /// Each key is looked up once: its event is remembered by the key's number, so that a long
  /// marble of a few keys costs no String hashing per event. A value whose key equals the
  /// previous value's as a String (`é` after `e` + U+0301) is the previous value, as when every
  /// key was compared as a String.
  static func playback(
    of diagram: MarbleDiagram, values: [String: ScriptValue], error: ScriptValue
  ) -> CodedTimeline<ScriptValue> {
    let (completed, failed) = (
      CodedTimeline<ScriptValue>.firstOther, CodedTimeline<ScriptValue>.firstOther + 1
    )
    var frames: [Int] = []
    var codes: [UInt32] = []
    var table: [ScriptValue] = []
    frames.reserveCapacity(diagram.events.count)
    codes.reserveCapacity(diagram.events.count)
    var known: [MarbleKey: UInt32] = [:]
    // The last value's key and code (`.completed` before the first value).
    var lastKey = MarbleKey.completed
    var lastCode = completed
    for marble in diagram.events {
      let key = marble.key
      switch key {
      case .completed: codes.append(completed)
      case .error: codes.append(failed)
      default:
        if key != lastKey {
          if lastKey.isValue, sameText(lastKey, key) {
            // The previous value, as before.
          } else if let found = known[key] {
            lastCode = found
          } else {
            let text = key.text ?? ""
            // A marble's distinct keys number at most its length, far below 2^31.
            lastCode = UInt32(truncatingIfNeeded: table.count)
            table.append(
              values[text] ?? Runtime.digitValue(text).map(ScriptValue.int) ?? .string(text))
            known[key] = lastCode
          }
          lastKey = key
        }
        codes.append(lastCode)
      }
      frames.append(marble.frame)
    }
    // A marble's frames never decrease; a group's share one.
    return CodedTimeline(
      frames: frames, codes: codes, values: table, others: [.completed, .error(error.asError)])
  }

  /// Whether two different keys are equal as Strings (canonically equivalent spellings). Two
  /// ASCII keys never are.
  private static func sameText(_ lhs: MarbleKey, _ rhs: MarbleKey) -> Bool {
    guard lhs.rawValue >= 0x80 || rhs.rawValue >= 0x80 else { return false }
    return lhs.text == rhs.text
  }

  /// Logs the subscription; a cold source schedules its timeline relative to now.
  ///
  /// The events of the subscription's own frame are delivered as deeply nested as the
  /// subscription was made (`Budget.depth`): they are a continuation of the code that
  /// subscribed, so that a closure returning itself through them (`cold("#").catch { _ in
  /// f(f) }`) counts as the recursion it is.
  @discardableResult
  override func subscribe(_ subscriber: Subscriber<ScriptValue>) -> any Disposable {
    let start = scheduler.now
    let index = book.open(at: start)
    origins.append(currentOrigin())
    switch kind {
    case .cold:
      let depth = budget.depth
      // Values through a `Delivery` (`send`'s work without a retain of the handler a value).
      let delivery = Delivery(subscriber)
      subscriber.attach(
        timeline.play(on: scheduler, shiftedBy: start) {
          [watchers, budget, range, timeline] frame, events in
          if frame == 0 && depth > 0 {
            guard budget.spend(events.count, at: range) else { return }
            let outer = budget.depth
            budget.depth = max(outer, depth)
            for position in events { subscriber.send(timeline.event(at: position)) }
            budget.depth = outer
            return
          }
          for position in events {
            let event = timeline.event(at: position)
            watchers.notify(event, subscription: index)
            delivery.send(event, to: subscriber)
          }
        })
    case .hot:
      subject.subscribe(subscriber)
    }
    // Weak: a subscription left open when a run stops (a command's in-flight work) must not
    // keep the run's scheduler alive.
    subscriber.attach { [weak book, weak scheduler] in
      guard let scheduler else { return }
      book?.close(index, at: scheduler.now)
    }
    return subscriber
  }

  /// Puts a hot source's timeline on the scheduler, once; frames already past are skipped.
  func scheduleTimeline() {
    guard kind == .hot, !isScheduled else { return }
    isScheduled = true
    timeline.play(
      on: scheduler, shiftedBy: 0, fromBatch: timeline.firstBatch(atOrAfter: scheduler.now)
    ) { [watchers, subject, timeline] _, events in
      for position in events {
        let event = timeline.event(at: position)
        watchers.notify(event, subscription: nil)
        subject.send(event)
      }
    }
  }

  /// What a subscription made at `frame` receives, for a cold source, without subscribing: its
  /// events shifted to `frame` (values are plain: a source holds the values of its map).
  func timeline(subscribedAt frame: Int) -> Timeline<TimelineValue> {
    var events: [TimelineEvent] = []
    var end: Int?
    for (at, event) in self.events {
      switch event {
      case .next(let value):
        events.append(.next(value.timelineValue(at: at + frame), at: at + frame))
      case .error(let error):
        events.append(
          .error(ScriptValue.payload(of: error).timelineValue(at: at + frame), at: at + frame))
        end = at + frame
      case .completed:
        events.append(.completed(at: at + frame))
        end = at + frame
      }
    }
    return Timeline(subscribed: frame, unsubscribed: end, events: events)
  }

  /// The window a lane drawn without subscribing shows: from the first subscription (frame 0
  /// for a hot source) to the end of the last one, open while any is.
  var watchedWindow: SubscriptionLog {
    let start = kind == .hot ? 0 : (subscriptions.first?.subscribed ?? 0)
    let open = subscriptions.isEmpty || subscriptions.contains { $0.unsubscribed == nil }
    return SubscriptionLog(
      subscribed: start, unsubscribed: open ? nil : subscriptions.compactMap(\.unsubscribed).max())
  }

  /// Calls `watcher` with every event the source delivers from now on, to any subscriber (or,
  /// for a hot source, to nobody): a lane drawn without subscribing. A cold source also says
  /// which of its subscriptions (an index into `subscriptions`) the event is delivered to.
  func watch(_ watcher: @escaping (Event<ScriptValue>, Int?) -> Void) {
    watchers.list.append(watcher)
  }

  /// The watchers of a source (`watch`), called with every event it delivers.
  private final class Watchers {
    // Unchecked exclusivity: read per delivered event, on the run's one thread.
    @exclusivity(unchecked) var list: [(Event<ScriptValue>, Int?) -> Void] = []

    @inline(__always) func notify(_ event: Event<ScriptValue>, subscription: Int?) {
      if list.isEmpty { return }
      for watcher in list { watcher(event, subscription) }
    }
  }
}
