import Foundation
import Testing

/// The `marbles` binary end to end: help, version, bad arguments, bad files.
@Suite struct ArgumentTests {
  @Test(arguments: [
    ("help", ["--help"]),
    ("help-render", ["render", "--help"]),
    ("help-test", ["help", "test"]),
    ("no-arguments", []),
    ("unknown-command", ["rendr", "x.marble"]),
    ("unknown-option", ["render", "--frobnicate", "x.marble"]),
    ("missing-file-argument", ["render"]),
    ("bad-format", ["render", "--format", "png", "Fixtures/empty.marble"]),
    (
      "svg-two-files",
      ["render", "--format", "svg", "Fixtures/empty.marble", "Fixtures/flow.marble"]
    ),
    ("bad-theme", ["render", "--format", "html", "--theme", "sepia", "Fixtures/empty.marble"]),
    ("help-step", ["step", "--help"]),
    ("step-two-files", ["step", "Fixtures/empty.marble", "Fixtures/flow.marble"]),
    ("step-json", ["step", "--format", "json", "Fixtures/flow.marble"]),
    ("bad-max-frames", ["render", "--max-frames", "-3", "Fixtures/empty.marble"]),
    ("option-without-value", ["render", "Fixtures/empty.marble", "--max-frames"]),
    ("bad-color", ["test", "--color", "sometimes", "Fixtures"]),
    ("missing-file", ["render", "Fixtures/does-not-exist.marble"]),
    ("directory-to-render", ["render", "Fixtures"]),
    ("invalid-utf8", ["render", "Fixtures/invalid-utf8.marble"]),
    ("test-missing-path", ["test", "Fixtures/nope"]),
  ])
  func transcript(name: String, arguments: [String]) throws {
    let output = try Binary.run(arguments)
    try expectTranscript(output, named: name)
    #expect(!output.stderr.contains("Stack dump"))
    #expect(!output.stderr.contains("Fatal error"))
  }

  /// Every limit takes a whole number from 1 up to its ceiling (1,000,000,000): 0 and one past
  /// the ceiling are usage errors, 1 and the ceiling itself are accepted.
  @Test(arguments: ["--max-frames", "--max-events", "--max-subscriptions", "--max-value-size"])
  func limitsRunFromOneToTheirCeiling(flag: String) throws {
    for (value, accepted) in [
      ("0", false), ("1", true), ("1000000000", true), ("1000000001", false),
    ] {
      let output = try Binary.run(["render", flag, value, "Fixtures/empty.marble"])
      #expect(output.exitCode == (accepted ? 0 : 64), "\(flag) \(value): \(output.stderr)")
      if !accepted { #expect(output.stderr.contains("'\(flag)'"), "\(flag) \(value)") }
    }
  }

  /// `--version` names the version and the commit the binary was built from: the one checked
  /// out, as git names it in 12 digits (`CommitStamp` reads it when it compiles).
  @Test func versionNamesTheCommit() throws {
    let output = try Binary.run(["--version"])
    let head = try Binary.run(
      ["git", "rev-parse", "--short=12", "HEAD"], executable: URL(fileURLWithPath: "/usr/bin/env"))
    #expect(output.exitCode == 0)
    #expect(output.stderr.isEmpty)
    #expect(head.stdout.count == 13, "\(head)")
    #expect(output.stdout == "marbles 0.1.0 (commit \(head.stdout.dropLast()))\n")
  }

  /// Each command's help lists under OPTIONS every option its USAGE line names (`test --help`
  /// once named `--format` there only), and `marbles help --help` is the general help.
  @Test(arguments: ["render", "run", "test", "check", "step", "format", "lsp", "serve"])
  func helpListsEveryOptionOfItsUsage(command: String) throws {
    let help = try Binary.run([command, "--help"]).stdout
    let usage = help.split(separator: "\n").first { $0.hasPrefix("USAGE:") } ?? ""
    let options = help.components(separatedBy: "OPTIONS:").last ?? ""
    let named = usage.split(separator: " ").filter { $0.hasPrefix("[--") }
    #expect(!named.isEmpty, "\(command): \(usage)")
    for word in named {
      let option = word.dropFirst().prefix { $0 != "]" }
      #expect(options.contains("  \(option) "), "\(command) --help: \(option) is not under OPTIONS")
    }
  }

  @Test func helpOfHelpIsTheGeneralHelp() throws {
    let general = try Binary.run(["--help"])
    for arguments in [["help", "--help"], ["help", "-h"], ["help", "help"]] {
      let output = try Binary.run(arguments)
      #expect(output.exitCode == 0, "\(arguments): \(output.stderr)")
      #expect(output.stdout == general.stdout, "\(arguments)")
    }
  }

  @Test func usageErrorsExit64() throws {
    for arguments in [["rendr"], ["render"], ["render", "--format"], ["explain", "a", "b"]] {
      let output = try Binary.run(arguments)
      #expect(output.exitCode == 64, "\(arguments)")
      #expect(output.stderr.hasPrefix("error: "))
      #expect(output.stderr.hasSuffix("  See 'marbles --help' for more information.\n"))
    }
  }
}
