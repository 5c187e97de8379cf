import Foundation
import GoldenFiles
import Testing

/// Runs the built `marbles` executable, as a user would, from `Tests/MarblesCLITests` (so that
/// paths in its output are short and the same on every machine).
struct Binary {
  struct Output: Equatable {
    var exitCode: Int32
    var stdout: String
    var stderr: String

    /// The text stored in a golden file.
    var transcript: String {
      "exit: \(exitCode)\n--- stdout\n\(stdout)--- stderr\n\(stderr)"
    }
  }

  static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

  /// The `marbles` binary next to the test bundle in the build folder.
  static var executable: URL {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    if directory.lastPathComponent.hasSuffix(".xctest") || directory.path.contains(".xctest/") {
      while directory.path.contains(".xctest") { directory.deleteLastPathComponent() }
    }
    let candidate = directory.appendingPathComponent("marbles")
    if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    // Fall back to the conventional debug build folder.
    return testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent(".build/debug/marbles")
  }

  /// Writing to a pipe whose reader has gone raises SIGPIPE, which would end the whole test
  /// process (as the tool itself does, the tests take EPIPE instead).
  static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

  /// Runs `marbles ARGUMENTS` (or `executable ARGUMENTS`, a wrapper such as `setpriv` given
  /// the binary's path among its arguments).
  static func run(
    _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
    executable: URL = Binary.executable
  ) throws -> Output {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = testsDirectory
    var variables = ProcessInfo.processInfo.environment
    variables["NO_COLOR"] = nil
    variables["COLUMNS"] = nil
    for (key, value) in environment { variables[key] = value }
    process.environment = variables
    let input = Pipe()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    Binary.ignoreBrokenPipes
    try process.run()
    // A child that exits before reading its input (a usage error) closes the pipe: the write
    // then fails with EPIPE, which is not this run's result.
    if let stdin { try? input.fileHandleForWriting.write(contentsOf: stdin) }
    try input.fileHandleForWriting.close()
    // Read both pipes to the end before waiting, so a large output cannot block the child.
    let group = DispatchGroup()
    nonisolated(unsafe) var errorData = Data()
    group.enter()
    DispatchQueue.global().async {
      errorData = error.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return Output(
      exitCode: process.terminationStatus,
      stdout: String(decoding: outputData, as: UTF8.self),
      stderr: String(decoding: errorData, as: UTF8.self))
  }
}

/// Compares a run's transcript with `Snapshots/<name>.txt`; `RECORD_SNAPSHOTS=1` rewrites it.
/// With `file`, the transcript is followed by `--- file` and the text of the file written (`-o`).
func expectTranscript(
  _ output: Binary.Output, named name: String, file: String? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let url = Binary.testsDirectory.appendingPathComponent("Snapshots/\(name).txt")
  let transcript = output.transcript + (file.map { "--- file\n" + $0 } ?? "")
  try expectGolden(transcript, at: url, sourceLocation: sourceLocation)
}
