import Testing

@testable import Marbles

/// `marbles explain`: every catalogue entry draws its inputs, its output and its internals (or
/// says it holds no state); names are accepted as printed; suggestions cross libraries.
@Suite struct ExplainTests {
  @Test(arguments: Catalogue.entries.map { $0 })
  func everyEntryDrawsInputsOutputAndInternals(_ entry: OperatorEntry) throws {
    let example = Explainer.example(for: entry)
    guard case .completed(let run) = example.outcome else {
      Issue.record("the example of '\(entry.name)' failed to run:\n\(example.script)")
      return
    }
    #expect(run.expectations.allSatisfy { $0.passed }, "an expectation of '\(entry.name)' fails")
    // A source's inputs are its arguments: it has no input lane and says so.
    let inputs = Explainer.inputsLine(entry, example)
    if Catalogue.isSource(entry) {
      #expect(inputs.hasPrefix("none (a source"))
    } else {
      #expect(!example.inputLanes.isEmpty, "'\(entry.name)' draws no input lane")
      #expect(!inputs.hasPrefix("none"))
    }
    #expect(!example.outputLanes.isEmpty, "'\(entry.name)' draws no output lane")
    for lane in example.inputLanes {
      #expect(run.lanes.contains { $0.name == lane }, "input lane '\(lane)' is not drawn")
    }
    // A stateful operator names what it holds and draws it; a stateless one says so in so many
    // words (and draws no internals lane).
    let line = Explainer.internalsLine(entry)
    let name = Explainer.printedName(entry)
    if Catalogue.state(of: entry) == nil {
      #expect(line.hasPrefix("no internal state"))
      #expect(example.internalsLanes.isEmpty)
    } else {
      #expect(!line.hasPrefix("no internal state"))
      if Self.internalsNotProbedYet.contains(name) {
        #expect(
          example.internalsLanes.isEmpty,
          "'\(name)' draws its internals now: remove it from internalsNotProbedYet")
      } else {
        #expect(
          !example.internalsLanes.isEmpty, "'\(name)' holds state but draws no internals lane")
        for lane in example.internalsLanes {
          #expect(run.lanes.contains { $0.name == lane }, "internals lane '\(lane)' is not drawn")
        }
      }
    }
  }

  /// The stateful rows whose operator has no state probe yet, so `explain` says "(not drawn
  /// as lanes by this build yet)" instead of drawing them. Only ever shrinks: the test above
  /// fails when a row listed here starts drawing its internals, and for any other stateful row
  /// that draws none.
  static let internalsNotProbedYet: Set<String> = [
    ".audit",
    ".auditTime",
    ".autoconnect",
    ".bind",
    ".buffer",
    ".bufferTime",
    ".bufferToggle",
    ".bufferWhen",
    ".bufferWithTime",
    ".catch",
    ".catchTo",
    ".combineLatest",
    ".combineLatestAll",
    ".combineLatestWith",
    ".count",
    ".debounce",
    ".defaultIfEmpty",
    ".delay",
    ".delay (use rxjs)",
    ".delayWhen",
    ".distinct",
    ".elementAt",
    ".every",
    ".exhaust",
    ".exhaustAll",
    ".exhaustMap",
    ".expand",
    ".find",
    ".findIndex",
    ".first",
    ".if",
    ".last",
    ".max",
    ".mergeScan",
    ".min",
    ".multicast",
    ".onErrorResumeNextWith",
    ".pairwise",
    ".publish",
    ".publish (use rxjs)",
    ".publishBehavior",
    ".publishLast",
    ".publishReplay",
    ".raceWith",
    ".refCount",
    ".repeatWhen",
    ".replay",
    ".replayLast",
    ".replayLazily",
    ".retryWhen",
    ".sample (use rxjs)",
    ".sampleTime",
    ".sequenceEqual",
    ".share",
    ".shareReplay",
    ".single",
    ".skipLast",
    ".skipUntil",
    ".skipWhile",
    ".switchScan",
    ".takeUntil",
    ".takeUntil (use rxjs)",
    ".takeWhile",
    ".then",
    ".throttle (use rxjs)",
    ".throttleTime",
    ".throwIfEmpty",
    ".timeInterval",
    ".timeout",
    ".timeout (use rxjs)",
    ".timeoutWith",
    ".window",
    ".windowCount",
    ".zip",
    ".zipAll",
    ".zipWith",
    "BehaviorSubject()",
    "ReplaySubject()",
    "combineLatest()",
    "connectable()",
    "forkJoin()",
    "onErrorResumeNext()",
    "race()",
    "zip()",
  ]

  @Test(arguments: Catalogue.entries.map { $0 })
  func everyEntrySaysWhetherItHoldsState(_ entry: OperatorEntry) {
    let stateful = Catalogue.internalState[entry.name] != nil
    let stateless = Catalogue.stateless.contains(entry.name)
    #expect(
      stateful != stateless,
      """
      '\(entry.name)' must be in exactly one of Catalogue.internalState (what it holds) and \
      Catalogue.stateless (Catalogue+Teaching.swift)
      """)
  }

  @Test func inputLanesDoNotSubscribeTheSourcesAgain() throws {
    let entry = try #require(Catalogue.entries(named: "switchToLatest").first)
    let example = Explainer.example(for: entry)
    #expect(example.inputLanes == ["slow.recorded", "outer.recorded"])
    guard case .completed(let run) = example.outcome else {
      Issue.record("the example failed")
      return
    }
    // The catalogue's example expects exactly the switch's own subscriptions of `slow`.
    #expect(run.expectations.count == 2)
    #expect(run.expectations.allSatisfy { $0.passed })
    #expect(run.lanes.map(\.label) == ["slow", "outer", "latest", "latest.current"])
  }

  @Test func internalsLanesAreAddedWhereTheBuildDrawsThem() throws {
    // A command's internals are drawn today: explain adds `show save.internals` and reports
    // those lanes apart from the output. Stateful operators get the same line as soon as
    // `show x.internals` works for them.
    let entry = try #require(Catalogue.entries(named: "Command").first)
    let example = Explainer.example(for: entry)
    #expect(example.script.contains("\nshow save.internals\n"))
    #expect(example.internalsLanes.first == "save.added")
    #expect(example.internalsLanes.contains("save.inFlight"))
    #expect(example.outputLanes == ["save.executing", "save.enabled", "save.executionSignals"])
    #expect(example.inputLanes == ["taps.recorded"])
  }

  @Test func theCatalogueIsGroupedByFamilyAndListsEveryEntryOnce() {
    let listed = Catalogue.families.flatMap(\.entries)
    #expect(listed.count == Catalogue.entries.count)
    let text = Explainer.catalogue()
    for family in Catalogue.families {
      #expect(text.contains("\n\(family.title)\n\n"))
    }
    let transforming = text.range(of: "\nTransforming\n")
    let map = text.range(of: "\n  .map ")
    let filtering = text.range(of: "\nFiltering\n")
    #expect(transforming != nil && map != nil && filtering != nil)
    if let transforming, let map, let filtering {
      #expect(transforming.upperBound < map.lowerBound && map.upperBound < filtering.lowerBound)
    }
  }

  @Test(arguments: [".map", "map", "map()", "map { x in … }", " .map "])
  func namesAreAcceptedAsPrinted(_ name: String) {
    #expect(Explainer.entries(named: name).map(\.name) == ["map"])
  }

  @Test func reactiveObjCSelectorsFindTheirEntry() {
    #expect(Explainer.entries(named: "scanWithStart:reduce:").map(\.name) == ["scan"])
    #expect(Explainer.entries(named: "cold()").map(\.name) == ["cold"])
  }

  @Test(arguments: [
    ("flatMap", "; did you mean 'flattenMap' or 'mergeMap'?"),
    ("removeDuplicates", "; did you mean 'distinctUntilChanged'?"),
    ("flatenMap", "; did you mean 'flattenMap'?"),
    ("takeWhileBlock", "; did you mean 'takeWhile'?"),
  ])
  func unknownNamesGetSuggestionsAcrossLibraries(_ name: String, _ hint: String) {
    let (text, found) = Explainer.explain(name)
    #expect(!found)
    #expect(text.hasPrefix("error: unknown operator '\(name)'\(hint)\n"))
  }

  @Test func scriptsGetTheSameSuggestions() {
    let outcome = ScriptEngine.run(
      SourceFile(name: "s", text: "let a = cold(\"-a|\")\nlet b = a.flatMap { x in a }\n"),
      options: RunOptions())
    let text = outcome.diagnostics.map(\.message).joined(separator: "\n")
    #expect(text.contains("unknown operator 'flatMap'; did you mean 'flattenMap' or 'mergeMap'?"))
  }
}

extension OperatorEntry: CustomTestStringConvertible {
  public var testDescription: String { Explainer.printedName(self) }
}
