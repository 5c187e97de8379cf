import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `-o` targets that are not plain files, and closed or full standard streams: each is a
/// message and exit 1 (or a plain success), never a signal, and never a device replaced by a file.
@Suite struct StreamTranscriptTests {
  /// Runs `marbles ARGUMENTS` through `/bin/sh` with `redirections` (e.g. `>&-`) applied, in
  /// `directory` (the tests' folder by default), as `user` when given (through `setpriv`).
  func run(
    _ arguments: [String], redirections: String, in directory: URL = Binary.testsDirectory,
    asUser user: String? = nil
  ) throws -> Binary.Output {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    let command = "exec \"$0\" \"$@\" \(redirections)"
    process.arguments =
      if let user {
        [
          "-c",
          "exec setpriv --reuid=\(user) --regid=\(user) --clear-groups sh -c '\(command)' \"$0\" \"$@\"",
          Binary.executable.path,
        ] + arguments
      } else {
        ["-c", command, Binary.executable.path] + arguments
      }
    process.currentDirectoryURL = directory
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    return Binary.Output(
      exitCode: process.terminationStatus,
      stdout: String(decoding: outputData, as: UTF8.self),
      stderr: String(decoding: errorData, as: UTF8.self))
  }

  func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("marbles-streams-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  func fileType(_ path: String) -> mode_t {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
  }

  @Test(arguments: [
    ("output-to-directory", ["render", "Fixtures/flow.marble", "-o", "Fixtures"], ""),
    (
      "output-to-missing-folder",
      ["render", "Fixtures/flow.marble", "-o", "no-such-folder/out.txt"], ""
    ),
    ("output-to-full-device", ["render", "Fixtures/flow.marble", "-o", "/dev/full"], ""),
    ("stdout-full", ["render", "Fixtures/flow.marble"], ">/dev/full"),
    ("stdout-closed", ["test", "Fixtures/flow.marble"], ">&-"),
    ("stdin-closed", ["render", "-"], "<&-"),
    ("stdin-directory", ["render", "-"], "</"),
  ])
  func transcript(name: String, arguments: [String], redirections: String) throws {
    let output = try run(arguments, redirections: redirections)
    try expectTranscript(output, named: name)
    #expect(output.exitCode == 1)
  }

  @Test func fullDeviceStaysADevice() throws {
    _ = try run(["render", "Fixtures/flow.marble", "-o", "/dev/full"], redirections: "")
    #expect(fileType("/dev/full") == S_IFCHR)
  }

  @Test func brokenPipeIsAMessage() throws {
    let process = Process()
    process.executableURL = Binary.executable
    process.arguments = ["render", "Fixtures/flow.marble"]
    process.currentDirectoryURL = Binary.testsDirectory
    let output = Pipe()
    let error = Pipe()
    // No reader at all: the first write fails with EPIPE.
    try output.fileHandleForReading.close()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    try output.fileHandleForWriting.close()
    let errorText = String(
      decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 1)
    #expect(errorText == "error: cannot write to standard output: broken pipe\n")
  }

  @Test func pipeTargetIsWrittenThroughAndStaysAPipe() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fifo = directory.appendingPathComponent("fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    nonisolated(unsafe) var received = Data()
    let readerDone = DispatchSemaphore(value: 0)
    let reader = Thread {
      if let handle = FileHandle(forReadingAtPath: fifo) { received = handle.readDataToEndOfFile() }
      readerDone.signal()
    }
    reader.start()
    let output = try run(["render", "Fixtures/flow.marble", "-o", fifo], redirections: "")
    readerDone.wait()
    #expect(output.exitCode == 0 && output.stdout.isEmpty && output.stderr.isEmpty)
    #expect(fileType(fifo) == S_IFIFO)
    let expected = try run(["render", "Fixtures/flow.marble"], redirections: "").stdout
    #expect(String(decoding: received, as: UTF8.self) == expected)
  }

  /// Like `marbles render LONG | head -c1`: the reader takes one byte and goes away while the
  /// output (over 200 KB, more than a pipe holds) is being written.
  @Test func readerThatLeavesEarlyIsAMessage() throws {
    let marble = String(repeating: "a", count: 100_000) + "|"
    let process = Process()
    process.executableURL = Binary.executable
    process.arguments = ["render", "-"]
    process.currentDirectoryURL = Binary.testsDirectory
    let input = Pipe()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    input.fileHandleForWriting.write(Data("let a = cold(\"\(marble)\")\nshow a\n".utf8))
    try input.fileHandleForWriting.close()
    let first = try output.fileHandleForReading.read(upToCount: 1) ?? Data()
    try output.fileHandleForReading.close()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    let transcript = Binary.Output(
      exitCode: process.terminationStatus, stdout: String(decoding: first, as: UTF8.self),
      stderr: String(decoding: errorData, as: UTF8.self))
    try expectTranscript(transcript, named: "stdout-reader-leaves")
  }

  @Test func devNullStaysADevice() throws {
    let output = try run(["render", "Fixtures/flow.marble", "-o", "/dev/null"], redirections: "")
    try expectTranscript(output, named: "output-to-dev-null")
    #expect(fileType("/dev/null") == S_IFCHR)
  }

  /// A file its user may not write: "permission denied", exit 1, the file as it was. (As root,
  /// which may write anything, the run drops to user and group 65534, `nobody`.)
  @Test func unwritableTargetIsAMessage() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let target = directory.appendingPathComponent("locked.txt").path
    #expect(FileManager.default.createFile(atPath: target, contents: Data("old".utf8)))
    #expect(chmod(target, 0o444) == 0)
    #expect(chmod(directory.path, 0o555) == 0)
    defer { chmod(directory.path, 0o755) }
    let fixture = Binary.testsDirectory.appendingPathComponent("Fixtures/flow.marble").path
    let output = try run(
      ["render", fixture, "-o", "locked.txt"], redirections: "", in: directory,
      asUser: getuid() == 0 ? "65534" : nil)
    try expectTranscript(output, named: "output-unwritable")
    #expect(output.exitCode == 1)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "old")
    var info = stat()
    #expect(stat(target, &info) == 0 && info.st_mode & 0o7777 == 0o444)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["locked.txt"])
  }

  @Test func symlinkTargetIsReplacedAndKeepsItsPermissions() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let target = directory.appendingPathComponent("target.txt").path
    let link = directory.appendingPathComponent("link.txt").path
    #expect(FileManager.default.createFile(atPath: target, contents: Data("old".utf8)))
    #expect(chmod(target, 0o640) == 0)
    #expect(symlink("target.txt", link) == 0)
    let output = try run(["render", "Fixtures/flow.marble", "-o", link], redirections: "")
    try expectTranscript(output, named: "output-through-symlink")
    #expect(fileType(link) == S_IFLNK)
    #expect(fileType(target) == S_IFREG)
    let expected = try run(["render", "Fixtures/flow.marble"], redirections: "").stdout
    #expect(try String(contentsOfFile: target, encoding: .utf8) == expected)
    var info = stat()
    #expect(stat(target, &info) == 0 && info.st_mode & 0o7777 == 0o640)
    // Nothing else was left in the folder (no temporary file).
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        == ["link.txt", "target.txt"])
  }

  /// A script that fails before running (so nothing is drawn) leaves the old file.
  @Test func failedWriteLeavesTheOldFile() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let target = directory.appendingPathComponent("keep.txt").path
    #expect(FileManager.default.createFile(atPath: target, contents: Data("old".utf8)))
    let output = try run(
      ["render", "Fixtures/bad-marble.marble", "-o", target], redirections: "")
    #expect(output.exitCode == 1)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "old")
  }
}
