import Reactive
import ReactiveRxJS

extension Catalogue {
  /// Signals made from marbles, values, time and other signals; subjects; event and
  /// error values. ReactiveObjC's constructors, then RxJS's creation functions.
  package static let sources: [OperatorEntry] = [
    .function(
      "cold", rac: "", alias: nil,
      "A source that plays the marble from each subscription's frame, and logs the subscription",
      parameters: [.value("marble"), .option("error")],
      valuesMap: true, marble: .cold,
      source: true,
      example: .script(
        #"input = cold("--a--b--|", a: 1, b: 2)"#, expect: "--a--b--|", values: "a: 1, b: 2")
    ) { c throws(RuntimeError) in
      let diagram = try c.marbleDiagram(kind: .cold)
      return .signal(
        c.runtime.makeSource(
          diagram, values: c.valuesMap, error: c.optional(1) ?? .string("error"), at: c.range)
      )
    },
    .function(
      "hot", rac: "",
      "A source with one shared timeline at absolute frames ('^' is frame 0); subscribers see it from when they subscribe",
      parameters: [.value("marble"), .option("error")],
      valuesMap: true, marble: .hot,
      source: true,
      example: """
        let clicks = hot("-a-^-b--c-|")
        show clicks subscribed "---^---"
        expect clicks == "-----c-|"
        """
    ) { c throws(RuntimeError) in
      let diagram = try c.marbleDiagram(kind: .hot)
      let limit = c.runtime.scheduler.maxFrames
      if diagram.firstFrame < -limit {
        throw Diagnostic.Interpreter.framesBeforeSubscription(
          -diagram.firstFrame, limit: limit, at: c.rangeOf(0))
      }
      return .signal(
        c.runtime.makeSource(
          diagram, values: c.valuesMap, error: c.optional(1) ?? .string("error"), at: c.range)
      )
    },
    .function(
      "just", rac: "+return:",
      "Sends one value and completes, at subscription",
      parameters: [.value("value")], source: true, synonyms: ["returnValue"],
      example: .script("one = just(1)", expect: "(1|)")
    ) { c throws(RuntimeError) in .signal(.just(c.value(0))) },
    .constant(
      "empty", rac: "+empty", alias: "EMPTY",
      "Completes at subscription",
      source: true,
      example: .script("nothing = empty", expect: "|")
    ) { _ throws(RuntimeError) in .signal(.empty) },
    .constant(
      "never", rac: "+never", alias: "NEVER",
      "Never sends anything",
      source: true,
      example: .script("silence = never", expect: "------")
    ) { _ throws(RuntimeError) in .signal(.never) },
    .function(
      "fail", rac: "+error:", alias: "throwError",
      "Fails with the given error value at subscription; with a closure, with its result at each subscription (RxJS throwError(() => e))",
      parameters: [.value("error", optional: true), .optionalClosure("")], source: true,
      example: .script(#"broken = fail("boom")"#, expect: "#", values: #"error: "boom""#)
    ) { c throws(RuntimeError) in
      if c.optional(1) != nil {
        let make = try c.function(1)
        return .signal(Signal.defer { .fail(make().asError) })
      }
      guard let error = c.optional(0) else {
        throw RuntimeError(
          "missing argument 'error' in call to '\(c.name)'; it is written '\(c.name)(error)' or '\(c.name) { error }'",
          at: c.range)
      }
      return .signal(.fail(error.asError))
    },
    .function(
      "defer", rac: "+defer:", alias: "defer",
      "Calls the closure at each subscription and forwards the signal it returns",
      parameters: [.closure("")], source: true,
      example: .script(#"later = defer { cold("--a|") }"#, expect: "--a|")
    ) { c throws(RuntimeError) in
      let make = try c.function(0)
      return .signal(Signal.defer { make.signal(from: make()) })
    },
    .function(
      "interval", rac: "+interval:onScheduler:",
      "Sends the current frame every `period` frames, forever",
      parameters: [.value("period")], semantics: .reactiveObjC,
      source: true, holds: "the count of ticks sent so far", lanes: [.ticks],
      example: """
        let ticks = interval(3)
        show ticks subscribed "^----------!"
        expect ticks == "---a--b--c-", a: 3, b: 6, c: 9
        """
    ) { c throws(RuntimeError) in
      let period = try c.frames(0, "the period", minimum: 1)
      return c.probed { probe in
        Signal<Int>.interval(period, on: c.scheduler, probe: probe).map { ScriptValue.int($0) }
      }
    },
    .function(
      "interval", rac: "", alias: "interval",
      "Sends 0, 1, 2, … every `period` frames, forever (RxJS interval)",
      parameters: [.value("period")], semantics: .rxjs,
      source: true, holds: "the count of ticks sent so far", lanes: [.ticks],
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
    .function(
      "timer", rac: "",
      "Sends 0 after `delay` frames, then completes; with a period, then 1, 2, … every `period` frames (RxJS timer)",
      parameters: [.value("delay"), .value("period", optional: true)], source: true,
      example: .script("alarm = timer(4)", expect: "----(0|)")
    ) { c throws(RuntimeError) in
      let delay = try c.timerFrames(0, "the delay")
      let once = Signal<Int>.timer(delay, on: c.scheduler)
      // Without a period, or as RxJS's timer with a negative one, it sends once (a period of 0
      // would repeat forever within one frame, and stays an error).
      let sendsOnce: Bool
      switch c.optional(1) {
      case nil: sendsOnce = true
      case .int(let period)?: sendsOnce = period < 0
      default: sendsOnce = false
      }
      guard !sendsOnce else { return .signal(once.map { ScriptValue.int($0) }) }
      let period = try c.frames(1, "the period", minimum: 1)
      let ticks = once.concat(with: Signal<Int>.interval(period, on: c.scheduler))
      return .signal(c.indexed(ticks.map { ScriptValue.int($0) }).map { .int($0.1) })
    },
    .function(
      "merge", rac: "+merge:", alias: "merge",
      "Forwards the values of all signals; completes when all have completed",
      parameters: [.variadic("signals")], holds: "the active inputs", lanes: [.active],
      example: .script(
        cold: ["a": "--a-----c|", "b": "-----b|"], "both = merge(a, b)", showing: ["a", "b"],
        expect: "--a--b--c|")
    ) { c throws(RuntimeError) in c.merged(try c.signals("each signal")) },
    .function(
      "concat", rac: "+concat:", alias: "concat",
      "Plays the signals one after another",
      parameters: [.variadic("signals")],
      holds: "the current inner signal and the queue of pending ones", lanes: [.current, .queue],
      example: .script(cold: ["a": "--a|", "b": "-b|"], "both = concat(a, b)", expect: "--a-b|")
    ) { c throws(RuntimeError) in c.concatenated(try c.signals("each signal")) },
    .function(
      "perSubscription", rac: "",
      "Each subscription plays the next signal: the first subscription the first, the second the second, …, the last one every later subscription; a source that fails twice, then succeeds, for 'retry'",
      parameters: [.variadic("signals")],
      example: """
        let failing = cold("-#")
        let working = cold("-a|")
        let flaky = perSubscription(failing, failing, working)
        let saved = flaky.retry(3)
        show saved
        expect saved == "---a|"
        """
    ) { c throws(RuntimeError) in
      let signals = try c.signals("each signal")
      guard let last = signals.last else {
        throw RuntimeError("'perSubscription' needs at least one signal", at: c.range)
      }
      var subscriptions = 0
      return .signal(
        Signal { subscriber in
          let index = subscriptions
          subscriptions += 1
          return (index < signals.count ? signals[index] : last).subscribe(subscriber)
        })
    },
    .function(
      "combineLatest", rac: "+combineLatest:", alias: "combineLatest",
      "Sends a tuple of the latest values once every signal has one, then on every value",
      parameters: [.variadic("signals")],
      holds: "the latest value of each input, nil until it sends", lanes: [.latest],
      rxjsDifference: "the values are arrays (tuples without it)",
      example: .script(
        cold: ["a": "-1---2----|", "b": "---x----y-|"], "both = combineLatest(a, b)",
        expect: "---p-q--r-|", values: #"p: (1, "x"), q: (2, "x"), r: (2, "y")"#)
    ) { c throws(RuntimeError) in
      if let (keys, signals) = try c.keyedSignals() {
        return c.probed {
          Signal.combineLatest(signals, probe: $0).map { c.keyed(keys, $0) }
        }
      }
      let inputs = try c.signals("each signal")
      return c.probed {
        Signal.combineLatest(inputs, probe: $0).map { c.combined($0) }
      }
    },
    .function(
      "zip", rac: "+zip:", alias: "zip",
      "Pairs the n-th values of the signals as tuples; with a closure, sends its result for them (RxJS's result selector)",
      parameters: [.variadic("signals"), .optionalClosure("x, y")],
      holds: "the values of each input waiting for a partner", lanes: [.queues],
      rxjsDifference: "the values are arrays (tuples without it)",
      example: .script(
        cold: ["a": "-1-2-3|", "b": "--x--y|"], "pairs = zip(a, b)", expect: "--p--q|",
        values: #"p: (1, "x"), q: (2, "y")"#)
    ) { c throws(RuntimeError) in
      var c = c
      // A closure given last among the signals (`zip(a, b, { … })`) is the selector too.
      if c.optional(1) == nil, case .closure? = c.variadic.last {
        c.arguments = [nil, c.variadic.removeLast()]
      }
      let inputs = try c.signals("each signal")
      guard c.optional(1) != nil else {
        return c.probed { Signal.zip(inputs, probe: $0).map { c.combined($0) } }
      }
      let select = try c.function(1)
      return c.probed { Signal.zip(inputs, probe: $0).map { select.call($0) } }
    },
    .function(
      "Subject", rac: "RACSubject", alias: nil,
      "A hot signal that you feed with 'a.subscribe(subject)' or 'subject.sendNext(v, at: F)'",
      semantics: .reactiveObjC, source: true,
      example: """
        let s = Subject()
        s.sendNext(1, at: 2)
        s.sendCompleted(at: 4)
        show s
        expect s == "--1-|"
        """
    ) { _ throws(RuntimeError) in .signal(Subject<ScriptValue>()) },
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
      "ReplaySubject", rac: "RACReplaySubject",
      "A subject that replays its last `capacity` values (all if omitted) to new subscribers",
      parameters: [.value("capacity", optional: true), .option("capacity")],
      source: true,
      holds: "the replay buffer and the subscriber count", lanes: [.replayed, .subscribers],
      synonyms: ["replaySubject"],
      example: """
        let s = ReplaySubject(capacity: 1)
        s.sendNext(1, at: 1)
        s.sendNext(2, at: 2)
        show s subscribed "----^--"
        expect s == "----2--"
        """
    ) { c throws(RuntimeError) in
      let minimum = c.runtime.usesRxJS ? Int.min : 0
      var capacity = try c.optionalInt(0, or: 1, "the capacity", minimum: minimum) ?? .max
      // RxJS's ReplaySubject keeps at least one value: `new ReplaySubject(0)` replays the last.
      if c.runtime.usesRxJS { capacity = max(1, capacity) }
      return c.probedShared { probe in
        let subject = ReplaySubject<ScriptValue>(capacity: capacity)
        subject.addProbe(probe)
        return .signal(subject)
      }
    },
    .function(
      "error", rac: "NSError",
      "An error value, as 'cmd.errors' and 'catch { e in … }' carry them (for expectations)",
      parameters: [.value("value")], source: true,
      example: """
        let save = Command { x in cold("-#", error: x) }
        save.execute("boom", at: 1)
        show save.errors
        expect save.errors == "--e", e: error("boom")
        """
    ) { c throws(RuntimeError) in .error(c.value(0).asError.value) },
    .function(
      "next", rac: "RACEvent +eventWithValue:",
      "A materialized value event, as 'materialize()' sends them (for expectations)",
      parameters: [.value("value")], source: true,
      example: .applying(
        "materialize()", to: "-a|", as: "events", expect: "-n(c|)",
        values: #"n: next("a"), c: completed"#)
    ) { c throws(RuntimeError) in
      // Checked like a literal: `scan(1) { acc, _ in next(acc) }` nests one level per value.
      let event = ScriptValue.event(.next(c.value(0)))
      try c.runtime.budget.checkBuilt(event, at: c.range)
      return event
    },
    .function(
      "failed", rac: "RACEvent +eventWithError:",
      "A materialized failure event, as 'materialize()' sends them (for expectations)",
      parameters: [.value("error")], source: true,
      example: .applying(
        "materialize()", to: .marble("-#", values: #"error: "bad""#), as: "events", expect: "-(f|)",
        values: #"f: failed("bad")"#)
    ) { c throws(RuntimeError) in
      let event = ScriptValue.event(.error(c.value(0).asError))
      try c.runtime.budget.checkBuilt(event, at: c.range)
      return event
    },
    .constant(
      "completed", rac: "RACEvent +completedEvent",
      "The materialized completion event, as 'materialize()' sends it (for expectations)",
      source: true,
      example: .script("events = empty.materialize()", expect: "(c|)", values: "c: completed")
    ) { _ throws(RuntimeError) in .event(.completed) },
    .constant(
      "main", rac: "+mainThreadScheduler",
      "The virtual main queue: work scheduled on it runs later in the same frame, in order",
      source: true,
      example: .applying(
        "deliverOn(main)", to: "-a|", as: "hopped", showingInput: true, expect: "-a|")
    ) { c throws(RuntimeError) in .scheduler(c.scheduler.main) },
    .function(
      "of", rac: "", alias: "of",
      "Sends the values one after another and completes, at subscription (RxJS of)",
      parameters: [.variadic("values")], source: true,
      example: .script("three = of(1, 2, 3)", expect: "(123|)")
    ) { c throws(RuntimeError) in .signal(.from(c.variadic)) },
    .function(
      "from", rac: "", alias: "from",
      "Sends the array's elements one after another and completes, at subscription (RxJS from)",
      parameters: [.value("array")], source: true,
      example: .script("three = from([1, 2, 3])", expect: "(123|)")
    ) { c throws(RuntimeError) in
      switch c.value(0) {
      case .array(let values), .tuple(let values): return .signal(.from(values))
      case .signal(let signal): return .signal(signal)
      default: throw c.argumentError(0, "the array", expected: "an array")
      }
    },
    .function(
      "range", rac: "", alias: "range",
      "Sends `count` integers from `start` on and completes, at subscription; `range(n)` sends 0 to n - 1, a count of 0 or less nothing (RxJS range)",
      parameters: [.value("start"), .value("count", optional: true)], source: true,
      example: .script("numbers = range(1, 3)", expect: "(123|)")
    ) { c throws(RuntimeError) in
      var start = try c.int(0, "the start", minimum: -Call.maximumFrames)
      var count: Int
      if c.optional(1) == nil {
        // RxJS's range(n): n integers from 0.
        count = start
        start = 0
      } else {
        count = try c.int(1, "the count", minimum: Int.min, maximum: Call.maximumFrames)
      }
      // A count of 0 or less is RxJS's EMPTY.
      count = max(0, count)
      return .signal(.from((0..<count).map { ScriptValue.int(start + $0) }))
    },
    .function(
      "Error", rac: "", alias: "Error",
      "An error object with a message and a name (\"Error\" unless given), compared by both as RxJS's tests compare errors; 'e.name', 'e.message'",
      parameters: [.value("message"), .option("name")],
      example: """
        let broken = cold("--#", error: Error("too bad"))
        let handled = broken.catch { e in just(e.message) }
        show broken, handled
        expect broken == "--#", error: Error("too bad")
        expect handled == "--(m|)", m: "too bad"
        """
    ) { c throws(RuntimeError) in
      guard case .string(let message) = c.value(0) else {
        throw c.argumentError(0, "the message", expected: "a String")
      }
      var name = "Error"
      if let given = c.optional(1) {
        guard case .string(let text) = given else {
          throw c.argumentError(1, "the name", expected: "a String")
        }
        name = text
      }
      return .errorObject(name: name, message: message)
    },
    .function(
      "BehaviorSubject", rac: "RACBehaviorSubject", alias: "BehaviorSubject",
      "A subject with a current value: a new subscriber gets the latest value (the initial one first) (RxJS BehaviorSubject)",
      parameters: [.value("value")],
      source: true,
      holds: "the current value and the subscriber count", lanes: [.current, .subscribers],
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
      lanes: [.held, .subscribers],
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
      "iif", rac: "", alias: "iif",
      "Plays the first signal if the condition is true, else the second, at each subscription (RxJS iif)",
      parameters: [.value("condition"), .value("then"), .value("else")],
      example: .script(
        cold: ["yes": "-y|", "no": "-n|"], "chosen = iif(1 > 0, yes, no)", expect: "-y|")
    ) { c throws(RuntimeError) in
      let whenTrue = try c.signal(1, "the first signal")
      let whenFalse = try c.signal(2, "the second signal")
      if case .closure = c.value(0) {
        let condition = try c.function(0)
        return .signal(Signal.defer { condition.isTrue(condition()) ? whenTrue : whenFalse })
      }
      return .signal(try c.bool(0, "the condition") ? whenTrue : whenFalse)
    },
    .function(
      "generate", rac: "", alias: "generate",
      "Sends the result for each state from the initial one, stepping with 'iterate', while 'condition' holds, then completes, at subscription (RxJS generate)",
      parameters: [
        .value("initialState", optional: true), .value("condition", optional: true),
        .value("iterate", optional: true), .option("initialState"), .option("condition"),
        .option("iterate"), .option("resultSelector"), .optionalClosure("state"),
      ],
      source: true,
      example: .script(
        "squares = generate(1, { x in x < 5 }, { x in x + 1 }) { x in x * x }", expect: "(abcd|)",
        values: "a: 1, b: 4, c: 9, d: 16")
    ) { c throws(RuntimeError) in
      let labelled = c.optional(3) != nil || c.optional(5) != nil
      let initial = c.optional(labelled ? 3 : 0) ?? .null
      if labelled ? c.optional(3) == nil : c.optional(0) == nil {
        throw RuntimeError(
          "'generate' needs an initial state: generate(initial, condition, iterate) or generate(initialState: v, condition: { … }, iterate: { … })",
          at: c.range)
      }
      let condition = try c.optionalFunction(labelled ? 4 : 1, "the condition")
      guard let iterate = try c.optionalFunction(labelled ? 5 : 2, "the iterate closure") else {
        throw RuntimeError(
          "'generate' needs an iterate closure, the state after a state", at: c.range)
      }
      let trailing = try c.optionalFunction(7, "the result selector")
      let labelledResult = try c.optionalFunction(6, "the result selector")
      let result = trailing ?? labelledResult
      let runtime = c.runtime
      return .signal(
        .generate(
          initial,
          // A failed run stops the loop (the closures return nil once it has failed).
          condition: { state in !runtime.hasFailed && (condition?.predicate(state) ?? true) },
          iterate: { iterate($0) }, result: { state in result?(state) ?? state }))
    },
    .function(
      "pairs", rac: "", alias: "pairs",
      "Sends a [key, value] array for each entry of the dictionary, in key order, then completes, at subscription (RxJS pairs)",
      parameters: [.value("dictionary")], source: true,
      example: .script(
        #"entries = pairs(["b": 2, "a": 1])"#, expect: "(xy|)", values: #"x: ["a", 1], y: ["b", 2]"#
      )
    ) { c throws(RuntimeError) in
      guard case .dictionary(let fields) = c.value(0) else {
        throw c.argumentError(0, "the argument", expected: "a dictionary")
      }
      return .signal(.pairs(fields) { key, value in .array([.string(key), value]) })
    },
    .function(
      "using", rac: "", alias: "using",
      "For each subscription, makes a resource with the first closure and subscribes the signal the second makes from it; the resource is released when that subscription ends. A signal as resource is held by subscribing to it (RxJS using)",
      parameters: [.value("resourceFactory"), .closure("resource")],
      example: """
        let resource = cold("-")
        let output = using({ resource }) { r in cold("-a-b|") }
        show output
        expect output == "-a-b|"
        expect subscriptions(resource) == "^---!"
        """
    ) { c throws(RuntimeError) in
      guard let make = try c.optionalFunction(0, "the resource factory") else {
        throw c.argumentError(0, "the resource factory", expected: "a closure")
      }
      let factory = try c.function(1)
      let runtime = c.runtime
      let range = c.range
      return .signal(
        .using(
          { ScriptResource(make(), runtime: runtime, at: range) },
          { factory.signal(from: factory($0.value)) }))
    },
  ]
}

/// A resource of `using`: the value the resource closure returned. A signal is held by a
/// subscription to it (its events are ignored), made when the resource is made and ended when
/// it is released, so its subscription log shows the resource's lifetime; any other value has
/// nothing to release.
final class ScriptResource: Disposable, @unchecked Sendable {
  // Invariant: used on the script's thread only.
  /// The value handed to the signal closure.
  let value: ScriptValue
  /// The subscription that holds a signal resource.
  private let holding: (any Disposable)?

  init(_ value: ScriptValue, runtime: Runtime, at range: SourceRange) {
    self.value = value
    if case .signal(let signal) = value {
      holding = runtime.counted(signal, at: range).subscribe(Subscriber<ScriptValue> { _ in })
    } else {
      holding = nil
    }
  }

  /// Whether the resource was released.
  var isDisposed: Bool { holding?.isDisposed ?? true }

  /// Releases the resource: ends the subscription to a signal resource.
  func dispose() { holding?.dispose() }
}
