import Reactive
import ReactiveRxJS

extension Catalogue {
  /// Signals of signals: mapping to inner signals and flattening them.
  package static let flattening: [OperatorEntry] = [
    .method(
      "flattenMap", rac: "flattenMap:", alias: "mergeMap",
      "Maps each value to a signal and merges them all; 'concurrent: n' runs at most n at once, the rest wait in order",
      parameters: [.option("concurrent"), .closure("x")],
      holds:
        "the active inner subscriptions (lane $0; with `concurrent:` also the values waiting, lane $1)",
      lanes: [.active, .queue],
      typing: .closureTakesValues,
      synonyms: [.withAlias("flatMap")],
      example: .applying(
        #"flattenMap { x in cold("--x|", x: x) }"#, to: "-a--b----|", as: "output",
        showingInput: true, expect: "---a--b--|")
    ) { c throws(RuntimeError) in
      let transform = try c.function(1)
      guard c.optional(0) != nil else {
        let inners = c.innerSignals(try c.signal(), transform)
        return c.probed(Array(c.lanes.prefix(1))) { inners.flattenMap(probe: $0) { $0 } }
      }
      let inners = c.innerSignals(try c.signal(), transform, lazily: true)
      let limit = try c.int(0, "the concurrency", minimum: 1)
      return c.probed { inners.mergeMap(concurrency: limit, probe: $0) { $0 } }
    },
    .method(
      "flatten", rac: "flatten", alias: "mergeAll",
      "Merges a signal of signals",
      holds: "the active inner subscriptions", lanes: [.active],
      example: .script(
        cold: ["inner": "--r|", "outer": .marble("-x--x---|", values: "x: inner")],
        "merged = outer.flatten()", showing: ["outer"], expect: "---r--r-|")
    ) { c throws(RuntimeError) in
      try c.probedSignal { $0.flattenMap(probe: $1) { c.innerSignal($0) } }
    },
    .method(
      "switchToLatest", rac: "switchToLatest", alias: "switchAll",
      "Forwards the latest inner signal only; a new one cuts the previous one off",
      holds: "the current inner signal", lanes: [.current], synonyms: ["switchLatest"],
      example: """
        let slow = cold("---s|")
        let outer = cold("-x-x-----|", x: slow)
        let latest = outer.switchToLatest()
        show latest
        expect latest == "------s--|"
        expect subscriptions(slow) == ["-^-!", "---^---!"]
        """
    ) { c throws(RuntimeError) in
      try c.probedSignal { $0.map { c.innerSignal($0) }.switchToLatest(probe: $1) }
    },
    .method(
      "switchMap", rac: "",
      "Maps each value to a signal and forwards only the latest one (RxJS switchMap: map, then switchToLatest)",
      parameters: [.closure("x")],
      holds: "the current inner signal", lanes: [.current],
      typing: .closureTakesValues,
      synonyms: ["flatMapLatest"],
      example: .applying(
        #"switchMap { x in cold("---x|", x: x) }"#, to: "-a-b------|", as: "output",
        expect: "------b---|")
    ) { c throws(RuntimeError) in
      let inners = c.innerSignals(try c.signal(), try c.function(0))
      return c.probed { inners.switchToLatest(probe: $0) }
    },
    .method(
      "concatMap", rac: "",
      "Maps each value to a signal and plays them one after another (RxJS concatMap)",
      parameters: [.closure("x")],
      holds: "the current inner signal and the queue of pending ones", lanes: [.current, .queue],
      typing: .closureTakesValues,
      example: .applying(
        #"concatMap { x in cold("--x|", x: x) }"#, to: "ab--------|", as: "output",
        expect: "--a--b----|")
    ) { c throws(RuntimeError) in
      let inners = c.innerSignals(try c.signal(), try c.function(0), lazily: true)
      return c.probed { inners.concat(probe: $0) }
    },
    .method(
      "bind", rac: "bind",
      "Like flattenMap, but a closure result of nil ends the outer side (RAC's core operator)",
      parameters: [.closure("x")],
      holds: "the active inner subscriptions", lanes: [.active], typing: .closureTakesValues,
      example: .applying(
        "bind { x in x < 3 ? just(x * 10) : nil }", to: "-1-2-3-4|", as: "bound", expect: "-a-b-|",
        values: "a: 10, b: 20")
    ) { c throws(RuntimeError) in
      let block = try c.function(0)
      let source = try c.signal()
      return c.probed { probe in
        Signal<ScriptValue> { subscriber in
          let stop = Subject<ScriptValue>()
          return source.takeUntil(stop).flattenMap(probe: probe) { value -> Signal<ScriptValue> in
            let result = block(value)
            if case .null = result {
              stop.sendNext(.null)
              return .empty
            }
            return block.signal(from: result)
          }.subscribe(subscriber)
        }
      }
    },
    .method(
      "if", rac: "+if:then:else:",
      "Switches to `then` while the Bool signal is true and to `else` while it is false",
      parameters: [.value("then", label: "then"), .value("else", label: "else")],
      holds: "the current branch: true for `then`, false for `else`", lanes: [.branch],
      example: .script(
        cold: [
          "flag": .marble("t---f---|", values: "t: true, f: false"), "yes": "-y-y-y-y-y",
          "no": "n-n|",
        ],
        "chosen = flag.if(then: yes, else: no)", expect: "-y-yn-n-|")
    ) { c throws(RuntimeError) in
      let whenTrue = try c.signal(0, "'then'")
      let whenFalse = try c.signal(1, "'else'")
      return try c.probedSignal {
        c.bools($0, what: "the signal of 'if'").if(then: whenTrue, else: whenFalse, probe: $1)
      }
    },
    .method(
      "exhaustMap", rac: "", alias: "exhaustMap",
      "Maps each value to a signal, ignoring values that arrive while the current one runs (RxJS exhaustMap)",
      parameters: [.closure("x")],
      holds: "the active inner signal; values arriving meanwhile are dropped", lanes: [.active],
      typing: .closureTakesValues,
      example: .applying(
        #"exhaustMap { x in cold("-x-x|", x: x) }"#, to: "-a-b---c---|", as: "output",
        expect: "--a-a---c-c|")
    ) { c throws(RuntimeError) in
      let transform = try c.function(0)
      let indexed = c.indexed(try c.signal())
      return c.probed { probe in
        indexed.exhaustMap(probe: probe) { transform.signal(from: transform.indexed($0.0, $0.1)) }
      }
    },
    .method(
      "exhaustAll", rac: "", alias: "exhaustAll",
      "Forwards an inner signal only when no other is running (RxJS exhaustAll)",
      holds: "the active inner signal; inner signals arriving meanwhile are dropped",
      lanes: [.active],
      example: .script(
        cold: ["inner": "--r|", "outer": .marble("-x-x---x|", values: "x: inner")],
        "output = outer.exhaustAll()", expect: "---r-----r|")
    ) { c throws(RuntimeError) in
      try c.probedSignal { $0.exhaustMap(probe: $1) { c.innerSignal($0) } }
    },
    .method(
      "exhaust", rac: "", alias: "exhaust",
      "Forwards an inner signal only when no other is running (RxJS exhaust, deprecated for exhaustAll)",
      holds: "the active inner signal; inner signals arriving meanwhile are dropped",
      lanes: [.active],
      example: .script(
        cold: ["inner": "--r|", "outer": .marble("-xx--x|", values: "x: inner")],
        "output = outer.exhaust()", expect: "---r---r|")
    ) { c throws(RuntimeError) in
      try c.probedSignal { $0.map { c.innerSignal($0) }.exhaustAll(probe: $1) }
    },
    .method(
      "concatAll", rac: "", alias: "concatAll",
      "Plays a signal of signals one inner signal at a time (RxJS concatAll)",
      holds: "the current inner signal and the queue of pending ones", lanes: [.current, .queue],
      example: .script(
        cold: ["inner": "--r|", "outer": .marble("-xx|", values: "x: inner")],
        "output = outer.concatAll()", expect: "---r--r|")
    ) { c throws(RuntimeError) in
      try c.probedSignal { $0.map { c.innerSignal($0) }.concat(probe: $1) }
    },
    .method(
      "mergeMapTo", rac: "", alias: "mergeMapTo",
      "For each value, subscribes the given signal and merges them all (RxJS mergeMapTo)",
      parameters: [.value("inner")], holds: "the active inner subscriptions", lanes: [.active],
      example: .applying(
        #"mergeMapTo(cold("-x|"))"#, to: "-a--b---|", as: "output", expect: "--x--x--|")
    ) { c throws(RuntimeError) in
      try c.probed(after: c.signal(0, "the inner signal")) { input, inner, probe in
        input.flattenMap(probe: probe) { _ in inner }
      }
    },
    .method(
      "concatMapTo", rac: "", alias: "concatMapTo",
      "For each value, plays the given signal, one after another (RxJS concatMapTo)",
      parameters: [.value("inner")],
      holds: "the current inner signal and the queue of pending ones", lanes: [.current, .queue],
      example: .applying(
        #"concatMapTo(cold("-x|"))"#, to: "ab----|", as: "output", expect: "-x-x--|")
    ) { c throws(RuntimeError) in
      try c.probed(after: c.signal(0, "the inner signal")) { input, inner, probe in
        input.map { _ in inner }.concat(probe: probe)
      }
    },
    .method(
      "switchMapTo", rac: "", alias: "switchMapTo",
      "For each value, switches to the given signal (RxJS switchMapTo)",
      parameters: [.value("inner")], holds: "the current inner signal", lanes: [.current],
      example: .applying(
        #"switchMapTo(cold("--x|"))"#, to: "-a-b----|", as: "output", expect: "-----x--|")
    ) { c throws(RuntimeError) in
      try c.probed(after: c.signal(0, "the inner signal")) { input, inner, probe in
        input.map { _ in inner }.switchToLatest(probe: probe)
      }
    },
    .method(
      "expand", rac: "", alias: "expand",
      "Sends each value and, for each value sent, the values of the signal the closure returns for it, recursively; 'concurrent: n' runs at most n inner signals at once, the other values waiting unsent (RxJS expand)",
      parameters: [.option("concurrent"), .closure("x")],
      holds:
        "the running inner signals, by the values that made them (lane $0), and with `concurrent:` the values waiting (lane $1)",
      lanes: [.active, .queue],
      example: .applying(
        #"expand { x in x < 8 ? cold("--y|", y: x * 2) : empty }"#, to: "-1|", as: "doubled",
        showingInput: true, expect: "-1-2-4-8|")
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
      lanes: [.acc, .current],
      example: .applying(
        #"switchScan(0) { acc, x in cold("-a-b|", a: acc + x, b: acc + x * 10) }"#, to: "-1----2|",
        as: "sums", showingInput: true, expect: "--a-b--c-d|", values: "a: 1, b: 10, c: 12, d: 30")
    ) { c throws(RuntimeError) in
      try c.accumulatedInners(concurrency: nil, switching: true)
    },
    .method(
      "mergeScan", rac: "", alias: "mergeScan",
      "Maps each value and the latest inner value (the seed at first) to a signal and merges them ('concurrent: n' at most n at once) (RxJS mergeScan)",
      parameters: [.value("seed"), .option("concurrent"), .closure("acc, x")],
      holds:
        "the accumulator (the latest inner value) and the running inner signals (lanes $0, $1; with `concurrent:` also the values waiting, lane $2)",
      lanes: [.acc, .active, .queue],
      example: .applying(
        #"mergeScan(0) { acc, x in cold("-s|", s: acc + x) }"#, to: "-1--2--3|", as: "sums",
        showingInput: true, expect: "--a--b--c|", values: "a: 1, b: 3, c: 6")
    ) { c throws(RuntimeError) in
      let limit = try c.optionalInt(1, "the concurrency", minimum: 1)
      return try c.accumulatedInners(concurrency: limit, switching: false)
    },
    .method(
      "combineLatestAll", rac: "", alias: "combineLatestAll",
      "Once the signal of signals completes, combines the latest values of all its inner signals (RxJS combineLatestAll)",
      holds: "how many inner signals arrived, then the latest value of each",
      lanes: [.collected, .latest],
      example: .script(
        cold: ["outer": .marble("-x-y|", values: #"x: cold("-1-2|"), y: cold("a|")"#)],
        "latest = outer.combineLatestAll()", showing: ["outer"], expect: "-----p-q|",
        values: #"p: [1, "a"], q: [2, "a"]"#, rxjs: true)
    ) { c throws(RuntimeError) in
      try c.collectedInners { Signal.combineLatest($0, probe: $1) }
    },
    .method(
      "zipAll", rac: "", alias: "zipAll",
      "Once the signal of signals completes, pairs the n-th values of all its inner signals (RxJS zipAll)",
      holds: "how many inner signals arrived, then the values waiting to be paired",
      lanes: [.collected, .queues],
      example: .script(
        cold: ["outer": .marble("-x-y|", values: #"x: cold("-1-2|"), y: cold("a-b|")"#)],
        "pairs = outer.zipAll()", showing: ["outer"], expect: "-----p-(q|)",
        values: #"p: [1, "a"], q: [2, "b"]"#, rxjs: true)
    ) { c throws(RuntimeError) in
      try c.collectedInners { Signal.zip($0, probe: $1) }
    },
  ]
}

extension StateProbe {
  /// A probe for an operator inside a composed row: armed with `report` (the row's own
  /// probe's observer), so the inner operator's lanes are drawn as the row's; unarmed
  /// without one.
  static func forwarding(to report: ((StateLane, Any) -> Void)?) -> StateProbe {
    let probe = StateProbe()
    if let report { probe.armWithLanes(report) }
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
    let lane = lanes.first ?? StateLane("")
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
    let acc = lanes.first ?? StateLane("")
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
