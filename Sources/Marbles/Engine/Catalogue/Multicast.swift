import Reactive
import ReactiveRxJS

extension Catalogue {
  /// The names of the sharing rows, whose signals the run charges for every delivery to every
  /// subscriber (`Runtime.isShared`).
  static let sharingNames: Set<String> = Set(sharing.map(\.name))

  /// Sharing one subscription among subscribers (multicast), and connections.
  package static let sharing: [OperatorEntry] = [
    .method(
      "replay", rac: "replay", alias: nil,
      "Subscribes now and replays every value to every subscriber",
      holds: "the replay buffer and the subscriber count", lanes: [.replayed, .subscribers],
      typing: .passesValues,
      example: """
        let input = cold("-a-b-|")
        let shared = input.replay()
        show shared subscribed "------^"
        expect shared == "------(ab|)"
        """
    ) { c throws(RuntimeError) in
      try c.probedSignal { $0.replay(probe: $1) }
    },
    .method(
      "replayLast", rac: "replayLast",
      "Subscribes now and replays the latest value to every subscriber",
      holds: "the replay buffer and the subscriber count", lanes: [.replayed, .subscribers],
      typing: .passesValues,
      example: """
        let input = cold("-a-b-|")
        let shared = input.replayLast()
        show shared subscribed "----^-"
        expect shared == "----b|"
        """
    ) { c throws(RuntimeError) in
      try c.probedSignal { $0.replayLast(probe: $1) }
    },
    .method(
      "replayLazily", rac: "replayLazily",
      "Subscribes at the first subscription, then replays every value to every subscriber",
      holds: "connected, the replay buffer and the subscriber count",
      lanes: [.connected, .replayed, .subscribers],
      typing: .passesValues,
      example: """
        let input = cold("-a-b-|")
        let shared = input.replayLazily()
        show shared subscribed "--^---"
        expect shared == "---a-b-|"
        expect subscriptions(input) == "--^----!"
        """
    ) { c throws(RuntimeError) in
      try c.probedSignal { $0.replayLazily(probe: $1) }
    },
    .method(
      "publish", rac: "publish",
      "Shares the signal through a subject; nothing happens until 'connect()'",
      semantics: .reactiveObjC,
      holds: "connected, and the subscriber count", lanes: [.connected, .subscribers],
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
      "publish", rac: "", alias: "publish",
      "A connectable signal: subscribers wait until 'connect()' subscribes the source through a subject (RxJS publish)",
      semantics: .rxjs,
      holds: "connected, and the subscriber count", lanes: [.connected, .subscribers],
      example: """
        use rxjs
        let input = cold("-a-b-|")
        let shared = input.publish()
        shared.connect(at: 2)
        show shared
        expect shared == "---a-b-|"
        """
    ) { c throws(RuntimeError) in
      try c.connectable { $0.publish(probe: $1) }
    },
    .method(
      "multicast", rac: "multicast:",
      "Shares the signal through the given subject; nothing happens until 'connect()'",
      parameters: [.value("subject")],
      holds: "connected, the subscriber count, and a replay subject's buffer",
      lanes: [.connected, .subscribers, .replayed],
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
        throw c.argumentError(0, "the subject", expected: "a Subject or ReplaySubject")
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
      holds: "connected, and its subscriber count", lanes: [.connected, .subscribers],
      typing: .passesValues,
      example: .applying("publish().autoconnect()", to: "-a-b-|", as: "shared", expect: "-a-b-|")
    ) { c throws(RuntimeError) in
      let connection = try c.connection()
      return c.probed { connection.autoconnect(probe: $0) }
    },
    .method(
      "share", rac: "", alias: "share",
      "Shares one subscription among the subscribers while there are any; resets after failure, completion or the last unsubscription unless told otherwise, or at the first value of a notifier closure's signal ('resetOnError: { e in timer(5) }'); 'connector:' makes each connection's subject (RxJS share)",
      parameters: [
        .option("resetOnError"), .option("resetOnComplete"), .option("resetOnRefCountZero"),
        .option("connector"),
      ],
      holds: "connected, and the subscriber count", lanes: [.connected, .subscribers],
      typing: .passesValues,
      example: """
        let input = cold("-a-b-c-|")
        let shared = input.share()
        show shared, shared subscribed "---^"
        expect subscriptions(input) == "^------!"
        """
    ) { c throws(RuntimeError) in
      /// A Bool, or a closure whose signal's first value resets (RxJS's notifier).
      func reset(_ index: Int, _ name: String) throws(RuntimeError) -> ShareReset<ScriptValue> {
        guard let value = c.optional(index) else { return .now }
        guard case .closure = value else { return ShareReset(try c.bool(index, name)) }
        let notifier = try c.function(index)
        return .when { error in
          notifier.signal(
            from: error.map { notifier(.error(ScriptValue.payload(of: $0))) } ?? notifier())
        }
      }
      let input = try c.signal()
      let (onError, onComplete) = (try reset(0, "resetOnError"), try reset(1, "resetOnComplete"))
      let onRefCountZero = try reset(2, "resetOnRefCountZero")
      let connector = try c.connector(3)
      return c.probed {
        input.share(
          resetOnError: onError, resetOnComplete: onComplete, resetOnRefCountZero: onRefCountZero,
          connector: connector, probe: $0)
      }
    },
    .method(
      "refCount", rac: "", alias: "refCount",
      "A signal that connects a 'publish()' at its first subscription and disconnects after its last (RxJS refCount)",
      holds: "connected, and its subscriber count", lanes: [.connected, .subscribers],
      example: .applying(
        "publish().refCount()", to: "-a-b-|", as: "shared", expect: "-a-b-|", rxjs: true)
    ) { c throws(RuntimeError) in
      let connection = try c.connection()
      return c.probed { connection.autoconnect(probe: $0) }
    },
    .method(
      "shareReplay", rac: "", alias: "shareReplay",
      "Subscribes at the first subscription and replays the last `count` values (all without a count) to every subscriber; never disconnects, or with 'refCount: true' disconnects and starts afresh when the last subscriber leaves (RxJS shareReplay)",
      parameters: [
        .value("count", optional: true), .option("refCount"),
        .value("count", label: "bufferSize", optional: true),
      ],
      holds: "connected, the replay buffer and the subscriber count",
      lanes: [.connected, .replayed, .subscribers],
      typing: .passesValues,
      example: """
        let input = cold("-a-b-|")
        let shared = input.shareReplay(1)
        let late = shared
        show shared, late subscribed "----^"
        expect late == "----b|"
        expect subscriptions(input) == "^----!"
        """
    ) { c throws(RuntimeError) in
      // RxJS's ReplaySubject keeps at least one value: a count of 0 or less is 1.
      let capacity = max(1, try c.optionalInt(0, or: 2, "the count", minimum: Int.min) ?? .max)
      let refCount = try c.bool(1, "refCount", absent: false)
      let input = try c.signal()
      if refCount {
        // RxJS 7: share({ connector: () => new ReplaySubject(n), resetOnError: true,
        // resetOnComplete: false, resetOnRefCountZero: true }).
        return c.probed { probe in
          input.share(
            resetOnError: true, resetOnComplete: false, resetOnRefCountZero: true,
            connector: { ReplaySubject(capacity: capacity) }, probe: probe)
        }
      }
      return c.probed { probe in
        let connection = input.multicast(ReplaySubject(capacity: capacity), probe: probe)
        return Signal { subscriber in
          connection.connect()
          return connection.signal.subscribe(subscriber)
        }
      }
    },
    .method(
      "publishReplay", rac: "", alias: "publishReplay",
      "A connectable signal through a replay subject of the last `count` values (all without a count) (RxJS publishReplay)",
      parameters: [.value("count", optional: true)],
      holds: "connected, the replay buffer and the subscriber count",
      lanes: [.connected, .replayed, .subscribers],
      example: """
        let input = cold("-a-b-|")
        let shared = input.publishReplay(1)
        shared.connect()
        let late = shared
        show input, late subscribed "----^"
        expect late == "----b|"
        """
    ) { c throws(RuntimeError) in
      // RxJS's ReplaySubject keeps at least one value: a count of 0 or less is 1.
      let capacity = max(1, try c.optionalInt(0, "the count", minimum: Int.min) ?? .max)
      return try c.connectable { $0.multicast(ReplaySubject(capacity: capacity), probe: $1) }
    },
    .method(
      "publishBehavior", rac: "", alias: "publishBehavior",
      "A connectable signal through a subject with a current value, the given one first (RxJS publishBehavior)",
      parameters: [.value("value")],
      holds: "connected, the current value and the subscriber count",
      lanes: [.connected, .current, .subscribers],
      example: """
        let input = cold("--a|")
        let shared = input.publishBehavior("s")
        shared.connect()
        show input, shared
        expect shared == "s-a|"
        """
    ) { c throws(RuntimeError) in
      try c.connectable { $0.multicast(BehaviorSubject(value: c.value(0)), probe: $1) }
    },
    .method(
      "publishLast", rac: "", alias: "publishLast",
      "A connectable signal that sends only the last value, on completion, to every subscriber (RxJS publishLast)",
      holds: "connected, the last value and the subscriber count",
      lanes: [.connected, .replayed, .subscribers],
      example: """
        let input = cold("-a-b|")
        let shared = input.publishLast()
        shared.connect()
        show input, shared
        expect shared == "----(b|)"
        """
    ) { c throws(RuntimeError) in
      try c.connectable { $0.takeLast(1).multicast(ReplaySubject(), probe: $1) }
    },
    .method(
      "connectWith", rac: "", rxjsName: "connect",
      "Shares one subscription to the input among the subscriptions the closure makes to the signal it is given; the input is subscribed after the closure's signal; 'connector:' makes the subject that shares it (RxJS connect(selector, { connector }))",
      parameters: [.option("connector"), .closure("shared")],
      holds: "how many parts of the closure's signal share the input", lanes: [.subscribers],
      example: .applying(
        "connectWith { shared in merge(shared.map { x in x * 10 }, shared) }", to: "-1----2-----|",
        as: "both", showingInput: true, expect: "-(a1)-(b2)--|", values: "a: 10, b: 20")
    ) { c throws(RuntimeError) in
      let selector = try c.function(1)
      let connector = try c.connector(0)
      return try c.probedSignal { input, probe in
        input.connect(probe: probe, connector: connector) { selector.signal(for: .signal($0)) }
      }
    },
    .function(
      "connectable", rac: "", alias: "connectable",
      "A connectable signal of the source: subscribers wait until 'connect()' subscribes it through a subject, or the one 'connector:' makes; when a connection ends, the subject is replaced unless 'resetOnDisconnect: false', and 'connect()' connects again (RxJS connectable)",
      parameters: [.value("source"), .option("connector"), .option("resetOnDisconnect")],
      holds: "connected, the current subject's subscriber count, and a replay connector's buffer",
      lanes: [.connected, .subscribers, .replayed],
      example: """
        let input = cold("-a-b-|")
        let shared = connectable(input)
        shared.connect(at: 2)
        show input, shared
        expect shared == "---a-b-|"
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal(0, "the source")
      let connector = try c.connector(1)
      let resets = try c.bool(2, "resetOnDisconnect", absent: true)
      let probe = StateProbe()
      // An RxJS `Subject` by default: one that remembers its end but replays no value.
      let connection = ResettingConnection(
        source: input, connector: connector ?? { ReplaySubject(capacity: 0) },
        resetOnDisconnect: resets, probe: probe)
      let replays = connector != nil && connection.currentSubject is ReplaySubject<ScriptValue>
      probe.context = ProbeHandle(
        probe: probe, lanes: replays ? c.lanes : Array(c.lanes.prefix(2)),
        runtime: c.runtime)
      return .signal(ResettingConnectableSignal(connection))
    },
  ]
}

/// RxJS's `publish()`: a signal whose subscribers wait for `connect()`, which subscribes the
/// source once for all of them through a subject.
final class ConnectableSignal: Signal<ScriptValue>, @unchecked Sendable {
  // Invariant: immutable after init; used on the script's thread only.
  /// The connection that `connect()` and `refCount()` use.
  let connection: MulticastConnection<ScriptValue>

  init(_ connection: MulticastConnection<ScriptValue>) {
    self.connection = connection
    super.init { subscriber in connection.signal.subscribe(subscriber) }
  }
}

/// RxJS 7's `connectable(…)`: a signal whose subscribers subscribe the connection's current
/// subject, with the connection that a script's `connect()` connects (again, once one ended).
final class ResettingConnectableSignal: Signal<ScriptValue>, @unchecked Sendable {
  // Invariant: immutable after init; used on the script's thread only.
  /// The connection that `connect()` connects.
  let connection: ResettingConnection<ScriptValue>

  init(_ connection: ResettingConnection<ScriptValue>) {
    self.connection = connection
    super.init { subscriber in connection.signal.subscribe(subscriber) }
  }
}
