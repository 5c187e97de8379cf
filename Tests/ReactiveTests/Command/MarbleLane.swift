@testable import Reactive

/// Records one signal's events with the virtual frame of each, and draws them as an RxJS marble
/// (`ft--f`, groups for events at one frame) so that a Command test's assertion reads as the
/// diagram in `raccommand-semantics.md`. It records into the package's one recording core
/// (`RecordLog`), as `TestClock` and the Marbles recorders do.
final class MarbleLane<Value> {
  private var recorded = RecordLog<Event<Value>>()
  private var subscription: (any Disposable)?

  init(
    _ signal: Signal<Value>, on scheduler: VirtualTimeScheduler, log: EventLog? = nil,
    name: String = ""
  ) {
    recorded.start(at: scheduler.now)
    subscription = signal.observe { [weak self, weak scheduler] event in
      guard let self, let scheduler else { return }
      self.recorded.append(event, at: scheduler.now)
      log?.append("\(scheduler.now) \(name) \(event)")
    }
  }

  /// The events with their frames, in delivery order.
  var events: [(frame: Int, event: Event<Value>)] { recorded.map { ($0.frame, $0.element) } }

  var values: [Value] { events.compactMap { $0.event.value } }
  var last: Value? { values.last }
  var isCompleted: Bool {
    events.contains { if case .completed = $0.event { true } else { false } }
  }
  var error: (any Error)? { events.lazy.compactMap { $0.event.error }.first }

  func dispose() { subscription?.dispose() }

  /// The recording as a marble string from frame 0; `symbol` spells each value.
  func marble(_ symbol: (Value) -> String) -> String {
    var text = ""
    var position = 0
    var index = 0
    while index < events.count {
      let frame = events[index].frame
      var group: [String] = []
      while index < events.count, events[index].frame == frame {
        switch events[index].event {
        case .next(let value): group.append(symbol(value))
        case .error: group.append("#")
        case .completed: group.append("|")
        }
        index += 1
      }
      guard frame >= position else { return text + "<overlap at \(frame)>" }
      text += String(repeating: "-", count: frame - position)
      text += group.count == 1 ? group[0] : "(" + group.joined() + ")"
      position = frame + (group.count == 1 ? 1 : group.count + 2)
    }
    return text
  }
}

extension MarbleLane where Value == Bool {
  /// `t`/`f` marble.
  var marble: String { marble { $0 ? "t" : "f" } }
}

extension MarbleLane where Value == Int {
  /// Digit marble.
  var marble: String { marble { String($0) } }
}

/// An ordered log of everything several recorders saw, to pin the order of work in one frame.
final class EventLog {
  private(set) var lines: [String] = []
  func append(_ line: String) { lines.append(line) }
}

/// A cold signal that plays `marble` relative to each subscription on `scheduler`, through the
/// package's one playback engine (`CodedTimeline`); each character is one frame, value
/// characters are sent as one-character strings, `#` fails with `TestError("boom")`.
func coldMarble(_ marble: String, on scheduler: VirtualTimeScheduler) -> Signal<String> {
  let timeline = CodedTimeline<String>(
    marble.enumerated().compactMap { frame, character in
      switch character {
      case "-": return nil
      case "|": return (frame, .completed)
      case "#": return (frame, .error(TestError("boom")))
      default: return (frame, .next(String(character)))
      }
    })
  return Signal { subscriber in
    timeline.play(on: scheduler, shiftedBy: scheduler.now) { _, events in
      for index in events { subscriber.send(timeline.event(at: index)) }
    }
  }
}

/// A reference that reports when it is released, for memory tests (the specs' dealloc hook).
final class DeallocHook {
  private let onDeinit: () -> Void
  init(_ onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
  deinit { onDeinit() }
}
