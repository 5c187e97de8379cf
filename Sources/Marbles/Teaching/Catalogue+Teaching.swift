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
  /// A function of signals (`merge(a, b)`, `combineLatest(a, b)`) is not one: its arguments are
  /// input lanes.
  static func isSource(_ entry: OperatorEntry) -> Bool {
    if entry.kind == .function, entry.parameters.contains(where: { $0.name == "signals" }) {
      return false
    }
    return sources.contains { key($0) == key(entry) }
      || [
        "sendNext", "sendError", "sendCompleted", "of", "from", "range", "interval", "Subject",
        "BehaviorSubject", "AsyncSubject", "generate", "pairs",
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
    "bufferWithTime": "the buffer being filled, empty while no window is open (lane `buffered`)",
    "combinePrevious": "the previous value (lane `previous`)",
    "pairwise": "the previous value (lane `previous`)",
    "distinctUntilChanged": "the previous value (lane `previous`)",
    "take": "the count of values taken (lane `taken`)",
    "skip": "the count of values skipped (lane `skipped`)",
    "takeLast": "the last values kept (lane `kept`)",
    "takeWhile": "whether it still takes (lane `taking`)",
    "skipWhile": "whether it still skips (lane `skipping`)",
    "first": "whether a value matched (lane `matched`)",
    "last": "the last matching value (lane `latest`)",
    "defaultIfEmpty": "whether any value arrived (lane `arrived`)",
    "takeUntil": "whether the trigger fired (lane `fired`)",
    "merge": "the active inputs (lane `active`)",
    "concat": "the current inner signal and the queue of pending ones (lanes `current`, `queue`)",
    "combineLatest": "the latest value of each input, nil until it sends (lane `latest`)",
    "zip": "the values of each input waiting for a partner (lane `queues`)",
    "withLatestFrom": "the latest value of each other signal (lane `latest`)",
    "flattenMap":
      "the active inner subscriptions (lane `active`; with `concurrent:` also the values waiting, lane `queue`)",
    "flatten": "the active inner subscriptions (lane `active`)",
    "switchToLatest": "the current inner signal (lane `current`)",
    "switchMap": "the current inner signal (lane `current`)",
    "concatMap":
      "the current inner signal and the queue of pending ones (lanes `current`, `queue`)",
    "bind": "the active inner subscriptions (lane `active`)",
    "if": "the current branch: true for `then`, false for `else` (lane `branch`)",
    "catch": "whether it switched to the fallback (lane `switched`)",
    "catchTo": "whether it switched to the fallback (lane `switched`)",
    "then": "whether it switched to the next signal (lane `switched`)",
    "retry": "the attempt (lane `attempt`)",
    "repeat": "the attempt (lane `attempt`)",
    "delay": "the values on their way (lane `pending`)",
    "throttle":
      "the value held back, nil while none (lane `pending`; RxJS throttle also `windowOpen`)",
    "throttleTime":
      "whether the silent window is open and the value held for it (lanes `windowOpen`, `pending`)",
    "sample": "the latest value (lane `latest`)",
    "timeout": "the frame the time limit runs out at (lane `deadline`)",
    "replay": "the replay buffer and the subscriber count (lanes `replayed`, `subscribers`)",
    "replayLast": "the replay buffer and the subscriber count (lanes `replayed`, `subscribers`)",
    "replayLazily":
      "connected, the replay buffer and the subscriber count (lanes `connected`, `replayed`, `subscribers`)",
    "ReplaySubject": "the replay buffer and the subscriber count (lanes `replayed`, `subscribers`)",
    "publish": "connected, and the subscriber count (lanes `connected`, `subscribers`)",
    "multicast":
      "connected, the subscriber count, and a replay subject's buffer (lanes `connected`, `subscribers`, `replayed`)",
    "autoconnect": "connected, and its subscriber count (lanes `connected`, `subscribers`)",
    "Command": "inFlight, moreExecutionsAllowed, immediateEnabled, enabled, executing …",
    "interval": "the count of ticks sent so far (lane `ticks`)",
    "buffer": "the buffer being filled (lane `buffered`)",
    "count": "the count so far (lane `counted`)",
    "min": "the smallest value so far (lane `smallest`)",
    "max": "the largest value so far (lane `largest`)",
    "exhaustMap": "the active inner signal; values arriving meanwhile are dropped (lane `active`)",
    "exhaustAll":
      "the active inner signal; inner signals arriving meanwhile are dropped (lane `active`)",
    "concatAll":
      "the current inner signal and the queue of pending ones (lanes `current`, `queue`)",
    "distinct": "the values let through so far (lane `seen`)",
    "find": "the index of the next value to test (lane `index`)",
    "findIndex": "the index of the next value to test (lane `index`)",
    "elementAt": "the index of the next value (lane `index`)",
    "every": "whether every value so far matched (lane `matching`)",
    "skipLast": "the last values held back (lane `held`)",
    "auditTime": "the value to send when the wait ends, nil while none runs (lane `pending`)",
    "share": "connected, and the subscriber count (lanes `connected`, `subscribers`)",
    "refCount": "connected, and its subscriber count (lanes `connected`, `subscribers`)",
    "mergeWith": "the active inputs (lane `active`)",
    "concatWith": "the current input and the waiting ones (lanes `current`, `queue`)",
    "race": "the winning input, once one has sent (lane `winner`)",
    "raceWith": "the winning input, once one has sent (lane `winner`)",
    "forkJoin": "the last value of each input, and how many completed (lanes `latest`, `done`)",
    "combineLatestWith": "the latest value of each input, nil until it sends (lane `latest`)",
    "zipWith": "the values of each input waiting for a partner (lane `queues`)",
    "skipUntil": "whether the notifier fired (lane `fired`)",
    "sampleTime": "the latest value not sent yet (lane `latest`)",
    "throwIfEmpty": "whether any value arrived (lane `arrived`)",
    "shareReplay":
      "connected, the replay buffer and the subscriber count (lanes `connected`, `replayed`, `subscribers`)",
    "distinctUntilKeyChanged": "the previous value (lane `previous`)",
    "mergeMapTo": "the active inner subscriptions (lane `active`)",
    "concatMapTo":
      "the current inner signal and the queue of pending ones (lanes `current`, `queue`)",
    "switchMapTo": "the current inner signal (lane `current`)",
    "endWith": "the current input and the waiting ones (lanes `current`, `queue`)",
    "bufferTime": "the buffer being filled (lane `buffered`)",
    "debounce": "the value waiting for its duration signal (lane `pending`)",
    "timeInterval": "the frame of the previous value (lane `previous`)",
    "BehaviorSubject":
      "the current value and the subscriber count (lanes `current`, `subscribers`)",
    "AsyncSubject":
      "the last value sent, held for completion, and the subscriber count (lanes `held`, `subscribers`)",
    "single": "the match so far (lane `match`)",
    "window": "the values in the open window (lane `inWindow`)",
    "windowCount": "how many values each open window holds (lane `windows`)",
    "windowTime": "the values in each open window, in opening order (lane `windows`)",
    "groupBy": "the keys of the open groups, in opening order (lane `groups`)",
    "connectWith": "how many parts of the closure's signal share the input (lane `subscribers`)",
    "delayWhen": "the values waiting for their duration signals (lane `pending`)",
    "publishReplay":
      "connected, the replay buffer and the subscriber count (lanes `connected`, `replayed`, `subscribers`)",
    "publishBehavior":
      "connected, the current value and the subscriber count (lanes `connected`, `current`, `subscribers`)",
    "publishLast":
      "connected, the last value and the subscriber count (lanes `connected`, `replayed`, `subscribers`)",
    "onErrorResumeNextWith": "the current input and the waiting ones (lanes `current`, `queue`)",
    "audit": "the value to send when the duration signal sends, nil while none (lane `pending`)",
    "bufferWhen": "the buffer being filled until the closing signal sends (lane `buffered`)",
    "bufferToggle": "the open buffers, in opening order (lane `buffers`)",
    "windowWhen": "the values in the open window (lane `windows`, one array)",
    "windowToggle": "the values in each open window, in opening order (lane `windows`)",
    "sequenceEqual":
      "the values of either side not compared yet, and which sides completed (lanes `queues`, `done`)",
    "timeoutWith": "the frame the time limit runs out at, nil once switched (lane `deadline`)",
    "retryWhen": "the subscription in use: 1, then 2 for the first retry, … (lane `attempt`)",
    "repeatWhen": "the subscription in use: 1, then 2 for the first repetition, … (lane `attempt`)",
    "expand":
      "the running inner signals, by the values that made them (lane `active`), and with `concurrent:` the values waiting (lane `queue`)",
    "switchScan":
      "the accumulator (the latest inner value) and the current inner signal (lanes `acc`, `current`)",
    "mergeScan":
      "the accumulator (the latest inner value) and the running inner signals (lanes `acc`, `active`; with `concurrent:` also the values waiting, lane `queue`)",
    "combineLatestAll":
      "how many inner signals arrived, then the latest value of each (lanes `collected`, `latest`)",
    "zipAll":
      "how many inner signals arrived, then the values waiting to be paired (lanes `collected`, `queues`)",
    "exhaust":
      "the active inner signal; inner signals arriving meanwhile are dropped (lane `active`)",
    "onErrorResumeNext": "the current input and the waiting ones (lanes `current`, `queue`)",
    "connectable":
      "connected, the current subject's subscriber count, and a replay connector's buffer (lanes `connected`, `subscribers`, `replayed`)",
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
    "startWith", "subscribe", "subscribeOn", "timer", "timestamp", "partition", "generate",
    "pairs", "using",
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
