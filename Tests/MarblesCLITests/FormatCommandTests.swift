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
}
