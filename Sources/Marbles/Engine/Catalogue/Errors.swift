import Reactive
import ReactiveRxJS

extension Catalogue {
  /// Errors, repetition and side effects.
  package static let errors: [OperatorEntry] = [
    .method(
      "catch", rac: "catch:", alias: "catchError",
      "On failure, switches to the signal the closure returns for the error; a second closure parameter is the result itself, to resubscribe (RxJS catchError's caught)",
      parameters: [.closure("error")],
      holds: "whether it switched to the fallback", lanes: [.switched],
      example: .applying(
        #"catch { e in cold("-r|") }"#, to: "-a-#", as: "safe", showingInput: true, expect: "-a--r|"
      )
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
      holds: "whether it switched to the fallback", lanes: [.switched],
      synonyms: ["onErrorResumeNext"],
      example: .applying(#"catchTo(just("r"))"#, to: "-a-#", as: "safe", expect: "-a-(r|)")
    ) { c throws(RuntimeError) in
      try c.probed(with: c.signal(0, "the replacement")) { $0.catchTo($1, probe: $2) }
    },
    .method(
      "then", rac: "then:",
      "Ignores the values and, on completion, switches to the signal the closure returns",
      parameters: [.closure("")],
      holds: "whether it switched to the next signal", lanes: [.switched],
      example: .applying(#"then { cold("-b|") }"#, to: "-a-|", as: "next", expect: "----b|")
    ) { c throws(RuntimeError) in
      try c.probed(after: c.function(0)) { input, next, probe in
        input.then(probe: probe) { next.signal(from: next()) }
      }
    },
    .method(
      "retry", rac: "retry / retry:", alias: "retry",
      "On failure, subscribes again: at most `count` times, or forever without a count; 'delay:' waits that many frames first; 'resetOnSuccess: true' counts failures in a row (RxJS retry({count, delay, resetOnSuccess}))",
      parameters: [
        .value("count", optional: true), .option("count"), .option("delay"),
        .option("resetOnSuccess"),
      ],
      holds: "the attempt", lanes: [.attempt], typing: .passesValues,
      example: .script(cold: ["flaky": "-a#"], "twice = flaky.retry(1)", expect: "-a-a#")
    ) { c throws(RuntimeError) in
      if case .closure = c.value(2) {
        let delay = try c.function(2)
        if c.optional(3) != nil {
          throw RuntimeError(
            "'resetOnSuccess:' of 'retry' goes with a 'delay:' in frames, not with a closure",
            at: c.rangeOf(3))
        }
        return try c.probed(after: c.repetitionCount()) { input, count, probe in
          input.retry(
            count,
            when: { error, n in
              delay.signal(from: delay(.error(ScriptValue.payload(of: error)), .int(n)))
            }, probe: probe)
        }
      }
      let (count, delay) = try c.repetition()
      let reset = try c.bool(3, "resetOnSuccess", absent: false)
      return try c.probedSignal { $0.retry(count, delay: delay, resetOnSuccess: reset, probe: $1) }
    },
    .method(
      "repeat", rac: "repeat", alias: "repeat",
      "On completion, subscribes again: `count` subscriptions in all, or forever without a count; 'delay:' waits that many frames first (RxJS repeat({count, delay}))",
      parameters: [.value("count", optional: true), .option("count"), .option("delay")],
      holds: "the attempt", lanes: [.attempt], typing: .passesValues,
      example: .script(cold: ["once": "-a|"], "thrice = once.repeat(3)", expect: "-a-a-a|")
    ) { c throws(RuntimeError) in
      if case .closure = c.value(2) {
        let delay = try c.function(2)
        return try c.probed(after: c.repetitionCount()) {
          $0.repeat($1, when: { n in delay.signal(for: .int(n)) }, probe: $2)
        }
      }
      let (count, delay) = try c.repetition()
      return try c.probedSignal { $0.repeat(count, delay: delay, probe: $1) }
    },
    .method(
      "doNext", rac: "doNext:", alias: "tap",
      "Calls the closure for each value (for its effect), then forwards the value; with an observer's closures (RxJS tap({ subscribe, next, error, complete, unsubscribe, finalize })), each at its moment",
      parameters: [
        .optionalClosure("", label: "subscribe"), .optionalClosure("x", label: "next"),
        .optionalClosure("error", label: "error"), .optionalClosure("", label: "complete"),
        .optionalClosure("", label: "unsubscribe"), .optionalClosure("", label: "finalize"),
        .optionalClosure("x"),
      ],
      typing: [.passesValues, .closureTakesValues], synonyms: ["do", "doOnNext", "handleEvents"],
      example: """
        let save = Command { x in cold("-s|", s: x) }
        let input = cold("-1---2|")
        let output = input.doNext { x in save.execute(x) }
        show output, save.executionSignals
        """
    ) { c throws(RuntimeError) in
      if let action = try c.optionalFunction(6, "the closure") {
        return .signal(try c.signal().doNext { _ = action($0) })
      }
      // The observer form: RxJS's `tap({ … })`, each callback optional, at least one given.
      var callbacks: [ScriptFunction?] = []
      for (index, name) in ["subscribe", "next", "error", "complete", "unsubscribe", "finalize"]
        .enumerated()
      {
        callbacks.append(try c.optionalFunction(index, "'\(name):'"))
      }
      guard callbacks.contains(where: { $0 != nil }) else {
        throw RuntimeError(
          "'\(c.name)' needs a closure { x in … }, or an observer's closures (subscribe:, next:, error:, complete:, unsubscribe:, finalize:)",
          at: c.range)
      }
      let (subscribe, next, error, complete, unsubscribe, finalize) = (
        callbacks[0], callbacks[1], callbacks[2], callbacks[3], callbacks[4], callbacks[5]
      )
      return .signal(
        try c.signal().rxjs.tap(
          subscribe: subscribe.map { f in { _ = f() } },
          next: next.map { f in { _ = f($0) } },
          error: error.map { f in { _ = f(.error(ScriptValue.payload(of: $0))) } },
          complete: complete.map { f in { _ = f() } },
          unsubscribe: unsubscribe.map { f in { _ = f() } },
          finalize: finalize.map { f in { _ = f() } }))
    },
    .method(
      "doError", rac: "doError:",
      "Calls the closure with the error (for its effect), then forwards the failure",
      parameters: [.closure("error")], typing: .passesValues,
      example: .applying("doError { e in e }", to: "-a-#", as: "output", expect: "-a-#")
    ) { c throws(RuntimeError) in
      let action = try c.function(0)
      return .signal(try c.signal().doError { _ = action(.error(ScriptValue.payload(of: $0))) })
    },
    .method(
      "doCompleted", rac: "doCompleted:",
      "Calls the closure on completion (for its effect), then forwards it",
      parameters: [.closure("")], typing: .passesValues,
      example: .applying("doCompleted { 0 }", to: "-a-|", as: "output", expect: "-a-|")
    ) { c throws(RuntimeError) in
      let action = try c.function(0)
      return .signal(try c.signal().doCompleted { _ = action() })
    },
    .method(
      "initially", rac: "initially:",
      "Calls the closure at each subscription, before subscribing",
      parameters: [.closure("")], typing: .passesValues,
      example: .applying("initially { 0 }", to: "-a|", as: "output", expect: "-a|")
    ) { c throws(RuntimeError) in
      let action = try c.function(0)
      return .signal(try c.signal().initially { _ = action() })
    },
    .method(
      "finally", rac: "finally:", alias: "finalize",
      "Calls the closure when the signal completes or fails",
      parameters: [.closure("")], typing: .passesValues, synonyms: ["ensure"],
      example: .applying("finally { 0 }", to: "-a|", as: "output", expect: "-a|")
    ) { c throws(RuntimeError) in
      let action = try c.function(0)
      return .signal(try c.signal().finally { _ = action() })
    },
    .method(
      "throwIfEmpty", rac: "", alias: "throwIfEmpty",
      "Fails with \"noElements\" if the signal completes without a value (RxJS throwIfEmpty)",
      holds: "whether any value arrived", lanes: [.arrived],
      example: .applying(
        "throwIfEmpty()", to: "---|", as: "output", expect: "---#", values: #"error: "noElements""#)
    ) { c throws(RuntimeError) in
      try c.probedSignal { $0.throwIfEmpty(probe: $1) }
    },
    .method(
      "onErrorResumeNextWith", rac: "", alias: "onErrorResumeNextWith",
      "Plays this signal, then each of the others in turn, going on after a failure as after a completion (RxJS onErrorResumeNextWith)",
      parameters: [.variadic("others")],
      holds: "the current input and the waiting ones", lanes: [.current, .queue],
      example: .script(
        cold: ["a": "-a#", "b": "-b|"], "both = a.onErrorResumeNextWith(b)", showing: ["a"],
        expect: "-a-b|")
    ) { c throws(RuntimeError) in
      let all = [try c.signal()] + (try c.signals("each other signal"))
      return c.concatenated(all.map { $0.catch { _ in .empty } })
    },
    .function(
      "onErrorResumeNext", rac: "", alias: "onErrorResumeNext",
      "Plays the signals one after another, going on after a failure as after a completion (RxJS onErrorResumeNext)",
      parameters: [.variadic("signals")],
      holds: "the current input and the waiting ones", lanes: [.current, .queue],
      example: .script(
        cold: ["a": "-a#", "b": "-b|"], "both = onErrorResumeNext(a, b)", showing: ["a", "b"],
        expect: "-a-b|")
    ) { c throws(RuntimeError) in
      c.concatenated(try c.signals("each signal").map { $0.catch { _ in .empty } })
    },
    .method(
      "retryWhen", rac: "", alias: "retryWhen",
      "Hands the closure the signal of this signal's errors; each value of the signal it returns subscribes again; its completion completes (RxJS retryWhen)",
      parameters: [.closure("errors")],
      holds: "the subscription in use: 1, then 2 for the first retry, …", lanes: [.attempt],
      example: .applying(
        "retryWhen { errors in errors.delay(2).take(2) }", to: "-a#", as: "again",
        showingInput: true, expect: "-a---a--|")
    ) { c throws(RuntimeError) in
      try c.probed(after: c.function(0)) { input, notifier, probe in
        input.retryWhen(probe: probe) { errors in
          notifier.signal(
            for: .signal(errors.map { ScriptValue.error(ScriptValue.payload(of: $0)) }))
        }
      }
    },
    .method(
      "repeatWhen", rac: "", alias: "repeatWhen",
      "Hands the closure a signal that sends nil at each completion; each value of the signal it returns subscribes again; its completion completes (RxJS repeatWhen)",
      parameters: [.closure("completions")],
      holds: "the subscription in use: 1, then 2 for the first repetition, …", lanes: [.attempt],
      example: .applying(
        "repeatWhen { done in done.delay(1).take(2) }", to: "-a|", as: "again", showingInput: true,
        expect: "-a--a--a|")
    ) { c throws(RuntimeError) in
      try c.probed(after: c.function(0)) { input, notifier, probe in
        input.repeatWhen(probe: probe) { notifier.signal(for: .signal($0.map { _ in .null })) }
      }
    },
  ]
}
