import Reactive
import ReactiveRxJS

extension Catalogue {
  /// Operators that combine this signal with others.
  package static let combining: [OperatorEntry] = [
    .method(
      "merge", rac: "merge:", alias: "merge",
      "Forwards the values of both signals",
      parameters: [.value("other", label: "with")], holds: "the active inputs", lanes: [.active],
      example: .script(
        cold: ["a": "--a-----c|", "b": "-----b|"], "both = a.merge(with: b)", expect: "--a--b--c|")
    ) { c throws(RuntimeError) in
      try c.probed(with: c.signal(0, "the other signal")) { $0.merge(with: $1, probe: $2) }
    },
    .method(
      "concat", rac: "concat: / concat",
      "With 'with:', plays the other signal after this one completes; without, plays a signal of signals one inner signal at a time",
      parameters: [.value("other", label: "with", optional: true)],
      holds: "the current inner signal and the queue of pending ones", lanes: [.current, .queue],
      example: .script(
        cold: ["a": "--a|", "b": "-b|"], "both = a.concat(with: b)", expect: "--a-b|")
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
      holds: "the latest value of each input, nil until it sends", lanes: [.latest],
      rxjsDifference: "the values are arrays (tuples without it)",
      example: .script(
        cold: ["a": "-1---2----|", "b": "---x----y-|"], "both = a.combineLatest(with: b)",
        expect: "---p-q--r-|", values: #"p: (1, "x"), q: (2, "x"), r: (2, "y")"#)
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
      holds: "the values of each input waiting for a partner", lanes: [.queues],
      rxjsDifference: "the values are arrays (tuples without it)",
      example: .script(
        cold: ["a": "-1-2-3|", "b": "--x--y|"], "pairs = a.zip(with: b)", expect: "--p--q|",
        values: #"p: (1, "x"), q: (2, "y")"#)
    ) { c throws(RuntimeError) in
      let inputs = [try c.signal(), try c.signal(0, "the other signal")]
      return c.probed { Signal.zip(inputs, probe: $0).map { c.combined($0) } }
    },
    .method(
      "withLatestFrom", rac: "",
      "Sends each value with the latest values of the other signals, as a tuple (RxJS withLatestFrom)",
      parameters: [.variadic("others")],
      holds: "the latest value of each other signal", lanes: [.latest],
      rxjsDifference: "the values are arrays (tuples without it)",
      example: .script(
        cold: ["clicks": "---c----c-|", "text": "-a----b----"],
        "sent = clicks.withLatestFrom(text)", expect: "---x----y-|",
        values: #"x: ("c", "a"), y: ("c", "b")"#)
    ) { c throws(RuntimeError) in
      try c.probed(after: c.signals("each other signal")) {
        $0.withLatestFrom($1, probe: $2).map { c.combined($0) }
      }
    },
    .method(
      "mergeWith", rac: "", alias: "mergeWith",
      "Forwards the values of this signal and all the others (RxJS mergeWith)",
      parameters: [.variadic("others")], holds: "the active inputs", lanes: [.active],
      example: .script(
        cold: ["a": "-a---c|", "b": "---b|"], "both = a.mergeWith(b)", expect: "-a-b-c|")
    ) { c throws(RuntimeError) in
      c.merged([try c.signal()] + (try c.signals("each other signal")))
    },
    .method(
      "concatWith", rac: "", alias: "concatWith",
      "Plays this signal, then each of the others in turn (RxJS concatWith)",
      parameters: [.variadic("others")],
      holds: "the current input and the waiting ones", lanes: [.current, .queue],
      example: .script(cold: ["a": "-a|", "b": "-b|"], "both = a.concatWith(b)", expect: "-a-b|")
    ) { c throws(RuntimeError) in
      c.concatenated([try c.signal()] + (try c.signals("each other signal")))
    },
    .method(
      "endWith", rac: "", alias: "endWith",
      "Sends the values after the signal completes, then completes (RxJS endWith)",
      parameters: [.variadic("values")],
      holds: "the current input and the waiting ones", lanes: [.current, .queue],
      example: .applying(#"endWith("y", "z")"#, to: "-a|", as: "output", expect: "-a(yz|)")
    ) { c throws(RuntimeError) in c.concatenated([try c.signal(), .from(c.variadic)]) },
    .method(
      "combineLatestWith", rac: "", alias: "combineLatestWith",
      "Sends the latest values of this signal and the others together, once each has one (RxJS combineLatestWith)",
      parameters: [.variadic("others")],
      holds: "the latest value of each input, nil until it sends", lanes: [.latest],
      example: .script(
        cold: ["a": "-1---2|", "b": "---x--|"], "both = a.combineLatestWith(b)", expect: "---p-q|",
        values: #"p: [1, "x"], q: [2, "x"]"#, rxjs: true)
    ) { c throws(RuntimeError) in
      let all = [try c.signal()] + (try c.signals("each other signal"))
      return c.probed { Signal.combineLatest(all, probe: $0).map { c.combined($0) } }
    },
    .method(
      "zipWith", rac: "", alias: "zipWith",
      "Sends the n-th values of this signal and the others together (RxJS zipWith)",
      parameters: [.variadic("others")],
      holds: "the values of each input waiting for a partner", lanes: [.queues],
      example: .script(
        cold: ["a": "-1-2-3|", "b": "--x--y|"], "pairs = a.zipWith(b)", expect: "--p--q|",
        values: #"p: [1, "x"], q: [2, "y"]"#, rxjs: true)
    ) { c throws(RuntimeError) in
      let all = [try c.signal()] + (try c.signals("each other signal"))
      return c.probed { Signal.zip(all, probe: $0).map { c.combined($0) } }
    },
    .method(
      "raceWith", rac: "", alias: "raceWith",
      "Mirrors whichever of this signal and the others sends first (RxJS raceWith)",
      parameters: [.variadic("others")],
      holds: "the winning input, once one has sent", lanes: [.winner],
      example: .script(
        cold: ["slow": "----a|", "fast": "--b---b|"], "winner = slow.raceWith(fast)",
        expect: "--b---b|")
    ) { c throws(RuntimeError) in
      let all = [try c.signal()] + (try c.signals("each other signal"))
      return c.probed { Signal.race(all, probe: $0) }
    },
    .function(
      "race", rac: "", alias: "race",
      "Mirrors whichever signal sends first and disposes the others (RxJS race)",
      parameters: [.variadic("signals")],
      holds: "the winning input, once one has sent", lanes: [.winner],
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
      holds: "the last value of each input, and how many completed", lanes: [.latest, .done],
      example: .script(
        cold: ["a": "-1-2---|", "b": "---x|"], "both = forkJoin(a, b)", expect: "-------(p|)",
        values: #"p: [2, "x"]"#, rxjs: true)
    ) { c throws(RuntimeError) in
      if let (keys, signals) = try c.keyedSignals() {
        return c.probed { Signal.forkJoin(signals, probe: $0).map { c.keyed(keys, $0) } }
      }
      let all = try c.signals("each signal")
      return c.probed { Signal.forkJoin(all, probe: $0).map { c.combined($0) } }
    },
    .method(
      "sequenceEqual", rac: "", alias: "sequenceEqual",
      "Sends whether this signal and the other send equal values in the same order (with { a, b in … }, equal as the closure says), once that is decided (RxJS sequenceEqual)",
      parameters: [.value("other"), .optionalClosure("a, b")],
      holds: "the values of either side not compared yet, and which sides completed",
      lanes: [.queues, .done],
      example: .script(
        cold: ["input": "-a-b-c-|", "other": "--a-b-c-|"], "same = input.sequenceEqual(other)",
        showing: ["input", "other"], expect: "--------(t|)", values: "t: true")
    ) { c throws(RuntimeError) in
      let other = try c.signal(0, "the other signal")
      let source = try c.signal()
      let equal = c.equality(c.optional(1) == nil ? nil : try c.function(1))
      return c.probed { source.sequenceEqual(other, probe: $0, by: equal).map { .bool($0) } }
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
