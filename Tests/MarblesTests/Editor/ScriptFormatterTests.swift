import Foundation
import Testing

@testable import Marbles
@testable import MarblesCore
@testable import MarblesCLI

/// `marbles format`: one canonical layout, idempotent, and it never changes what a script does.
@Suite struct ScriptFormatterTests {
  /// Every example, the workshop's included.
  static let examples: [(name: String, text: String)] = {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Examples")
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    var found: [(String, String)] = []
    while let name = enumerator?.nextObject() as? String {
      guard name.hasSuffix(".marble"),
        let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      else { continue }
      found.append((name, text))
    }
    return found.sorted { $0.0 < $1.0 }
  }()

  static func format(_ text: String) -> String? {
    guard case .success(let formatted) = ScriptFormatter.format(SourceFile(name: "t", text: text))
    else { return nil }
    return formatted
  }

  @Test func examplesAreFound() {
    #expect(Self.examples.count >= 30)
  }

  @Test(arguments: examples.map(\.name))
  func formattingTwiceChangesNothingMoreAndKeepsEveryEvent(name: String) throws {
    let text = try #require(Self.examples.first { $0.name == name }?.text)
    let once = try #require(Self.format(text))
    let twice = try #require(Self.format(once))
    #expect(once == twice)
    let before = ScriptEngine.run(SourceFile(name: name, text: text))
    let after = ScriptEngine.run(SourceFile(name: name, text: once))
    let runBefore = try #require(before.run)
    let runAfter = try #require(after.run)
    #expect(runBefore.lanes.map(\.name) == runAfter.lanes.map(\.name))
    #expect(runBefore.lanes.map(\.label) == runAfter.lanes.map(\.label))
    #expect(runBefore.lanes.map(\.events) == runAfter.lanes.map(\.events))
    #expect(runBefore.expectations.map(\.passed) == runAfter.expectations.map(\.passed))
    #expect(runBefore.subscriptions.map(\.log) == runAfter.subscriptions.map(\.log))
  }

  @Test func layoutIsCanonical() throws {
    let messy = """


      let input=cold( "--a--b--|",a:1 , b:2 )   // the source
      let doubled   =input.map{x in x*2}
        let sum = input.scan(0){ acc,x in acc+x } // a running total



      let merged = merge(
      input,
              doubled.filter { !($0 > 2) ? true : -$0 < 0 }
      )
      show input , doubled as "x2",sum
      expect doubled=="--a--b--|",a:2,b:4
      expect sum == "--a--b--|", a: 1, b: 3
      expect subscriptions(input)==["^-------!", "^-------!", "^-------!"]

      """
    let expected = """
      let input   = cold("--a--b--|", a: 1, b: 2)  // the source
      let doubled = input.map { x in x * 2 }
      let sum     = input.scan(0) { acc, x in acc + x }  // a running total

      let merged = merge(
        input,
        doubled.filter { !($0 > 2) ? true : -$0 < 0 }
      )
      show input, doubled as "x2", sum
      expect doubled              == "--a--b--|", a: 2, b: 4
      expect sum                  == "--a--b--|", a: 1, b: 3
      expect subscriptions(input) == ["^-------!", "^-------!", "^-------!"]

      """
    #expect(Self.format(messy) == expected)
  }

  @Test func scriptWithSyntaxErrorsIsNotFormatted() {
    let result = ScriptFormatter.format(SourceFile(name: "t", text: "let a = cold(\"--a|\"\n"))
    guard case .failure(let failure) = result else {
      Issue.record("formatted a script with a syntax error")
      return
    }
    #expect(failure.diagnostics.containsError)
  }

  @Test func emptyScriptStaysEmpty() {
    #expect(Self.format("") == "")
    #expect(Self.format("\n\n  \n") == "")
  }
}
