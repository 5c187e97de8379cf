import Foundation
import Testing

@testable import Marbles
@testable import MarblesCLI
@testable import MarblesCore

/// `Examples/rxjs-search-box.marble`, a script of RxJS operators under `use rxjs`, renders,
/// runs and tests like any other script, in every format.
@Suite struct RxJSSearchBoxExampleTests {
  static let script: String = {
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let url = root.appendingPathComponent("Examples/rxjs-search-box.marble")
    return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
  }()

  func tool(_ arguments: [String]) -> ToolResult {
    runTool(arguments, input: Self.script)
  }

  @Test func isARxJSScript() {
    #expect(Self.script.hasPrefix("use rxjs") || Self.script.contains("\nuse rxjs"))
  }

  @Test func rendersAsTextInAsciiAndUnicode() {
    for format in ["ascii", "unicode"] {
      let result = tool(["render", "-", "--format", format, "--color", "never"])
      #expect(result.exitCode == 0, "\(format)")
      #expect(result.stderr == "", "\(format)")
      for lane in ["typed", "queries", "results", "shown"] {
        #expect(result.stdout.contains("\n" + lane), "\(format) lacks lane \(lane)")
      }
      // String values are quoted in the legend, so "rxj" and "rxj!" cannot be confused.
      #expect(result.stdout.contains(#" = "rxj!""#), "\(format)")
    }
  }

  @Test func rendersAsJSONWithEveryLaneAndPassingExpectations() throws {
    for command in [["render", "-", "--format", "json"], ["run", "-"]] {
      let result = tool(command)
      #expect(result.exitCode == 0)
      let json = try #require(
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
      let lanes = try #require(json["lanes"] as? [[String: Any]])
      #expect(lanes.map { $0["name"] as? String } == ["typed", "queries", "results", "shown"])
      let expectations = try #require(json["expectations"] as? [[String: Any]])
      #expect(!expectations.isEmpty)
      #expect(expectations.allSatisfy { $0["passed"] as? Bool == true })
    }
  }

  @Test func rendersAsSVGAndHTML() {
    let svg = tool(["render", "-", "--format", "svg"])
    #expect(svg.exitCode == 0)
    #expect(svg.stdout.contains("<svg"))
    #expect(svg.stdout.contains("queries"))
    let html = tool(["render", "-", "--format", "html"])
    #expect(html.exitCode == 0)
    #expect(html.stdout.contains("<html"))
    #expect(html.stdout.contains("results"))
  }

  @Test func testsAndSteps() {
    let test = tool(["test", "-"])
    #expect(test.exitCode == 0)
    #expect(test.stdout.hasSuffix("3 passed, 0 failed\n"))
    let step = tool(["step", "-"])
    #expect(step.exitCode == 0)
    #expect(step.stdout.contains("shown"))
  }
}
