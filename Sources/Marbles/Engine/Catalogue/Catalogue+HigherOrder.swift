import Reactive

extension Catalogue {
  /// Operators that combine several signals.
  static let combining: [OperatorEntry] = [
    .method(
      "merge", rac: "merge:", alias: "merge",
      "Forwards the values of both signals",
      parameters: [.value("other", label: "with")], holds: "the active inputs", lanes: ["active"],
      example: """
        let a = cold("--a-----c|")
        let b = cold("-----b|")
        let both = a.merge(with: b)
        show both
        expect both == "--a--b--c|"
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      let other = try c.signal(0, "the other signal")
      return c.probed { input.merge(with: other, probe: $0) }
    },
    .method(
      "concat", rac: "concat: / concat",
      "With 'with:', plays the other signal after this one completes; without, plays a signal of signals one inner signal at a time",
      parameters: [.value("other", label: "with", optional: true)],
      holds: "the current inner signal and the queue of pending ones", lanes: ["current", "queue"],
      example: """
        let a = cold("--a|")
        let b = cold("-b|")
        let both = a.concat(with: b)
        show both
        expect both == "--a-b|"
        """
    ) { c throws(RuntimeError) in
      let signal = try c.signal()
      if c.optional(0) != nil {
        return c.concatenated([signal, try c.signal(0, "the other signal")])
      }
      return c.probed { signal.map { c.innerSignal($0) }.concat(probe: $0) }
    },
    .method(
      "combineLatest", rac: "combineLatestWith:",
      "Sends (this, other) tuples of the latest values once both have one",
      parameters: [.value("other", label: "with")],
      holds: "the latest value of each input, nil until it sends", lanes: ["latest"],
      rxjsDifference: "the values are arrays (tuples without it)",
      example: """
        let a = cold("-1---2----|")
        let b = cold("---x----y-|")
        let both = a.combineLatest(with: b)
        show both
        expect both == "---p-q--r-|", p: (1, "x"), q: (2, "x"), r: (2, "y")
        """
    ) { c throws(RuntimeError) in
      let inputs = [try c.signal(), try c.signal(0, "the other signal")]
      return c.probed {
        Signal.combineLatest(inputs, probe: $0).map { c.combined($0) }
      }
    },
    .method(
      "zip", rac: "zipWith:",
      "Pairs the n-th values of this signal and the other as tuples",
      parameters: [.value("other", label: "with")],
      holds: "the values of each input waiting for a partner", lanes: ["queues"],
      rxjsDifference: "the values are arrays (tuples without it)",
      example: """
        let a = cold("-1-2-3|")
        let b = cold("--x--y|")
        let pairs = a.zip(with: b)
        show pairs
        expect pairs == "--p--q|", p: (1, "x"), q: (2, "y")
        """
    ) { c throws(RuntimeError) in
      let inputs = [try c.signal(), try c.signal(0, "the other signal")]
      return c.probed { Signal.zip(inputs, probe: $0).map { c.combined($0) } }
    },
    .method(
      "withLatestFrom", rac: "",
      "Sends each value with the latest values of the other signals, as a tuple (RxJS withLatestFrom)",
      parameters: [.variadic("others")],
      holds: "the latest value of each other signal", lanes: ["latest"],
      rxjsDifference: "the values are arrays (tuples without it)",
      example: """
        let clicks = cold("---c----c-|")
        let text = cold("-a----b----")
        let sent = clicks.withLatestFrom(text)
        show sent
        expect sent == "---x----y-|", x: ("c", "a"), y: ("c", "b")
        """
    ) { c throws(RuntimeError) in
      let others = try c.signals("each other signal")
      let input = try c.signal()
      return c.probed {
        input.withLatestFrom(others, probe: $0).map { c.combined($0) }
      }
    },
  ]

  /// Operators on signals of signals.
  static let higherOrder: [OperatorEntry] = [
    .method(
      "flattenMap", rac: "flattenMap:", alias: "mergeMap",
      "Maps each value to a signal and merges them all; 'concurrent: n' runs at most n at once, the rest wait in order",
      parameters: [.value("concurrent", label: "concurrent", optional: true), .closure("x")],
      holds:
        "the active inner subscriptions (lane $0; with `concurrent:` also the values waiting, lane $1)",
      lanes: ["active", "queue"],
      typing: .closureTakesValues,
      synonyms: [.withAlias("flatMap")],
      example: """
        let input = cold("-a--b----|")
        let output = input.flattenMap { x in cold("--x|", x: x) }
        show input, output
        expect output == "---a--b--|"
        """
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
      holds: "the active inner subscriptions", lanes: ["active"],
      example: """
        let inner = cold("--r|")
        let outer = cold("-x--x---|", x: inner)
        let merged = outer.flatten()
        show outer, merged
        expect merged == "---r--r-|"
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      return c.probed { input.flattenMap(probe: $0) { c.innerSignal($0) } }
    },
    .method(
      "switchToLatest", rac: "switchToLatest", alias: "switchAll",
      "Forwards the latest inner signal only; a new one cuts the previous one off",
      holds: "the current inner signal", lanes: ["current"], synonyms: ["switchLatest"],
      example: """
        let slow = cold("---s|")
        let outer = cold("-x-x-----|", x: slow)
        let latest = outer.switchToLatest()
        show latest
        expect latest == "------s--|"
        expect subscriptions(slow) == ["-^-!", "---^---!"]
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      return c.probed { input.map { c.innerSignal($0) }.switchToLatest(probe: $0) }
    },
    .method(
      "switchMap", rac: "",
      "Maps each value to a signal and forwards only the latest one (RxJS switchMap: map, then switchToLatest)",
      parameters: [.closure("x")],
      holds: "the current inner signal", lanes: ["current"],
      typing: .closureTakesValues,
      synonyms: ["flatMapLatest"],
      example: """
        let input = cold("-a-b------|")
        let output = input.switchMap { x in cold("---x|", x: x) }
        show output
        expect output == "------b---|"
        """
    ) { c throws(RuntimeError) in
      let inners = c.innerSignals(try c.signal(), try c.function(0))
      return c.probed { inners.switchToLatest(probe: $0) }
    },
    .method(
      "concatMap", rac: "",
      "Maps each value to a signal and plays them one after another (RxJS concatMap)",
      parameters: [.closure("x")],
      holds: "the current inner signal and the queue of pending ones", lanes: ["current", "queue"],
      typing: .closureTakesValues,
      example: """
        let input = cold("ab--------|")
        let output = input.concatMap { x in cold("--x|", x: x) }
        show output
        expect output == "--a--b----|"
        """
    ) { c throws(RuntimeError) in
      let inners = c.innerSignals(try c.signal(), try c.function(0), lazily: true)
      return c.probed { inners.concat(probe: $0) }
    },
    .method(
      "bind", rac: "bind",
      "Like flattenMap, but a closure result of nil ends the outer side (RAC's core operator)",
      parameters: [.closure("x")],
      holds: "the active inner subscriptions", lanes: ["active"], typing: .closureTakesValues,
      example: """
        let input = cold("-1-2-3-4|")
        let bound = input.bind { x in x < 3 ? just(x * 10) : nil }
        show bound
        expect bound == "-a-b-|", a: 10, b: 20
        """
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
      holds: "the current branch: true for `then`, false for `else`", lanes: ["branch"],
      example: """
        let flag = cold("t---f---|", t: true, f: false)
        let yes = cold("-y-y-y-y-y")
        let no = cold("n-n|")
        let chosen = flag.if(then: yes, else: no)
        show chosen
        expect chosen == "-y-yn-n-|"
        """
    ) { c throws(RuntimeError) in
      let whenTrue = try c.signal(0, "'then'")
      let whenFalse = try c.signal(1, "'else'")
      let flags = c.bools(try c.signal(), what: "the signal of 'if'")
      return c.probed { flags.if(then: whenTrue, else: whenFalse, probe: $0) }
    },
  ]

  /// Errors, repetition and side effects.
  static let errorsAndRepetition: [OperatorEntry] = [
    .method(
      "catch", rac: "catch:", alias: "catchError",
      "On failure, switches to the signal the closure returns for the error; a second closure parameter is the result itself, to resubscribe (RxJS catchError's caught)",
      parameters: [.closure("error")],
      holds: "whether it switched to the fallback", lanes: ["switched"],
      example: """
        let input = cold("-a-#")
        let safe = input.catch { e in cold("-r|") }
        show input, safe
        expect safe == "-a--r|"
        """
    ) { c throws(RuntimeError) in
      let handler = try c.function(0)
      let input = try c.signal()
      guard handler.takesIndex else {
        return c.probed {
          input.catch(probe: $0) { error in
            handler.signal(from: handler(.error(ScriptValue.payload(of: error))))
          }
        }
      }
      let caught = WeakSignal()
      let result = c.probed {
        input.catch(probe: $0) { error in
          let again = Signal<ScriptValue>.defer { caught.signal ?? .never }
          return handler.signal(
            from: handler(.error(ScriptValue.payload(of: error)), .signal(again)))
        }
      }
      if case .signal(let signal) = result { caught.signal = signal }
      return result
    },
    .method(
      "catchTo", rac: "catchTo:",
      "On failure, switches to the given signal",
      parameters: [.value("replacement")],
      holds: "whether it switched to the fallback", lanes: ["switched"],
      synonyms: ["onErrorResumeNext"],
      example: """
        let input = cold("-a-#")
        let safe = input.catchTo(just("r"))
        show safe
        expect safe == "-a-(r|)"
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      let replacement = try c.signal(0, "the replacement")
      return c.probed { input.catchTo(replacement, probe: $0) }
    },
    .method(
      "then", rac: "then:",
      "Ignores the values and, on completion, switches to the signal the closure returns",
      parameters: [.closure("")],
      holds: "whether it switched to the next signal", lanes: ["switched"],
      example: """
        let input = cold("-a-|")
        let next = input.then { cold("-b|") }
        show next
        expect next == "----b|"
        """
    ) { c throws(RuntimeError) in
      let next = try c.function(0)
      let input = try c.signal()
      return c.probed { input.then(probe: $0) { next.signal(from: next()) } }
    },
    .method(
      "retry", rac: "retry / retry:", alias: "retry",
      "On failure, subscribes again: at most `count` times, or forever without a count; 'delay:' waits that many frames first (RxJS retry({count, delay}))",
      parameters: [
        .value("count", optional: true), .value("count", label: "count", optional: true),
        .value("delay", label: "delay", optional: true),
      ],
      holds: "the attempt", lanes: ["attempt"], typing: .passesValues,
      example: """
        let flaky = cold("-a#")
        let twice = flaky.retry(1)
        show twice
        expect twice == "-a-a#"
        """
    ) { c throws(RuntimeError) in
      if case .closure = c.value(2) {
        let delay = try c.function(2)
        return .signal(
          try c.signal().retry(try c.repetitionCount()) { error, n in
            delay.signal(from: delay(.error(ScriptValue.payload(of: error)), .int(n)))
          })
      }
      let (count, delay) = try c.repetition()
      let input = try c.signal()
      return c.probed { input.retry(count, delay: delay, probe: $0) }
    },
    .method(
      "repeat", rac: "repeat", alias: "repeat",
      "On completion, subscribes again: `count` subscriptions in all, or forever without a count; 'delay:' waits that many frames first (RxJS repeat({count, delay}))",
      parameters: [
        .value("count", optional: true), .value("count", label: "count", optional: true),
        .value("delay", label: "delay", optional: true),
      ],
      holds: "the attempt", lanes: ["attempt"], typing: .passesValues,
      example: """
        let once = cold("-a|")
        let thrice = once.repeat(3)
        show thrice
        expect thrice == "-a-a-a|"
        """
    ) { c throws(RuntimeError) in
      if case .closure = c.value(2) {
        let delay = try c.function(2)
        return .signal(
          try c.signal().repeat(try c.repetitionCount()) { n in
            delay.signal(from: delay(.int(n)))
          })
      }
      let (count, delay) = try c.repetition()
      let input = try c.signal()
      return c.probed { input.repeat(count, delay: delay, probe: $0) }
    },
    .method(
      "doNext", rac: "doNext:", alias: "tap",
      "Calls the closure for each value (for its effect), then forwards the value",
      parameters: [.closure("x")],
      typing: [.passesValues, .closureTakesValues], synonyms: ["do", "doOnNext", "handleEvents"],
      example: """
        let save = Command { x in cold("-s|", s: x) }
        let input = cold("-1---2|")
        let output = input.doNext { x in save.execute(x) }
        show output, save.executionSignals
        """
    ) { c throws(RuntimeError) in
      let action = try c.function(0)
      return .signal(try c.signal().doNext { _ = action($0) })
    },
    .method(
      "doError", rac: "doError:",
      "Calls the closure with the error (for its effect), then forwards the failure",
      parameters: [.closure("error")], typing: .passesValues,
      example: """
        let input = cold("-a-#")
        let output = input.doError { e in e }
        show output
        expect output == "-a-#"
        """
    ) { c throws(RuntimeError) in
      let action = try c.function(0)
      return .signal(try c.signal().doError { _ = action(.error(ScriptValue.payload(of: $0))) })
    },
    .method(
      "doCompleted", rac: "doCompleted:",
      "Calls the closure on completion (for its effect), then forwards it",
      parameters: [.closure("")], typing: .passesValues,
      example: """
        let input = cold("-a-|")
        let output = input.doCompleted { 0 }
        show output
        expect output == "-a-|"
        """
    ) { c throws(RuntimeError) in
      let action = try c.function(0)
      return .signal(try c.signal().doCompleted { _ = action() })
    },
    .method(
      "initially", rac: "initially:",
      "Calls the closure at each subscription, before subscribing",
      parameters: [.closure("")], typing: .passesValues,
      example: """
        let input = cold("-a|")
        let output = input.initially { 0 }
        show output
        expect output == "-a|"
        """
    ) { c throws(RuntimeError) in
      let action = try c.function(0)
      return .signal(try c.signal().initially { _ = action() })
    },
    .method(
      "finally", rac: "finally:", alias: "finalize",
      "Calls the closure when the signal completes or fails",
      parameters: [.closure("")], typing: .passesValues, synonyms: ["ensure"],
      example: """
        let input = cold("-a|")
        let output = input.finally { 0 }
        show output
        expect output == "-a|"
        """
    ) { c throws(RuntimeError) in
      let action = try c.function(0)
      return .signal(try c.signal().finally { _ = action() })
    },
  ]
}

extension Call {
  /// `signals` merged, with a probe: `s.internals` draws the inputs still running.
  func merged(_ signals: [Signal<ScriptValue>]) -> ScriptValue {
    probed { Signal<Signal<ScriptValue>>.from(signals).flattenMap(probe: $0) { $0 } }
  }

  /// `signals` one after another, with a probe: `s.internals` draws the input playing (1, 2,
  /// …) and the inputs waiting.
  func concatenated(_ signals: [Signal<ScriptValue>]) -> ScriptValue {
    probed { Signal<Signal<ScriptValue>>.from(signals).concat(probe: $0) }
  }
}
