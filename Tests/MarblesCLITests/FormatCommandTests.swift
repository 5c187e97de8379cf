import Foundation
import Testing

/// `marbles format`: rewrites files in place through the careful writer, `--check` writes
/// nothing, standard input goes to standard output, syntax errors leave the file alone.
@Suite struct FormatCommandTests {
  static let messy = "let a=cold(\"-a|\")\nshow   a\n"
  static let formatted = "let a = cold(\"-a|\")\nshow a\n"

  static func temporaryFile(_ text: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "marbles-format-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("script.marble")
    try text.write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  @Test func standardInputGoesToStandardOutput() throws {
    let output = try Binary.run(["format", "-"], stdin: Data(Self.messy.utf8))
    #expect(output.exitCode == 0)
    #expect(output.stdout == Self.formatted)
  }

  @Test func checkNamesTheFileAndWritesNothing() throws {
    let file = try Self.temporaryFile(Self.messy)
    let output = try Binary.run(["format", "--check", file.path])
    #expect(output.exitCode == 1)
    #expect(output.stdout == file.path + "\n")
    #expect(output.stderr == "1 file is not formatted; run 'marbles format' on it\n")
    #expect(try String(contentsOf: file, encoding: .utf8) == Self.messy)
  }

  @Test func formatRewritesTheFileOnceAndThenPassesTheCheck() throws {
    let file = try Self.temporaryFile(Self.messy)
    let first = try Binary.run(["format", file.path])
    #expect(first.exitCode == 0)
    #expect(try String(contentsOf: file, encoding: .utf8) == Self.formatted)
    let check = try Binary.run(["format", "--check", file.path])
    #expect(check.exitCode == 0)
    #expect(check.stdout.isEmpty)
  }

  @Test func aScriptWithSyntaxErrorsIsReportedAndLeftAlone() throws {
    let broken = "let a = cold(\"-a|\"\n"
    let file = try Self.temporaryFile(broken)
    let output = try Binary.run(["format", file.path])
    #expect(output.exitCode == 1)
    #expect(output.stderr.contains("error:"))
    #expect(output.stderr.hasSuffix("not formatted: fix the syntax errors first\n"))
    #expect(try String(contentsOf: file, encoding: .utf8) == broken)
  }

  /// Regression (issue 32): `--check` called a file without a final newline formatted.
  @Test func checkFlagsAFileWithoutFinalNewline() throws {
    let file = try Self.temporaryFile("let a = cold(\"-a|\")\nshow a")
    let check = try Binary.run(["format", "--check", file.path])
    #expect(check.exitCode == 1)
    #expect(check.stdout == file.path + "\n")
    let fix = try Binary.run(["format", file.path])
    #expect(fix.exitCode == 0)
    #expect(try String(contentsOf: file, encoding: .utf8) == Self.formatted)
  }

  /// Regression (issue 33): a FIFO named `*.marble` in a folder hung `test` and `format` for
  /// ever (the read waits for a writer). It is refused by its kind, never opened; the other
  /// scripts of the folder are still formatted and tested.
  @Test func aFIFOInAFolderIsRefusedNotOpened() throws {
    let file = try Self.temporaryFile(Self.messy)
    let folder = file.deletingLastPathComponent()
    let fifo = folder.appendingPathComponent("fifo.marble").path
    #expect(mkfifo(fifo, 0o644) == 0)
    // Through timeout(1): without the fix the child would wait for a writer for ever.
    func bounded(_ arguments: [String]) throws -> Binary.Output {
      try Binary.run(
        ["60", Binary.executable.path] + arguments,
        executable: URL(fileURLWithPath: "/usr/bin/timeout"))
    }
    for command in [["format"], ["format", "--check"], ["test"]] {
      let output = try bounded(command + [folder.path])
      #expect(output.exitCode == 1)
      #expect(output.stderr.contains("error: '\(fifo)' is a FIFO (named pipe), not a script file"))
    }
    #expect(try String(contentsOf: file, encoding: .utf8) == Self.formatted)
    let direct = try bounded(["format", fifo])
    #expect(direct.exitCode == 1)
    #expect(direct.stderr.contains("is a FIFO (named pipe), not a script file"))
  }

  /// Regression (issue 33): a symbolic link loop was reported as "no such file".
  @Test func aSymlinkLoopIsReportedAsOne() throws {
    let file = try Self.temporaryFile(Self.messy)
    let loop = file.deletingLastPathComponent().appendingPathComponent("loop.marble").path
    try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
    for command in [["render"], ["test"], ["format"]] {
      let output = try Binary.run(command + [loop])
      #expect(output.exitCode == 1)
      #expect(output.stderr.contains("it is a loop of symbolic links"), "\(output.stderr)")
    }
    let folder = try Binary.run(["test", file.deletingLastPathComponent().path])
    #expect(folder.stderr.contains("'\(loop)': it is a loop of symbolic links"))
  }

  /// Regression (issue 33): `format` wrote whatever the layout made, with no output budget; the
  /// layout is bounded now, and the 51 KB script of one long name and 2,000 `let`s formats to
  /// about its own size.
  @Test func aScriptOfManyAlignedLetsFormatsToAboutItsSize() throws {
    var text = "let \(String(repeating: "n", count: 20_000)) = 1\n"
    for index in 0..<2_000 { text += "let b\(index)=\(index)\n" }
    let file = try Self.temporaryFile(text)
    let output = try Binary.run(["format", file.path])
    #expect(output.exitCode == 0)
    let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0
    #expect(size <= 2 * text.utf8.count)
  }
}
