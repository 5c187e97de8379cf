import Foundation
import GoldenFiles
import Testing

@testable import Marbles
@testable import MarblesCLI
@testable import MarblesCore

/// The docs are the contract: `Guides/Operators.md` is generated from the catalogue, every
/// script in the README and the Guides runs, `Guides/Diagnostics.md` shows the messages the tool
/// prints, the README's diagram is the tool's output, and nothing cites files users do not have.
@Suite struct DocsTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The README, the Guides and the examples' README.
  static let documents: [String] = {
    let guides =
      (try? FileManager.default.contentsOfDirectory(
        atPath: root.appendingPathComponent("Guides").path)) ?? []
    return ["README.md", "Examples/README.md"]
      + guides.filter { $0.hasSuffix(".md") }.sorted().map { "Guides/" + $0 }
  }()

  /// A fenced block of a document.
  struct Block: CustomTestStringConvertible, Sendable {
    var document: String
    var line: Int
    var language: String
    var text: String
    var testDescription: String { "\(document):\(line)" }
  }

  static func read(_ document: String) -> String {
    (try? String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)) ?? ""
  }

  /// The fenced blocks of `document`, in order.
  static func blocks(_ document: String) -> [Block] {
    var blocks: [Block] = []
    var current: Block?
    for (index, line) in read(document).split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      if line.hasPrefix("```") {
        if let block = current {
          blocks.append(block)
          current = nil
        } else {
          current = Block(
            document: document, line: index + 1, language: String(line.dropFirst(3)), text: "")
        }
      } else if current != nil {
        current?.text += line + "\n"
      }
    }
    return blocks
  }

  static let marbleBlocks: [Block] = documents.flatMap(blocks).filter { $0.language == "marble" }

  // MARK: - Operators.md

  @Test func theOperatorsGuideIsGeneratedFromTheCatalogue() throws {
    let url = Self.root.appendingPathComponent("Guides/Operators.md")
    try expectGolden(OperatorsGuide.markdown(), at: url)
    let current = try String(contentsOf: url, encoding: .utf8)
    // Every row is in it, with its names as the catalogue has them.
    for entry in Catalogue.entries {
      #expect(current.contains("| `\(Explainer.printedName(entry))` |"))
      if let alias = entry.alias {
        #expect(
          current.contains("`\(Explainer.printedName(entry))` | ") && current.contains("`\(alias)`")
        )
      }
    }
  }

  // MARK: - Scripts

  @Test(arguments: marbleBlocks)
  func everyScriptInTheDocsRuns(_ block: Block) {
    let file = SourceFile(name: block.testDescription, text: block.text)
    let outcome = ScriptEngine.run(file, options: RunOptions(maxFrames: 10_000))
    switch outcome {
    case .failed, .stopped:
      Issue.record("the script fails:\n\(outcome.diagnostics.render(in: file))")
    case .completed(let run):
      for failure in run.expectations where !failure.passed {
        Issue.record("line \(failure.line): \(failure.message ?? "failed")")
      }
      #expect(run.diagnostics.isEmpty, "warnings: \(run.diagnostics.render(in: file))")
    }
  }

  /// What `marbles format` makes of a script is what the docs show (`.ci/run` checks the same
  /// with the release binary): copied into an editor that formats on save, it does not change.
  @Test(arguments: marbleBlocks)
  func everyScriptInTheDocsIsInTheFormattersLayout(_ block: Block) {
    switch ScriptFormatter.format(SourceFile(name: block.testDescription, text: block.text)) {
    case .success(let formatted):
      #expect(formatted == block.text, "\(block.testDescription): run 'marbles format' on it")
    case .failure(let failure):
      Issue.record("\(block.testDescription) does not parse: \(failure)")
    }
  }

  @Test func theDocsHaveScriptsAndEveryScriptIsMarkedAsOne() {
    #expect(Self.marbleBlocks.count > Catalogue.entries.count)
    #expect(Self.marbleBlocks.contains { $0.document == "README.md" })
    #expect(Self.marbleBlocks.contains { $0.document == "Guides/Syntax.md" })
    // An unmarked block that starts like a script would escape the test above.
    let starts = ["let ", "show ", "title ", "expect ", "use "]
    for document in Self.documents where document != "Guides/Diagnostics.md" {
      for block in Self.blocks(document) where block.language.isEmpty {
        let first = block.text.split(separator: "\n").first.map(String.init) ?? ""
        #expect(
          !starts.contains { first.hasPrefix($0) },
          "\(block.testDescription) looks like a script: fence it as ```marble")
      }
    }
  }

  @Test func theREADMEShowsTheToolsOwnDiagram() throws {
    let blocks = Self.blocks("README.md")
    let index = try #require(blocks.firstIndex { $0.language == "marble" })
    let diagram = try #require(blocks.dropFirst(index + 1).first)
    #expect(diagram.language == "text")
    let file = SourceFile(name: "README.md", text: blocks[index].text)
    guard case .completed(let run) = ScriptEngine.run(file, options: RunOptions()) else {
      Issue.record("the README's script fails")
      return
    }
    #expect(diagram.text == TextRenderer().render(run))
  }

  // MARK: - Diagnostics.md

  /// Each script of `Guides/Diagnostics.md` followed by the block of what `t.marble` prints.
  static let diagnosticExamples: [(script: Block, printed: Block)] = {
    let found = DocsTests.blocks("Guides/Diagnostics.md")
    return zip(found, found.dropFirst()).filter { script, printed in
      script.language.isEmpty && printed.language.isEmpty
        && printed.text.hasPrefix("t.marble:") && !script.text.hasPrefix("t.marble:")
    }
  }()

  @Test func theDiagnosticsGuideShowsWhatTheToolPrints() {
    #expect(Self.diagnosticExamples.count > 50)
    let text = Self.read("Guides/Diagnostics.md")
    for (script, printed) in Self.diagnosticExamples {
      // "Run with `--max-frames N`." (or another limit) before the script sets the bound.
      let before = text.split(separator: "\n", omittingEmptySubsequences: false)
        .prefix(script.line - 1).suffix(3).joined(separator: "\n")
      func flag(_ name: String) -> Int? {
        guard let range = before.range(of: "Run with `--\(name) ") else { return nil }
        return Int(before[range.upperBound...].prefix { $0.isNumber })
      }
      var options = RunOptions(maxFrames: flag("max-frames") ?? 100_000)
      if let events = flag("max-events") { options.budgets.maxEvents = events }
      if let open = flag("max-subscriptions") { options.budgets.maxSubscriptions = open }
      let file = SourceFile(name: "t.marble", text: script.text)
      let outcome = ScriptEngine.run(file, options: options)
      var shown = outcome.diagnostics.render(in: file)
      if case .completed(let run) = outcome {
        for failure in run.expectations where !failure.passed {
          shown += "t.marble:\(failure.line):\(failure.column): error: \(failure.message ?? "")"
          if !shown.hasSuffix("\n") { shown += "\n" }
        }
      }
      #expect(
        shown.contains(printed.text),
        "Guides/Diagnostics.md:\(printed.line) is not what t.marble prints:\n\(shown)")
    }
  }

  // MARK: - Workshop

  @Test func theWorkshopsExercisesAreCheckedByMarblesTest() throws {
    let examples = Self.root.appendingPathComponent("Examples").path
    let found = try MarblesTool.collectScripts(examples).get().files
    // `marbles test Examples` finds the exercises and their answers in the subfolders.
    let answers = found.filter { $0.contains("/Workshop/Answers/") }
    let exercises = found.filter { $0.contains("/Workshop/") && !answers.contains($0) }
    #expect(exercises.count == 9)
    #expect(answers.count == 9)
    let guide = Self.read("Guides/Workshop.md")
    for topic in [
      "Transform", "Filter", "Combine", "Flatten", "Time", "Errors", "Multicast", "RACCommand",
      "RACChannel",
    ] {
      #expect(guide.contains("## ") && guide.contains(". \(topic)"), "no part on \(topic)")
    }
    for path in answers {
      let name = String(path.split(separator: "/").last ?? "")
      #expect(guide.contains("(../Examples/Workshop/\(name))"), "the guide does not link \(name)")
      #expect(guide.contains("(../Examples/Workshop/Answers/\(name))"), "no answers for \(name)")
      let text = try String(contentsOfFile: path, encoding: .utf8)
      let file = SourceFile(name: name, text: text)
      guard case .completed(let run) = ScriptEngine.run(file, options: RunOptions()) else {
        Issue.record("\(name) fails to run")
        continue
      }
      #expect(run.expectations.count >= 2, "\(name) has too few answers")
      #expect(run.expectations.allSatisfy { $0.passed }, "\(name) has a wrong answer")
      #expect(run.diagnostics.isEmpty, "\(name) has warnings")
      // Every lane a student predicts has an answer.
      for lane in run.lanes where !lane.isMarbleSource {
        #expect(
          run.expectations.contains { $0.lane == lane.name }, "\(name): no answer for \(lane.name)")
      }
      // The exercise is the answer without its `expect` lines, plus the student's two lines.
      let exercise = try String(
        contentsOfFile: path.replacingOccurrences(of: "/Answers/", with: "/"), encoding: .utf8)
      let withoutAnswers = text.split(separator: "\n", omittingEmptySubsequences: false)
        .filter { !$0.hasPrefix("expect ") }.joined(separator: "\n")
      #expect(exercise.hasPrefix(withoutAnswers.trimmingCharacters(in: .newlines)), "\(name)")
      #expect(!exercise.contains("\nexpect "), "\(name): the exercise holds an answer")
    }
  }

  /// The README says every known issue of `swift test` is a deliberate failure: each
  /// `withKnownIssue` says so.
  @Test func everyKnownIssueIsLabelledDeliberate() throws {
    let tests = Self.root.appendingPathComponent("Tests").path
    let files = FileManager.default.enumerator(atPath: tests)?.compactMap { $0 as? String } ?? []
    var count = 0
    for file in files where file.hasSuffix(".swift") {
      let text = try String(contentsOfFile: tests + "/" + file, encoding: .utf8)
      for line in text.split(separator: "\n") where line.contains("withKnownIssue" + "(") {
        count += 1
        #expect(line.contains("a deliberate failure"), "\(file): \(line)")
      }
      #expect(!text.contains("withKnownIssue" + " {"), "\(file): an unlabelled known issue")
    }
    #expect(count >= 5)
  }

  // MARK: - Citations

  @Test(arguments: documents)
  func theDocsCiteNothingOutsideTheRepository(_ document: String) {
    let text = Self.read(document)
    // The repository's own ARCHITECTURE.md (at the root) may be cited; the relative-link check
    // below proves a link reaches it.
    for name in [
      "DSL.md", "OUTPUT.md", "design/ARCHITECTURE.md", "PERFORMANCE.md", "style.md",
      "raccommand-semantics", "design/", "reference §",
    ] {
      #expect(!text.contains(name), "\(document) cites '\(name)', which users do not have")
    }
    // Every relative link points at a file of the repository.
    let directory = Self.root.appendingPathComponent(document).deletingLastPathComponent()
    var rest = Substring(text)
    while let open = rest.range(of: "](") {
      rest = rest[open.upperBound...]
      let target = String(rest.prefix { $0 != ")" && $0 != "#" })
      guard !target.isEmpty, !target.contains("://"), !target.hasPrefix("mailto:") else {
        continue
      }
      let path = directory.appendingPathComponent(target).path
      #expect(FileManager.default.fileExists(atPath: path), "\(document) links to '\(target)'")
    }
  }
}
