import Foundation

/// What the catalogue tells a learner beyond running operators: the families `marbles explain`
/// and `Guides/Operators.md` group the rows by, the state each operator holds, and the names
/// other libraries use for the same operators (for "did you mean").
extension Catalogue {
  /// A family of rows, in listing order.
  struct Family {
    /// The heading (`Transforming`).
    var title: String
    /// The rows, in listing order.
    var entries: [OperatorEntry]
  }

  /// The rows grouped by family, in listing order. Rows of a section not named here (a section
  /// added later) are listed under "More", so every row is listed exactly once.
  static let families: [Family] = {
    let named: [Family] = [
      Family(title: "Sources, subjects and values", entries: sources),
      Family(title: "Transforming", entries: transforming),
      Family(title: "Filtering", entries: filtering),
      Family(title: "Combining", entries: combining),
      Family(title: "Flattening (signals of signals)", entries: higherOrder),
      Family(title: "Errors, repetition and side effects", entries: errorsAndRepetition),
      Family(title: "Time", entries: timing),
      Family(title: "Sharing (multicast)", entries: sharing),
      Family(title: "Commands, channels and subjects", entries: commandsAndChannels),
      Family(title: "RxJS semantics of shared names (use rxjs)", entries: rxjsCollisions),
      Family(title: "RxJS transforming and flattening", entries: rxjsTransforming),
      Family(title: "RxJS filtering", entries: rxjsFiltering),
      Family(title: "RxJS combining, sharing and sources", entries: rxjsCombining),
      Family(title: "More RxJS operators", entries: rxjsMore),
    ]
    var listed = Set(named.flatMap { $0.entries.map(key) })
    var more: [OperatorEntry] = []
    for entry in entries where listed.insert(key(entry)).inserted { more.append(entry) }
    return more.isEmpty ? named : named + [Family(title: "More", entries: more)]
  }()

  /// The family a row is listed under.
  static func family(of entry: OperatorEntry) -> String {
    families.first { $0.entries.contains { key($0) == key(entry) } }?.title ?? "More"
  }

  /// Whether the row makes a signal's events (or a value) from its arguments alone: its
  /// example has no input signal to draw (`cold`, `just`, `Subject`, `sendNext`).
  static func isSource(_ entry: OperatorEntry) -> Bool {
    sources.contains { key($0) == key(entry) }
      || [
        "sendNext", "sendError", "sendCompleted", "of", "from", "range", "interval", "Subject",
        "BehaviorSubject",
      ].contains(entry.name)
  }

  private static func key(_ entry: OperatorEntry) -> String {
    (entry.kind == .method ? "." : "") + entry.name + "|" + entry.rac
  }

  /// What each stateful operator holds between events, by script name: what its internals
  /// lanes draw (`show s.internals`). An operator not listed here holds no state: each event
  /// is handled on its own.
  static let internalState: [String: String] = [
    "scan": "the accumulator (lane `acc`)",
    "aggregate": "the accumulator (lane `acc`)",
    "collect": "the buffer of values so far (lane `buffered`)",
    "bufferCount": "the buffer being filled (lane `buffered`)",
    "bufferWithTime": "the buffer being filled and the open window",
    "combinePrevious": "the previous value (lane `previous`)",
    "pairwise": "the previous value",
    "distinctUntilChanged": "the previous value (lane `previous`)",
    "take": "the count of values taken (lane `taken`)",
    "skip": "the count of values skipped (lane `skipped`)",
    "takeLast": "the last values kept (lane `kept`)",
    "takeWhile": "whether it still takes",
    "skipWhile": "whether it still skips",
    "first": "whether a value was sent",
    "last": "the last matching value",
    "defaultIfEmpty": "whether any value arrived",
    "takeUntil": "whether the trigger fired",
    "merge": "the active inputs (lane `active`)",
    "concat": "the current inner signal and the queue of pending ones (lanes `current`, `queue`)",
    "combineLatest": "the latest value of each input",
    "zip": "the queue of values of each input",
    "withLatestFrom": "the latest value of each other signal (lane `latest`)",
    "flattenMap": "the active inner subscriptions (lane `active`)",
    "flatten": "the active inner subscriptions (lane `active`)",
    "switchToLatest": "the current inner signal (lane `current`)",
    "switchMap": "the current inner signal (lane `current`)",
    "concatMap":
      "the current inner signal and the queue of pending ones (lanes `current`, `queue`)",
    "bind": "the active inner subscriptions",
    "if": "the current branch",
    "catch": "whether it switched to the fallback",
    "catchTo": "whether it switched to the fallback",
    "then": "whether the receiver completed",
    "retry": "the attempt (lane `attempt`)",
    "repeat": "the attempt (lane `attempt`)",
    "delay": "the pending values",
    "throttle": "the pending value, nil while no window is open (lane `pending`)",
    "throttleTime": "the open window",
    "sample": "the latest value (lane `latest`)",
    "timeout": "the open window",
    "replay": "the replay buffer",
    "replayLast": "the replay buffer",
    "replayLazily": "the replay buffer",
    "ReplaySubject": "the replay buffer",
    "publish": "connected, and the subscriber count",
    "multicast": "connected, and the subscriber count",
    "autoconnect": "connected, and the subscriber count",
    "Command": "inFlight, moreExecutionsAllowed, immediateEnabled, enabled, executing …",
    "interval": "the next tick",
    "buffer": "the buffer being filled",
    "count": "the count so far",
    "min": "the smallest value so far",
    "max": "the largest value so far",
    "exhaustMap": "the active inner signal (values arriving meanwhile are dropped)",
    "exhaustAll": "the active inner signal (inner signals arriving meanwhile are dropped)",
    "concatAll":
      "the current inner signal and the queue of pending ones (lanes `current`, `queue`)",
    "distinct": "the values seen so far",
    "find": "whether a value matched",
    "findIndex": "the index of the next value",
    "elementAt": "the index of the next value",
    "every": "whether every value so far matched",
    "skipLast": "the last values held back",
    "auditTime": "the latest value and the open window",
    "share": "connected, and the subscriber count",
    "refCount": "connected, and the subscriber count",
    "mergeWith": "the active inputs (lane `active`)",
    "concatWith": "the current input and the waiting ones (lanes `current`, `queue`)",
    "race": "the winner, once one has sent",
    "raceWith": "the winner, once one has sent",
    "forkJoin": "the last value of each input, and how many completed",
    "combineLatestWith": "the latest value of each input",
    "zipWith": "the queue of values of each input",
    "skipUntil": "whether the notifier fired",
    "sampleTime": "the latest value not sent yet",
    "throwIfEmpty": "whether any value arrived",
    "shareReplay": "the replay buffer, and connected",
    "distinctUntilKeyChanged": "the previous value (lane `previous`)",
    "mergeMapTo": "the active inner subscriptions (lane `active`)",
    "concatMapTo":
      "the current inner signal and the queue of pending ones (lanes `current`, `queue`)",
    "switchMapTo": "the current inner signal (lane `current`)",
    "endWith": "the current input and the waiting ones (lanes `current`, `queue`)",
    "bufferTime": "the buffer being filled",
    "debounce": "the pending value and its duration signal",
    "timeInterval": "the frame of the previous value",
    "BehaviorSubject": "the current value",
    "single": "the match so far",
    "window": "the open window",
    "windowCount": "the open windows and their counts",
    "delayWhen": "the values waiting for their duration signals",
    "publishReplay": "the replay buffer, connected, and the subscriber count",
    "publishBehavior": "the current value, connected, and the subscriber count",
    "publishLast": "the last value, connected, and the subscriber count",
    "onErrorResumeNextWith": "the current input",
    "audit": "the latest value and the running duration signal",
    "bufferWhen": "the buffer being filled and its closing signal",
    "bufferToggle": "the open buffers and their closing signals",
    "sequenceEqual": "the values of either side not compared yet, and which sides completed",
    "timeoutWith": "the timer since the previous value, or the alternative once switched",
    "retryWhen": "the subject of errors, the notifier's subscription and the current subscription",
    "repeatWhen":
      "the subject of completions, the notifier's subscription and the current subscription",
    "expand": "the running inner signals",
    "switchScan": "the accumulator (the latest inner value) and the current inner signal",
    "mergeScan": "the accumulator (the latest inner value) and the running inner signals",
    "combineLatestAll": "the inner signals collected, then the latest value of each",
    "zipAll": "the inner signals collected, then the values waiting to be paired",
    "exhaust": "the active inner signal (values arriving meanwhile are dropped)",
    "onErrorResumeNext": "the current input",
    "connectable": "connected, and the subscriber count",
  ]

  /// The operators that hold no state between events (each event is handled on its own, or the
  /// row plays its arguments). Every row is in this set or in `internalState`; a test fails
  /// for a row in neither, so that a new operator says what it holds.
  static let stateless: Set<String> = [
    "Channel", "Error", "Subject", "and", "cold", "completed", "connect", "defer", "deliverOn",
    "dematerialize", "doCompleted", "doError", "doNext", "empty", "error", "execute", "fail",
    "failed", "filter", "finally", "from", "hot", "ignoreValues", "iif", "initially", "isEmpty",
    "just", "main", "map", "mapReplace", "materialize", "never", "next", "not", "of", "or",
    "pluck", "range", "sendCompleted", "sendError", "sendNext", "setAllowsConcurrentExecution",
    "startWith", "subscribe", "subscribeOn", "timer", "timestamp", "partition",
  ]

  /// What `entry` holds between events, or nil when it holds no state.
  static func state(of entry: OperatorEntry) -> String? {
    internalState[entry.name]
  }

  /// Names other libraries (RxJS, RxSwift, Combine) and ReactiveObjC's selectors use, mapped to
  /// the catalogue names that do the same: the first suggestions for an unknown name.
  static let synonyms: [String: [String]] = {
    var table: [String: [String]] = [
      "flatMap": ["flattenMap", "mergeMap"],
      "debounce": ["debounceTime"],
      "flatMapLatest": ["switchMap"],
      "switchLatest": ["switchToLatest"],
      "tap": ["doNext"],
      "do": ["doNext"],
      "doOnNext": ["doNext"],
      "handleEvents": ["doNext"],
      "removeDuplicates": ["distinctUntilChanged"],
      "throttleFirst": ["throttleTime"],
      "shareReplay": ["replayLazily"],
      "bufferTime": ["bufferWithTime"],
      "receive": ["deliverOn"],
      "sink": ["subscribe"],
      "subscribeNext": ["subscribe"],
      "compactMap": ["filter", "map"],
      "returnValue": ["just"],
      "throwError": ["fail"],
      "error": ["fail"],
      "ensure": ["finally"],
      "onErrorResumeNext": ["catchTo"],
      "replaySubject": ["ReplaySubject"],
      "subject": ["Subject"],
      "command": ["Command"],
      "channel": ["Channel"],
    ]
    // ReactiveObjC selectors: `scanWithStart:reduce:` → scan, `+return:` → just.
    for entry in entries {
      for selector in entry.rac.split(separator: "/") {
        var word = selector.trimmingCharacters(in: .whitespaces)
        if word.hasPrefix("+") { word.removeFirst() }
        let keyword = String(word.prefix { $0 != ":" })
        guard !keyword.isEmpty, keyword != entry.name, keyword != entry.alias,
          keyword.allSatisfy({ $0.isLetter || $0.isNumber }), table[keyword] == nil
        else { continue }
        table[keyword] = [entry.name]
      }
    }
    return table
  }()
}
