import Foundation
import Testing

/// Scripts through the `marbles` binary: success, every kind of script error, empty input,
/// a runaway run, standard input and `-o`.
@Suite struct ScriptTranscriptTests {
  @Test(arguments: [
    ("render-flow", ["render", "Fixtures/flow.marble"]),
    ("render-flow-unicode", ["render", "--format", "unicode", "Fixtures/flow.marble"]),
    ("run-flow-json", ["run", "Fixtures/flow.marble"]),
    ("render-flow-svg", ["render", "--format", "svg", "--theme", "dark", "Fixtures/flow.marble"]),
    ("step-flow", ["step", "Fixtures/flow.marble"]),
    // A stopped run steps up to the stop (marked on every lane), then prints its error.
    ("step-runtime-error", ["step", "Fixtures/runtime-error.marble"]),
    ("step-runaway", ["step", "--max-frames", "6", "Fixtures/runaway.marble"]),
    ("test-flow", ["test", "Fixtures/flow.marble"]),
    ("test-failing-expect", ["test", "Fixtures/failing-expect.marble"]),
    // `--opt=value`, unicode diffs, colour on demand.
    (
      "test-failing-expect-unicode-color",
      ["test", "--format=unicode", "--color=always", "Fixtures/failing-expect.marble"]
    ),
    (
      "render-flow-equals",
      ["render", "--format=unicode", "--max-frames=100", "Fixtures/flow.marble"]
    ),
    ("render-syntax-errors", ["render", "Fixtures/syntax-errors.marble"]),
    ("run-syntax-errors-json", ["run", "--format", "json", "Fixtures/syntax-errors.marble"]),
    ("render-unknown-name", ["render", "Fixtures/unknown-name.marble"]),
    ("render-bad-marble", ["render", "Fixtures/bad-marble.marble"]),
    ("render-runtime-error", ["render", "Fixtures/runtime-error.marble"]),
    ("render-type-mismatch", ["render", "Fixtures/type-mismatch.marble"]),
    ("render-runaway", ["render", "--max-frames", "50", "Fixtures/runaway.marble"]),
    ("render-empty", ["render", "Fixtures/empty.marble"]),
    ("explain-unknown", ["explain", "flatMapp"]),
  ])
  func transcript(name: String, arguments: [String]) throws {
    let output = try Binary.run(arguments)
    try expectTranscript(output, named: name)
    #expect(!output.stderr.contains("Fatal error"))
    #expect(!output.stderr.contains("Stack dump"))
  }

  /// Scripts whose commands outlive the run: they aborted release builds at teardown
  /// ("Attempted to read an unowned reference") before the teardown order was defined.
  @Test(arguments: ["teardown-serial-command", "teardown-setter", "teardown-hot-subject"])
  func commandsThatOutliveTheRunEndCleanly(script: String) throws {
    for command in ["render", "test"] {
      let output = try Binary.run([command, "Fixtures/\(script).marble"])
      try expectTranscript(output, named: "\(command)-\(script)")
      #expect(output.exitCode == 0)
      #expect(!output.stderr.contains("Fatal error"))
    }
  }

  @Test func exitCodes() throws {
    #expect(try Binary.run(["render", "Fixtures/flow.marble"]).exitCode == 0)
    #expect(try Binary.run(["test", "Fixtures/flow.marble"]).exitCode == 0)
    #expect(try Binary.run(["test", "Fixtures/failing-expect.marble"]).exitCode == 1)
    for script in ["syntax-errors", "unknown-name", "bad-marble", "runtime-error", "runaway"] {
      #expect(
        try Binary.run(["render", "--max-frames", "50", "Fixtures/\(script).marble"]).exitCode == 1)
    }
  }

  @Test func testEndsWithTheSummaryLine() throws {
    let output = try Binary.run(["test", "Fixtures/flow.marble", "Fixtures/failing-expect.marble"])
    #expect(output.stdout.hasSuffix("\n5 passed, 1 failed\n"))
  }

  @Test func readsStandardInput() throws {
    let script = try String(
      contentsOf: Binary.testsDirectory.appendingPathComponent(
        "Fixtures/flow.marble"), encoding: .utf8)
    let fromFile = try Binary.run(["render", "Fixtures/flow.marble"])
    let fromStdin = try Binary.run(["render", "-"], stdin: Data(script.utf8))
    #expect(fromStdin.exitCode == 0)
    #expect(fromStdin.stdout == fromFile.stdout)
  }

  @Test func writesOutputAtomicallyAndNotOnFailure() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("marbles-cli-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let good = directory.appendingPathComponent("good.txt").path
    let ok = try Binary.run(["render", "Fixtures/flow.marble", "-o", good])
    #expect(ok.exitCode == 0 && ok.stdout.isEmpty)
    #expect(
      try String(contentsOfFile: good, encoding: .utf8)
        == Binary.run(["render", "Fixtures/flow.marble"]).stdout)
    // A script that fails before running draws nothing: no file.
    let bad = directory.appendingPathComponent("bad.txt").path
    let failed = try Binary.run(["render", "Fixtures/bad-marble.marble", "-o", bad])
    #expect(failed.exitCode == 1)
    #expect(!FileManager.default.fileExists(atPath: bad))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["good.txt"])
  }

  /// `-o` on a run that stopped early (a runtime error, the frame limit, a budget) writes the diagram
  /// stdout would get, drawn up to the stop, in every format; the error still goes to stderr
  /// and the exit code is 1. The golden file is the transcript followed by the file written.
  @Test(arguments: [
    ("render-runtime-error-output", ["Fixtures/runtime-error.marble"]),
    ("render-runaway-output", ["--max-frames", "50", "Fixtures/runaway.marble"]),
    ("render-budget-output", ["--max-events", "100", "Fixtures/budget-events.marble"]),
  ])
  func stoppedRunWritesThePartialDiagram(name: String, arguments: [String]) throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("marbles-stopped-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for format in ["ascii", "unicode", "json", "svg", "html"] {
      let file = directory.appendingPathComponent("out.\(format)").path
      let written = try Binary.run(["render", "--format", format] + arguments + ["-o", file])
      let printed = try Binary.run(["render", "--format", format] + arguments)
      #expect(written.exitCode == 1 && printed.exitCode == 1, "\(format)")
      #expect(written.stdout.isEmpty, "\(format)")
      #expect(written.stderr == printed.stderr && !written.stderr.isEmpty, "\(format)")
      let contents = try String(contentsOfFile: file, encoding: .utf8)
      #expect(contents == printed.stdout, "\(format)")
      if format == "ascii" {
        #expect(contents.contains("X = stopped at frame"))
        try expectTranscript(written, named: name, file: contents)
      }
    }
  }

  @Test func sameScriptSameBytes() throws {
    let first = try Binary.run(["run", "Fixtures/flow.marble"])
    let second = try Binary.run(["run", "Fixtures/flow.marble"])
    #expect(first == second)
  }
}
