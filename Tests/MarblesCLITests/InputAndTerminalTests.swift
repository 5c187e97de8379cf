import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Inputs that are not plain files (pipes, FIFOs, `<(…)`, `/dev/stdin`), the command line's
/// edges (`-` twice, `--`, a folder named `x.marble`), and text from scripts that must not act
/// on the terminal (controls escaped, `--format ascii` 7-bit, wide characters aligned).
@Suite struct InputAndTerminalTests {
  static let flow = Binary.testsDirectory.appendingPathComponent("Fixtures/flow.marble").path

  /// Runs `bash -c SCRIPT` with `$M` the `marbles` binary, in `directory`.
  func bash(_ script: String, in directory: String? = nil) throws -> Binary.Output {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", script]
    var environment = ProcessInfo.processInfo.environment
    environment["M"] = Binary.executable.path
    environment["NO_COLOR"] = "1"
    process.environment = environment
    process.currentDirectoryURL = URL(fileURLWithPath: directory ?? Binary.testsDirectory.path)
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    nonisolated(unsafe) var errorData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      errorData = error.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return Binary.Output(
      exitCode: process.terminationStatus, stdout: String(decoding: outputData, as: UTF8.self),
      stderr: String(decoding: errorData, as: UTF8.self))
  }

  func folder() throws -> String {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("marbles-inputs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
  }

  // MARK: - Inputs

  /// A pipe is read to its end, whatever names it: a process substitution, `/dev/stdin`, a FIFO.
  @Test(arguments: [
    "\"$M\" render <(cat \"$F\")",
    "cat \"$F\" | \"$M\" render /dev/stdin",
    "cat \"$F\" | \"$M\" render -",
    "mkfifo fifo && { cat \"$F\" > fifo & } && \"$M\" render fifo",
  ])
  func pipesAreReadToTheirEnd(command: String) throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let expected = try Binary.run(["render", Self.flow])
    let output = try bash("F='\(Self.flow)'; " + command, in: folder)
    #expect(output.stderr == "")
    #expect(output.exitCode == 0)
    #expect(output.stdout == expected.stdout)
  }

  @Test func standardInputTwiceIsAnError() throws {
    let output = try Binary.run(["render", "-", "-"], stdin: Data("show cold(\"-a|\")\n".utf8))
    #expect(output.exitCode == 64)
    #expect(
      output.stderr.hasPrefix("error: standard input ('-') can be read only once; give it once\n"))
    #expect(output.stdout.isEmpty)
  }

  /// `--` ends the options: a file named like an option is a file.
  @Test func doubleDashEndsTheOptions() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.copyItem(atPath: Self.flow, toPath: folder + "/-o.marble")
    let output = try bash("\"$M\" render -- -o.marble", in: folder)
    #expect(output.stderr == "")
    #expect(output.stdout == (try Binary.run(["render", Self.flow])).stdout)
    let help = try bash("\"$M\" render -- --help", in: folder)
    #expect(help.exitCode == 1)
    #expect(help.stderr == "error: no such file '--help'\n")
  }

  /// A folder named `x.marble` is searched like any folder, not run as a script.
  @Test func folderNamedLikeAScriptIsSearched() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(
      atPath: folder + "/x.marble", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: Self.flow, toPath: folder + "/x.marble/flow.marble")
    // A link to that folder is not a script either.
    #expect(symlink("x.marble", folder + "/link.marble") == 0)
    let output = try Binary.run(["test", folder])
    #expect(output.stderr == "")
    #expect(output.stdout.hasPrefix("PASS \(folder)/x.marble/flow.marble"))
    #expect(!output.stdout.contains("FAIL"))
    #expect(output.stdout.hasSuffix("\n4 passed, 0 failed\n"))
    #expect(output.exitCode == 0)
  }

  /// More than the input limit (10 MB) is refused with the reason, from a file (by its size,
  /// before reading) and from a pipe (while reading).
  @Test func inputOverTheLimitIsRefused() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let big = folder + "/big.marble"
    #expect(FileManager.default.createFile(atPath: big, contents: nil))
    #expect(truncate(big, 10 * 1024 * 1024 + 1) == 0)
    let file = try Binary.run(["render", big])
    #expect(file.exitCode == 1)
    #expect(
      file.stderr == "error: cannot read '\(big)': it is larger than 10 MB, the input limit\n")
    let pipe = try bash("head -c 10485761 /dev/zero | \"$M\" render -")
    #expect(pipe.exitCode == 1)
    #expect(
      pipe.stderr == "error: cannot read standard input: it is larger than 10 MB, the input limit\n"
    )
  }

  // MARK: - Terminals

  /// A script whose every string position holds terminal controls: a fake result line in the
  /// title, an OSC window title, a screen clear in a value, a newline and a bidi override in a
  /// label, and a raw ESC byte in a string literal quoted by a diagnostic.
  static let hostile =
    #"title "\r\u{1b}[2K100 passed, 0 failed\u{1b}]0;pwned\u{7}""# + "\n"
    + #"let a = cold("-a-|", a: "x\u{1b}[2Jy")"# + "\n"
    + #"show a as "lab\nel \u{202e}x → y""# + "\n"
    + #"expect a == "-b-|""# + "\n"

  /// A raw ESC, BEL, DEL and C1 CSI in a string literal, quoted by the diagnostic of a
  /// runtime error.
  static let hostileError =
    "let c = \"\u{1B}[2J\u{1B}]0;t\u{7}\u{7F}\u{9B}2J\" + 1\nshow cold(\"-a|\")\n"

  @Test(arguments: [
    ["render", "--format", "ascii"], ["render", "--format", "unicode"], ["test"],
    ["step"], ["test", "--format", "unicode"], ["test", "--update"], ["check"],
    ["render", "--quiz"], ["format", "--check"],
  ])
  func scriptTextNeverReachesTheTerminalRaw(command: [String]) throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // The file name holds a control too.
    let script = folder + "/evil\u{1B}[31m.marble"
    #expect(FileManager.default.createFile(atPath: script, contents: Data(Self.hostile.utf8)))
    let error = folder + "/error.marble"
    #expect(FileManager.default.createFile(atPath: error, contents: Data(Self.hostileError.utf8)))
    for name in [script, error, folder] where command != ["step"] || name != folder {
      var arguments = command
      arguments.insert(name, at: 1)
      let output = try Binary.run(arguments + ["--color", "never"])
      for text in [output.stdout, output.stderr] {
        #expect(!text.utf8.contains(0x1B))
        #expect(!text.utf8.contains(0x0D))
        #expect(!text.utf8.contains(0x07))
        #expect(!text.unicodeScalars.contains("\u{202E}"))
        #expect(!text.unicodeScalars.contains("\u{9B}"))
      }
      if command[0] == "test", name != error {
        #expect(output.stdout.contains("evil\\u{1b}[31m.marble"))
      }
      if command.contains("ascii") { #expect(output.stdout.utf8.allSatisfy { $0 < 0x80 }) }
    }
  }

  /// Arguments quoted back in messages are escaped too.
  @Test(arguments: [
    ["explain", "ma\u{1B}[2Jp"], ["x\u{1B}[2J"], ["render", "--format", "\u{1B}]0;x\u{7}"],
    ["render", "no\u{1B}[2J.marble"], ["test", "no\u{1B}[2J"],
    ["render", "Fixtures/flow.marble", "-o", "/nowhere\u{1B}[2J/x"],
  ])
  func argumentsInMessagesAreEscaped(arguments: [String]) throws {
    let output = try Binary.run(arguments)
    #expect(output.exitCode != 0)
    #expect(output.stderr.contains("\\u{1b}"))
    #expect(!output.stderr.utf8.contains(0x1B) && !output.stderr.utf8.contains(0x07))
  }

  /// The escapes are the ones a script writes, and the layout holds: one row per lane.
  @Test func escapedTextInADiagram() throws {
    let output = try Binary.run(
      ["render", "-", "--format", "unicode"], stdin: Data(Self.hostile.utf8))
    try expectTranscript(output, named: "terminal-escapes")
    let error = try Binary.run(["render", "-"], stdin: Data(Self.hostileError.utf8))
    try expectTranscript(error, named: "terminal-escapes-diagnostic")
  }

  /// Every example in ascii is 7-bit, the tool's own arrows and ellipses included.
  @Test func asciiExamplesAreSevenBit() throws {
    let examples = Binary.testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Examples")
    let names = try FileManager.default.contentsOfDirectory(atPath: examples.path)
      .filter { $0.hasSuffix(".marble") }.sorted()
    #expect(names.count > 3)
    for name in names {
      let output = try Binary.run(["render", examples.appendingPathComponent(name).path])
      let bad = output.stdout.unicodeScalars.filter { !$0.isASCII }
      #expect(bad.isEmpty, "\(name): \(String(String.UnicodeScalarView(bad)))")
    }
  }

  /// Double-width characters (CJK, emoji) in labels and values keep every lane's timeline in
  /// the same column.
  @Test func wideCharactersKeepColumnsAligned() throws {
    let script = """
      let a = cold("-a-|").map { x in "日本" }
      let b = cold("-x-|", x: "😀")
      let c = cold("-y-|")
      show a as "日本語", b as "e😀", c
      """
    let output = try Binary.run(["render", "-", "--format", "unicode"], stdin: Data(script.utf8))
    try expectTranscript(output, named: "wide-characters")
  }
}
