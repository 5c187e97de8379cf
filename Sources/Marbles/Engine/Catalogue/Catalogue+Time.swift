import Reactive

extension Catalogue {
  /// Operators that work with virtual time and schedulers.
  static let timing: [OperatorEntry] = [
    .method(
      "delay", rac: "delay:",
      "Sends every value and completion `frames` later; failures at once",
      parameters: [.value("frames")], semantics: .reactiveObjC,
      holds: "the values on their way", lanes: ["pending"], typing: .passesValues,
      example: """
        let input = cold("-a-b|")
        let later = input.delay(2)
        show input, later
        expect later == "---a-b|"
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      let frames = try c.frames(0, "the delay")
      return c.probed { input.delay(frames, on: c.scheduler, probe: $0) }
    },
    .method(
      "throttle", rac: "throttle:", alias: "debounceTime",
      "Sends a value only after `frames` frames pass without another (RAC throttle, a debounce)",
      parameters: [.value("frames")], semantics: .reactiveObjC,
      holds: "the value held back, nil while none (lane $0; RxJS throttle also `windowOpen`)",
      lanes: ["pending"],
      typing: .passesValues,
      example: """
        let input = cold("-ab---c---|")
        let calm = input.throttle(2)
        show input, calm
        expect calm == "----b---c-|"
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      let frames = try c.frames(0, "the interval")
      return c.probed { input.throttle(frames, on: c.scheduler, probe: $0) }
    },
    .method(
      "throttleTime", rac: "",
      "Sends a value, then ignores values for `frames` frames; 'trailing: true' also sends the window's last value when it closes, 'leading: false' holds back the first (RxJS throttleTime)",
      parameters: [
        .value("frames"), .value("leading", label: "leading", optional: true),
        .value("trailing", label: "trailing", optional: true),
      ],
      holds: "whether the silent window is open and the value held for it",
      lanes: ["windowOpen", "pending"],
      typing: .passesValues,
      synonyms: ["throttleFirst"],
      example: """
        let input = cold("-abc--d---|")
        let output = input.throttleTime(3)
        show output
        expect output == "-a----d---|"
        """
    ) { c throws(RuntimeError) in
      let leading = c.optional(1) == nil ? true : try c.bool(1, "leading")
      let trailing = c.optional(2) == nil ? false : try c.bool(2, "trailing")
      let input = try c.signal()
      let frames = try c.frames(0, "the interval")
      return c.probed {
        input.throttleTime(
          frames, leading: leading, trailing: trailing, on: c.scheduler, probe: $0)
      }
    },
    .method(
      "sample", rac: "sample:",
      "Sends the latest value each time the trigger sends (again if nothing new arrived; RAC sample:)",
      parameters: [.value("trigger")], semantics: .reactiveObjC,
      holds: "the latest value", lanes: ["latest"], typing: .passesValues,
      example: """
        let input = cold("-a-b-c---|")
        let ticks = cold("---x---x-|")
        let sampled = input.sample(ticks)
        show sampled
        expect sampled == "---b---c-|"
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      let trigger = try c.signal(0, "the trigger")
      return c.probed { input.sample(trigger, probe: $0) }
    },
    .method(
      "bufferWithTime", rac: "bufferWithTime:onScheduler:",
      "Collects values into arrays, one every `frames` frames",
      parameters: [.value("frames")],
      holds: "the buffer being filled, empty while no window is open", lanes: ["buffered"],
      example: """
        let input = cold("-ab-c----|")
        let batches = input.bufferWithTime(3)
        show batches
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      let frames = try c.frames(0, "the interval", minimum: 1)
      return c.probed {
        input.bufferWithTime(frames, on: c.scheduler, probe: $0).map { c.builtArray($0) }
      }
    },
    .method(
      "timeout", rac: "timeout:onScheduler:",
      "Fails with \"timedOut\" if the signal has not terminated within `frames` frames",
      parameters: [.value("frames")], semantics: .reactiveObjC,
      holds: "the frame the time limit runs out at", lanes: ["deadline"], typing: .passesValues,
      example: """
        let slow = cold("-a-----|")
        let bounded = slow.timeout(4)
        show bounded
        expect bounded == "-a--#", error: "timedOut"
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      let frames = try c.frames(0, "the interval")
      return c.probed { input.timeout(frames, on: c.scheduler, probe: $0) }
    },
    .method(
      "deliverOn", rac: "deliverOn:", alias: "observeOn",
      "Re-sends every event from an action on the scheduler (on main: later in the same frame)",
      parameters: [.value("scheduler")], typing: .passesValues, synonyms: ["receive"],
      example: """
        let input = cold("-a|")
        let hopped = input.deliverOn(main)
        show hopped
        expect hopped == "-a|"
        """
    ) { c throws(RuntimeError) in .signal(try c.signal().deliverOn(try c.scheduler(0))) },
    .method(
      "subscribeOn", rac: "subscribeOn:", alias: "subscribeOn",
      "Subscribes from an action on the scheduler (on main: later in the same frame)",
      parameters: [.value("scheduler")], typing: .passesValues,
      example: """
        let input = cold("-a|")
        let later = input.subscribeOn(main)
        show later
        expect later == "-a|"
        """
    ) { c throws(RuntimeError) in .signal(try c.signal().subscribeOn(try c.scheduler(0))) },
  ]

  /// Sharing one subscription among many subscribers.
  static let sharing: [OperatorEntry] = [
    .method(
      "replay", rac: "replay", alias: nil,
      "Subscribes now and replays every value to every subscriber",
      holds: "the replay buffer and the subscriber count", lanes: ["replayed", "subscribers"],
      typing: .passesValues,
      example: """
        let input = cold("-a-b-|")
        let shared = input.replay()
        show shared subscribed "------^"
        expect shared == "------(ab|)"
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      return c.probed { input.replay(probe: $0) }
    },
    .method(
      "replayLast", rac: "replayLast",
      "Subscribes now and replays the latest value to every subscriber",
      holds: "the replay buffer and the subscriber count", lanes: ["replayed", "subscribers"],
      typing: .passesValues,
      example: """
        let input = cold("-a-b-|")
        let shared = input.replayLast()
        show shared subscribed "----^-"
        expect shared == "----b|"
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      return c.probed { input.replayLast(probe: $0) }
    },
    .method(
      "replayLazily", rac: "replayLazily",
      "Subscribes at the first subscription, then replays every value to every subscriber",
      holds: "connected, the replay buffer and the subscriber count",
      lanes: ["connected", "replayed", "subscribers"],
      typing: .passesValues,
      example: """
        let input = cold("-a-b-|")
        let shared = input.replayLazily()
        show shared subscribed "--^---"
        expect shared == "---a-b-|"
        expect subscriptions(input) == "--^----!"
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      return c.probed { input.replayLazily(probe: $0) }
    },
    .method(
      "publish", rac: "publish",
      "Shares the signal through a subject; nothing happens until 'connect()'",
      semantics: .reactiveObjC,
      holds: "connected, and the subscriber count", lanes: ["connected", "subscribers"],
      example: """
        let input = cold("-a-b-|")
        let shared = input.publish()
        shared.connect(at: 2)
        show shared.signal
        expect shared.signal == "---a-b-|"
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      return .connection(c.probedShared { input.publish(probe: $0) })
    },
    .method(
      "multicast", rac: "multicast:",
      "Shares the signal through the given subject; nothing happens until 'connect()'",
      parameters: [.value("subject")],
      holds: "connected, the subscriber count, and a replay subject's buffer",
      lanes: ["connected", "subscribers", "replayed"],
      example: """
        let input = cold("-a-b-|")
        let shared = input.multicast(ReplaySubject())
        shared.connect()
        show shared.signal subscribed "------^"
        expect shared.signal == "------(ab|)"
        """
    ) { c throws(RuntimeError) in
      let value = c.value(0)
      guard case .signal(let signal) = value, let subject = signal as? Subject<ScriptValue> else {
        throw Diagnostic.Interpreter.argumentType(
          "the subject", of: c.name, expected: "a Subject or ReplaySubject", value, at: c.rangeOf(0)
        )
      }
      let input = c.runtime.guarded(try c.signal(), at: c.range)
      let lanes = subject is ReplaySubject<ScriptValue> ? c.lanes : Array(c.lanes.prefix(2))
      return .connection(c.probedShared(lanes) { input.multicast(subject, probe: $0) })
    },
    .method(
      "connect", rac: "connect",
      "Connects a 'publish()'/'multicast' connection or a 'connectable(…)' signal: now, or at frame `at`",
      parameters: [.value("frame", label: "at", optional: true)],
      example: """
        let input = cold("-a-b-|")
        let shared = input.publish()
        shared.connect(at: 1)
        show shared.signal
        expect shared.signal == "--a-b-|"
        """
    ) { c throws(RuntimeError) in
      if case .signal(let connectable as ResettingConnectableSignal) = c.receiver {
        let frame = try c.optionalFrame(0)
        c.schedule(at: frame) { connectable.connection.connect() }
        return .null
      }
      let connection = try c.connection()
      let frame = try c.optionalFrame(0)
      c.schedule(at: frame) { connection.connect() }
      return .null
    },
    .method(
      "autoconnect", rac: "autoconnect",
      "A signal that connects at its first subscription and disconnects after its last",
      holds: "connected, and its subscriber count", lanes: ["connected", "subscribers"],
      typing: .passesValues,
      example: """
        let input = cold("-a-b-|")
        let shared = input.publish().autoconnect()
        show shared
        expect shared == "-a-b-|"
        """
    ) { c throws(RuntimeError) in
      let connection = try c.connection()
      return c.probed { connection.autoconnect(probe: $0) }
    },
  ]
}
