import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every file the tool writes goes through one writer: each of its callers (`-o`, `--junit`)
/// meets every kind of target (a file, a missing folder, a folder, a read-only file, a symbolic
/// link, a dangling one, a FIFO, a device, a full disk, a signal while writing) and does the
/// same careful thing, with the same message.
@Suite struct WriterMatrixTests {
  /// A command that writes a file.
  enum Writer: String, CaseIterable, CustomTestStringConvertible {
    case output = "-o"
    case junit = "--junit"

    var testDescription: String { rawValue }

    static let script = Binary.testsDirectory.appendingPathComponent("Fixtures/flow.marble").path

    /// The arguments that write to `target`.
    func arguments(_ target: String, script: String = Writer.script) -> [String] {
      switch self {
      case .output: ["render", script, "-o", target]
      case .junit: ["test", script, "--junit", target]
      }
    }

    /// Whether `text` is what this writer writes for the fixture.
    func wrote(_ text: String) -> Bool {
      switch self {
      case .output: text.hasPrefix("save flow") && text.hasSuffix("a = error(\"offline\")\n")
      case .junit: text.hasPrefix("<?xml") && text.hasSuffix("</testsuites>\n")
      }
    }
  }

  /// A fresh folder, removed by the caller.
  func folder() throws -> String {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("marbles-writers-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
  }

  func remove(_ folder: String) {
    chmod(folder, 0o755)
    try? FileManager.default.removeItem(atPath: folder)
  }

  func entries(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }

  func kind(_ path: String) -> mode_t {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
  }

  func mode(_ path: String) -> mode_t {
    var info = stat()
    return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
  }

  func contents(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
  }

  func create(_ path: String, _ text: String, mode: mode_t = 0o644) {
    #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
    #expect(chmod(path, mode) == 0)
  }

  // MARK: - Kinds of target

  @Test(arguments: Writer.allCases)
  func regularFileIsReplacedKeepingItsPermissions(writer: Writer) throws {
    let folder = try folder()
    defer { remove(folder) }
    let target = folder + "/out"
    // The set-user-ID bit too, which a write (or a change of owner) would clear.
    create(target, "old", mode: 0o4750)
    let output = try Binary.run(writer.arguments(target))
    #expect(output.stderr.isEmpty)
    #expect(writer.wrote(contents(target) ?? ""))
    #expect(mode(target) == 0o4750)
    #expect(entries(folder) == ["out"])
  }

  /// An output of megabytes is written a megabyte at a time, each asked to start for the disk
  /// before the `fsync` (`StreamIO.startWriteback`): the file gets what standard output gets.
  @Test func aLargeOutputIsTheSameInTheFileAsOnStandardOutput() throws {
    let folder = try folder()
    defer { remove(folder) }
    let script = folder + "/large.marble"
    let marble = String(repeating: "a", count: 40_000)
    create(script, "let input = cold(\"\(marble)|\", a: 1)\nshow input\n", mode: 0o644)
    let arguments = ["run", script, "--format", "json", "--max-frames", "50000"]
    let printed = try Binary.run(arguments)
    let written = try Binary.run(arguments + ["-o", folder + "/out.json"])
    #expect(printed.exitCode == 0 && written.exitCode == 0)
    #expect(printed.stdout.utf8.count > 2 << 20)
    #expect(contents(folder + "/out.json") == printed.stdout)
  }

  @Test(arguments: Writer.allCases)
  func newFileIsCreated(writer: Writer) throws {
    let folder = try folder()
    defer { remove(folder) }
    // Under `umask 027`: 0666 less the mask, as for any new file (not the 0600 of a temporary).
    let output = try Binary.run(
      ["-c", "umask 027; exec \"$0\" \"$@\"", Binary.executable.path]
        + writer.arguments(folder + "/new"),
      executable: URL(fileURLWithPath: "/bin/sh"))
    #expect(output.stderr.isEmpty)
    #expect(writer.wrote(contents(folder + "/new") ?? ""))
    #expect(entries(folder) == ["new"])
    #expect(mode(folder + "/new") == 0o640)
  }

  @Test(arguments: Writer.allCases)
  func missingFolderIsAMessage(writer: Writer) throws {
    let folder = try folder()
    defer { remove(folder) }
    let target = folder + "/missing/out"
    let output = try Binary.run(writer.arguments(target))
    #expect(output.exitCode == 1)
    #expect(
      output.stderr
        == "error: cannot write '\(target)': no such directory '\(folder)/missing'\n")
    #expect(entries(folder).isEmpty)
  }

  @Test(arguments: Writer.allCases)
  func folderIsAMessage(writer: Writer) throws {
    let folder = try folder()
    defer { remove(folder) }
    let output = try Binary.run(writer.arguments(folder))
    #expect(output.exitCode == 1)
    #expect(output.stderr == "error: cannot write '\(folder)': is a directory\n")
    #expect(kind(folder) == S_IFDIR && entries(folder).isEmpty)
  }

  /// Refused even for root (who could write it): the permissions say not to.
  @Test(arguments: Writer.allCases)
  func readOnlyFileIsRefused(writer: Writer) throws {
    let folder = try folder()
    defer { remove(folder) }
    let target = folder + "/locked"
    create(target, "old", mode: 0o444)
    let output = try Binary.run(writer.arguments(target))
    #expect(output.exitCode == 1)
    #expect(output.stderr == "error: cannot write '\(target)': the file is read-only\n")
    #expect(contents(target) == "old" && mode(target) == 0o444)
    #expect(entries(folder) == ["locked"])
  }

  @Test(arguments: Writer.allCases)
  func symlinkKeepsTheLinkAndReplacesItsTarget(writer: Writer) throws {
    let folder = try folder()
    defer { remove(folder) }
    create(folder + "/target", "old", mode: 0o600)
    #expect(symlink("target", folder + "/link") == 0)
    let output = try Binary.run(writer.arguments(folder + "/link"))
    #expect(output.stderr.isEmpty)
    #expect(kind(folder + "/link") == S_IFLNK)
    #expect(writer.wrote(contents(folder + "/target") ?? ""))
    #expect(mode(folder + "/target") == 0o600)
    #expect(entries(folder) == ["link", "target"])
  }

  @Test(arguments: Writer.allCases)
  func danglingSymlinkCreatesItsTarget(writer: Writer) throws {
    let folder = try folder()
    defer { remove(folder) }
    #expect(symlink("target", folder + "/link") == 0)
    let output = try Binary.run(writer.arguments(folder + "/link"))
    #expect(output.stderr.isEmpty)
    #expect(kind(folder + "/link") == S_IFLNK && kind(folder + "/target") == S_IFREG)
    #expect(writer.wrote(contents(folder + "/target") ?? ""))
  }

  /// A FIFO is written through and stays a FIFO. Its read end is opened (not blocking) before
  /// the run, so the writer's `open` does not wait, and read after it.
  @Test(arguments: Writer.allCases)
  func fifoIsWrittenThrough(writer: Writer) throws {
    let folder = try folder()
    defer { remove(folder) }
    let fifo = folder + "/fifo"
    #expect(mkfifo(fifo, 0o600) == 0)
    let reader = open(fifo, O_RDONLY | O_NONBLOCK)
    #expect(reader >= 0)
    defer { close(reader) }
    let output = try Binary.run(writer.arguments(fifo))
    #expect(output.stderr.isEmpty)
    var buffer = [UInt8](repeating: 0, count: 60_000)
    let count = read(reader, &buffer, buffer.count)
    #expect(count > 0)
    #expect(writer.wrote(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)))
    #expect(kind(fifo) == S_IFIFO && entries(folder) == ["fifo"])
  }

  /// `/dev/null` stays the system's; as root, a copy made with `mknod` stays a device too.
  @Test(arguments: Writer.allCases)
  func deviceIsWrittenThrough(writer: Writer) throws {
    let output = try Binary.run(writer.arguments("/dev/null"))
    #expect(output.stderr.isEmpty)
    #expect(kind("/dev/null") == S_IFCHR && mode("/dev/null") == 0o666)
    guard getuid() == 0 else { return }
    let folder = try folder()
    defer { remove(folder) }
    var null = stat()
    #expect(stat("/dev/null", &null) == 0)
    #expect(mknod(folder + "/null", S_IFCHR | 0o644, null.st_rdev) == 0)
    let copy = try Binary.run(writer.arguments(folder + "/null"))
    #expect(copy.stderr.isEmpty)
    #expect(kind(folder + "/null") == S_IFCHR)
    #expect(entries(folder) == ["null"])
  }

  /// `/dev/stdout` when standard output is a regular file (`> out.txt`): written into the file
  /// the shell opened, not replaced by a new one the shell's descriptor does not see.
  @Test(arguments: Writer.allCases)
  func standardOutputAsAPathIsWrittenThrough(writer: Writer) throws {
    let folder = try folder()
    defer { remove(folder) }
    let redirected = folder + "/out.txt"
    create(redirected, "")
    let handle = try #require(FileHandle(forWritingAtPath: redirected))
    let process = Process()
    process.executableURL = Binary.executable
    process.arguments = writer.arguments("/dev/stdout")
    process.standardOutput = handle
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try handle.close()
    #expect(process.terminationStatus == 0)
    let text = contents(redirected) ?? ""
    // `test` writes its results as they come, then the report: both in the one file.
    #expect(
      writer == .output
        ? writer.wrote(text) : text.contains("<?xml") && text.contains(" passed, "))
    #expect(entries(folder) == ["out.txt"])
  }

  @Test(arguments: Writer.allCases)
  func scriptBeingReadIsNotOverwritten(writer: Writer) throws {
    let folder = try folder()
    defer { remove(folder) }
    let script = folder + "/s.marble"
    let text = try #require(contents(Writer.script))
    create(script, text)
    #expect(symlink("s.marble", folder + "/alias") == 0)
    for target in [script, folder + "/alias"] {
      let output = try Binary.run(writer.arguments(target, script: script))
      #expect(output.exitCode == 1)
      #expect(
        output.stderr
          == "error: cannot write '\(target)': it is the script being read; give another path\n")
      #expect(contents(script) == text)
    }
  }

  // MARK: - Full disks

  /// `/dev/full` fails every write with ENOSPC: a message, and the device stays.
  @Test(arguments: Writer.allCases)
  func fullDeviceIsAMessage(writer: Writer) throws {
    let output = try Binary.run(writer.arguments("/dev/full"))
    #expect(output.exitCode == 1)
    #expect(output.stderr == "error: cannot write '/dev/full': no space left on device\n")
    #expect(kind("/dev/full") == S_IFCHR)
  }

  /// A full file system (a 64 KB tmpfs, mounted when running as root): the old file is
  /// unchanged and no temporary file is left; and when not even a temporary file can be made
  /// (no inodes left), the file is not rewritten in place. Without root, a folder the user
  /// may not write stands for the second case.
  @Test(arguments: Writer.allCases)
  func fullDiskLeavesTheOldFile(writer: Writer) throws {
    let folder = try folder()
    defer { remove(folder) }
    #if os(Linux)
      if getuid() == 0, mount("tmpfs", folder, "tmpfs", 0, "size=64k,nr_inodes=16") == 0 {
        defer { umount(folder) }
        let target = folder + "/out"
        create(target, "old")
        // Fill the space: the next write of any size fails.
        let filler = open(folder + "/filler", O_WRONLY | O_CREAT, 0o644)
        var block = [UInt8](repeating: 0x2D, count: 4096)
        while write(filler, &block, block.count) > 0 {}
        close(filler)
        let full = try Binary.run(writer.arguments(target))
        #expect(full.exitCode == 1)
        #expect(
          full.stderr
            == "error: cannot write '\(target)': no space left on device; the file is unchanged\n")
        #expect(contents(target) == "old")
        #expect(entries(folder) == ["filler", "out"])
        // Use up the inodes too: no temporary file can be made.
        var index = 0
        while true {
          let descriptor = open(folder + "/inode\(index)", O_WRONLY | O_CREAT, 0o644)
          guard descriptor >= 0 else { break }
          close(descriptor)
          index += 1
        }
        let noInodes = try Binary.run(writer.arguments(target))
        #expect(noInodes.exitCode == 1)
        #expect(
          noInodes.stderr
            == "error: cannot write '\(target)': cannot create a temporary file in '\(folder)' "
            + "(no space left on device); the file is unchanged\n")
        #expect(contents(target) == "old")
        return
      }
    #endif
    // No tmpfs (not root, or no right to mount): a folder the user may not add files to,
    // holding a file the user may write. Root may add files anywhere: the run drops to user
    // and group 65534 (`nobody`) through `setpriv`.
    let target = folder + "/out"
    create(target, "old", mode: 0o666)
    #expect(chmod(folder, 0o555) == 0)
    let arguments = writer.arguments(target)
    let output =
      getuid() == 0
      ? try Binary.run(
        ["--reuid=65534", "--regid=65534", "--clear-groups", Binary.executable.path] + arguments,
        executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
      : try Binary.run(arguments)
    #expect(output.exitCode == 1)
    #expect(
      output.stderr
        == "error: cannot write '\(target)': cannot create a temporary file in '\(folder)' "
        + "(permission denied); the file is unchanged\n")
    #expect(contents(target) == "old")
  }

  // MARK: - Signals

  /// A script whose diagram is megabytes long, in `folder`.
  func bigScript(in folder: String) -> String {
    let path = folder + "/big.marble"
    create(path, "show interval(1).take(20000)\nshow interval(1).take(20000).map { x in x * 2 }\n")
    return path
  }

  /// A started `marbles`: its process id.
  struct Child {
    var pid: pid_t

    /// Waits for its end: the signal that ended it, or nil when it exited.
    func signalThatEndedIt() -> Int32? {
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0, errno == EINTR {}
      return status & 0x7F == 0 ? nil : status & 0x7F
    }
  }

  /// Starts `marbles ARGUMENTS` as a shell would: no signal blocked or ignored (the test runner
  /// blocks some in its threads, and `Process` passes its mask on), output discarded. With
  /// `wrapper` (`/usr/bin/nohup`), that program starts `marbles`.
  func start(_ arguments: [String], wrapper: String? = nil) throws -> Child {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let program = wrapper ?? Binary.executable.path
    let argv =
      ((wrapper.map { [$0] } ?? []) + [Binary.executable.path] + arguments).map { strdup($0) }
      + [nil]
    defer { for argument in argv { free(argument) } }
    var pid = pid_t()
    let status = posix_spawn(&pid, program, &actions, &attributes, argv, environ)
    try #require(status == 0)
    return Child(pid: pid)
  }

  /// Killed while writing to a FIFO nobody reads (the writer blocked once the pipe is full):
  /// the FIFO stays, nothing else is left. The signal is sent once the first bytes arrive.
  @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
  func signalWhileWritingToAFIFOLeavesNothing(signal: Int32) throws {
    let folder = try folder()
    defer { remove(folder) }
    let script = bigScript(in: folder)
    let fifo = folder + "/fifo"
    #expect(mkfifo(fifo, 0o600) == 0)
    let reader = open(fifo, O_RDONLY | O_NONBLOCK)
    defer { close(reader) }
    let child = try start(["render", script, "-o", fifo])
    var ready = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
    #expect(poll(&ready, 1, -1) == 1)
    kill(child.pid, signal)
    #expect(child.signalThatEndedIt() == signal)
    #expect(kind(fifo) == S_IFIFO)
    #expect(entries(folder) == ["big.marble", "fifo"])
  }

  #if os(Linux)
    /// Killed while writing a regular file: the temporary file is removed by the signal's
    /// handler, which then ends the process by the same signal; the old file is unchanged. The
    /// signal is sent when inotify reports the temporary file created (no clock involved).
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func signalWhileWritingAFileRemovesTheTemporaryFile(signal: Int32) throws {
      let folder = try folder()
      defer { remove(folder) }
      let script = bigScript(in: folder)
      let outputs = folder + "/out"
      try FileManager.default.createDirectory(
        atPath: outputs, withIntermediateDirectories: false)
      create(outputs + "/diagram.json", "old")
      let watch = inotify_init1(Int32(IN_CLOEXEC))
      #expect(watch >= 0)
      defer { close(watch) }
      #expect(inotify_add_watch(watch, outputs, UInt32(IN_CREATE)) >= 0)
      let child = try start([
        "render", script, "--format", "json", "-o", outputs + "/diagram.json",
      ])
      var event = [UInt8](repeating: 0, count: 4096)
      #expect(read(watch, &event, event.count) > 0)
      kill(child.pid, signal)
      #expect(child.signalThatEndedIt() == signal)
      #expect(entries(outputs) == ["diagram.json"])
      #expect(contents(outputs + "/diagram.json") == "old")
    }

    /// Under `nohup` (SIGHUP ignored), a SIGHUP while writing changes nothing: the writer does
    /// not put its handler over an ignored signal, and the file is written.
    @Test func ignoredHangupLetsTheWriteFinish() throws {
      let folder = try folder()
      defer { remove(folder) }
      let script = bigScript(in: folder)
      let outputs = folder + "/out"
      try FileManager.default.createDirectory(
        atPath: outputs, withIntermediateDirectories: false)
      let watch = inotify_init1(Int32(IN_CLOEXEC))
      #expect(watch >= 0)
      defer { close(watch) }
      #expect(inotify_add_watch(watch, outputs, UInt32(IN_CREATE)) >= 0)
      let child = try start(
        ["render", script, "--format", "json", "-o", outputs + "/diagram.json"],
        wrapper: "/usr/bin/nohup")
      var event = [UInt8](repeating: 0, count: 4096)
      #expect(read(watch, &event, event.count) > 0)
      kill(child.pid, SIGHUP)
      #expect(child.signalThatEndedIt() == nil)
      #expect(entries(outputs) == ["diagram.json"])
      #expect(contents(outputs + "/diagram.json")?.hasSuffix("}\n") == true)
    }
  #endif
}
