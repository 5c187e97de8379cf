import Foundation
import Testing

@testable import Marbles
@testable import MarblesCLI
@testable import MarblesCore

/// The `marbles` tool driving the real interpreter, on a script with a command's internals, a
/// higher-order operator and a channel.
@Suite struct InterpreterEndToEndTests {
  static let script = """
    title "save flow"
    let clicks = hot("--x-----x--|")
    let save = Command { input in cold("--r|", r: input) }
    let calls = save.execute(clicks)
    let ch = Channel()
    let results = save.executionSignals.switchToLatest()
    results.subscribe(ch.leading)
    show clicks, save.internals, results, ch.following
    expect results == "----x-----x"
    expect ch.following == "----x-----x"
    expect save.executing == "f-t--f--t--f", t: true, f: false
    expect subscriptions(clicks) == ["^----------!", "^----------!"]
    """

  func tool(_ arguments: [String], input: String = script) -> ToolResult {
    runTool(arguments, input: input)
  }

  @Test func rendersTheScript() {
    let result = tool(["render", "-"])
    #expect(result.exitCode == 0)
    #expect(result.stderr == "")
    #expect(result.stdout.hasPrefix("save flow"))
    #expect(result.stdout.contains("save.immediateEnabled"))
    #expect(result.stdout.contains("ch.following"))
  }

  @Test func printsJSON() throws {
    let result = tool(["run", "-", "--format", "json"])
    #expect(result.exitCode == 0)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let lanes = try #require(json["lanes"] as? [[String: Any]])
    #expect(lanes.count == 12)
    #expect(lanes.map { $0["name"] as? String }.contains("save.executionSignals"))
    let expectations = try #require(json["expectations"] as? [[String: Any]])
    #expect(expectations.count == 4)
    #expect(expectations.allSatisfy { $0["passed"] as? Bool == true })
  }

  @Test func testsTheExpectations() {
    let result = tool(["test", "-"])
    #expect(result.exitCode == 0)
    #expect(result.stdout == "PASS <stdin> (4 expectations)\n\n4 passed, 0 failed\n")
  }

  @Test func reportsAFailingExpectationWithItsDiff() {
    let result = tool(
      ["test", "-"],
      input: """
        let input = cold("--a--b--|", a: 1, b: 2)
        let output = input.map { x in x * 10 }
        expect output == "--x--y--|", x: 10, y: 21
        """)
    #expect(result.exitCode == 1)
    #expect(
      result.stdout == """
        FAIL <stdin> (1 expectation)
        <stdin>:3:1: error: expectation failed for 'output' at frame 5: expected next(21), got next(20)
                  0    5
        expected  --x--y--|   x = 10, y = 21
        actual    --x--c--|   x = 10, c = 20
                       ^
        frame 5: value differs: expected next(21), got next(20)

        0 passed, 1 failed

        """)
  }

  @Test func aRuntimeErrorExitsWithItsDiagnostic() {
    let result = tool(["render", "-"], input: "let x = 1 / 0\n")
    #expect(result.exitCode == 1)
    #expect(
      result.stderr == """
        <stdin>:1:9: error: division by zero at frame 0
        let x = 1 / 0
                ^~~~~

        """)
  }

  @Test func explainListsTheCatalogueAndExplainsOneOperator() {
    let list = tool(["explain"])
    #expect(list.exitCode == 0)
    #expect(list.stdout.contains("Marbles operator catalogue (\(Catalogue.entries.count) entries)"))
    let row = list.stdout.split(separator: "\n").first { $0.hasPrefix("  .flattenMap ") }
    #expect(
      row?.split(separator: " ").prefix(5)
        == [".flattenMap", "ReactiveObjC:", "flattenMap:", "RxJS:", "mergeMap"])

    let map = tool(["explain", "mergeMap"])
    #expect(map.exitCode == 0)
    #expect(
      map.stdout.hasPrefix(
        ".flattenMap([concurrent: concurrent]) { x in … }\n\nMaps each value to a signal and merges them all; 'concurrent: n' runs at most n at once, the rest wait in order.\n"
      ))
    #expect(map.stdout.contains("ReactiveObjC: flattenMap:\nRxJS: mergeMap\n"))
    #expect(map.stdout.contains("output         ---a--b--|"))
    #expect(map.stdout.contains("output.active  cd--e--c-|"))

    let unknown = tool(["explain", "flatenMap"])
    #expect(unknown.exitCode == 1)
    #expect(
      unknown.stderr
        == "error: unknown operator 'flatenMap'; did you mean 'flattenMap'?\n"
        + "See 'marbles explain' for the catalogue.\n")
  }
}
