import Reactive

extension Catalogue {
  /// Operators that change each value.
  static let transforming: [OperatorEntry] = [
    .method(
      "map", rac: "map:", alias: "map",
      "Sends the closure's result for each value",
      parameters: [.closure("x")], typing: .closureTakesValues, synonyms: ["compactMap"],
      example: """
        let input = cold("--a--b--|", a: 1, b: 2)
        let output = input.map { x in x * 10 }
        show input, output
        expect output == "--x--y--|", x: 10, y: 20
        """
    ) { c throws(RuntimeError) in
      let transform = try c.function(0)
      let source = try c.signal()
      guard transform.takesIndex else { return .signal(source.map { transform($0) }) }
      return .signal(c.indexed(source).map { transform.indexed($0.0, $0.1) })
    },
    .method(
      "mapReplace", rac: "mapReplace:", alias: "mapTo",
      "Replaces every value with the given one",
      parameters: [.value("value")],
      example: """
        let input = cold("-a-b|")
        let output = input.mapReplace(0)
        show output
        expect output == "-0-0|"
        """
    ) { c throws(RuntimeError) in
      let value = c.value(0)
      return .signal(try c.signal().map { _ in value })
    },
    .method(
      "scan", rac: "scanWithStart:reduce:", alias: "scan",
      "Sends the running accumulation (never the start value itself); without a start, the first value starts it (RxJS scan)",
      parameters: [.value("start", optional: true), .closure("acc, x")],
      holds: "the accumulator", lanes: ["acc"],
      example: """
        let input = cold("-1-2-3|")
        let sums = input.scan(0) { acc, x in acc + x }
        show input, sums
        expect sums == "-a-b-c|", a: 1, b: 3, c: 6
        """
    ) { c throws(RuntimeError) in
      let reduce = try c.function(1)
      if reduce.takesAccumulatorIndex {
        return .signal(c.indexedAccumulation(try c.signal(), start: c.optional(0), reduce))
      }
      guard let start = c.optional(0) else {
        return .signal(try c.signal().scan { reduce($0, $1) })
      }
      let input = try c.signal()
      return c.probed { input.scan(start, probe: $0) { reduce($0, $1) } }
    },
    .method(
      "aggregate", rac: "aggregateWithStart:reduce:", alias: "reduce",
      "Sends only the final accumulation, when the signal completes; without a start, the first value starts it and an empty signal sends nothing (RxJS reduce)",
      parameters: [.value("start", optional: true), .closure("acc, x")],
      holds: "the accumulator", lanes: ["acc"],
      example: """
        let input = cold("-1-2-3|")
        let total = input.aggregate(0) { $0 + $1 }
        show total
        expect total == "------(6|)"
        """
    ) { c throws(RuntimeError) in
      let reduce = try c.function(1)
      if reduce.takesAccumulatorIndex {
        let final = c.indexedAccumulation(try c.signal(), start: c.optional(0), reduce).takeLast(1)
        return .signal(c.optional(0).map { final.defaultIfEmpty($0) } ?? final)
      }
      guard let start = c.optional(0) else {
        return .signal(try c.signal().reduce { reduce($0, $1) })
      }
      let input = try c.signal()
      return c.probed { input.aggregate(start, probe: $0) { reduce($0, $1) } }
    },
    .method(
      "startWith", rac: "startWith:", alias: "startWith",
      "Sends the values first, at subscription, then the signal's events",
      parameters: [.variadic("values")],
      example: """
        let input = cold("--a|")
        let output = input.startWith("s")
        show output
        expect output == "s-a|"
        """
    ) { c throws(RuntimeError) in
      .signal(Signal.concat([.from(c.variadic), try c.signal()]))
    },
    .method(
      "materialize", rac: "materialize", alias: "materialize",
      "Sends every event as a value, then completes",
      example: """
        let input = cold("-a-#")
        let events = input.materialize()
        show events
        """
    ) { c throws(RuntimeError) in
      // Each event checked as it is made: materializing what comes back round a loop nests.
      let budget = c.runtime.budget
      let range = c.range
      return .signal(
        try c.signal().materialize().map { event in
          let value = ScriptValue.event(event)
          return budget.fitsBuilt(value, at: range) ? value : .null
        })
    },
    .method(
      "dematerialize", rac: "dematerialize", alias: "dematerialize",
      "Turns materialized events back into events",
      example: """
        let input = cold("-a-#")
        let again = input.materialize().dematerialize()
        show again
        expect again == "-a-#"
        """
    ) { c throws(RuntimeError) in
      let runtime = c.runtime
      let range = c.range
      return .signal(
        try c.signal().map { value -> Event<ScriptValue> in
          guard case .event(let event) = value else {
            if !runtime.hasFailed {
              runtime.report(
                RuntimeError(
                  "'dematerialize' needs materialized events, not '\(value.typeName)' \(value)",
                  at: range))
            }
            return .completed
          }
          return event
        }.dematerialize())
    },
    .method(
      "collect", rac: "collect", alias: "toArray",
      "Sends one array of all values when the signal completes",
      holds: "the buffer of values so far", lanes: ["buffered"],
      example: """
        let input = cold("-1-2-3|")
        let all = input.collect()
        show all
        expect all == "------(x|)", x: [1, 2, 3]
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      return c.probed { input.collect(probe: $0).map { c.builtArray($0) } }
    },
    .method(
      "combinePrevious", rac: "combinePreviousWithStart:reduce:",
      "Combines each value with the previous one (the start value for the first)",
      parameters: [.value("start"), .closure("previous, current")],
      holds: "the previous value", lanes: ["previous"],
      example: """
        let input = cold("-1-2-4|")
        let steps = input.combinePrevious(0) { previous, current in current - previous }
        show steps
        expect steps == "-1-1-2|"
        """
    ) { c throws(RuntimeError) in
      let reduce = try c.function(1)
      let input = try c.signal()
      let start = c.value(0)
      return c.probed {
        input.combinePrevious(start, probe: $0) { reduce($0, $1) }
      }
    },
    .method(
      "pairwise", rac: "", alias: nil,
      "Sends (previous, current) tuples, from the second value on (RxJS pairwise)",
      holds: "the previous value", lanes: ["previous"],
      rxjsDifference: "the pairs are arrays (tuples without it)",
      example: """
        let input = cold("-1-2-4|")
        let pairs = input.pairwise()
        show pairs
        expect pairs == "---p-q|", p: (1, 2), q: (2, 4)
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      return c.probed {
        input.pairwise(probe: $0).map { c.combined([$0.0, $0.1]) }
      }
    },
    .method(
      "bufferCount", rac: "",
      "Sends arrays of `size` values, starting a new one every `every` values (RxJS bufferCount)",
      parameters: [.value("size"), .value("every", optional: true)],
      holds: "the buffer being filled", lanes: ["buffered"],
      example: """
        let input = cold("-1-2-3-4-5|")
        let chunks = input.bufferCount(2)
        show chunks
        expect chunks == "---a---b--(c|)", a: [1, 2], b: [3, 4], c: [5]
        """
    ) { c throws(RuntimeError) in
      let size = try c.int(0, "the size", minimum: 1)
      let every = try c.optionalInt(1, "the step", minimum: 1)
      let input = try c.signal()
      return c.probed {
        input.bufferCount(size, every, probe: $0).map { c.builtArray($0) }
      }
    },
    .method(
      "not", rac: "not",
      "Negates each Bool",
      example: """
        let input = cold("-t-f|", t: true, f: false)
        let output = input.not()
        show output
        expect output == "-f-t|", t: true, f: false
        """
    ) { c throws(RuntimeError) in
      .signal(
        c.bools(try c.signal(), what: "the signal of 'not'").not().map { ScriptValue.bool($0) })
    },
    .method(
      "and", rac: "and",
      "The AND of each tuple of Bools",
      example: """
        let a = cold("t---f-|", t: true, f: false)
        let b = cold("--t---|", t: true)
        let both = combineLatest(a, b).and()
        show both
        expect both == "--t-f-|", t: true, f: false
        """
    ) { c throws(RuntimeError) in try logical(c, isAnd: true) },
    .method(
      "or", rac: "or",
      "The OR of each tuple of Bools",
      example: """
        let a = cold("f---t-|", t: true, f: false)
        let b = cold("--f---|", f: false)
        let either = combineLatest(a, b).or()
        show either
        expect either == "--f-t-|", t: true, f: false
        """
    ) { c throws(RuntimeError) in try logical(c, isAnd: false) },
  ]

  /// Operators that drop or keep values.
  static let filtering: [OperatorEntry] = [
    .method(
      "filter", rac: "filter:", alias: "filter",
      "Forwards only the values for which the closure is true",
      parameters: [.closure("x")],
      typing: [.passesValues, .closureTakesValues], synonyms: ["compactMap"],
      example: """
        let input = cold("-1-2-3-4|")
        let even = input.filter { $0 % 2 == 0 }
        show input, even
        expect even == "---2---4|"
        """
    ) { c throws(RuntimeError) in
      let isIncluded = try c.function(0)
      let source = try c.signal()
      guard isIncluded.takesIndex else {
        return .signal(source.filter { isIncluded.predicate($0) })
      }
      return .signal(
        c.indexed(source).filter { isIncluded.isTrue(isIncluded.indexed($0.0, $0.1)) }.map { $0.0 })
    },
    .method(
      "ignoreValues", rac: "ignoreValues", alias: "ignoreElements",
      "Drops every value; only completion or failure passes",
      example: """
        let input = cold("-a-b-|")
        let done = input.ignoreValues()
        show done
        expect done == "-----|"
        """
    ) { c throws(RuntimeError) in .signal(try c.signal().ignoreValues()) },
    .method(
      "distinctUntilChanged", rac: "distinctUntilChanged", alias: "distinctUntilChanged",
      "Drops each value equal to the previous one; with { a, b in … }, equal as the closure says; with { x in … }, equal keys (RxJS comparator / key selector)",
      parameters: [.optionalClosure("a, b")],
      holds: "the previous value", lanes: ["previous"],
      typing: .passesValues,
      synonyms: ["removeDuplicates"],
      example: """
        let input = cold("-a-a-b-a|")
        let changes = input.distinctUntilChanged()
        show changes
        expect changes == "-a---b-a|"
        """
    ) { c throws(RuntimeError) in
      let source = try c.signal()
      let budget = c.runtime.budget
      let range = c.range
      guard c.optional(0) != nil else {
        return c.probed {
          source.distinctUntilChanged(probe: $0) { a, b in
            budget.spendComparing(a, b, at: range) && a.isEqual(to: b)
          }
        }
      }
      let closure = try c.function(0)
      if closure.takesIndex {
        return .signal(source.distinctUntilChanged { closure.isTrue(closure($0, $1)) })
      }
      return .signal(
        source.distinctUntilChanged { a, b in
          let (x, y) = (closure(a), closure(b))
          return budget.spendComparing(x, y, at: range) && x.isEqual(to: y)
        })
    },
    .method(
      "take", rac: "take:", alias: "take",
      "Forwards the first `count` values, then completes",
      parameters: [.value("count")],
      holds: "the count of values taken", lanes: ["taken"], typing: .passesValues,
      example: """
        let input = cold("-a-b-c-|")
        let two = input.take(2)
        show two
        expect two == "-a-(b|)"
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      let count = try c.int(0, "the count", minimum: Int.min)
      return c.probed { input.take(count, probe: $0) }
    },
    .method(
      "skip", rac: "skip:", alias: "skip",
      "Drops the first `count` values",
      parameters: [.value("count")],
      holds: "the count of values skipped", lanes: ["skipped"], typing: .passesValues,
      example: """
        let input = cold("-a-b-c-|")
        let rest = input.skip(2)
        show rest
        expect rest == "-----c-|"
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      let count = try c.int(0, "the count", minimum: Int.min)
      return c.probed { input.skip(count, probe: $0) }
    },
    .method(
      "takeLast", rac: "takeLast:", alias: "takeLast",
      "Sends the last `count` values when the signal completes",
      parameters: [.value("count")],
      holds: "the last values kept", lanes: ["kept"],
      typing: .passesValues,
      rxjsDifference: "a count of 0 completes at once (RxJS EMPTY)",
      example: """
        let input = cold("-a-b-c-|")
        let last2 = input.takeLast(2)
        show last2
        expect last2 == "-------(bc|)"
        """
    ) { c throws(RuntimeError) in
      let count = try c.int(0, "the count", minimum: Int.min)
      if count < 0 || (count == 0 && c.runtime.usesRxJS) { return .signal(.empty) }
      let input = try c.signal()
      return c.probed { input.takeLast(count, probe: $0) }
    },
    .method(
      "takeUntil", rac: "takeUntil:",
      "Forwards values until the trigger sends a value or completes, then completes",
      parameters: [.value("trigger")], semantics: .reactiveObjC,
      holds: "whether the trigger fired", lanes: ["fired"], typing: .passesValues,
      example: """
        let input = cold("-a-b-c-|")
        let stop = cold("----x")
        let output = input.takeUntil(stop)
        show output
        expect output == "-a-b|"
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      let trigger = try c.signal(0, "the trigger")
      return c.probed { input.takeUntil(trigger, probe: $0) }
    },
    .method(
      "takeWhile", rac: "takeWhileBlock:", alias: "takeWhile",
      "Forwards values while the closure is true, then completes; with 'inclusive: true' also the first value that fails",
      parameters: [.value("inclusive", label: "inclusive", optional: true), .closure("x")],
      holds: "whether it still takes", lanes: ["taking"],
      typing: [.passesValues, .closureTakesValues],
      example: """
        let input = cold("-1-2-3-1|")
        let small = input.takeWhile { $0 < 3 }
        show small
        expect small == "-1-2-|"
        """
    ) { c throws(RuntimeError) in
      let predicate = try c.function(1)
      let inclusive = c.optional(0) == nil ? false : try c.bool(0, "inclusive")
      let source = try c.signal()
      guard predicate.takesIndex else {
        return c.probed { probe in
          source.takeWhile(inclusive: inclusive, probe: probe) { predicate.predicate($0) }
        }
      }
      return c.probed { probe in
        c.indexed(source).takeWhile(inclusive: inclusive, probe: probe) {
          predicate.isTrue(predicate.indexed($0.0, $0.1))
        }.map { $0.0 }
      }
    },
    .method(
      "skipWhile", rac: "skipWhileBlock:", alias: "skipWhile",
      "Drops values while the closure is true, then forwards everything",
      parameters: [.closure("x")],
      holds: "whether it still skips", lanes: ["skipping"],
      typing: [.passesValues, .closureTakesValues],
      example: """
        let input = cold("-1-2-3-1|")
        let rest = input.skipWhile { $0 < 3 }
        show rest
        expect rest == "-----3-1|"
        """
    ) { c throws(RuntimeError) in
      let predicate = try c.function(0)
      let source = try c.signal()
      guard predicate.takesIndex else {
        return c.probed { probe in
          source.skipWhile(probe: probe) { predicate.predicate($0) }
        }
      }
      return c.probed { probe in
        c.indexed(source).skipWhile(probe: probe) {
          predicate.isTrue(predicate.indexed($0.0, $0.1))
        }
        .map { $0.0 }
      }
    },
    .method(
      "first", rac: "", alias: nil,
      "Sends the first (matching) value and completes; if there is none, the default or a failure \"noElements\" (RxJS first)",
      parameters: [.value("default", label: "default", optional: true), .optionalClosure("x")],
      holds: "whether a value matched", lanes: ["matched"],
      typing: [.passesValues, .closureTakesValues],
      example: """
        let input = cold("-1-2-3|")
        let firstBig = input.first { $0 > 1 }
        show firstBig
        expect firstBig == "---(2|)"
        """
    ) { c throws(RuntimeError) in
      let signal = try c.signal()
      let predicate = c.optional(1) != nil ? try c.function(1) : nil
      return c.probed { probe in
        let found: Signal<ScriptValue>
        if let predicate {
          found = c.indexed(signal).first(probe: probe) {
            predicate.isTrue(predicate.indexed($0.0, $0.1))
          }.map { $0.0 }
        } else {
          found = signal.first(probe: probe) { _ in true }
        }
        return c.withDefault(found, c.optional(0))
      }
    },
    .method(
      "last", rac: "", alias: nil,
      "Sends the last (matching) value when the signal completes; if there is none, the default or a failure \"noElements\" (RxJS last)",
      parameters: [.value("default", label: "default", optional: true), .optionalClosure("x")],
      holds: "the last matching value", lanes: ["latest"],
      typing: [.passesValues, .closureTakesValues],
      example: """
        let input = cold("-1-2-3|")
        let final = input.last()
        show final
        expect final == "------(3|)"
        """
    ) { c throws(RuntimeError) in
      let signal = try c.signal()
      let predicate = c.optional(1) != nil ? try c.function(1) : nil
      return c.probed { probe in
        let found: Signal<ScriptValue>
        if let predicate {
          found = c.indexed(signal).last(probe: probe) {
            predicate.isTrue(predicate.indexed($0.0, $0.1))
          }.map { $0.0 }
        } else {
          found = signal.last(probe: probe) { _ in true }
        }
        return c.withDefault(found, c.optional(0))
      }
    },
    .method(
      "defaultIfEmpty", rac: "",
      "Sends the value if the signal completes without sending any (RxJS defaultIfEmpty)",
      parameters: [.value("value")], holds: "whether any value arrived", lanes: ["arrived"],
      example: """
        let input = cold("---|")
        let output = input.defaultIfEmpty(0)
        show output
        expect output == "---(0|)"
        """
    ) { c throws(RuntimeError) in
      let input = try c.signal()
      return c.probed { input.defaultIfEmpty(c.value(0), probe: $0) }
    },
  ]

  /// `and` / `or` over tuples of Bools.
  private static func logical(_ c: Call, isAnd: Bool) throws(RuntimeError) -> ScriptValue {
    let runtime = c.runtime
    let range = c.range
    let name = c.name
    return .signal(
      try c.signal().map { value -> ScriptValue in
        var flags: [ScriptValue] = []
        switch value {
        case .tuple(let values), .array(let values): flags = values
        case .bool: flags = [value]
        default: break
        }
        var result = isAnd
        for flag in flags {
          guard case .bool(let bit) = flag else {
            if !runtime.hasFailed {
              runtime.report(
                RuntimeError(
                  "'\(name)' needs tuples of Bools, not '\(value.typeName)' \(value)", at: range))
            }
            return .bool(false)
          }
          result = isAnd ? (result && bit) : (result || bit)
        }
        if flags.isEmpty, !runtime.hasFailed {
          runtime.report(
            RuntimeError(
              "'\(name)' needs tuples of Bools, not '\(value.typeName)' \(value)", at: range))
        }
        return .bool(result)
      })
  }
}
