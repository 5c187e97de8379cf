import Reactive

extension Catalogue {
  /// RxJS's operators: its side of the names ReactiveObjC also uses (`semantics: .rxjs`, in a
  /// script that starts with `use rxjs`), and the operators only RxJS has (in every script).
  static let rxjs: [OperatorEntry] =
    rxjsCollisions + rxjsTransforming + rxjsFiltering
    + rxjsCombining + rxjsMore + rxjsUtilities + rxjsWorkshop + rxjsCreation

  /// RxJS's side of the colliding names.
  static let rxjsCollisions: [OperatorEntry] = [
    .method(
      "delay", rac: "", alias: "delay",
      "Sends every value `frames` later (a negative delay is none); completes once the source has completed and the last value is out; failures at once (RxJS delay)",
      parameters: [.value("frames")], semantics: .rxjs,
      holds: "the values on their way", lanes: ["pending"], typing: .passesValues,
      example: """
        use rxjs
        let input = cold("-a-b|")
        let later = input.delay(2)
        show input, later
        expect later == "---a-(b|)"
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      // RxJS's timer treats a negative delay as none.
      let frames = max(0, try c.frames(0, "the delay", minimum: -Call.maximumFrames))
      return c.probed { input.rxjs.delay(frames, on: c.scheduler, probe: $0) }
    },
    .method(
      "sample", rac: "", alias: "sample",
      "Sends the latest value each time the notifier sends, only if it is new; the notifier's completion is ignored (RxJS sample)",
      parameters: [.value("notifier")], semantics: .rxjs,
      holds: "the latest value", lanes: ["latest"], typing: .passesValues,
      example: """
        use rxjs
        let input = cold("-a-b-----c--|")
        let ticks = cold("---x---x|")
        let sampled = input.sample(ticks)
        show sampled
        expect sampled == "---b--------|"
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      let notifier = try c.signal(0, "the notifier")
      return c.probed { input.rxjs.sample(notifier, probe: $0) }
    },
    .method(
      "takeUntil", rac: "", alias: "takeUntil",
      "Forwards values until the notifier sends a value, then completes; the notifier's completion is ignored, its failure passes (RxJS takeUntil)",
      parameters: [.value("notifier")], semantics: .rxjs,
      holds: "whether the trigger fired", lanes: ["fired"], typing: .passesValues,
      example: """
        use rxjs
        let input = cold("-a-b-c-|")
        let quiet = cold("--|")
        let output = input.takeUntil(quiet)
        show output
        expect output == "-a-b-c-|"
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      let notifier = try c.signal(0, "the notifier")
      return c.probed { input.rxjs.takeUntil(notifier, probe: $0) }
    },
    .method(
      "timeout", rac: "", alias: "timeout",
      "Fails with \"timedOut\", or switches to `with`, when a value is later than `each` frames after the previous one (`first`: limit for the first value) (RxJS timeout)",
      parameters: [
        .value("each", optional: true), .value("first", label: "first", optional: true),
        .value("each", label: "each", optional: true),
        .value("alternative", label: "with", optional: true),
      ],
      semantics: .rxjs,
      holds: "the frame the time limit runs out at", lanes: ["deadline"], typing: .passesValues,
      example: """
        use rxjs
        let input = cold("-a---b------c|")
        let backup = cold("-x|")
        let bounded = input.timeout(5, with: backup)
        show bounded
        expect bounded == "-a---b-----x|"
        """
    ) { c throws(RuntimeError) in
      let first = try c.optionalInt(1, "the first limit")
      let positional = try c.optionalInt(0, "the limit")
      let labelled = try c.optionalInt(2, "the limit")
      let each = positional ?? labelled
      guard first != nil || each != nil else {
        throw RuntimeError(
          "'timeout' needs a limit: timeout(frames), or first: or each:", at: c.range)
      }
      let alternative = c.optional(3) == nil ? nil : try c.signal(3, "the alternative")
      let input = try c.signal()
      return c.probed {
        input.rxjs.timeout(
          first: first, each: each, with: alternative, on: c.scheduler, probe: $0)
      }
    },
    .method(
      "publish", rac: "", alias: "publish",
      "A connectable signal: subscribers wait until 'connect()' subscribes the source through a subject (RxJS publish)",
      semantics: .rxjs,
      holds: "connected, and the subscriber count", lanes: ["connected", "subscribers"],
      example: """
        use rxjs
        let input = cold("-a-b-|")
        let shared = input.publish()
        shared.connect(at: 2)
        show shared
        expect shared == "---a-b-|"
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      return .signal(
        ConnectableSignal(
          c.probedShared { input.publish(probe: $0) }))
    },
    .method(
      "throttle", rac: "", alias: "throttle",
      "Sends a value, then ignores values until the signal the closure returns for it sends (RxJS throttle)",
      parameters: [
        .value("leading", label: "leading", optional: true),
        .value("trailing", label: "trailing", optional: true), .closure("x"),
      ],
      semantics: .rxjs,
      holds: "the value held back, nil while none (lane $1; RxJS throttle also $0)",
      lanes: ["windowOpen", "pending"],
      typing: .passesValues,
      example: """
        use rxjs
        let input = cold("-abc---d--|")
        let calm = input.throttle { _ in cold("---x") }
        show calm
        expect calm == "-a-----d--|"
        """
    ) { c throws(RuntimeError) in
      let duration = try c.function(2)
      let leading = c.optional(0) == nil ? true : try c.bool(0, "leading")
      let trailing = c.optional(1) == nil ? false : try c.bool(1, "trailing")
      let input = try c.signal()
      return c.probed {
        input.rxjs.throttle(leading: leading, trailing: trailing, probe: $0) {
          duration.signal(from: duration($0))
        }
      }
    },
  ]
}

extension Catalogue {
  /// RxJS operators that change or accumulate values.
  static let rxjsTransforming: [OperatorEntry] = [
    .method(
      "buffer", rac: "", alias: "buffer",
      "Collects values and sends them as an array each time the notifier sends, and the rest on completion (RxJS buffer)",
      parameters: [.value("notifier")], holds: "the buffer being filled", lanes: ["buffered"],
      example: """
        let input = cold("-a-b--c--d|")
        let ticks = cold("----x---x")
        let batches = input.buffer(ticks)
        show batches
        expect batches == "----x---y-(z|)", x: ["a", "b"], y: ["c"], z: ["d"]
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      let notifier = try c.signal(0, "the notifier")
      return c.probed { input.buffer(notifier, probe: $0).map { c.builtArray($0) } }
    },
    .method(
      "count", rac: "", alias: "count",
      "Sends how many values there were (or how many the closure accepted) on completion (RxJS count)",
      parameters: [.optionalClosure("x")], holds: "the count so far", lanes: ["counted"],
      example: """
        let input = cold("-1-2-3-4|")
        let evens = input.count { $0 % 2 == 0 }
        show evens
        expect evens == "--------(2|)"
        """
    ) { c throws(RuntimeError) in
      let source = try c.signal()
      guard c.optional(0) != nil else {
        return c.probed { source.count(probe: $0).map { ScriptValue.int($0) } }
      }
      let predicate = try c.function(0)
      return c.probed { probe in
        source.count(probe: probe) { predicate.isTrue(predicate.indexed($0, $1)) }.map { .int($0) }
      }
    },
    .method(
      "min", rac: "", alias: "min",
      "Sends the smallest value on completion; with a closure { a, b in … } that is < 0 when a comes first (RxJS min)",
      parameters: [.optionalClosure("a, b")],
      holds: "the smallest value so far", lanes: ["smallest"],
      example: """
        let input = cold("-3-1-2|")
        let least = input.min()
        show least
        expect least == "------(1|)"
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      let ordering = try c.ordering(0)
      return c.probed { input.minimum(probe: $0, by: ordering) }
    },
    .method(
      "max", rac: "", alias: "max",
      "Sends the largest value on completion; with a closure { a, b in … } that is < 0 when a comes first (RxJS max)",
      parameters: [.optionalClosure("a, b")], holds: "the largest value so far", lanes: ["largest"],
      example: """
        let input = cold("-3-1-2|")
        let most = input.max()
        show most
        expect most == "------(3|)"
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      let ordering = try c.ordering(0)
      return c.probed { input.maximum(probe: $0, by: ordering) }
    },
    .method(
      "exhaustMap", rac: "", alias: "exhaustMap",
      "Maps each value to a signal, ignoring values that arrive while the current one runs (RxJS exhaustMap)",
      parameters: [.closure("x")],
      holds: "the active inner signal; values arriving meanwhile are dropped", lanes: ["active"],
      typing: .closureTakesValues,
      example: """
        let input = cold("-a-b---c---|")
        let output = input.exhaustMap { x in cold("-x-x|", x: x) }
        show output
        expect output == "--a-a---c-c|"
        """
    ) { c throws(RuntimeError) in
      let transform = try c.function(0)
      let indexed = c.indexed(try c.signal())
      return c.probed { probe in
        indexed.exhaustMap(probe: probe) {
          transform.signal(from: transform.indexed($0.0, $0.1))
        }
      }
    },
    .method(
      "exhaustAll", rac: "", alias: "exhaustAll",
      "Forwards an inner signal only when no other is running (RxJS exhaustAll)",
      holds: "the active inner signal; inner signals arriving meanwhile are dropped",
      lanes: ["active"],
      example: """
        let inner = cold("--r|")
        let outer = cold("-x-x---x|", x: inner)
        let output = outer.exhaustAll()
        show output
        expect output == "---r-----r|"
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      return c.probed { input.exhaustMap(probe: $0) { c.innerSignal($0) } }
    },
    .method(
      "concatAll", rac: "", alias: "concatAll",
      "Plays a signal of signals one inner signal at a time (RxJS concatAll)",
      holds: "the current inner signal and the queue of pending ones", lanes: ["current", "queue"],
      example: """
        let inner = cold("--r|")
        let outer = cold("-xx|", x: inner)
        let output = outer.concatAll()
        show output
        expect output == "---r--r|"
        """
    ) { c throws(RuntimeError) in
      let inners = try c.signal().map { c.innerSignal($0) }
      return c.probed { inners.concat(probe: $0) }
    },
  ]

  /// RxJS operators that drop, find or test values.
  static let rxjsFiltering: [OperatorEntry] = [
    .method(
      "distinct", rac: "", alias: "distinct",
      "Drops every value (or value whose key, from the closure) was seen before (RxJS distinct)",
      parameters: [.optionalClosure("x")],
      holds: "the values let through so far", lanes: ["seen"], typing: .passesValues,
      example: """
        let input = cold("-a-b-a-c-b|")
        let output = input.distinct()
        show output
        expect output == "-a-b---c--|"
        """
    ) { c throws(RuntimeError) in
      let source = try c.signal()
      let budget = c.runtime.budget
      let range = c.range
      // Hashing a value visits all of it: spent each time (a large value every frame).
      func hashed(_ value: ScriptValue) -> TimelineValue {
        budget.spendComparing(value, at: range) ? value.hashKey : .null
      }
      guard c.optional(0) != nil else {
        return c.probed { source.distinct(probe: $0) { hashed($0) } }
      }
      let key = try c.function(0)
      return c.probed { source.distinct(probe: $0) { hashed(key($0)) } }
    },
    .method(
      "find", rac: "", alias: "find",
      "Sends the first value for which the closure is true and completes; nil if there is none (RxJS find)",
      parameters: [.closure("x")],
      holds: "the index of the next value to test", lanes: ["index"], typing: .closureTakesValues,
      example: """
        let input = cold("-1-2-3|")
        let big = input.find { $0 > 1 }
        show big
        expect big == "---(2|)"
        """
    ) { c throws(RuntimeError) in
      let predicate = try c.function(0)
      let input = try c.signal()
      return c.probed { probe in
        input.find(probe: probe) { predicate.isTrue(predicate.indexed($0, $1)) }.map { $0 ?? .null }
      }
    },
    .method(
      "findIndex", rac: "", alias: "findIndex",
      "Sends the index of the first value for which the closure is true and completes; -1 if there is none (RxJS findIndex)",
      parameters: [.closure("x")],
      holds: "the index of the next value to test", lanes: ["index"], typing: .closureTakesValues,
      example: """
        let input = cold("-1-2-3|")
        let at = input.findIndex { $0 > 1 }
        show at
        expect at == "---(1|)"
        """
    ) { c throws(RuntimeError) in
      let predicate = try c.function(0)
      let input = try c.signal()
      return c.probed { probe in
        input.findIndex(probe: probe) { predicate.isTrue(predicate.indexed($0, $1)) }.map {
          .int($0)
        }
      }
    },
    .method(
      "elementAt", rac: "", alias: "elementAt",
      "Sends the value at the index and completes; without enough values, the default or a failure \"outOfRange\" (RxJS elementAt)",
      parameters: [.value("index"), .value("default", label: "default", optional: true)],
      holds: "the index of the next value", lanes: ["index"], typing: .passesValues,
      example: """
        let input = cold("-a-b-c|")
        let second = input.elementAt(1)
        show second
        expect second == "---(b|)"
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      let index = try c.int(0, "the index")
      return c.probed {
        input.elementAt(index, default: c.optional(1), probe: $0)
      }
    },
    .method(
      "every", rac: "", alias: "every",
      "Sends false at the first value for which the closure is false, or true on completion (RxJS every)",
      parameters: [.closure("x")],
      holds: "whether every value so far matched", lanes: ["matching"], typing: .closureTakesValues,
      example: """
        let input = cold("-2-4-5-6|")
        let allSmall = input.every { $0 < 5 }
        show allSmall
        expect allSmall == "-----(f|)", f: false
        """
    ) { c throws(RuntimeError) in
      let predicate = try c.function(0)
      let input = try c.signal()
      return c.probed { probe in
        input.every(probe: probe) { predicate.isTrue(predicate.indexed($0, $1)) }.map { .bool($0) }
      }
    },
    .method(
      "isEmpty", rac: "", alias: "isEmpty",
      "Sends false at the first value, or true if the signal completes without one (RxJS isEmpty)",
      example: """
        let input = cold("---|")
        let nothing = input.isEmpty()
        show nothing
        expect nothing == "---(t|)", t: true
        """
    ) { c throws(RuntimeError) in .signal(try c.signal().isEmpty().map { .bool($0) }) },
    .method(
      "skipLast", rac: "", alias: "skipLast",
      "Holds back the last `count` values: each value is sent once `count` newer ones arrived (RxJS skipLast)",
      parameters: [.value("count")],
      holds: "the last values held back", lanes: ["held"], typing: .passesValues,
      example: """
        let input = cold("-1-2-3-4|")
        let output = input.skipLast(2)
        show output
        expect output == "-----1-2|"
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      let count = try c.int(0, "the count", minimum: Int.min)
      return c.probed { input.skipLast(count, probe: $0) }
    },
    .method(
      "auditTime", rac: "", alias: "auditTime",
      "At a value, waits `frames` frames, then sends the latest value (RxJS auditTime)",
      parameters: [.value("frames")],
      holds: "the value to send when the wait ends, nil while none runs", lanes: ["pending"],
      typing: .passesValues,
      example: """
        let input = cold("-ab---c-----|")
        let output = input.auditTime(3)
        show input, output
        expect output == "----b----c--|"
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      let frames = try c.frames(0, "the wait")
      return c.probed { input.auditTime(frames, on: c.scheduler, probe: $0) }
    },
  ]

  /// RxJS operators that share or combine signals.
  static let rxjsCombining: [OperatorEntry] = [
    .method(
      "share", rac: "", alias: "share",
      "Shares one subscription among the subscribers while there are any; resets after failure, completion or the last unsubscription unless told otherwise, or at the first value of a notifier closure's signal ('resetOnError: { e in timer(5) }'); 'connector:' makes each connection's subject (RxJS share)",
      parameters: [
        .value("resetOnError", label: "resetOnError", optional: true),
        .value("resetOnComplete", label: "resetOnComplete", optional: true),
        .value("resetOnRefCountZero", label: "resetOnRefCountZero", optional: true),
        .value("connector", label: "connector", optional: true),
      ],
      holds: "connected, and the subscriber count", lanes: ["connected", "subscribers"],
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
      holds: "connected, and its subscriber count", lanes: ["connected", "subscribers"],
      example: """
        use rxjs
        let input = cold("-a-b-|")
        let shared = input.publish().refCount()
        show shared
        expect shared == "-a-b-|"
        """
    ) { c throws(RuntimeError) in
      let connection = try c.connection()
      return c.probed { connection.autoconnect(probe: $0) }
    },
    .method(
      "mergeWith", rac: "", alias: "mergeWith",
      "Forwards the values of this signal and all the others (RxJS mergeWith)",
      parameters: [.variadic("others")], holds: "the active inputs", lanes: ["active"],
      example: """
        let a = cold("-a---c|")
        let b = cold("---b|")
        let both = a.mergeWith(b)
        show both
        expect both == "-a-b-c|"
        """
    ) { c throws(RuntimeError) in
      c.merged([try c.signal()] + (try c.signals("each other signal")))
    },
    .method(
      "concatWith", rac: "", alias: "concatWith",
      "Plays this signal, then each of the others in turn (RxJS concatWith)",
      parameters: [.variadic("others")],
      holds: "the current input and the waiting ones", lanes: ["current", "queue"],
      example: """
        let a = cold("-a|")
        let b = cold("-b|")
        let both = a.concatWith(b)
        show both
        expect both == "-a-b|"
        """
    ) { c throws(RuntimeError) in
      c.concatenated([try c.signal()] + (try c.signals("each other signal")))
    },
    .function(
      "of", rac: "", alias: "of",
      "Sends the values one after another and completes, at subscription (RxJS of)",
      parameters: [.variadic("values")], source: true,
      example: """
        let three = of(1, 2, 3)
        show three
        expect three == "(123|)"
        """
    ) { c throws(RuntimeError) in .signal(.from(c.variadic)) },
    .function(
      "from", rac: "", alias: "from",
      "Sends the array's elements one after another and completes, at subscription (RxJS from)",
      parameters: [.value("array")], source: true,
      example: """
        let three = from([1, 2, 3])
        show three
        expect three == "(123|)"
        """
    ) { c throws(RuntimeError) in
      switch c.value(0) {
      case .array(let values), .tuple(let values): return .signal(.from(values))
      case .signal(let signal): return .signal(signal)
      case let other:
        throw Diagnostic.Interpreter.argumentType(
          "the array", of: c.name, expected: "an array", other, at: c.rangeOf(0))
      }
    },
    .function(
      "Error", rac: "", alias: "Error",
      "An error object with a message and a name (\"Error\" unless given), compared by both as RxJS's tests compare errors; 'e.name', 'e.message'",
      parameters: [.value("message"), .value("name", label: "name", optional: true)],
      example: """
        let broken = cold("--#", error: Error("too bad"))
        let handled = broken.catch { e in just(e.message) }
        show broken, handled
        expect broken == "--#", error: Error("too bad")
        expect handled == "--(m|)", m: "too bad"
        """
    ) { c throws(RuntimeError) in
      guard case .string(let message) = c.value(0) else {
        throw Diagnostic.Interpreter.argumentType(
          "the message", of: c.name, expected: "a String", c.value(0), at: c.rangeOf(0))
      }
      var name = "Error"
      if let given = c.optional(1) {
        guard case .string(let text) = given else {
          throw Diagnostic.Interpreter.argumentType(
            "the name", of: c.name, expected: "a String", given, at: c.rangeOf(1))
        }
        name = text
      }
      return .errorObject(name: name, message: message)
    },
    .function(
      "range", rac: "", alias: "range",
      "Sends `count` integers from `start` on and completes, at subscription (RxJS range)",
      parameters: [.value("start"), .value("count")], source: true,
      example: """
        let numbers = range(1, 3)
        show numbers
        expect numbers == "(123|)"
        """
    ) { c throws(RuntimeError) in
      let start = try c.int(0, "the start", minimum: -Call.maximumFrames)
      let count = try c.int(1, "the count", maximum: Call.maximumFrames)
      return .signal(.from((0..<count).map { ScriptValue.int(start + $0) }))
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

extension Call {
  /// The receiver as a connection: from RAC's `publish()`/`multicast`, or RxJS's `publish()`.
  func connection() throws(RuntimeError) -> MulticastConnection<ScriptValue> {
    switch receiver {
    case .connection(let connection): return connection
    case .signal(let signal as ConnectableSignal): return signal.connection
    default:
      throw Diagnostic.Interpreter.wrongReceiver(
        name, expected: "a connection from 'publish()'", receiver, at: range)
    }
  }

  /// Several values sent together: a tuple, or under `use rxjs` an array, as RxJS sends them;
  /// checked against the value budgets as it is made (values fed back round a loop nest).
  func combined(_ values: [ScriptValue]) -> ScriptValue {
    let value: ScriptValue = runtime.usesRxJS ? .array(values) : .tuple(values)
    guard values.contains(where: { $0.isComposite || $0.isString }) else { return value }
    return runtime.budget.fitsBuilt(value, at: range) ? value : .null
  }

  /// Each value's inner signal, made by `transform` with the value (and its index when the
  /// closure takes one): `flattenMap`, `switchMap`, `concatMap`. With `lazily`, the closure is
  /// called only when the inner signal is subscribed, as RxJS's `concatMap` and `mergeMap`
  /// with a concurrency limit call it only when the value's turn comes.
  func innerSignals(
    _ source: Signal<ScriptValue>, _ transform: ScriptFunction, lazily: Bool = false
  )
    -> Signal<Signal<ScriptValue>>
  {
    guard lazily else {
      guard transform.takesIndex else {
        return source.map { transform.signal(from: transform($0)) }
      }
      return indexed(source).map { transform.signal(from: transform.indexed($0.0, $0.1)) }
    }
    return indexed(source).map { value, index in
      Signal.defer { transform.signal(from: transform.indexed(value, index)) }
    }
  }

  /// Each value with its index in its subscription, from 0.
  func indexed(_ source: Signal<ScriptValue>) -> Signal<(ScriptValue, Int)> {
    Signal.defer {
      var index = -1
      return source.map { value -> (ScriptValue, Int) in
        index += 1
        return (value, index)
      }
    }
  }

  /// Argument `index` as an ordering (`min`, `max`): a closure `{ a, b in … }` that is below 0
  /// when `a` comes first, or the natural order of numbers and strings when left out.
  func ordering(_ index: Int) throws(RuntimeError) -> (ScriptValue, ScriptValue) -> Bool {
    let runtime = self.runtime
    let range = self.range
    let name = self.name
    guard optional(index) != nil else {
      return { a, b in
        switch (a, b) {
        case (.int(let x), .int(let y)): return x < y
        case (.string(let x), .string(let y)): return x < y
        default:
          if let x = a.number, let y = b.number { return x < y }
          if !runtime.hasFailed {
            runtime.report(
              RuntimeError(
                "'\(name)' compares numbers or strings, not '\(a.typeName)' \(a) and '\(b.typeName)' \(b); give a closure { a, b in … }",
                at: range))
          }
          return false
        }
      }
    }
    let compare = try function(index)
    return { a, b in
      let result = compare(a, b)
      guard let number = result.number else {
        if !runtime.hasFailed && !runtime.closureThrew {
          runtime.report(
            Diagnostic.Interpreter.closureResult(
              of: name, expected: "a number", result, at: compare.closure.code.body.range))
        }
        return false
      }
      return number < 0
    }
  }
}

extension Call {
  /// `found`, or when it fails with "noElements", `value` then completion (RxJS `first`/`last`
  /// with a default).
  func withDefault(_ found: Signal<ScriptValue>, _ value: ScriptValue?) -> Signal<ScriptValue> {
    guard let value else { return found }
    return found.catch { error in
      if let error = error as? SignalError, error == .noElements { return .just(value) }
      return .fail(error)
    }
  }

  /// The count and delay of `retry`/`repeat`: `retry(2)`, `retry(count: 2, delay: 3)`.
  func repetition() throws(RuntimeError) -> (Int?, (frames: Int, scheduler: any Scheduler)?) {
    let delay = try optional(2) == nil ? nil : frames(2, "the delay")
    return (try repetitionCount(), delay.map { ($0, scheduler as any Scheduler) })
  }

  /// The count of `retry`/`repeat`, positional or `count:`.
  func repetitionCount() throws(RuntimeError) -> Int? {
    let positional = try optionalInt(0, "the count")
    let labelled = try optionalInt(1, "the count")
    return positional ?? labelled
  }
}

extension ScriptValue {
  /// The value as a number, if it is one.
  var number: Double? {
    switch self {
    case .int(let value): return Double(value)
    case .double(let value): return value
    default: return nil
    }
  }

  /// A key equal for equal values (`1` and `1.0` alike), for `distinct`.
  var hashKey: TimelineValue {
    if case .double(let value) = self, value == value.rounded(), abs(value) < 1e15 {
      return .int(Int(value))
    }
    return timelineValue(at: 0)
  }
}

extension OperatorEntry.Parameter {
  /// A closure that may be left out (`first { … }` or `first()`).
  static func optionalClosure(_ parameters: String) -> Self {
    Self(
      label: nil, name: "closure", isOptional: true, isClosure: true, closureParameters: parameters)
  }
}

extension Call {
  /// The running accumulation of a closure `{ acc, x, i in … }` that also takes the index
  /// (RxJS `scan`/`reduce`); without a start, the first value starts it, as its index 0.
  func indexedAccumulation(
    _ source: Signal<ScriptValue>, start: ScriptValue?, _ reduce: ScriptFunction
  )
    -> Signal<ScriptValue>
  {
    indexed(source).scan(start) { acc, pair -> ScriptValue? in
      guard let acc else { return pair.0 }
      return reduce.call([acc, pair.0, .int(pair.1)])
    }.map { $0 ?? .null }
  }
}

extension ScriptFunction {
  /// Whether an accumulator closure takes the index as a third parameter (`{ acc, x, i in … }`).
  var takesAccumulatorIndex: Bool { closure.code.parameterCount == 3 }

  /// Whether the closure takes the index as a second parameter (`map { x, i in … }`).
  var takesIndex: Bool { closure.code.parameterCount == 2 }

  /// Calls with the value, and with its index too when the closure takes two parameters and
  /// the value is not a pair for it to take apart (`combineLatest(a, b).map { x, y in … }`).
  func indexed(_ value: ScriptValue, _ index: Int) -> ScriptValue {
    if takesIndex {
      if case .tuple(let elements) = value, elements.count == 2 { return self(value) }
      return self(value, .int(index))
    }
    return self(value)
  }

  /// A closure result as a Bool (`filter`, `find`), reporting anything else.
  func isTrue(_ result: ScriptValue) -> Bool {
    guard case .bool(let flag) = result else {
      if !runtime.hasFailed && !threw {
        runtime.report(
          Diagnostic.Interpreter.closureResult(
            of: operatorName, expected: "a Bool", result, at: closure.code.body.range))
      }
      return false
    }
    return flag
  }
}

extension Catalogue {
  /// More RxJS operators a workshop uses.
  static let rxjsMore: [OperatorEntry] = [
    .method(
      "combineLatestWith", rac: "", alias: "combineLatestWith",
      "Sends the latest values of this signal and the others together, once each has one (RxJS combineLatestWith)",
      parameters: [.variadic("others")],
      holds: "the latest value of each input, nil until it sends", lanes: ["latest"],
      example: """
        use rxjs
        let a = cold("-1---2|")
        let b = cold("---x--|")
        let both = a.combineLatestWith(b)
        show both
        expect both == "---p-q|", p: [1, "x"], q: [2, "x"]
        """
    ) { c throws(RuntimeError) in
      let all = [try c.signal()] + (try c.signals("each other signal"))
      return c.probed { Signal.combineLatest(all, probe: $0).map { c.combined($0) } }
    },
    .method(
      "zipWith", rac: "", alias: "zipWith",
      "Sends the n-th values of this signal and the others together (RxJS zipWith)",
      parameters: [.variadic("others")],
      holds: "the values of each input waiting for a partner", lanes: ["queues"],
      example: """
        use rxjs
        let a = cold("-1-2-3|")
        let b = cold("--x--y|")
        let pairs = a.zipWith(b)
        show pairs
        expect pairs == "--p--q|", p: [1, "x"], q: [2, "y"]
        """
    ) { c throws(RuntimeError) in
      let all = [try c.signal()] + (try c.signals("each other signal"))
      return c.probed { Signal.zip(all, probe: $0).map { c.combined($0) } }
    },
    .method(
      "raceWith", rac: "", alias: "raceWith",
      "Mirrors whichever of this signal and the others sends first (RxJS raceWith)",
      parameters: [.variadic("others")],
      holds: "the winning input, once one has sent", lanes: ["winner"],
      example: """
        let slow = cold("----a|")
        let fast = cold("--b---b|")
        let winner = slow.raceWith(fast)
        show winner
        expect winner == "--b---b|"
        """
    ) { c throws(RuntimeError) in
      let all = [try c.signal()] + (try c.signals("each other signal"))
      return c.probed { Signal.race(all, probe: $0) }
    },
    .function(
      "race", rac: "", alias: "race",
      "Mirrors whichever signal sends first and disposes the others (RxJS race)",
      parameters: [.variadic("signals")],
      holds: "the winning input, once one has sent", lanes: ["winner"],
      example: """
        let slow = cold("----a|")
        let fast = cold("--b---b|")
        let winner = race(slow, fast)
        show winner
        expect winner == "--b---b|"
        expect subscriptions(slow) == "^-!"
        """
    ) { c throws(RuntimeError) in
      let all = try c.signals("each signal")
      return c.probed { Signal.race(all, probe: $0) }
    },
    .function(
      "forkJoin", rac: "", alias: "forkJoin",
      "Sends the last values of all signals together when all have completed (RxJS forkJoin)",
      parameters: [.variadic("signals")],
      holds: "the last value of each input, and how many completed", lanes: ["latest", "done"],
      example: """
        use rxjs
        let a = cold("-1-2---|")
        let b = cold("---x|")
        let both = forkJoin(a, b)
        show both
        expect both == "-------(p|)", p: [2, "x"]
        """
    ) { c throws(RuntimeError) in
      if let (keys, signals) = try c.keyedSignals() {
        return c.probed {
          Signal.forkJoin(signals, probe: $0).map { c.keyed(keys, $0) }
        }
      }
      let all = try c.signals("each signal")
      return c.probed {
        Signal.forkJoin(all, probe: $0).map { c.combined($0) }
      }
    },
    .function(
      "iif", rac: "", alias: "iif",
      "Plays the first signal if the condition is true, else the second, at each subscription (RxJS iif)",
      parameters: [.value("condition"), .value("then"), .value("else")],
      example: """
        let yes = cold("-y|")
        let no = cold("-n|")
        let chosen = iif(1 > 0, yes, no)
        show chosen
        expect chosen == "-y|"
        """
    ) { c throws(RuntimeError) in
      let whenTrue = try c.signal(1, "the first signal")
      let whenFalse = try c.signal(2, "the second signal")
      if case .closure = c.value(0) {
        let condition = try c.function(0)
        return .signal(Signal.defer { condition.isTrue(condition()) ? whenTrue : whenFalse })
      }
      return .signal(try c.bool(0, "the condition") ? whenTrue : whenFalse)
    },
    .method(
      "endWith", rac: "", alias: "endWith",
      "Sends the values after the signal completes, then completes (RxJS endWith)",
      parameters: [.variadic("values")],
      holds: "the current input and the waiting ones", lanes: ["current", "queue"],
      example: """
        let input = cold("-a|")
        let output = input.endWith("y", "z")
        show output
        expect output == "-a(yz|)"
        """
    ) { c throws(RuntimeError) in c.concatenated([try c.signal(), .from(c.variadic)]) },
    .method(
      "skipUntil", rac: "", alias: "skipUntil",
      "Drops values until the notifier sends a value, then forwards everything (RxJS skipUntil)",
      parameters: [.value("notifier")],
      holds: "whether the notifier fired", lanes: ["fired"], typing: .passesValues,
      example: """
        let input = cold("-1-2-3-4|")
        let gate = cold("----x")
        let output = input.skipUntil(gate)
        show output
        expect output == "-----3-4|"
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      let notifier = try c.signal(0, "the notifier")
      return c.probed { input.skipUntil(notifier, probe: $0) }
    },
    .method(
      "sampleTime", rac: "", alias: "sampleTime",
      "Every `frames` frames, sends the latest value if it is new (RxJS sampleTime)",
      parameters: [.value("frames")],
      holds: "the latest value not sent yet", lanes: ["latest"], typing: .passesValues,
      example: """
        let input = cold("-a-b-----c---|")
        let output = input.sampleTime(4)
        show output
        expect output == "----b-------c|"
        """
    ) { c throws(RuntimeError) in
      let period = try c.frames(0, "the period", minimum: 1)
      let input = try c.signal()
      return c.probed {
        input.rxjs.sample(Signal<Int>.interval(period, on: c.scheduler), probe: $0)
      }
    },
    .method(
      "distinctUntilKeyChanged", rac: "", alias: "distinctUntilKeyChanged",
      "Drops each dictionary whose value at the key equals the previous one's (RxJS distinctUntilKeyChanged)",
      parameters: [.value("key")], holds: "the previous value", lanes: ["previous"],
      example: """
        let input = cold("-a-b-c|", a: ["id": 1], b: ["id": 1], c: ["id": 2])
        let output = input.distinctUntilKeyChanged("id")
        show output
        expect output == "-a---c|", a: ["id": 1], c: ["id": 2]
        """
    ) { c throws(RuntimeError) in
      let key = try c.key(0)
      let input = try c.signal()
      return c.probed {
        input.distinctUntilChanged(probe: $0) { a, b in
          let (x, y) = (field(a, key), field(b, key))
          return c.runtime.budget.spendComparing(x, y, at: c.range) && x.isEqual(to: y)
        }
      }
    },
    .method(
      "throwIfEmpty", rac: "", alias: "throwIfEmpty",
      "Fails with \"noElements\" if the signal completes without a value (RxJS throwIfEmpty)",
      holds: "whether any value arrived", lanes: ["arrived"],
      example: """
        let input = cold("---|")
        let output = input.throwIfEmpty()
        show output
        expect output == "---#", error: "noElements"
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      return c.probed { input.throwIfEmpty(probe: $0) }
    },
    .method(
      "shareReplay", rac: "", alias: "shareReplay",
      "Subscribes at the first subscription and replays the last `count` values (all without a count) to every subscriber; never disconnects, or with 'refCount: true' disconnects and starts afresh when the last subscriber leaves (RxJS shareReplay)",
      parameters: [
        .value("count", optional: true), .value("refCount", label: "refCount", optional: true),
      ],
      holds: "connected, the replay buffer and the subscriber count",
      lanes: ["connected", "replayed", "subscribers"],
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
      let capacity = try c.optionalInt(0, "the count", minimum: 1) ?? .max
      let refCount = c.optional(1) == nil ? false : try c.bool(1, "refCount")
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
      "mergeMapTo", rac: "", alias: "mergeMapTo",
      "For each value, subscribes the given signal and merges them all (RxJS mergeMapTo)",
      parameters: [.value("inner")], holds: "the active inner subscriptions", lanes: ["active"],
      example: """
        let input = cold("-a--b---|")
        let output = input.mergeMapTo(cold("-x|"))
        show output
        expect output == "--x--x--|"
        """
    ) { c throws(RuntimeError) in
      let inner = try c.signal(0, "the inner signal")
      let input = try c.signal()
      return c.probed { input.flattenMap(probe: $0) { _ in inner } }
    },
    .method(
      "concatMapTo", rac: "", alias: "concatMapTo",
      "For each value, plays the given signal, one after another (RxJS concatMapTo)",
      parameters: [.value("inner")],
      holds: "the current inner signal and the queue of pending ones", lanes: ["current", "queue"],
      example: """
        let input = cold("ab----|")
        let output = input.concatMapTo(cold("-x|"))
        show output
        expect output == "-x-x--|"
        """
    ) { c throws(RuntimeError) in
      let inner = try c.signal(0, "the inner signal")
      let inners = try c.signal().map { _ in inner }
      return c.probed { inners.concat(probe: $0) }
    },
    .method(
      "switchMapTo", rac: "", alias: "switchMapTo",
      "For each value, switches to the given signal (RxJS switchMapTo)",
      parameters: [.value("inner")], holds: "the current inner signal", lanes: ["current"],
      example: """
        let input = cold("-a-b----|")
        let output = input.switchMapTo(cold("--x|"))
        show output
        expect output == "-----x--|"
        """
    ) { c throws(RuntimeError) in
      let inner = try c.signal(0, "the inner signal")
      let inners = try c.signal().map { _ in inner }
      return c.probed { inners.switchToLatest(probe: $0) }
    },
  ]
}

extension Catalogue {
  /// RxJS's time and value utilities.
  static let rxjsUtilities: [OperatorEntry] = [
    .method(
      "window", rac: "", alias: "window",
      "Sends windows: signals of the values until the notifier next sends, one after another (RxJS window)",
      parameters: [.value("notifier")], holds: "the values in the open window", lanes: ["inWindow"],
      example: """
        let input = cold("--a-b--c-|")
        let ticks = cold("-----x")
        let windows = input.window(ticks)
        show input, windows
        expect windows == "x----y---|", x: cold("--a-b|"), y: cold("--c-|")
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      let notifier = try c.signal(0, "the notifier")
      return c.probed {
        input.window(notifier, probe: $0).map { ScriptValue.signal($0) }
      }
    },
    .method(
      "windowCount", rac: "", alias: "windowCount",
      "Sends windows of at most `size` values, a new one every `every` values (RxJS windowCount)",
      parameters: [.value("size"), .value("every", optional: true)],
      holds: "how many values each open window holds", lanes: ["windows"],
      example: """
        let input = cold("-a-b-c-d-|")
        let windows = input.windowCount(2)
        show input, windows
        expect windows == "x--y---z-|", x: cold("-a-(b|)"), y: cold("--c-(d|)"), z: cold("--|")
        """
    ) { c throws(RuntimeError) in
      let size = try c.int(0, "the size", minimum: 1)
      let every = try c.optionalInt(1, "the step", minimum: 1)
      let input = try c.signal()
      return c.probed {
        input.windowCount(size, every: every, probe: $0).map { ScriptValue.signal($0) }
      }
    },
    .method(
      "groupBy", rac: "", alias: "groupBy",
      "Sends a group, a signal of the values with one key, the first time a value has that key; `g.key` reads a group's key; 'element:' maps the values in a group, 'duration:' gives each group a signal whose first value or completion ends it (RxJS groupBy)",
      parameters: [
        .optionalClosure("x", label: "element"), .optionalClosure("g", label: "duration"),
        .closure("x"),
      ],
      holds: "the keys of the open groups, in opening order", lanes: ["groups"],
      example: """
        let input = cold("-a-b-a-c-|")
        let groups = input.groupBy { x in x }
        show input, groups
        expect groups == "-x-y---z-|", x: cold("a---a---|"), y: cold("b-----|"), z: cold("c-|")
        """
    ) { c throws(RuntimeError) in
      let key = try c.function(2)
      let element = c.optional(0) == nil ? nil : try c.function(0)
      let duration = c.optional(1) == nil ? nil : try c.function(1)
      let input = try c.signal()
      let closing: ((GroupKey, Signal<ScriptValue>) -> Signal<ScriptValue>)? = duration.map {
        duration in
        { key, group in
          duration.signal(from: duration(.signal(GroupedSignal(key: key.value, group: group))))
        }
      }
      return c.probed { probe in
        input.groupBy(
          probe: probe,
          { value in
            let group = key(value)
            _ = c.runtime.budget.spendComparing(group, at: c.range)
            return GroupKey(group)
          }, element: { element?($0) ?? $0 }, duration: closing
        )
        .map { .signal(GroupedSignal(key: $0.key.value, group: $0.group)) }
      }
    },
    .method(
      "windowTime", rac: "", alias: "windowTime",
      "Sends windows of `frames` frames each; the next opens as one closes, or every `every` frames; a window of `maxWindowSize` values closes early (RxJS windowTime)",
      parameters: [
        .value("frames"), .value("every", optional: true),
        .value("maxWindowSize", optional: true),
        .value("maxWindowSize", label: "maxWindowSize", optional: true),
      ],
      holds: "the values in each open window, in opening order", lanes: ["windows"],
      example: """
        let input = cold("-a-b-c-d-|")
        let windows = input.windowTime(4)
        show input, windows
        expect windows == "x---y---z|", x: cold("-a-b|"), y: cold("-c-d|"), z: cold("-|")
        """
    ) { c throws(RuntimeError) in
      let span = try c.frames(0, "the window length", minimum: 1)
      let every = try c.optionalInt(1, "the step", minimum: 1)
      let positional = try c.optionalInt(2, "the largest window size", minimum: 1)
      let labelled = try c.optionalInt(3, "the largest window size", minimum: 1)
      let size = positional ?? labelled
      let input = try c.signal()
      return c.probed {
        input.windowTime(span, every: every, maxWindowSize: size, on: c.scheduler, probe: $0)
          .map { ScriptValue.signal($0) }
      }
    },
    .method(
      "delayWhen", rac: "", alias: "delayWhen",
      "Sends each value when the signal the closure returns for it sends (RxJS delayWhen)",
      parameters: [.closure("x")],
      holds: "the values waiting for their duration signals", lanes: ["pending"],
      example: """
        let input = cold("-a--b|")
        let later = input.delayWhen { _ in cold("---x") }
        show input, later
        expect later == "----a--(b|)"
        """
    ) { c throws(RuntimeError) in
      let duration = try c.function(0)
      let input = try c.signal()
      return c.probed { probe in
        input.delayWhen(probe: probe) { duration.signal(from: duration($0)) }
      }
    },
    .method(
      "publishReplay", rac: "", alias: "publishReplay",
      "A connectable signal through a replay subject of the last `count` values (all without a count) (RxJS publishReplay)",
      parameters: [.value("count", optional: true)],
      holds: "connected, the replay buffer and the subscriber count",
      lanes: ["connected", "replayed", "subscribers"],
      example: """
        let input = cold("-a-b-|")
        let shared = input.publishReplay(1)
        shared.connect()
        let late = shared
        show input, late subscribed "----^"
        expect late == "----b|"
        """
    ) { c throws(RuntimeError) in
      let capacity = try c.optionalInt(0, "the count", minimum: 1) ?? .max
      let input = try c.signal()
      return .signal(
        ConnectableSignal(
          c.probedShared {
            input.multicast(ReplaySubject(capacity: capacity), probe: $0)
          }))
    },
    .method(
      "publishBehavior", rac: "", alias: "publishBehavior",
      "A connectable signal through a subject with a current value, the given one first (RxJS publishBehavior)",
      parameters: [.value("value")],
      holds: "connected, the current value and the subscriber count",
      lanes: ["connected", "current", "subscribers"],
      example: """
        let input = cold("--a|")
        let shared = input.publishBehavior("s")
        shared.connect()
        show input, shared
        expect shared == "s-a|"
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      return .signal(
        ConnectableSignal(
          c.probedShared {
            input.multicast(BehaviorSubject(value: c.value(0)), probe: $0)
          }))
    },
    .method(
      "publishLast", rac: "", alias: "publishLast",
      "A connectable signal that sends only the last value, on completion, to every subscriber (RxJS publishLast)",
      holds: "connected, the last value and the subscriber count",
      lanes: ["connected", "replayed", "subscribers"],
      example: """
        let input = cold("-a-b|")
        let shared = input.publishLast()
        shared.connect()
        show input, shared
        expect shared == "----(b|)"
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      return .signal(
        ConnectableSignal(
          c.probedShared {
            input.takeLast(1).multicast(ReplaySubject(), probe: $0)
          }))
    },
    .method(
      "onErrorResumeNextWith", rac: "", alias: "onErrorResumeNextWith",
      "Plays this signal, then each of the others in turn, going on after a failure as after a completion (RxJS onErrorResumeNextWith)",
      parameters: [.variadic("others")],
      holds: "the current input and the waiting ones", lanes: ["current", "queue"],
      example: """
        let a = cold("-a#")
        let b = cold("-b|")
        let both = a.onErrorResumeNextWith(b)
        show a, both
        expect both == "-a-b|"
        """
    ) { c throws(RuntimeError) in
      let all = [try c.signal()] + (try c.signals("each other signal"))
      return c.concatenated(all.map { $0.catch { _ in .empty } })
    },
    .function(
      "partition", rac: "", alias: "partition",
      "A tuple of two signals: the values for which the closure is true, and the others (RxJS partition)",
      parameters: [.value("source"), .closure("x")],
      example: """
        let input = cold("-1-2-3-4|")
        let parts = partition(input) { $0 % 2 == 0 }
        show input, parts.0, parts.1
        expect parts.0 == "---2---4|"
        expect parts.1 == "-1---3--|"
        """
    ) { c throws(RuntimeError) in
      let source = try c.signal(0, "the source")
      let predicate = try c.function(1)
      return .tuple([
        .signal(source.filter { predicate.predicate($0) }),
        .signal(source.filter { !predicate.predicate($0) }),
      ])
    },
    .method(
      "single", rac: "", alias: "single",
      "Sends the one (matching) value on completion; fails with \"notSingle\" at a second one, \"noElements\" without any (RxJS single)",
      parameters: [.optionalClosure("x")], holds: "the match so far", lanes: ["match"],
      example: """
        let input = cold("-1-2-3|")
        let two = input.single { $0 == 2 }
        show input, two
        expect two == "------(2|)"
        """
    ) { c throws(RuntimeError) in
      let source = try c.signal()
      guard c.optional(0) != nil else {
        return c.probed { source.single(probe: $0) }
      }
      let predicate = try c.function(0)
      return c.probed { probe in
        source.single(probe: probe) { predicate.isTrue(predicate.indexed($0, $1)) }
      }
    },
    .function(
      "Subject", rac: "", alias: "Subject",
      "A hot signal that you feed with 'subject.next(v, at: F)'; after it completes or fails, a new subscriber gets that at once (RxJS Subject)",
      semantics: .rxjs, source: true, synonyms: ["subject"],
      example: """
        use rxjs
        let s = Subject()
        s.next(1, at: 1)
        s.complete(at: 2)
        let late = s
        show s, late subscribed "----^"
        expect s == "-1|"
        expect late == "----|"
        """
    ) { _ throws(RuntimeError) in .signal(ReplaySubject<ScriptValue>(capacity: 0)) },
    .function(
      "BehaviorSubject", rac: "RACBehaviorSubject", alias: "BehaviorSubject",
      "A subject with a current value: a new subscriber gets the latest value (the initial one first) (RxJS BehaviorSubject)",
      parameters: [.value("value")],
      source: true,
      holds: "the current value and the subscriber count", lanes: ["current", "subscribers"],
      example: """
        let s = BehaviorSubject(0)
        s.next(1, at: 2)
        let late = s
        show s, late subscribed "---^"
        expect s == "0-1"
        expect late == "---1"
        """
    ) { c throws(RuntimeError) in
      c.probedShared { probe in
        let subject = BehaviorSubject<ScriptValue>(value: c.value(0))
        subject.addProbe(probe)
        return .signal(subject)
      }
    },
    .function(
      "AsyncSubject", rac: "", alias: "AsyncSubject",
      "A subject that sends only its last value, and only on completion, to current and later subscribers; a failure is passed on (RxJS AsyncSubject)",
      source: true,
      holds: "the last value sent, held for completion, and the subscriber count",
      lanes: ["held", "subscribers"],
      example: """
        use rxjs
        let s = AsyncSubject()
        s.next(1, at: 1)
        s.next(2, at: 2)
        s.complete(at: 3)
        let late = s
        show s, late subscribed "-----^"
        expect s == "---(2|)"
        expect late == "-----(2|)"
        """
    ) { c throws(RuntimeError) in
      c.probedShared { probe in
        let subject = AsyncSubject<ScriptValue>()
        subject.addProbe(probe)
        return .signal(subject)
      }
    },
    .function(
      "interval", rac: "", alias: "interval",
      "Sends 0, 1, 2, … every `period` frames, forever (RxJS interval)",
      parameters: [.value("period")], semantics: .rxjs,
      source: true, holds: "the count of ticks sent so far", lanes: ["ticks"],
      example: """
        use rxjs
        let ticks = interval(3)
        show ticks subscribed "^----------!"
        expect ticks == "---0--1--2-"
        """
    ) { c throws(RuntimeError) in
      let period = try c.frames(0, "the period", minimum: 1)
      return c.probed { probe in
        let ticks = Signal<Int>.interval(period, on: c.scheduler, probe: probe)
        return c.indexed(ticks.map { ScriptValue.int($0) }).map { .int($0.1) }
      }
    },
    .method(
      "bufferTime", rac: "", alias: "bufferTime",
      "Every `frames` frames sends the values collected since, empty arrays too, and the rest on completion (RxJS bufferTime)",
      parameters: [.value("frames")], holds: "the buffer being filled", lanes: ["buffered"],
      example: """
        let input = cold("-ab-----c|")
        let batches = input.bufferTime(3)
        show input, batches
        expect batches == "---x--y--(z|)", x: ["a", "b"], y: [], z: ["c"]
        """
    ) { c throws(RuntimeError) in
      let period = try c.frames(0, "the period", minimum: 1)
      let input = try c.signal()
      return c.probed {
        input.buffer(Signal<Int>.interval(period, on: c.scheduler), probe: $0).map {
          c.builtArray($0)
        }
      }
    },
    .method(
      "debounce", rac: "", alias: "debounce",
      "Sends a value once the signal the closure returns for it sends, unless a newer value came first (RxJS debounce)",
      parameters: [.closure("x")],
      holds: "the value waiting for its duration signal", lanes: ["pending"],
      example: """
        let input = cold("-ab----c---|")
        let calm = input.debounce { _ in cold("--x") }
        show input, calm
        expect calm == "----b----c-|"
        """
    ) { c throws(RuntimeError) in
      let duration = try c.function(0)
      let input = try c.signal()
      return c.probed { probe in
        input.debounce(probe: probe) { duration.signal(from: duration($0)) }
      }
    },
    .method(
      "timestamp", rac: "", alias: "timestamp",
      "Sends each value as [\"value\": v, \"timestamp\": frame] (RxJS timestamp)",
      example: """
        let input = cold("-a--b|")
        let stamped = input.timestamp()
        show input, stamped
        expect stamped == "-x--y|", x: ["value": "a", "timestamp": 1], y: ["value": "b", "timestamp": 4]
        """
    ) { c throws(RuntimeError) in
      let scheduler = c.scheduler
      return .signal(
        try c.signal().map { .dictionary(["value": $0, "timestamp": .int(scheduler.now)]) })
    },
    .method(
      "timeInterval", rac: "", alias: "timeInterval",
      "Sends each value as [\"value\": v, \"interval\": frames since the previous one or the subscription] (RxJS timeInterval)",
      holds: "the frame of the previous value", lanes: ["previous"],
      example: """
        let input = cold("-a--b|")
        let spaced = input.timeInterval()
        show input, spaced
        expect spaced == "-x--y|", x: ["value": "a", "interval": 1], y: ["value": "b", "interval": 3]
        """
    ) { c throws(RuntimeError) in
      let scheduler = c.scheduler
      let source = try c.signal()
      let lane = c.lanes.first ?? ""
      return c.probed { probe in
        Signal { subscriber in
          var last = scheduler.now
          let report = probe.take()
          report?(lane, last)
          return source.map { value -> ScriptValue in
            defer {
              last = scheduler.now
              report?(lane, last)
            }
            return .dictionary(["value": value, "interval": .int(scheduler.now - last)])
          }.subscribe(subscriber)
        }
      }
    },
    .method(
      "pluck", rac: "", alias: "pluck",
      "Sends each dictionary's value at the key (nil when missing) (RxJS pluck)",
      parameters: [.value("key")],
      example: """
        let input = cold("-a-b|", a: ["id": 1], b: ["id": 2])
        let ids = input.pluck("id")
        show input, ids
        expect ids == "-1-2|"
        """
    ) { c throws(RuntimeError) in
      let key = try c.key(0)
      return .signal(try c.signal().map { field($0, key) })
    },
  ]
}

/// A signal held weakly: `catch { e, caught in caught }` refers to its own result without a
/// reference cycle (the script's `let` keeps the result alive while it runs).
final class WeakSignal {
  weak var signal: Signal<ScriptValue>?
}

/// The value of `value` (a dictionary) at `key`; nil when it is missing or not a dictionary.
func field(_ value: ScriptValue, _ key: String) -> ScriptValue {
  if case .dictionary(let fields) = value { return fields[key] ?? .null }
  return .null
}

extension Call {
  /// A single dictionary argument of signals (`combineLatest(["a": a, "b": b])`, RxJS's
  /// object form): its keys in order and its signals; nil for any other arguments.
  func keyedSignals() throws(RuntimeError) -> ([String], [Signal<ScriptValue>])? {
    guard variadic.count == 1, case .dictionary(let fields) = variadic[0] else { return nil }
    let keys = fields.keys.sorted()
    var signals: [Signal<ScriptValue>] = []
    for key in keys {
      guard case .signal(let signal) = fields[key] else {
        throw Diagnostic.Interpreter.argumentType(
          "each value of the dictionary", of: name, expected: "a signal", fields[key] ?? .null,
          at: range)
      }
      signals.append(signal)
    }
    return (keys, signals)
  }

  /// Values sent together by key: a dictionary.
  func keyed(_ keys: [String], _ values: [ScriptValue]) -> ScriptValue {
    .dictionary(Dictionary(uniqueKeysWithValues: zip(keys, values)))
  }

  /// Argument `index` as a dictionary key.
  func key(_ index: Int) throws(RuntimeError) -> String {
    guard case .string(let key) = value(index) else {
      throw Diagnostic.Interpreter.argumentType(
        "the key", of: name, expected: "a String", value(index), at: rangeOf(index))
    }
    return key
  }
}
