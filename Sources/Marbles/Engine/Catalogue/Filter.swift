import Reactive
import ReactiveRxJS

extension Catalogue {
  /// Operators that let some values through, or stop early.
  package static let filtering: [OperatorEntry] = [
    .method(
      "filter", rac: "filter:", alias: "filter",
      "Forwards only the values for which the closure is true",
      parameters: [.closure("x")],
      typing: [.passesValues, .closureTakesValues], synonyms: ["compactMap"],
      example: .applying(
        "filter { $0 % 2 == 0 }", to: "-1-2-3-4|", as: "even", showingInput: true,
        expect: "---2---4|")
    ) { c throws(RuntimeError) in
      let isIncluded = try c.function(0)
      let source = try c.signal()
      guard isIncluded.takesIndex else {
        return .signal(source.filter { isIncluded.predicate($0) })
      }
      return .signal(c.indexed(source).filter { isIncluded.isTrue($0.0, at: $0.1) }.map { $0.0 })
    },
    .method(
      "ignoreValues", rac: "ignoreValues", alias: "ignoreElements",
      "Drops every value; only completion or failure passes",
      example: .applying("ignoreValues()", to: "-a-b-|", as: "done", expect: "-----|")
    ) { c throws(RuntimeError) in .signal(try c.signal().ignoreValues()) },
    .method(
      "distinctUntilChanged", rac: "distinctUntilChanged", alias: "distinctUntilChanged",
      "Drops each value equal to the previous one; with { a, b in … }, equal as the closure says; with { x in … }, equal keys; with both, keys compared by the comparator (RxJS distinctUntilChanged, with a comparator and a key selector)",
      parameters: [.optionalClosure("a, b"), .optionalClosure("x")],
      holds: "the previous value", lanes: [.previous],
      typing: .passesValues,
      synonyms: ["removeDuplicates"],
      example: .applying(
        "distinctUntilChanged()", to: "-a-a-b-a|", as: "changes", expect: "-a---b-a|")
    ) { c throws(RuntimeError) in
      let source = try c.signal()
      let first = try c.optionalFunction(0, "the comparator")
      let second = try c.optionalFunction(1, "the key selector")
      // A closure of two parameters is the comparator, one of one the key selector, in
      // either place: RxJS's order is (comparator, keySelector), and a trailing closure takes
      // the last place.
      let given = [first, second].compactMap { $0 }
      let comparators = given.filter(\.takesIndex)
      guard comparators.count < 2, given.count - comparators.count < 2 else {
        throw c.argumentError(
          1, "the second closure",
          expected: "a comparator { a, b in … } with a key selector { x in key }")
      }
      let same = c.equality(comparators.first)
      guard let key = given.first(where: { !$0.takesIndex }) else {
        guard comparators.isEmpty else { return .signal(source.distinctUntilChanged(by: same)) }
        return c.probed { source.distinctUntilChanged(probe: $0, by: same) }
      }
      // As RxJS: each value's key is taken once, and compared with the key of the last value
      // sent.
      return .signal(
        source.map { value in (value, key(value)) }
          .distinctUntilChanged { a, b in same(a.1, b.1) }
          .map { $0.0 })
    },
    .method(
      "take", rac: "take:", alias: "take",
      "Forwards the first `count` values, then completes",
      parameters: [.value("count")],
      holds: "the count of values taken", lanes: [.taken], typing: .passesValues,
      example: .applying("take(2)", to: "-a-b-c-|", as: "two", expect: "-a-(b|)")
    ) { c throws(RuntimeError) in
      try c.probed(with: c.int(0, "the count", minimum: Int.min)) { $0.take($1, probe: $2) }
    },
    .method(
      "skip", rac: "skip:", alias: "skip",
      "Drops the first `count` values",
      parameters: [.value("count")],
      holds: "the count of values skipped", lanes: [.skipped], typing: .passesValues,
      example: .applying("skip(2)", to: "-a-b-c-|", as: "rest", expect: "-----c-|")
    ) { c throws(RuntimeError) in
      try c.probed(with: c.int(0, "the count", minimum: Int.min)) { $0.skip($1, probe: $2) }
    },
    .method(
      "takeLast", rac: "takeLast:", alias: "takeLast",
      "Sends the last `count` values when the signal completes",
      parameters: [.value("count")],
      holds: "the last values kept", lanes: [.kept],
      typing: .passesValues,
      rxjsDifference: "a count of 0 completes at once (RxJS EMPTY)",
      example: .applying("takeLast(2)", to: "-a-b-c-|", as: "last2", expect: "-------(bc|)")
    ) { c throws(RuntimeError) in
      let count = try c.int(0, "the count", minimum: Int.min)
      if count < 0 || (count == 0 && c.runtime.usesRxJS) { return .signal(.empty) }
      return try c.probedSignal { $0.takeLast(count, probe: $1) }
    },
    .method(
      "takeUntil", rac: "takeUntil:",
      "Forwards values until the trigger sends a value or completes, then completes",
      parameters: [.value("trigger")], semantics: .reactiveObjC,
      holds: "whether the trigger fired", lanes: [.fired], typing: .passesValues,
      example: .script(
        cold: ["input": "-a-b-c-|", "stop": "----x"], "output = input.takeUntil(stop)",
        expect: "-a-b|")
    ) { c throws(RuntimeError) in
      try c.probed(with: c.signal(0, "the trigger")) { $0.takeUntil($1, probe: $2) }
    },
    .method(
      "takeUntil", rac: "", alias: "takeUntil",
      "Forwards values until the notifier sends a value, then completes; the notifier's completion is ignored, its failure passes (RxJS takeUntil)",
      parameters: [.value("notifier")], semantics: .rxjs,
      holds: "whether the trigger fired", lanes: [.fired], typing: .passesValues,
      example: .script(
        cold: ["input": "-a-b-c-|", "quiet": "--|"], "output = input.takeUntil(quiet)",
        expect: "-a-b-c-|", rxjs: true)
    ) { c throws(RuntimeError) in
      try c.probed(with: c.signal(0, "the notifier")) { $0.rxjs.takeUntil($1, probe: $2) }
    },
    .method(
      "takeUntilReplacement", rac: "takeUntilReplacement:",
      "Forwards values until the replacement sends anything, then plays the replacement instead; ends when the replacement ends",
      parameters: [.value("replacement")],
      holds: "whether the replacement took over", lanes: [.replaced],
      example: """
        let input = cold("--a--b--c--|")
        let replacement = hot("-------x--y|")
        let output = input.takeUntilReplacement(replacement)
        show input, replacement, output
        expect output == "--a--b-x--y|"
        """
    ) { c throws(RuntimeError) in
      try c.probed(with: c.signal(0, "the replacement")) { $0.takeUntilReplacement($1, probe: $2) }
    },
    .method(
      "takeWhile", rac: "takeWhileBlock:", alias: "takeWhile",
      "Forwards values while the closure is true, then completes; with 'inclusive: true' also the first value that fails",
      parameters: [.option("inclusive"), .closure("x")],
      holds: "whether it still takes", lanes: [.taking],
      typing: [.passesValues, .closureTakesValues],
      example: .applying("takeWhile { $0 < 3 }", to: "-1-2-3-1|", as: "small", expect: "-1-2-|")
    ) { c throws(RuntimeError) in
      let predicate = try c.function(1)
      let inclusive = try c.bool(0, "inclusive", absent: false)
      let source = try c.signal()
      guard predicate.takesIndex else {
        return c.probed { probe in
          source.takeWhile(inclusive: inclusive, probe: probe) { predicate.predicate($0) }
        }
      }
      return c.probed { probe in
        c.indexed(source).takeWhile(inclusive: inclusive, probe: probe) {
          predicate.isTrue($0.0, at: $0.1)
        }.map { $0.0 }
      }
    },
    .method(
      "skipWhile", rac: "skipWhileBlock:", alias: "skipWhile",
      "Drops values while the closure is true, then forwards everything",
      parameters: [.closure("x")],
      holds: "whether it still skips", lanes: [.skipping],
      typing: [.passesValues, .closureTakesValues],
      example: .applying("skipWhile { $0 < 3 }", to: "-1-2-3-1|", as: "rest", expect: "-----3-1|")
    ) { c throws(RuntimeError) in
      let predicate = try c.function(0)
      let source = try c.signal()
      guard predicate.takesIndex else {
        return c.probed { probe in
          source.skipWhile(probe: probe) { predicate.predicate($0) }
        }
      }
      return c.probed { probe in
        c.indexed(source).skipWhile(probe: probe) { predicate.isTrue($0.0, at: $0.1) }.map { $0.0 }
      }
    },
    .method(
      "first", rac: "", alias: nil,
      "Sends the first (matching) value and completes; if there is none, the default or a failure \"noElements\" (RxJS first)",
      parameters: [.option("default"), .optionalClosure("x")],
      holds: "whether a value matched", lanes: [.matched],
      typing: [.passesValues, .closureTakesValues],
      example: .applying("first { $0 > 1 }", to: "-1-2-3|", as: "firstBig", expect: "---(2|)")
    ) { c throws(RuntimeError) in try c.firstOrLast(last: false) },
    .method(
      "last", rac: "", alias: nil,
      "Sends the last (matching) value when the signal completes; if there is none, the default or a failure \"noElements\" (RxJS last)",
      parameters: [.option("default"), .optionalClosure("x")],
      holds: "the last matching value", lanes: [.latest],
      typing: [.passesValues, .closureTakesValues],
      example: .applying("last()", to: "-1-2-3|", as: "final", expect: "------(3|)")
    ) { c throws(RuntimeError) in try c.firstOrLast(last: true) },
    .method(
      "defaultIfEmpty", rac: "",
      "Sends the value if the signal completes without sending any (RxJS defaultIfEmpty)",
      parameters: [.value("value")], holds: "whether any value arrived", lanes: [.arrived],
      example: .applying("defaultIfEmpty(0)", to: "---|", as: "output", expect: "---(0|)")
    ) { c throws(RuntimeError) in
      try c.probedSignal { $0.defaultIfEmpty(c.value(0), probe: $1) }
    },
    .method(
      "distinct", rac: "", alias: "distinct",
      "Drops every value seen before (with a closure, every value whose key was seen before); each value `flushes` sends forgets what was seen (RxJS distinct, with a key selector and flushes)",
      parameters: [
        .value("keySelector", optional: true), .value("flushes", optional: true),
        .option("flushes"), .optionalClosure("x"),
      ],
      holds: "the values let through since the last flush, one per key", lanes: [.seen],
      typing: .passesValues,
      example: .applying("distinct()", to: "-a-b-a-c-b|", as: "output", expect: "-a-b---c--|")
    ) { c throws(RuntimeError) in
      let source = try c.signal()
      let budget = c.runtime.budget
      let range = c.range
      // Hashing a value visits all of it: spent each time (a large value every frame).
      func hashed(_ value: ScriptValue) -> TimelineValue {
        budget.spendComparing(value, at: range) ? value.hashKey : .null
      }
      // The key selector: a trailing closure, or positional as RxJS writes it (`nil` for none
      // before `flushes`).
      var key = try c.optionalFunction(3, "the key selector")
      if key == nil { key = try c.optionalFunction(0, "the key selector") }
      let keyOf: (ScriptValue) -> TimelineValue =
        key.map { key in { hashed(key($0)) } } ?? { hashed($0) }
      // `flushes`, positional or labelled; `nil` is none.
      let flushIndex = [1, 2].first { index in
        guard let value = c.optional(index) else { return false }
        if case .null = value { return false }
        return true
      }
      guard let flushIndex else {
        return c.probed { source.distinct(probe: $0, by: keyOf) }
      }
      let flushes = try c.signal(flushIndex, "the flushes")
      return c.probed { source.distinct(flushes: flushes, probe: $0, by: keyOf) }
    },
    .method(
      "distinctUntilKeyChanged", rac: "", alias: "distinctUntilKeyChanged",
      "Drops each dictionary whose value at the key equals the previous one's (RxJS distinctUntilKeyChanged)",
      parameters: [.value("key")], holds: "the previous value", lanes: [.previous],
      example: .applying(
        #"distinctUntilKeyChanged("id")"#,
        to: .marble("-a-b-c|", values: #"a: ["id": 1], b: ["id": 1], c: ["id": 2]"#), as: "output",
        expect: "-a---c|", values: #"a: ["id": 1], c: ["id": 2]"#)
    ) { c throws(RuntimeError) in
      let key = try c.key(0)
      let same = c.equality(nil)
      return try c.probedSignal {
        $0.distinctUntilChanged(probe: $1) { same(field($0, key), field($1, key)) }
      }
    },
    .method(
      "find", rac: "", alias: "find",
      "Sends the first value for which the closure is true and completes; nil if there is none (RxJS find)",
      parameters: [.closure("x")],
      holds: "the index of the next value to test", lanes: [.index], typing: .closureTakesValues,
      example: .applying("find { $0 > 1 }", to: "-1-2-3|", as: "big", expect: "---(2|)")
    ) { c throws(RuntimeError) in
      try c.probed(after: c.function(0)) { input, predicate, probe in
        input.find(probe: probe) { predicate.isTrue($0, at: $1) }.map { $0 ?? .null }
      }
    },
    .method(
      "findIndex", rac: "", alias: "findIndex",
      "Sends the index of the first value for which the closure is true and completes; -1 if there is none (RxJS findIndex)",
      parameters: [.closure("x")],
      holds: "the index of the next value to test", lanes: [.index], typing: .closureTakesValues,
      example: .applying("findIndex { $0 > 1 }", to: "-1-2-3|", as: "at", expect: "---(1|)")
    ) { c throws(RuntimeError) in
      try c.probed(after: c.function(0)) { input, predicate, probe in
        input.findIndex(probe: probe) { predicate.isTrue($0, at: $1) }.map { .int($0) }
      }
    },
    .method(
      "elementAt", rac: "", alias: "elementAt",
      "Sends the value at the index and completes; without enough values, the default or a failure \"outOfRange\" (RxJS elementAt)",
      parameters: [.value("index"), .option("default")],
      holds: "the index of the next value", lanes: [.index], typing: .passesValues,
      example: .applying("elementAt(1)", to: "-a-b-c|", as: "second", expect: "---(b|)")
    ) { c throws(RuntimeError) in
      try c.probed(with: c.int(0, "the index")) {
        $0.elementAt($1, default: c.optional(1), probe: $2)
      }
    },
    .method(
      "every", rac: "", alias: "every",
      "Sends false at the first value for which the closure is false, or true on completion (RxJS every)",
      parameters: [.closure("x")],
      holds: "whether every value so far matched", lanes: [.matching], typing: .closureTakesValues,
      example: .applying(
        "every { $0 < 5 }", to: "-2-4-5-6|", as: "allSmall", expect: "-----(f|)", values: "f: false"
      )
    ) { c throws(RuntimeError) in
      try c.probed(after: c.function(0)) { input, predicate, probe in
        input.every(probe: probe) { predicate.isTrue($0, at: $1) }.map { .bool($0) }
      }
    },
    .method(
      "isEmpty", rac: "", alias: "isEmpty",
      "Sends false at the first value, or true if the signal completes without one (RxJS isEmpty)",
      example: .applying(
        "isEmpty()", to: "---|", as: "nothing", expect: "---(t|)", values: "t: true")
    ) { c throws(RuntimeError) in .signal(try c.signal().isEmpty().map { .bool($0) }) },
    .method(
      "single", rac: "", alias: "single",
      "Sends the one (matching) value on completion; fails with \"notSingle\" at a second one, \"noElements\" without any (RxJS single)",
      parameters: [.optionalClosure("x")], holds: "the match so far", lanes: [.match],
      example: .applying(
        "single { $0 == 2 }", to: "-1-2-3|", as: "two", showingInput: true, expect: "------(2|)")
    ) { c throws(RuntimeError) in
      let source = try c.signal()
      guard c.optional(0) != nil else {
        return c.probed { source.single(probe: $0) }
      }
      let predicate = try c.function(0)
      return c.probed { probe in
        source.single(probe: probe) { predicate.isTrue($0, at: $1) }
      }
    },
    .method(
      "skipLast", rac: "", alias: "skipLast",
      "Holds back the last `count` values: each value is sent once `count` newer ones arrived (RxJS skipLast)",
      parameters: [.value("count")],
      holds: "the last values held back", lanes: [.held], typing: .passesValues,
      example: .applying("skipLast(2)", to: "-1-2-3-4|", as: "output", expect: "-----1-2|")
    ) { c throws(RuntimeError) in
      try c.probed(with: c.int(0, "the count", minimum: Int.min)) { $0.skipLast($1, probe: $2) }
    },
    .method(
      "skipUntil", rac: "", alias: "skipUntil",
      "Drops values until the notifier sends a value, then forwards everything (RxJS skipUntil)",
      parameters: [.value("notifier")],
      holds: "whether the notifier fired", lanes: [.fired], typing: .passesValues,
      example: .script(
        cold: ["input": "-1-2-3-4|", "gate": "----x"], "output = input.skipUntil(gate)",
        expect: "-----3-4|")
    ) { c throws(RuntimeError) in
      try c.probed(with: c.signal(0, "the notifier")) { $0.skipUntil($1, probe: $2) }
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
  ]
}
