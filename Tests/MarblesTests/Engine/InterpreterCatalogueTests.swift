import Testing

@testable import Marbles
@testable import MarblesCore

@Suite struct InterpreterCatalogueTests {
  @Test(arguments: Catalogue.entries.map(\.name).enumerated().map { "\($0.offset):\($0.element)" })
  func exampleRunsAndItsExpectationsHold(_ id: String) throws {
    let index = Int(id.prefix { $0 != ":" }) ?? 0
    let entry = Catalogue.entries[index]
    let source = SourceFile(name: "\(entry.name).marble", text: entry.example)
    let outcome = ScriptEngine.run(source, options: RunOptions(maxFrames: 1_000))
    guard case .completed(let run) = outcome else {
      Issue.record("example of '\(entry.name)' failed:\n\(outcome.diagnostics.render(in: source))")
      return
    }
    #expect(run.diagnostics.isEmpty, "\(run.diagnostics.render(in: source))")
    #expect(!run.lanes.isEmpty)
    for expectation in run.expectations where !expectation.passed {
      Issue.record("example of '\(entry.name)':\n\(expectation.message ?? "")")
    }
  }

  @Test func namesAndAliasesAreUniquePerKind() {
    var seen: Set<String> = []
    for entry in Catalogue.entries {
      let key = "\(entry.kind):\(entry.name):\(entry.semantics == .rxjs)"
      #expect(seen.insert(key).inserted, "duplicate \(key)")
    }
  }

  @Test func eachRxJSSideHasAReactiveObjCSide() {
    let rxjs = Catalogue.entries.filter { $0.semantics == .rxjs }
    #expect(rxjs.count >= 6)
    for entry in rxjs {
      let rac = Catalogue.entries.filter { $0.name == entry.name && $0.kind == entry.kind }
      #expect(rac.contains { $0.semantics == .reactiveObjC }, "\(entry.name) has no RAC side")
      #expect(entry.example.hasPrefix("use rxjs\n"), "\(entry.name)'s example must use rxjs")
      let lookup = entry.kind == .method ? Catalogue.method : Catalogue.function
      #expect(lookup(entry.name, true)?.semantics == .rxjs)
      #expect(lookup(entry.name, false)?.semantics == .reactiveObjC)
    }
  }
}
