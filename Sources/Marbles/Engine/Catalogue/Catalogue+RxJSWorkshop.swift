import Reactive

extension Catalogue {
  /// RxJS operators that RxJS's own tests and workshops use beyond the common ones: duration
  /// and toggle forms, recursion, accumulation into signals, comparison, the `…When` forms of
  /// retry and repeat, and the deprecated names that RxJS 7 still ships.
  static let rxjsWorkshop: [OperatorEntry] = rxjsWorkshopTime + rxjsWorkshopHigherOrder

  /// Duration- and toggle-driven operators.
  static let rxjsWorkshopTime: [OperatorEntry] = [
    .method(
      "audit", rac: "", alias: "audit",
      "At a value, waits until the signal the closure returns for it sends, then sends the latest value (RxJS audit)",
      parameters: [.closure("x")],
      holds: "the value to send when the duration signal sends, nil while none", lanes: ["pending"],
      example: """
        let input = cold("-ab---c-----|")
        let output = input.audit { _ in cold("---x") }
        show input, output
        expect output == "----b----c--|"
        """
    ) { c throws(RuntimeError) in
      let duration = try c.function(0)
      let input = try c.signal()
      return c.probed { probe in
        input.audit(probe: probe) { duration.signal(from: duration($0)) }
      }
    },
    .method(
      "bufferWhen", rac: "", alias: "bufferWhen",
      "Collects values until the signal the closure returns sends, sends them as an array and starts again; the rest on completion (RxJS bufferWhen)",
      parameters: [.closure("")],
      holds: "the buffer being filled until the closing signal sends", lanes: ["buffered"],
      example: """
        let input = cold("-a-b---c--|")
        let batches = input.bufferWhen { cold("----x") }
        show input, batches
        expect batches == "----x---y-(z|)", x: ["a", "b"], y: ["c"], z: []
        """
    ) { c throws(RuntimeError) in
      let closing = try c.function(0)
      let input = try c.signal()
      return c.probed { probe in
        input.bufferWhen(probe: probe) { closing.signal(from: closing()) }.map { c.builtArray($0) }
      }
    },
    .method(
      "bufferToggle", rac: "", alias: "bufferToggle",
      "Opens an array at each value of `openings` and sends it when the signal the closure returns for that value sends (RxJS bufferToggle)",
      parameters: [.value("openings"), .closure("x")],
      holds: "the open buffers, in opening order", lanes: ["buffers"],
      example: """
        let input = cold("-a-b-c-d-e-|")
        let opens = cold("--o-----o")
        let batches = input.bufferToggle(opens) { _ in cold("---x") }
        show input, batches
        expect batches == "-----x-----(y|)", x: ["b", "c"], y: ["e"]
        """
    ) { c throws(RuntimeError) in
      let openings = try c.signal(0, "the openings")
      let closing = try c.function(1)
      let input = try c.signal()
      return c.probed { probe in
        input.bufferToggle(openings, probe: probe) { closing.signal(from: closing($0)) }
          .map { c.builtArray($0) }
      }
    },
    .method(
      "windowWhen", rac: "", alias: "windowWhen",
      "Sends windows one after another; each closes, and the next opens, when the signal the closure returns sends or completes (RxJS windowWhen)",
      parameters: [.closure("")],
      holds: "the values in the open window (lane $0, one array)", lanes: ["windows"],
      example: """
        let input = cold("-a-b---c--|")
        let windows = input.windowWhen { cold("----x") }
        show input, windows
        expect windows == "x---y---z-|", x: cold("-a-b|"), y: cold("---c|"), z: cold("--|")
        """
    ) { c throws(RuntimeError) in
      let closing = try c.function(0)
      let input = try c.signal()
      return c.probed { probe in
        input.windowWhen(probe: probe) { closing.signal(from: closing()) }.map { .signal($0) }
      }
    },
    .method(
      "connectWith", rac: "", alias: nil,
      "Shares one subscription to the input among the subscriptions the closure makes to the signal it is given; the input is subscribed after the closure's signal; 'connector:' makes the subject that shares it (RxJS connect(selector, { connector }))",
      parameters: [.value("connector", label: "connector", optional: true), .closure("shared")],
      holds: "how many parts of the closure's signal share the input", lanes: ["subscribers"],
      example: """
        let input = cold("-1----2-----|")
        let both = input.connectWith { shared in merge(shared.map { x in x * 10 }, shared) }
        show input, both
        expect both == "-(a1)-(b2)--|", a: 10, b: 20
        """
    ) { c throws(RuntimeError) in
      let selector = try c.function(1)
      let connector = try c.connector(0)
      let input = try c.signal()
      return c.probed { probe in
        input.connect(probe: probe, connector: connector) {
          selector.signal(from: selector(.signal($0)))
        }
      }
    },
    .method(
      "windowToggle", rac: "", alias: "windowToggle",
      "Opens a window at each value of `openings` and completes it when the signal the closure returns for that value sends (RxJS windowToggle)",
      parameters: [.value("openings"), .closure("x")],
      holds: "the values in each open window, in opening order", lanes: ["windows"],
      example: """
        let input = cold("-a-b-c-d-e--|")
        let opens = cold("--o-----o")
        let windows = input.windowToggle(opens) { _ in cold("--x") }
        show input, windows
        expect windows == "--x-----y---|", x: cold("-b|"), y: cold("-e|")
        """
    ) { c throws(RuntimeError) in
      let openings = try c.signal(0, "the openings")
      let closing = try c.function(1)
      let input = try c.signal()
      return c.probed { probe in
        input.windowToggle(openings, probe: probe) { closing.signal(from: closing($0)) }
          .map { .signal($0) }
      }
    },
    .method(
      "sequenceEqual", rac: "", alias: "sequenceEqual",
      "Sends whether this signal and the other send equal values in the same order (with { a, b in … }, equal as the closure says), once that is decided (RxJS sequenceEqual)",
      parameters: [.value("other"), .optionalClosure("a, b")],
      holds: "the values of either side not compared yet, and which sides completed",
      lanes: ["queues", "done"],
      example: """
        let input = cold("-a-b-c-|")
        let other = cold("--a-b-c-|")
        let same = input.sequenceEqual(other)
        show input, other, same
        expect same == "--------(t|)", t: true
        """
    ) { c throws(RuntimeError) in
      let other = try c.signal(0, "the other signal")
      let source = try c.signal()
      guard c.optional(1) != nil else {
        return c.probed { probe in
          source.sequenceEqual(other, probe: probe) { a, b in
            c.runtime.budget.spendComparing(a, b, at: c.range) && a.isEqual(to: b)
          }.map { .bool($0) }
        }
      }
      let compare = try c.function(1)
      return c.probed { probe in
        source.sequenceEqual(other, probe: probe) { compare.isTrue(compare($0, $1)) }
          .map { .bool($0) }
      }
    },
    .method(
      "timeoutWith", rac: "", alias: "timeoutWith",
      "Switches to the other signal when a value is more than `frames` frames after the previous one (RxJS timeoutWith, deprecated for timeout({ each, with }))",
      parameters: [.value("frames"), .value("alternative")],
      holds: "the frame the time limit runs out at, nil once switched", lanes: ["deadline"],
      example: """
        let input = cold("-a---b------c|")
        let backup = cold("-x|")
        let bounded = input.timeoutWith(5, backup)
        show input, bounded
        expect bounded == "-a---b-----x|"
        """
    ) { c throws(RuntimeError) in
      let each = try c.frames(0, "the limit")
      let alternative = try c.signal(1, "the alternative")
      let input = try c.signal()
      return c.probed {
        input.rxjs.timeout(first: nil, each: each, with: alternative, on: c.scheduler, probe: $0)
      }
    },
    .method(
      "retryWhen", rac: "", alias: "retryWhen",
      "Hands the closure the signal of this signal's errors; each value of the signal it returns subscribes again; its completion completes (RxJS retryWhen)",
      parameters: [.closure("errors")],
      holds: "the subscription in use: 1, then 2 for the first retry, …", lanes: ["attempt"],
      example: """
        let input = cold("-a#")
        let again = input.retryWhen { errors in errors.delay(2).take(2) }
        show input, again
        expect again == "-a---a--|"
        """
    ) { c throws(RuntimeError) in
      let notifier = try c.function(0)
      let input = try c.signal()
      return c.probed { probe in
        input.retryWhen(probe: probe) { errors in
          notifier.signal(
            from: notifier(.signal(errors.map { ScriptValue.error(ScriptValue.payload(of: $0)) })))
        }
      }
    },
    .method(
      "repeatWhen", rac: "", alias: "repeatWhen",
      "Hands the closure a signal that sends nil at each completion; each value of the signal it returns subscribes again; its completion completes (RxJS repeatWhen)",
      parameters: [.closure("completions")],
      holds: "the subscription in use: 1, then 2 for the first repetition, …", lanes: ["attempt"],
      example: """
        let input = cold("-a|")
        let again = input.repeatWhen { done in done.delay(1).take(2) }
        show input, again
        expect again == "-a--a--a|"
        """
    ) { c throws(RuntimeError) in
      let notifier = try c.function(0)
      let input = try c.signal()
      return c.probed { probe in
        input.repeatWhen(probe: probe) { completions in
          notifier.signal(from: notifier(.signal(completions.map { ScriptValue.null })))
        }
      }
    },
  ]

  /// Recursion, accumulation into signals, and the `…All` forms.
  static let rxjsWorkshopHigherOrder: [OperatorEntry] = [
    .method(
      "expand", rac: "", alias: "expand",
      "Sends each value and, for each value sent, the values of the signal the closure returns for it, recursively; 'concurrent: n' runs at most n inner signals at once, the other values waiting unsent (RxJS expand)",
      parameters: [.value("concurrent", label: "concurrent", optional: true), .closure("x")],
      holds:
        "the running inner signals, by the values that made them (lane $0), and with `concurrent:` the values waiting (lane $1)",
      lanes: ["active", "queue"],
      example: """
        let input = cold("-1|")
        let doubled = input.expand { x in x < 8 ? cold("--y|", y: x * 2) : empty }
        show input, doubled
        expect doubled == "-1-2-4-8|"
        """
    ) { c throws(RuntimeError) in
      let limit = try c.optionalInt(0, "the concurrency", minimum: 1)
      let transform = try c.function(1)
      let input = try c.signal()
      return c.probed(limit == nil ? Array(c.lanes.prefix(1)) : nil) { probe in
        input.expand(concurrent: limit, probe: probe) { transform.signal(from: transform($0)) }
      }
    },
    .method(
      "switchScan", rac: "", alias: "switchScan",
      "Maps each value and the latest inner value (the seed at first) to a signal and forwards only the latest one (RxJS switchScan)",
      parameters: [.value("seed"), .closure("acc, x")],
      holds: "the accumulator (the latest inner value) and the current inner signal",
      lanes: ["acc", "current"],
      example: """
        let input = cold("-1----2|")
        let sums = input.switchScan(0) { acc, x in cold("-a-b|", a: acc + x, b: acc + x * 10) }
        show input, sums
        expect sums == "--a-b--c-d|", a: 1, b: 10, c: 12, d: 30
        """
    ) { c throws(RuntimeError) in
      try c.accumulatedInners(concurrency: nil, switching: true)
    },
    .method(
      "mergeScan", rac: "", alias: "mergeScan",
      "Maps each value and the latest inner value (the seed at first) to a signal and merges them ('concurrent: n' at most n at once) (RxJS mergeScan)",
      parameters: [
        .value("seed"), .value("concurrent", label: "concurrent", optional: true),
        .closure("acc, x"),
      ],
      holds:
        "the accumulator (the latest inner value) and the running inner signals (lanes $0, $1; with `concurrent:` also the values waiting, lane $2)",
      lanes: ["acc", "active", "queue"],
      example: """
        let input = cold("-1--2--3|")
        let sums = input.mergeScan(0) { acc, x in cold("-s|", s: acc + x) }
        show input, sums
        expect sums == "--a--b--c|", a: 1, b: 3, c: 6
        """
    ) { c throws(RuntimeError) in
      let limit = try c.optionalInt(1, "the concurrency", minimum: 1)
      return try c.accumulatedInners(concurrency: limit, switching: false)
    },
    .method(
      "combineLatestAll", rac: "", alias: "combineLatestAll",
      "Once the signal of signals completes, combines the latest values of all its inner signals (RxJS combineLatestAll)",
      holds: "how many inner signals arrived, then the latest value of each",
      lanes: ["collected", "latest"],
      example: """
        use rxjs
        let outer = cold("-x-y|", x: cold("-1-2|"), y: cold("a|"))
        let latest = outer.combineLatestAll()
        show outer, latest
        expect latest == "-----p-q|", p: [1, "a"], q: [2, "a"]
        """
    ) { c throws(RuntimeError) in
      try c.collectedInners { Signal.combineLatest($0, probe: $1) }
    },
    .method(
      "zipAll", rac: "", alias: "zipAll",
      "Once the signal of signals completes, pairs the n-th values of all its inner signals (RxJS zipAll)",
      holds: "how many inner signals arrived, then the values waiting to be paired",
      lanes: ["collected", "queues"],
      example: """
        use rxjs
        let outer = cold("-x-y|", x: cold("-1-2|"), y: cold("a-b|"))
        let pairs = outer.zipAll()
        show outer, pairs
        expect pairs == "-----p-(q|)", p: [1, "a"], q: [2, "b"]
        """
    ) { c throws(RuntimeError) in
      try c.collectedInners { Signal.zip($0, probe: $1) }
    },
    .method(
      "exhaust", rac: "", alias: "exhaust",
      "Forwards an inner signal only when no other is running (RxJS exhaust, deprecated for exhaustAll)",
      holds: "the active inner signal; inner signals arriving meanwhile are dropped",
      lanes: ["active"],
      example: """
        let inner = cold("--r|")
        let outer = cold("-xx--x|", x: inner)
        let output = outer.exhaust()
        show output
        expect output == "---r---r|"
        """
    ) { c throws(RuntimeError) in
      let inners = try c.signal().map { c.innerSignal($0) }
      return c.probed { inners.exhaustAll(probe: $0) }
    },
    .function(
      "onErrorResumeNext", rac: "", alias: "onErrorResumeNext",
      "Plays the signals one after another, going on after a failure as after a completion (RxJS onErrorResumeNext)",
      parameters: [.variadic("signals")],
      holds: "the current input and the waiting ones", lanes: ["current", "queue"],
      example: """
        let a = cold("-a#")
        let b = cold("-b|")
        let both = onErrorResumeNext(a, b)
        show a, b, both
        expect both == "-a-b|"
        """
    ) { c throws(RuntimeError) in
      c.concatenated(try c.signals("each signal").map { $0.catch { _ in .empty } })
    },
    .function(
      "connectable", rac: "", alias: "connectable",
      "A connectable signal of the source: subscribers wait until 'connect()' subscribes it through a subject, or the one 'connector:' makes; when a connection ends, the subject is replaced unless 'resetOnDisconnect: false', and 'connect()' connects again (RxJS connectable)",
      parameters: [
        .value("source"), .value("connector", label: "connector", optional: true),
        .value("resetOnDisconnect", label: "resetOnDisconnect", optional: true),
      ],
      holds: "connected, the current subject's subscriber count, and a replay connector's buffer",
      lanes: ["connected", "subscribers", "replayed"],
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
      let resets = c.optional(2) == nil ? true : try c.bool(2, "resetOnDisconnect")
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

extension StateProbe {
  /// A probe for an operator inside a composed row: armed with `report` (the row's own
  /// probe's observer), so the inner operator's lanes are drawn as the row's; unarmed
  /// without one.
  static func forwarding(to report: ((String, Any) -> Void)?) -> StateProbe {
    let probe = StateProbe()
    if let report { probe.arm(report) }
    return probe
  }
}

extension Call {
  /// `combineLatestAll`/`zipAll`: once the signal of signals completes, `combine` of all its
  /// inner signals (nothing but the completion when there were none). `s.internals` draws
  /// the row's first lane (how many inner signals arrived) and the lane `combine` reports to
  /// its probe.
  func collectedInners(
    _ combine: @escaping ([Signal<ScriptValue>], StateProbe) -> Signal<[ScriptValue]>
  ) throws(RuntimeError) -> ScriptValue {
    let call = self
    let inners = try signal().map { call.innerSignal($0) }
    let lane = lanes.first ?? ""
    return probed { probe in
      Signal.defer {
        let report = probe.take()
        var collected = 0
        report?(lane, collected)
        let counted =
          report == nil
          ? inners
          : inners.doNext { _ in
            collected += 1
            report?(lane, collected)
          }
        return counted.collect().flattenMap { inners in
          inners.isEmpty
            ? .empty
            : combine(inners, .forwarding(to: report)).map { call.combined($0) }
        }
      }
    }
  }

  /// `switchScan`/`mergeScan`: each value and the latest inner value (the seed, argument 0, at
  /// first) go to the closure (last argument), whose signals are switched or merged; the
  /// accumulator is per subscription. `s.internals` draws the row's lanes: the accumulator and
  /// the inner signals (switched, or merged: the running ones and, with a concurrency, the
  /// values waiting).
  func accumulatedInners(concurrency: Int?, switching: Bool) throws(RuntimeError) -> ScriptValue {
    let seed = value(0)
    let accumulate = try function(arguments.count - 1)
    let source = try signal()
    let acc = lanes.first ?? ""
    return probed(switching || concurrency != nil ? nil : Array(lanes.prefix(2))) { probe in
      Signal.defer {
        let report = probe.take()
        var state = seed
        report?(acc, state)
        // The closure is called when its inner signal is subscribed (a value waiting for a
        // free slot of `concurrent` gets the accumulator as it is then), as RxJS does.
        let inners = indexed(source).map { pair -> Signal<ScriptValue> in
          Signal.defer {
            let result =
              accumulate.takesAccumulatorIndex
              ? accumulate.call([state, pair.0, .int(pair.1)]) : accumulate(state, pair.0)
            return accumulate.signal(from: result).doNext {
              state = $0
              report?(acc, state)
            }
          }
        }
        let forwarded = StateProbe.forwarding(to: report)
        if switching { return inners.switchToLatest(probe: forwarded) }
        guard let concurrency else { return inners.flattenMap(probe: forwarded) { $0 } }
        return inners.mergeMap(concurrency: concurrency, probe: forwarded) { $0 }
      }
    }
  }
}
