import Foundation
import Testing

@testable import Marbles
@testable import MarblesCLI
@testable import MarblesCore

/// `marbles test --update` rewrites failing `expect` marbles in place, and nothing else.
@Suite struct ExpectUpdateTests {
  /// A temporary folder holding `text` as `name`, removed by `body`'s caller.
  func withFile(_ text: String, _ body: (String) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("marbles-update-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("script.marble").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    try body(path)
  }

  @Test func rewritesOnlyTheFailingMarblesAndSaysWhat() throws {
    let script = """
      // prices\r
      let prices = cold("-a--b|", a: 3, b: 5)   // two values
      let doubled = prices.map { p in p * 2 }
      expect doubled == "-x-y|", x: 6, y: 10, z: 99
      expect prices == "-3--5|"
      expect subscriptions(prices) == ["^----!"]

      """
    try withFile(script) { path in
      let result = runTool(["test", "--update", path])
      #expect(result.exitCode == 0, "\(result.stdout)")
      // The key the new marble does not use (`z`) leaves the map.
      #expect(
        result.stdout.contains(
          "UPDATED \(path)\n  \(path):4:1: \"-x-y|\", x: 6, y: 10, z: 99 -> \"-x--y|\", x: 6, y: 10\n"
        ),
        "\(result.stdout)")
      // The rewritten expectations are counted as updated, not as passed.
      #expect(result.stdout.hasSuffix("1 passed, 2 updated, 0 failed\n"), "\(result.stdout)")
      let updated = try String(contentsOfFile: path, encoding: .utf8)
      // Two expectations subscribe `prices`: the list gets its second window.
      #expect(
        updated
          == script.replacingOccurrences(
            of: "\"-x-y|\", x: 6, y: 10, z: 99", with: "\"-x--y|\", x: 6, y: 10"
          )
          .replacingOccurrences(of: #"["^----!"]"#, with: #"["^----!", "^----!"]"#))
      // Updated, the script passes as it is.
      #expect(runTool(["test", path]).exitCode == 0)
    }
  }

  /// Regression (issue 33): an edit saved while the script ran was overwritten by the update.
  /// The file is read again before it is replaced, and a changed file is left alone.
  @Test func refusesToOverwriteAFileChangedWhileTheScriptRan() throws {
    let script = "let a = cold(\"-a|\")\nexpect a == \"--a|\"\n"
    let edited = script + "// saved from the editor meanwhile\n"
    try withFile(script) { path in
      let environment = ToolEnvironment(
        run: { source, options in
          // The first run is the script's: the author saves an edit while it runs.
          if (try? String(contentsOfFile: path, encoding: .utf8)) == script {
            try? Data(edited.utf8).write(to: URL(fileURLWithPath: path))
          }
          return ScriptEngine.run(source, options: options)
        },
        explain: { Explainer.explain($0) }, readStandardInput: { _ in Data() })
      let result = MarblesTool.main(["test", "--update", path], environment: environment)
      #expect(result.exitCode == 1)
      #expect(
        result.stdout.contains(
          "FAIL \(path): not updated: the file changed while the script ran; run it again\n"),
        "\(result.stdout)")
      let after = try String(contentsOfFile: path, encoding: .utf8)
      #expect(after == edited)
    }
  }

  /// Runs `--update` on `script` and checks it printed `changes` and wrote `expected`, that
  /// the written script passes `marbles test`, and that a second `--update` changes nothing.
  func update(
    _ script: String, changes: [String], to expected: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try withFile(script) { path in
      let result = runTool(["test", "--update", path])
      #expect(result.exitCode == 0, "\(result.stdout)", sourceLocation: sourceLocation)
      let printed = changes.map { "  \(path):\($0)\n" }.joined()
      #expect(
        result.stdout.contains("UPDATED \(path)\n" + printed), "\(result.stdout)",
        sourceLocation: sourceLocation)
      let updated = try String(contentsOfFile: path, encoding: .utf8)
      #expect(updated == expected, sourceLocation: sourceLocation)
      let check = runTool(["test", path])
      #expect(check.exitCode == 0, "\(check.stdout)", sourceLocation: sourceLocation)
      let again = runTool(["test", "--update", path])
      #expect(!again.stdout.contains("UPDATED"), "\(again.stdout)", sourceLocation: sourceLocation)
      #expect(
        try String(contentsOfFile: path, encoding: .utf8) == expected,
        sourceLocation: sourceLocation)
    }
  }

  @Test func writesUnusedKeysOfTheMapAndAddsAKeyForAValueWithout() throws {
    try update(
      """
      let input = cold("-1-2-3|")
      let big = input.map { x in x * 10 }
      expect big == "-a|", a: 10, b: 20   // tens
      expect input.map { x in x * 2 } == "-2-4|"

      """,
      changes: [
        #"3:1: "-a|", a: 10, b: 20 -> "-a-b-c|", a: 10, b: 20, c: 30"#,
        #"4:1: "-2-4|" -> "-2-4-6|""#,
      ],
      to: """
        let input = cold("-1-2-3|")
        let big = input.map { x in x * 10 }
        expect big == "-a-b-c|", a: 10, b: 20, c: 30   // tens
        expect input.map { x in x * 2 } == "-2-4-6|"

        """)
  }

  /// Two values without a key get two new keys; equal values share one; a letter the marble
  /// draws as itself (`b`) or the map holds (`x`, unused) is never a new key; a digit the map
  /// gives another value (`2: 7`) is not written as itself. Keys no longer used leave the map.
  @Test func addsOneKeyPerValueAndNeverOneInUse() throws {
    try update(
      """
      let input = cold("-1-2-1-b|", b: "b")
      let out = input.map { x in x == "b" ? x : x * 100 }
      expect out == "-x|", x: 5
      expect input == "-1|", 2: 7

      """,
      changes: [
        #"3:1: "-x|", x: 5 -> "-a-c-a-b|", a: 100, c: 200"#,
        #"4:1: "-1|", 2: 7 -> "-1-a-1-b|", a: 2"#,
      ],
      to: """
        let input = cold("-1-2-1-b|", b: "b")
        let out = input.map { x in x == "b" ? x : x * 100 }
        expect out == "-a-c-a-b|", a: 100, c: 200
        expect input == "-1-a-1-b|", a: 2

        """)
  }

  /// Without a values map the keys follow the marble (before `error:`); strings keep their
  /// quotes, backslashes and controls escaped, and take their first letter as key when free;
  /// Booleans take `t` and `f`.
  @Test func writesTheValuesOfAnExpectWithoutAMap() throws {
    try update(
      #"""
      let input = cold("-1-2-#", error: "gone")
      expect input.map { x in x == 1 ? "say \"hi\"\n" : "C:\\dir" } == "-|", error: "gone"
      expect input.map { x in x > 1 }.catch { e in just(nil) } == "-|"
      expect input.map { x in [Double(x) / 4.0, 1.0 / 0.0] }.take(1) == "-|"

      """#,
      changes: [
        #"2:1: "-|" -> "-s-C-#", s: "say \"hi\"\n", C: "C:\\dir""#,
        #"3:1: "-|" -> "-f-t-(n|)", f: false, t: true, n: nil"#,
        #"4:1: "-|" -> "-(a|)", a: [0.25, 1.0 / 0.0]"#,
      ],
      to: #"""
        let input = cold("-1-2-#", error: "gone")
        expect input.map { x in x == 1 ? "say \"hi\"\n" : "C:\\dir" } == "-s-C-#", s: "say \"hi\"\n", C: "C:\\dir", error: "gone"
        expect input.map { x in x > 1 }.catch { e in just(nil) } == "-f-t-(n|)", f: false, t: true, n: nil
        expect input.map { x in [Double(x) / 4.0, 1.0 / 0.0] }.take(1) == "-(a|)", a: [0.25, 1.0 / 0.0]

        """#)
  }

  /// Keys go after the last value even when that value ends on a later line than the marble.
  @Test func addsKeysAfterAValueThatSpansLines() throws {
    try update(
      "let input = cold(\"-1|\")\nexpect input.map { x in (x, \"one\") } == \"-|\", z: [\n  9]  // z\n",
      changes: [#"2:1: "-|" -> "-a|""#, "2:1: adds a: (1, \"one\")"],
      to:
        "let input = cold(\"-1|\")\nexpect input.map { x in (x, \"one\") } == \"-a|\", z: [\n  9], a: (1, \"one\")  // z\n"
    )
  }

  /// A command has no source form: the `expect` is reported and the file left as it was,
  /// while the other failing `expect` of the file is still updated.
  @Test func refusesAValueItCannotWrite() throws {
    let script = """
      let input = cold("-1-2|")
      expect input.map { x in Command { y in just(y) } } == "-|"
      expect input == "-1|"

      """
    try withFile(script) { path in
      let result = runTool(["test", "--update", path])
      #expect(result.exitCode == 1)
      #expect(
        result.stdout.contains("FAIL \(path):2:1: the value ")
          && result.stdout.contains(
            " at frame 1 has no key in the values map; add one (for example 'v: …') first "
              + "(not updated)"),
        "\(result.stdout)")
      let updated = try String(contentsOfFile: path, encoding: .utf8)
      #expect(updated == script.replacingOccurrences(of: #""-1|""#, with: #""-1-2|""#))
    }
  }

  /// Regression (issue 31): `"SWIFT"`, which the script keys `a`, was written `S`; an inner
  /// signal was refused ("no key in the values map") although its `cold(…)` can be written.
  @Test func usesTheScriptsKeysAndWritesInnerSignals() throws {
    try update(
      """
      let input = cold("-a--b-|", a: "SWIFT", b: "xy")
      expect input == "-"
      expect input.map { x in cold("-y|", y: x) } == "-"

      """,
      changes: [
        #"2:1: "-" -> "-a--b-|", a: "SWIFT", b: "xy""#,
        #"3:1: "-" -> "-a--b-|", a: cold("-a|", a: "SWIFT"), b: cold("-a|", a: "xy")"#,
      ],
      to: """
        let input = cold("-a--b-|", a: "SWIFT", b: "xy")
        expect input == "-a--b-|", a: "SWIFT", b: "xy"
        expect input.map { x in cold("-y|", y: x) } == "-a--b-|", a: cold("-a|", a: "SWIFT"), b: cold("-a|", a: "xy")

        """)
  }

  /// One-letter keys run out after `a`…`z`, `A`…`Z` and the Greek letters: the 77th value
  /// without a key is reported, and nothing is written.
  @Test func refusesWhenEveryKeyIsTaken() throws {
    let script = "expect interval(1).take(100).map { x in x * 10 } == \"-\"\n"
    try withFile(script) { path in
      let result = runTool(["test", "--update", path])
      #expect(result.exitCode == 1)
      #expect(
        result.stdout.contains(
          "FAIL \(path):1:1: the value 770 at frame 77 has no key in the values map and every "
            + "one-letter key is taken; add one first (not updated)"), "\(result.stdout)")
      let after = try String(contentsOfFile: path, encoding: .utf8)
      #expect(after == script)
    }
  }

  @Test func refusesAScriptWithErrors() throws {
    let script = "let a = cold(\"-a|\")\nexpect a == \"--a|\"\nshow a b\n"
    try withFile(script) { path in
      let result = runTool(["test", "--update", path])
      #expect(result.exitCode == 1)
      let after = try String(contentsOfFile: path, encoding: .utf8)
      #expect(after == script)
    }
  }

  /// Every example, broken (each `expect` marble made all dashes, each subscription marble
  /// `"^"`) in a temporary copy, is restored byte for byte by `--update`, except the `expect`s
  /// whose values map holds signals made by operators (`fail(…)`, `just(…)`, `never`) that the
  /// broken marble no longer uses: those are reported, or written with the `cold(…)` that plays
  /// each inner signal, in a script that passes.
  @Test func breakingAndUpdatingEveryExampleRestoresIt() throws {
    let examples = DocsTests.root.appendingPathComponent("Examples").path
    let files = try MarblesTool.collectScripts(examples).get().files
    #expect(files.count >= 40)
    var restored = 0
    var brokenCount = 0
    for file in files {
      let original = try String(contentsOfFile: file, encoding: .utf8)
      let broken = Self.broken(original)
      guard broken != original else { continue }
      brokenCount += 1
      try withFile(broken) { path in
        let result = runTool(["test", "--update", path])
        let updated = try String(contentsOfFile: path, encoding: .utf8)
        let refused = Set(
          result.stdout.split(separator: "\n").compactMap { line -> Int? in
            guard line.hasPrefix("FAIL \(path):"), line.hasSuffix("(not updated)") else {
              return nil
            }
            return Int(line.dropFirst("FAIL \(path):".count).prefix { $0.isNumber })
          })
        let before = original.split(separator: "\n", omittingEmptySubsequences: false)
        let after = updated.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(before.count == after.count, "\(file)")
        let passes = updated == original || runTool(["test", path]).exitCode == 0
        for (index, (old, new)) in zip(before, after).enumerated() where old != new {
          #expect(
            refused.contains(index + 1) || (new.contains("cold(") && passes),
            "\(file):\(index + 1): \(new)\n\(result.stdout)")
        }
        if updated == original { restored += 1 }
      }
    }
    #expect(brokenCount >= 40)
    #expect(restored >= brokenCount - 4, "restored \(restored) of \(brokenCount)")
  }

  static func broken(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
      guard line.hasPrefix("expect "), let equals = line.range(of: "== \"") else {
        return String(line)
      }
      let rest = line[equals.upperBound...]
      guard let close = rest.firstIndex(of: "\"") else { return String(line) }
      let marble = rest[..<close]
      let replacement =
        line.hasPrefix("expect subscriptions(")
        ? "^" : String(repeating: "-", count: max(1, marble.count))
      return String(line[..<equals.upperBound]) + replacement + String(rest[close...])
    }.joined(separator: "\n")
  }
}
