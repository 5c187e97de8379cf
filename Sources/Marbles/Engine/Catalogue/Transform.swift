import Reactive
import ReactiveRxJS

extension Catalogue {
  /// Operators that change each value, accumulate, or gather values into buffers, windows
  /// and groups.
  package static let transforming: [OperatorEntry] = [
    .method(
      "map", rac: "map:", alias: "map",
      "Sends the closure's result for each value",
      parameters: [.closure("x")], typing: .closureTakesValues, synonyms: ["compactMap"],
      example: .applying(
        "map { x in x * 10 }", to: .marble("--a--b--|", values: "a: 1, b: 2"), as: "output",
        showingInput: true, expect: "--x--y--|", values: "x: 10, y: 20")
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
      example: .applying("mapReplace(0)", to: "-a-b|", as: "output", expect: "-0-0|")
    ) { c throws(RuntimeError) in
      let value = c.value(0)
      return .signal(try c.signal().map { _ in value })
    },
    .method(
      "scan", rac: "scanWithStart:reduce:", alias: "scan",
      "Sends the running accumulation (never the start value itself); without a start, the first value starts it (RxJS scan)",
      parameters: [.value("start", optional: true), .closure("acc, x")],
      holds: "the accumulator", lanes: [.acc],
      example: .applying(
        "scan(0) { acc, x in acc + x }", to: "-1-2-3|", as: "sums", showingInput: true,
        expect: "-a-b-c|", values: "a: 1, b: 3, c: 6")
    ) { c throws(RuntimeError) in
      let reduce = try c.function(1)
      if reduce.takesAccumulatorIndex {
        return .signal(c.indexedAccumulation(try c.signal(), start: c.optional(0), reduce))
      }
      guard let start = c.optional(0) else {
        return .signal(try c.signal().scan { reduce($0, $1) })
      }
      return try c.probedSignal { $0.scan(start, probe: $1) { reduce($0, $1) } }
    },
    .method(
      "aggregate", rac: "aggregateWithStart:reduce:", alias: "reduce",
      "Sends only the final accumulation, when the signal completes; without a start, the first value starts it and an empty signal sends nothing (RxJS reduce)",
      parameters: [.value("start", optional: true), .closure("acc, x")],
      holds: "the accumulator", lanes: [.acc],
      example: .applying(
        "aggregate(0) { $0 + $1 }", to: "-1-2-3|", as: "total", expect: "------(6|)")
    ) { c throws(RuntimeError) in
      let reduce = try c.function(1)
      if reduce.takesAccumulatorIndex {
        let final = c.indexedAccumulation(try c.signal(), start: c.optional(0), reduce).takeLast(1)
        return .signal(c.optional(0).map { final.defaultIfEmpty($0) } ?? final)
      }
      guard let start = c.optional(0) else {
        return .signal(try c.signal().reduce { reduce($0, $1) })
      }
      return try c.probedSignal { $0.aggregate(start, probe: $1) { reduce($0, $1) } }
    },
    .method(
      "startWith", rac: "startWith:", alias: "startWith",
      "Sends the values first, at subscription, then the signal's events",
      parameters: [.variadic("values")],
      example: .applying(#"startWith("s")"#, to: "--a|", as: "output", expect: "s-a|")
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
      example: .applying("materialize().dematerialize()", to: "-a-#", as: "again", expect: "-a-#")
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
      holds: "the buffer of values so far", lanes: [.buffered],
      example: .applying(
        "collect()", to: "-1-2-3|", as: "all", expect: "------(x|)", values: "x: [1, 2, 3]")
    ) { c throws(RuntimeError) in
      try c.probedSignal { $0.collect(probe: $1).map { c.builtArray($0) } }
    },
    .method(
      "combinePrevious", rac: "combinePreviousWithStart:reduce:",
      "Combines each value with the previous one (the start value for the first)",
      parameters: [.value("start"), .closure("previous, current")],
      holds: "the previous value", lanes: [.previous],
      example: .applying(
        "combinePrevious(0) { previous, current in current - previous }", to: "-1-2-4|",
        as: "steps", expect: "-1-1-2|")
    ) { c throws(RuntimeError) in
      let reduce = try c.function(1)
      return try c.probedSignal { $0.combinePrevious(c.value(0), probe: $1) { reduce($0, $1) } }
    },
    .method(
      "pairwise", rac: "", alias: nil,
      "Sends (previous, current) tuples, from the second value on (RxJS pairwise)",
      holds: "the previous value", lanes: [.previous],
      rxjsDifference: "the pairs are arrays (tuples without it)",
      example: .applying(
        "pairwise()", to: "-1-2-4|", as: "pairs", expect: "---p-q|", values: "p: (1, 2), q: (2, 4)")
    ) { c throws(RuntimeError) in
      try c.probedSignal { $0.pairwise(probe: $1).map { c.combined([$0.0, $0.1]) } }
    },
    .method(
      "bufferCount", rac: "",
      "Sends arrays of `size` values, starting a new one every `every` values (RxJS bufferCount)",
      parameters: [.value("size"), .value("every", optional: true)],
      holds: "the buffer being filled", lanes: [.buffered],
      example: .applying(
        "bufferCount(2)", to: "-1-2-3-4-5|", as: "chunks", expect: "---a---b--(c|)",
        values: "a: [1, 2], b: [3, 4], c: [5]")
    ) { c throws(RuntimeError) in
      let size = try c.int(0, "the size", minimum: 1)
      let every = try c.optionalInt(1, "the step", minimum: 1)
      return try c.probedSignal { $0.bufferCount(size, every, probe: $1).map { c.builtArray($0) } }
    },
    .method(
      "not", rac: "not",
      "Negates each Bool",
      example: .applying(
        "not()", to: .marble("-t-f|", values: "t: true, f: false"), as: "output", expect: "-f-t|",
        values: "t: true, f: false")
    ) { c throws(RuntimeError) in
      .signal(
        c.bools(try c.signal(), what: "the signal of 'not'").not().map { ScriptValue.bool($0) })
    },
    .method(
      "and", rac: "and",
      "The AND of each tuple of Bools",
      example: .script(
        cold: [
          "a": .marble("t---f-|", values: "t: true, f: false"),
          "b": .marble("--t---|", values: "t: true"),
        ],
        "both = combineLatest(a, b).and()", expect: "--t-f-|", values: "t: true, f: false")
    ) { c throws(RuntimeError) in try logical(c, isAnd: true) },
    .method(
      "or", rac: "or",
      "The OR of each tuple of Bools",
      example: .script(
        cold: [
          "a": .marble("f---t-|", values: "t: true, f: false"),
          "b": .marble("--f---|", values: "f: false"),
        ],
        "either = combineLatest(a, b).or()", expect: "--f-t-|", values: "t: true, f: false")
    ) { c throws(RuntimeError) in try logical(c, isAnd: false) },
    .method(
      "buffer", rac: "", alias: "buffer",
      "Collects values and sends them as an array each time the notifier sends, and the rest on completion (RxJS buffer)",
      parameters: [.value("notifier")], holds: "the buffer being filled", lanes: [.buffered],
      example: .script(
        cold: ["input": "-a-b--c--d|", "ticks": "----x---x"], "batches = input.buffer(ticks)",
        expect: "----x---y-(z|)", values: #"x: ["a", "b"], y: ["c"], z: ["d"]"#)
    ) { c throws(RuntimeError) in
      try c.probed(with: c.signal(0, "the notifier")) {
        $0.buffer($1, probe: $2).map { c.builtArray($0) }
      }
    },
    .method(
      "count", rac: "", alias: "count",
      "Sends how many values there were (or how many the closure accepted) on completion (RxJS count)",
      parameters: [.optionalClosure("x")], holds: "the count so far", lanes: [.counted],
      example: .applying(
        "count { $0 % 2 == 0 }", to: "-1-2-3-4|", as: "evens", expect: "--------(2|)")
    ) { c throws(RuntimeError) in
      let source = try c.signal()
      guard c.optional(0) != nil else {
        return c.probed { source.count(probe: $0).map { ScriptValue.int($0) } }
      }
      let predicate = try c.function(0)
      return c.probed { probe in
        source.count(probe: probe) { predicate.isTrue($0, at: $1) }.map { .int($0) }
      }
    },
    .method(
      "min", rac: "", alias: "min",
      "Sends the smallest value on completion; with a closure { a, b in … } that is < 0 when a comes first (RxJS min)",
      parameters: [.optionalClosure("a, b")],
      holds: "the smallest value so far", lanes: [.smallest],
      example: .applying("min()", to: "-3-1-2|", as: "least", expect: "------(1|)")
    ) { c throws(RuntimeError) in
      try c.probed(with: c.ordering(0)) { $0.minimum(probe: $2, by: $1) }
    },
    .method(
      "max", rac: "", alias: "max",
      "Sends the largest value on completion; with a closure { a, b in … } that is < 0 when a comes first (RxJS max)",
      parameters: [.optionalClosure("a, b")], holds: "the largest value so far", lanes: [.largest],
      example: .applying("max()", to: "-3-1-2|", as: "most", expect: "------(3|)")
    ) { c throws(RuntimeError) in
      try c.probed(with: c.ordering(0)) { $0.maximum(probe: $2, by: $1) }
    },
    .method(
      "pluck", rac: "", alias: "pluck",
      "Sends each dictionary's value at the key (nil when missing) (RxJS pluck)",
      parameters: [.value("key")],
      example: .applying(
        #"pluck("id")"#, to: .marble("-a-b|", values: #"a: ["id": 1], b: ["id": 2]"#), as: "ids",
        showingInput: true, expect: "-1-2|")
    ) { c throws(RuntimeError) in
      let key = try c.key(0)
      return .signal(try c.signal().map { field($0, key) })
    },
    .method(
      "bufferWhen", rac: "", alias: "bufferWhen",
      "Collects values until the signal the closure returns sends, sends them as an array and starts again; the rest on completion (RxJS bufferWhen)",
      parameters: [.closure("")],
      holds: "the buffer being filled until the closing signal sends", lanes: [.buffered],
      example: .applying(
        #"bufferWhen { cold("----x") }"#, to: "-a-b---c--|", as: "batches", showingInput: true,
        expect: "----x---y-(z|)", values: #"x: ["a", "b"], y: ["c"], z: []"#)
    ) { c throws(RuntimeError) in
      try c.probed(after: c.function(0)) { input, closing, probe in
        input.bufferWhen(probe: probe) { closing.signal(from: closing()) }.map { c.builtArray($0) }
      }
    },
    .method(
      "bufferToggle", rac: "", alias: "bufferToggle",
      "Opens an array at each value of `openings` and sends it when the signal the closure returns for that value sends (RxJS bufferToggle)",
      parameters: [.value("openings"), .closure("x")],
      holds: "the open buffers, in opening order", lanes: [.buffers],
      example: .script(
        cold: ["input": "-a-b-c-d-e-|", "opens": "--o-----o"],
        #"batches = input.bufferToggle(opens) { _ in cold("---x") }"#, showing: ["input"],
        expect: "-----x-----(y|)", values: #"x: ["b", "c"], y: ["e"]"#)
    ) { c throws(RuntimeError) in
      let openings = try c.signal(0, "the openings")
      let closing = try c.function(1)
      return try c.probedSignal {
        $0.bufferToggle(openings, probe: $1, closing: closing.signal(for:)).map { c.builtArray($0) }
      }
    },
    .method(
      "window", rac: "", alias: "window",
      "Sends windows: signals of the values until the notifier next sends, one after another (RxJS window)",
      parameters: [.value("notifier")], holds: "the values in the open window", lanes: [.inWindow],
      example: .script(
        cold: ["input": "--a-b--c-|", "ticks": "-----x"], "windows = input.window(ticks)",
        showing: ["input"], expect: "x----y---|", values: #"x: cold("--a-b|"), y: cold("--c-|")"#)
    ) { c throws(RuntimeError) in
      try c.probed(with: c.signal(0, "the notifier")) {
        $0.window($1, probe: $2).map { ScriptValue.signal($0) }
      }
    },
    .method(
      "windowCount", rac: "", alias: "windowCount",
      "Sends windows of at most `size` values, a new one every `every` values (RxJS windowCount)",
      parameters: [.value("size"), .value("every", optional: true)],
      holds: "how many values each open window holds", lanes: [.windows],
      example: .applying(
        "windowCount(2)", to: "-a-b-c-d-|", as: "windows", showingInput: true, expect: "x--y---z-|",
        values: #"x: cold("-a-(b|)"), y: cold("--c-(d|)"), z: cold("--|")"#)
    ) { c throws(RuntimeError) in
      let size = try c.int(0, "the size", minimum: 1)
      let every = try c.optionalInt(1, "the step", minimum: 1)
      return try c.probedSignal {
        $0.windowCount(size, every: every, probe: $1).map { ScriptValue.signal($0) }
      }
    },
    .method(
      "windowWhen", rac: "", alias: "windowWhen",
      "Sends windows one after another; each closes, and the next opens, when the signal the closure returns sends or completes (RxJS windowWhen)",
      parameters: [.closure("")],
      holds: "the values in the open window (lane $0, one array)", lanes: [.windows],
      example: .applying(
        #"windowWhen { cold("----x") }"#, to: "-a-b---c--|", as: "windows", showingInput: true,
        expect: "x---y---z-|", values: #"x: cold("-a-b|"), y: cold("---c|"), z: cold("--|")"#)
    ) { c throws(RuntimeError) in
      try c.probed(after: c.function(0)) { input, closing, probe in
        input.windowWhen(probe: probe) { closing.signal(from: closing()) }.map { .signal($0) }
      }
    },
    .method(
      "windowToggle", rac: "", alias: "windowToggle",
      "Opens a window at each value of `openings` and completes it when the signal the closure returns for that value sends (RxJS windowToggle)",
      parameters: [.value("openings"), .closure("x")],
      holds: "the values in each open window, in opening order", lanes: [.windows],
      example: .script(
        cold: ["input": "-a-b-c-d-e--|", "opens": "--o-----o"],
        #"windows = input.windowToggle(opens) { _ in cold("--x") }"#, showing: ["input"],
        expect: "--x-----y---|", values: #"x: cold("-b|"), y: cold("-e|")"#)
    ) { c throws(RuntimeError) in
      let openings = try c.signal(0, "the openings")
      let closing = try c.function(1)
      return try c.probedSignal {
        $0.windowToggle(openings, probe: $1, closing: closing.signal(for:)).map { .signal($0) }
      }
    },
    .method(
      "groupBy", rac: "", alias: "groupBy",
      "Sends a group, a signal of the values with one key, the first time a value has that key; `g.key` reads a group's key; 'element:' maps the values in a group, 'duration:' gives each group a signal whose first value or completion ends it, 'connector:' makes each group's subject (RxJS groupBy)",
      parameters: [
        .optionalClosure("x", label: "element"), .optionalClosure("g", label: "duration"),
        .option("connector"), .closure("x"),
      ],
      holds: "the keys of the open groups, in opening order", lanes: [.groups],
      example: .applying(
        "groupBy { x in x }", to: "-a-b-a-c-|", as: "groups", showingInput: true,
        expect: "-x-y---z-|", values: #"x: cold("a---a---|"), y: cold("b-----|"), z: cold("c-|")"#)
    ) { c throws(RuntimeError) in
      let key = try c.function(3)
      let element = c.optional(0) == nil ? nil : try c.function(0)
      let duration = c.optional(1) == nil ? nil : try c.function(1)
      let connector = try c.connector(2)
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
          }, element: { element?($0) ?? $0 }, duration: closing, connector: connector
        )
        .map { .signal(GroupedSignal(key: $0.key.value, group: $0.group)) }
      }
    },
  ]
}

extension Catalogue {
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
