import Reactive
import ReactiveRxJS

extension Catalogue {
  /// Operators that shift, thin out or stamp values in time, and schedulers.
  package static let timing: [OperatorEntry] = [
    .method(
      "delay", rac: "delay:",
      "Sends every value and completion `frames` later; failures at once",
      parameters: [.value("frames")], semantics: .reactiveObjC,
      holds: "the values on their way", lanes: [.pending], typing: .passesValues,
      example: .applying(
        "delay(2)", to: "-a-b|", as: "later", showingInput: true, expect: "---a-b|")
    ) { c throws(RuntimeError) in
      try c.probed(with: c.frames(0, "the delay")) { $0.delay($1, on: c.scheduler, probe: $2) }
    },
    .method(
      "delay", rac: "", alias: "delay",
      "Sends every value `frames` later (a negative delay is none); completes once the source has completed and the last value is out; failures at once (RxJS delay)",
      parameters: [.value("frames")], semantics: .rxjs,
      holds: "the values on their way", lanes: [.pending], typing: .passesValues,
      example: .applying(
        "delay(2)", to: "-a-b|", as: "later", showingInput: true, expect: "---a-(b|)", rxjs: true)
    ) { c throws(RuntimeError) in
      try c.probed(with: c.timerFrames(0, "the delay")) {
        $0.rxjs.delay($1, on: c.scheduler, probe: $2)
      }
    },
    .method(
      "throttle", rac: "throttle:", alias: "debounceTime",
      "Sends a value only after `frames` frames pass without another (RAC throttle, a debounce)",
      parameters: [.value("frames")], semantics: .reactiveObjC,
      holds: "the value held back, nil while none (lane $0; RxJS throttle also `windowOpen`)",
      lanes: [.pending],
      typing: .passesValues,
      example: .applying(
        "throttle(2)", to: "-ab---c---|", as: "calm", showingInput: true, expect: "----b---c-|")
    ) { c throws(RuntimeError) in
      try c.probed(with: c.frames(0, "the interval")) {
        $0.throttle($1, on: c.scheduler, probe: $2)
      }
    },
    .method(
      "throttle", rac: "", alias: "throttle",
      "Sends a value, then ignores values until the signal the closure returns for it sends (RxJS throttle)",
      parameters: [.option("leading"), .option("trailing"), .closure("x")],
      semantics: .rxjs,
      holds: "the value held back, nil while none (lane $1; RxJS throttle also $0)",
      lanes: [.windowOpen, .pending],
      typing: .passesValues,
      example: .applying(
        #"throttle { _ in cold("---x") }"#, to: "-abc---d--|", as: "calm", expect: "-a-----d--|",
        rxjs: true)
    ) { c throws(RuntimeError) in
      let duration = try c.function(2)
      let leading = try c.bool(0, "leading", absent: true)
      let trailing = try c.bool(1, "trailing", absent: false)
      return try c.probedSignal {
        $0.rxjs.throttle(leading: leading, trailing: trailing, probe: $1, duration.signal(for:))
      }
    },
    .method(
      "throttleTime", rac: "",
      "Sends a value, then ignores values for `frames` frames; 'trailing: true' also sends the window's last value when it closes, 'leading: false' holds back the first (RxJS throttleTime)",
      parameters: [.value("frames"), .option("leading"), .option("trailing")],
      holds: "whether the silent window is open and the value held for it",
      lanes: [.windowOpen, .pending],
      typing: .passesValues,
      synonyms: ["throttleFirst"],
      example: .applying("throttleTime(3)", to: "-abc--d---|", as: "output", expect: "-a----d---|")
    ) { c throws(RuntimeError) in
      let leading = try c.bool(1, "leading", absent: true)
      let trailing = try c.bool(2, "trailing", absent: false)
      return try c.probed(with: c.timerFrames(0, "the interval")) {
        $0.throttleTime($1, leading: leading, trailing: trailing, on: c.scheduler, probe: $2)
      }
    },
    .method(
      "sample", rac: "sample:",
      "Sends the latest value each time the trigger sends (again if nothing new arrived; RAC sample:)",
      parameters: [.value("trigger")], semantics: .reactiveObjC,
      holds: "the latest value", lanes: [.latest], typing: .passesValues,
      example: .script(
        cold: ["input": "-a-b-c---|", "ticks": "---x---x-|"], "sampled = input.sample(ticks)",
        expect: "---b---c-|")
    ) { c throws(RuntimeError) in
      try c.probed(with: c.signal(0, "the trigger")) { $0.sample($1, probe: $2) }
    },
    .method(
      "sample", rac: "", alias: "sample",
      "Sends the latest value each time the notifier sends, only if it is new; the notifier's completion is ignored (RxJS sample)",
      parameters: [.value("notifier")], semantics: .rxjs,
      holds: "the latest value", lanes: [.latest], typing: .passesValues,
      example: .script(
        cold: ["input": "-a-b-----c--|", "ticks": "---x---x|"], "sampled = input.sample(ticks)",
        expect: "---b--------|", rxjs: true)
    ) { c throws(RuntimeError) in
      try c.probed(with: c.signal(0, "the notifier")) { $0.rxjs.sample($1, probe: $2) }
    },
    .method(
      "bufferWithTime", rac: "bufferWithTime:onScheduler:",
      "Collects values into arrays, one every `frames` frames",
      parameters: [.value("frames")],
      holds: "the buffer being filled, empty while no window is open", lanes: [.buffered],
      example: """
        let input = cold("-ab-c----|")
        let batches = input.bufferWithTime(3)
        show batches
        """
    ) { c throws(RuntimeError) in
      try c.probed(with: c.frames(0, "the interval", minimum: 1)) {
        $0.bufferWithTime($1, on: c.scheduler, probe: $2).map { c.builtArray($0) }
      }
    },
    .method(
      "timeout", rac: "timeout:onScheduler:",
      "Fails with \"timedOut\" if the signal has not terminated within `frames` frames",
      parameters: [.value("frames")], semantics: .reactiveObjC,
      holds: "the frame the time limit runs out at", lanes: [.deadline], typing: .passesValues,
      example: .script(
        cold: ["slow": "-a-----|"], "bounded = slow.timeout(4)", expect: "-a--#",
        values: #"error: "timedOut""#)
    ) { c throws(RuntimeError) in
      try c.probed(with: c.frames(0, "the interval")) {
        $0.timeout($1, on: c.scheduler, probe: $2)
      }
    },
    .method(
      "timeout", rac: "", alias: "timeout",
      "Fails with \"timedOut\", or switches to `with`, when a value is later than `each` frames after the previous one (`first`: limit for the first value) (RxJS timeout)",
      parameters: [
        .value("each", optional: true), .option("first"), .option("each"),
        .value("alternative", label: "with", optional: true),
      ],
      semantics: .rxjs,
      holds: "the frame the time limit runs out at", lanes: [.deadline], typing: .passesValues,
      example: .script(
        cold: ["input": "-a---b------c|", "backup": "-x|"],
        "bounded = input.timeout(5, with: backup)", expect: "-a---b-----x|", rxjs: true)
    ) { c throws(RuntimeError) in
      let first = try c.optionalInt(1, "the first limit")
      let each = try c.optionalInt(0, or: 2, "the limit")
      guard first != nil || each != nil else {
        throw RuntimeError(
          "'timeout' needs a limit: timeout(frames), or first: or each:", at: c.range)
      }
      let alternative = c.optional(3) == nil ? nil : try c.signal(3, "the alternative")
      return try c.probedSignal {
        $0.rxjs.timeout(first: first, each: each, with: alternative, on: c.scheduler, probe: $1)
      }
    },
    .method(
      "deliverOn", rac: "deliverOn:", alias: "observeOn",
      "Re-sends every event from an action on the scheduler (on main: later in the same frame)",
      parameters: [.value("scheduler")], typing: .passesValues, synonyms: ["receive"],
      example: .applying("deliverOn(main)", to: "-a|", as: "hopped", expect: "-a|")
    ) { c throws(RuntimeError) in .signal(try c.signal().deliverOn(try c.scheduler(0))) },
    .method(
      "subscribeOn", rac: "subscribeOn:", alias: "subscribeOn",
      "Subscribes from an action on the scheduler (on main: later in the same frame)",
      parameters: [.value("scheduler")], typing: .passesValues,
      example: .applying("subscribeOn(main)", to: "-a|", as: "later", expect: "-a|")
    ) { c throws(RuntimeError) in .signal(try c.signal().subscribeOn(try c.scheduler(0))) },
    .method(
      "debounce", rac: "", alias: "debounce",
      "Sends a value once the signal the closure returns for it sends, unless a newer value came first (RxJS debounce)",
      parameters: [.closure("x")],
      holds: "the value waiting for its duration signal", lanes: [.pending],
      example: .applying(
        #"debounce { _ in cold("--x") }"#, to: "-ab----c---|", as: "calm", showingInput: true,
        expect: "----b----c-|")
    ) { c throws(RuntimeError) in
      try c.probed(after: c.function(0)) { $0.debounce(probe: $2, $1.signal(for:)) }
    },
    .method(
      "audit", rac: "", alias: "audit",
      "At a value, waits until the signal the closure returns for it sends, then sends the latest value (RxJS audit)",
      parameters: [.closure("x")],
      holds: "the value to send when the duration signal sends, nil while none", lanes: [.pending],
      example: .applying(
        #"audit { _ in cold("---x") }"#, to: "-ab---c-----|", as: "output", showingInput: true,
        expect: "----b----c--|")
    ) { c throws(RuntimeError) in
      try c.probed(after: c.function(0)) { $0.audit(probe: $2, $1.signal(for:)) }
    },
    .method(
      "auditTime", rac: "", alias: "auditTime",
      "At a value, waits `frames` frames, then sends the latest value (RxJS auditTime)",
      parameters: [.value("frames")],
      holds: "the value to send when the wait ends, nil while none runs", lanes: [.pending],
      typing: .passesValues,
      example: .applying(
        "auditTime(3)", to: "-ab---c-----|", as: "output", showingInput: true,
        expect: "----b----c--|")
    ) { c throws(RuntimeError) in
      try c.probed(with: c.timerFrames(0, "the wait")) {
        $0.auditTime($1, on: c.scheduler, probe: $2)
      }
    },
    .method(
      "sampleTime", rac: "", alias: "sampleTime",
      "Every `frames` frames, sends the latest value if it is new (RxJS sampleTime)",
      parameters: [.value("frames")],
      holds: "the latest value not sent yet", lanes: [.latest], typing: .passesValues,
      example: .applying(
        "sampleTime(4)", to: "-a-b-----c---|", as: "output", expect: "----b-------c|")
    ) { c throws(RuntimeError) in
      try c.probed(after: c.frames(0, "the period", minimum: 1)) {
        $0.rxjs.sample(Signal<Int>.interval($1, on: c.scheduler), probe: $2)
      }
    },
    .method(
      "delayWhen", rac: "", alias: "delayWhen",
      "Sends each value when the signal the closure returns for it sends (RxJS delayWhen)",
      parameters: [.closure("x")],
      holds: "the values waiting for their duration signals", lanes: [.pending],
      example: .applying(
        #"delayWhen { _ in cold("---x") }"#, to: "-a--b|", as: "later", showingInput: true,
        expect: "----a--(b|)")
    ) { c throws(RuntimeError) in
      try c.probed(after: c.function(0)) { $0.delayWhen(probe: $2, $1.signal(for:)) }
    },
    .method(
      "timeoutWith", rac: "", alias: "timeoutWith",
      "Switches to the other signal when a value is more than `frames` frames after the previous one (RxJS timeoutWith, deprecated for timeout({ each, with }))",
      parameters: [.value("frames"), .value("alternative")],
      holds: "the frame the time limit runs out at, nil once switched", lanes: [.deadline],
      example: .script(
        cold: ["input": "-a---b------c|", "backup": "-x|"],
        "bounded = input.timeoutWith(5, backup)", showing: ["input"], expect: "-a---b-----x|")
    ) { c throws(RuntimeError) in
      let each = try c.frames(0, "the limit")
      let alternative = try c.signal(1, "the alternative")
      return try c.probedSignal {
        $0.rxjs.timeout(first: nil, each: each, with: alternative, on: c.scheduler, probe: $1)
      }
    },
    .method(
      "bufferTime", rac: "", alias: "bufferTime",
      "Every `frames` frames sends the values collected since, empty arrays too, and the rest on completion; with `every` an array opens every `every` frames and is sent `frames` after; an array of `maxBufferSize` values is sent early (RxJS bufferTime)",
      parameters: [
        .value("frames"), .value("every", optional: true), .value("maxBufferSize", optional: true),
        .option("maxBufferSize"),
      ],
      holds: "the open arrays, in opening order", lanes: [.buffers],
      example: .applying(
        "bufferTime(3)", to: "-ab-----c|", as: "batches", showingInput: true,
        expect: "---x--y--(z|)", values: #"x: ["a", "b"], y: [], z: ["c"]"#)
    ) { c throws(RuntimeError) in
      let span = try c.frames(0, "the period", minimum: 1)
      let every = try c.optionalInt(1, "the step", minimum: 1)
      let size = try c.optionalInt(2, or: 3, "the largest buffer size", minimum: 1)
      let input = try c.signal()
      return c.probed {
        input.bufferTime(span, every: every, maxBufferSize: size, on: c.scheduler, probe: $0)
          .map { c.builtArray($0) }
      }
    },
    .method(
      "windowTime", rac: "", alias: "windowTime",
      "Sends windows of `frames` frames each; the next opens as one closes, or every `every` frames; a window of `maxWindowSize` values closes early (RxJS windowTime)",
      parameters: [
        .value("frames"), .value("every", optional: true), .value("maxWindowSize", optional: true),
        .option("maxWindowSize"),
      ],
      holds: "the values in each open window, in opening order", lanes: [.windows],
      example: .applying(
        "windowTime(4)", to: "-a-b-c-d-|", as: "windows", showingInput: true, expect: "x---y---z|",
        values: #"x: cold("-a-b|"), y: cold("-c-d|"), z: cold("-|")"#)
    ) { c throws(RuntimeError) in
      let span = try c.frames(0, "the window length", minimum: 1)
      let every = try c.optionalInt(1, "the step", minimum: 1)
      let size = try c.optionalInt(2, or: 3, "the largest window size", minimum: 1)
      let input = try c.signal()
      return c.probed {
        input.windowTime(span, every: every, maxWindowSize: size, on: c.scheduler, probe: $0)
          .map { ScriptValue.signal($0) }
      }
    },
    .method(
      "timestamp", rac: "", alias: "timestamp",
      "Sends each value as [\"value\": v, \"timestamp\": frame] (RxJS timestamp)",
      example: .applying(
        "timestamp()", to: "-a--b|", as: "stamped", showingInput: true, expect: "-x--y|",
        values: #"x: ["value": "a", "timestamp": 1], y: ["value": "b", "timestamp": 4]"#)
    ) { c throws(RuntimeError) in
      let scheduler = c.scheduler
      return .signal(
        try c.signal().map { .dictionary(["value": $0, "timestamp": .int(scheduler.now)]) })
    },
    .method(
      "timeInterval", rac: "", alias: "timeInterval",
      "Sends each value as [\"value\": v, \"interval\": frames since the previous one or the subscription] (RxJS timeInterval)",
      holds: "the frame of the previous value", lanes: [.previous],
      example: .applying(
        "timeInterval()", to: "-a--b|", as: "spaced", showingInput: true, expect: "-x--y|",
        values: #"x: ["value": "a", "interval": 1], y: ["value": "b", "interval": 3]"#)
    ) { c throws(RuntimeError) in
      let scheduler = c.scheduler
      let source = try c.signal()
      let lane = c.lanes.first ?? StateLane("")
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
  ]
}
