import Foundation
import Testing

@testable import Marbles
@testable import MarblesCLI
@testable import MarblesCore

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

  @Test func aRangeKeepsItsOperatorWhole() {
    let loop = { (range: String) in
      "let s = cold(\"-5|\").map { n in\n  for d in \(range) {\n    break\n  }\n  return n\n}\nshow s\n"
    }
    // `..<` is one operator (it was written `2..< n`), as is `...`.
    #expect(Self.format(loop("2 ..< n")) == loop("2..<n"))
    #expect(Self.format(loop("2..<(n + 1)")) == loop("2..<(n + 1)"))
    #expect(Self.format(loop("2 ... n")) == loop("2...n"))
    // A `<` comparison keeps its spaces.
    #expect(Self.format("let a = 1 <2\n") == "let a = 1 < 2\n")
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

  /// Regression (issue 33): `+=`, `-=` and `*=` were written `+ =`, which no longer parses.
  @Test func compoundAssignmentKeepsItsOperatorWhole() throws {
    let text = """
      let input = cold("-a|", a: 3)
      let lists = input.map { n in
        var xs = []
        var total = 1
        for i in 1...n { xs += [i] }
        total -= 1
        total  *=  2
        return [xs, total]
      }
      show lists

      """
    let formatted = try #require(Self.format(text))
    #expect(formatted.contains("xs += [i]"))
    #expect(formatted.contains("total -= 1"))
    #expect(formatted.contains("total *= 2"))
    #expect(!formatted.contains("+ ="))
    #expect(Self.format(formatted) == formatted)
    let run = try #require(ScriptEngine.run(SourceFile(name: "t", text: formatted)).run)
    let original = try #require(ScriptEngine.run(SourceFile(name: "t", text: text)).run)
    #expect(run.lanes.map(\.events) == original.lanes.map(\.events))
  }

  /// Regression (issue 32): a script without a final newline was given back unchanged (the
  /// layout's newline made the safety check see one token more).
  @Test func scriptWithoutFinalNewlineIsFormatted() {
    #expect(Self.format("let a=cold(\"-a|\")\nshow   a") == "let a = cold(\"-a|\")\nshow a\n")
    #expect(Self.format("let a = cold(\"-a|\") // last") == "let a = cold(\"-a|\")  // last\n")
  }

  /// Regression (issue 33): every aligned `let` was padded to the longest name, so one
  /// 20,000-character name before 2,000 short `let`s (51 KB) became 40 MB. A name past
  /// `maximumAlignedWidth` is not aligned; the short ones still align among themselves.
  @Test func alignmentIsBoundedByAWidthNotByTheLongestName() throws {
    let long = String(repeating: "n", count: 20_000)
    var text = "let \(long) = 1\n"
    for index in 0..<2_000 { text += "let b\(index) = \(index)\n" }
    let formatted = try #require(Self.format(text))
    #expect(formatted.utf8.count <= 2 * text.utf8.count)
    #expect(formatted.hasPrefix("let \(long) = 1\nlet b0    = 0\n"))
    #expect(Self.format(formatted) == formatted)
  }

  /// Trailing comments align only on lines up to `maximumCommentColumn`; a longer line keeps
  /// its comment two spaces after it and does not push its neighbours'.
  @Test func commentAlignmentIsBounded() throws {
    let long = String(repeating: "x", count: 5_000)
    var text = "let a = \"\(long)\"  // long\n"
    for index in 0..<500 { text += "let b\(index) = \(index)  // c\n" }
    let formatted = try #require(Self.format(text))
    #expect(formatted.utf8.count <= 2 * text.utf8.count)
    #expect(formatted.contains("\"\(long)\"  // long\n"))
    let rest = formatted.split(separator: "\n" as Character).dropFirst()
    #expect(rest.allSatisfy { line in line.count < 40 })
    #expect(Self.format(formatted) == formatted)
  }

  /// Indentation stops at `maximumIndent` columns, however deep the brackets nest.
  @Test func indentationIsBounded() throws {
    let depth = 60
    var text = "let a = "
    for _ in 0..<depth { text += "[\n" }
    text += "1\n"
    for _ in 0..<depth { text += "]\n" }
    let formatted = try #require(Self.format(text))
    let lines = formatted.split(separator: "\n")
    let widest = lines.map { line in line.prefix { $0 == " " }.count }.max()
    #expect(widest == ScriptFormatter.maximumIndent)
    #expect(Self.format(formatted) == formatted)
  }
}
