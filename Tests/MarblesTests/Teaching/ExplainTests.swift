import Testing

@testable import Marbles
@testable import MarblesCLI
@testable import MarblesCore

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
    if entry.isSource {
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
    if entry.internals == nil {
      #expect(line.hasPrefix("no internal state"))
      #expect(example.internalsLanes.isEmpty)
    } else {
      #expect(!line.hasPrefix("no internal state"))
      #expect(
        !example.internalsLanes.isEmpty, "'\(name)' holds state but draws no internals lane")
      for lane in example.internalsLanes {
        #expect(run.lanes.contains { $0.name == lane }, "internals lane '\(lane)' is not drawn")
      }
      // Each internals lane of an operator carries its state from the subscription on, never
      // an empty lane (a command's lanes are events, such as `errors`, and may stay empty).
      for lane in run.lanes
      where example.internalsLanes.contains(lane.name) && lane.kind == .internals
        && entry.name != "Command"
      {
        #expect(
          lane.events.contains { $0.kind == .next },
          "internals lane '\(lane.name)' of '\(name)' carries no value")
      }
    }
  }

  /// A reader copies the example into a file: it is in the layout `marbles format --check`
  /// accepts, after `explain` added its input and internals lanes.
  @Test(arguments: Catalogue.entries.map { $0 })
  func everyExampleIsPrintedInTheFormattersLayout(_ entry: OperatorEntry) throws {
    let script = Explainer.example(for: entry).script
    let formatted = ScriptFormatter.format(SourceFile(name: "", text: script))
    guard case .success(let text) = formatted else {
      Issue.record("the example of '\(entry.name)' does not parse:\n\(script)")
      return
    }
    #expect(text == script + "\n", "the example of '\(entry.name)' is not formatted")
  }

  @Test(arguments: Catalogue.entries.map { $0 })
  func everyEntrySaysWhetherItHoldsState(_ entry: OperatorEntry) throws {
    let example = Explainer.example(for: entry)
    guard let internals = entry.internals else {
      // A row that holds nothing makes no value with internals: `show x.internals` fails for
      // the value its example makes with it (a probed operator whose row forgets its `holds:`
      // would draw no lanes instead).
      let lines = example.script.split(separator: "\n").map(String.init)
      guard let name = Explainer.outputName(of: entry, in: lines) else { return }
      let probe = example.script + "\nshow \(name).internals"
      let outcome = ScriptEngine.run(SourceFile(name: "probe", text: probe), options: RunOptions())
      let diagnostics: [Diagnostic]
      switch outcome {
      case .failed(let found): diagnostics = found
      case .stopped(let run): diagnostics = run.diagnostics
      case .completed:
        Issue.record("'\(entry.name)' has internals but its row says it holds nothing")
        return
      }
      #expect(diagnostics.contains { $0.message.contains("'internals'") }, "\(diagnostics)")
      return
    }
    // The lanes drawn are the row's, named once in it.
    for lane in example.internalsLanes where entry.name != "Command" && lane.contains(".") {
      let name = String(lane.split(separator: ".").last ?? "")
      #expect(internals.lanes.map(\.name).contains(name), "'\(entry.name)' draws '\(lane)'")
    }
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
      // The family's first row follows its title (the row's leading newline ends the title).
      #expect(transforming.upperBound <= map.lowerBound && map.upperBound < filtering.lowerBound)
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

/// `marbles explain` on a terminal fits its width; RxJS-only operators name themselves in the
/// RxJS column.
@Suite struct ExplainLayoutTests {
  func explain(_ arguments: [String], width: Int?) -> String {
    let environment = ToolEnvironment(
      run: { source, options in ScriptEngine.run(source, options: options) },
      explain: { name in Explainer.explain(name) }, stdoutIsTerminal: width != nil,
      terminalWidth: width)
    return MarblesTool.main(arguments, environment: environment).stdout
  }

  @Test func wrapsTheCatalogueAndTheProseToTheTerminalWidth() {
    let wide = explain(["explain"], width: nil)
    #expect(wide.split(separator: "\n").contains { $0.count > 200 })
    for width in [80, 100, 120] {
      let text = explain(["explain"], width: width)
      let long = text.split(separator: "\n").filter { $0.count > width }
      #expect(long.isEmpty, "\(long.prefix(3))")
      // Regression: at 100 columns each summary wrapped to column 0 under three wide columns.
      // A summary and its continuations stand on lines of their own, indented 6.
      let lines = text.split(separator: "\n")
      let map = lines.firstIndex { $0.hasPrefix("  .map ") }
      #expect(map.map { lines[$0 + 1].hasPrefix("      Sends the closure") } == true, "\(width)")
      let stray = lines.filter { $0.hasPrefix(" ") && !$0.hasPrefix("  ") }
      #expect(stray.isEmpty, "\(stray.prefix(3))")
      // Nothing is lost: the words are the same.
      #expect(
        text.split(whereSeparator: \.isWhitespace) == wide.split(whereSeparator: \.isWhitespace))
    }
    let one = explain(["explain", "switchMap"], width: 80)
    #expect(!one.split(separator: "\n").contains { $0.count > 80 && $0.contains(" ") })
  }

  @Test func rxjsOnlyOperatorsNameThemselves() {
    #expect(explain(["explain", "switchMap"], width: nil).contains("\nRxJS: switchMap\n"))
    let catalogue = explain(["explain"], width: nil)
    for name in ["pairwise", "bufferCount", "first", "last", "defaultIfEmpty", "timer"] {
      let row = catalogue.split(separator: "\n").first {
        $0.hasPrefix("  .\(name) ") || $0.hasPrefix("  \(name)() ")
      }
      #expect(row?.split(whereSeparator: \.isWhitespace).dropFirst(2).first == Substring(name))
    }
  }
}
