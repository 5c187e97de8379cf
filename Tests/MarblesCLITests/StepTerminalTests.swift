import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

#if os(Linux)
  /// `marbles step` on a real terminal (a pseudo-terminal driven by an interactive bash with job
  /// control, as a user's shell): it keeps ISIG, so Control-Z suspends it, `fg` resumes it and
  /// redraws the screen, and Control-C ends it. Each step waits for the text it expects on the
  /// terminal (a blocking read), not for time to pass.
  @Suite struct StepTerminalTests {
    /// The master side of a pseudo-terminal, with what it has printed so far.
    final class Terminal {
      let master: Int32
      let slave: String
      var printed = ""

      init() throws {
        // posix_openpt, unlockpt and ptsname, as their ioctls (the C functions need
        // _XOPEN_SOURCE): TIOCSPTLCK and TIOCGPTN.
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        try #require(master >= 0)
        try #require(ioctl(master, 0x4004_5431, &unlock) == 0)
        try #require(ioctl(master, 0x8004_5430, &number) == 0)
        slave = "/dev/pts/\(number)"
        var size = winsize(ws_row: 40, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
      }

      deinit { close(master) }

      func type(_ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count - 1) }
      }

      /// Reads until `text` has appeared `occurrences` times in all that was printed; false if
      /// the terminal went quiet for a long time first (a hang, reported as a failure).
      func waitFor(_ text: String, occurrences: Int = 1) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while printed.components(separatedBy: text).count - 1 < occurrences {
          var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
          guard poll(&ready, 1, 20_000) == 1 else {
            Issue.record("the terminal went quiet before '\(text)'; it printed:\n\(printed)")
            return false
          }
          let count = read(master, &buffer, buffer.count)
          guard count > 0 else { return false }
          printed += String(decoding: buffer.prefix(count), as: UTF8.self)
        }
        return true
      }

      /// The terminal's local modes (those of the slave side).
      var localModes: tcflag_t {
        var settings = termios()
        tcgetattr(master, &settings)
        return settings.c_lflag
      }
    }

    /// glibc's POSIX_SPAWN_SETSID (needs _GNU_SOURCE in C).
    let posixSpawnSetsid: Int32 = 0x80

    /// Starts `bash -i` (no rc files, no line editing) as the session leader of `terminal`.
    func shell(on terminal: Terminal) throws -> pid_t {
      var attributes = posix_spawnattr_t()
      posix_spawnattr_init(&attributes)
      defer { posix_spawnattr_destroy(&attributes) }
      var none = sigset_t()
      sigemptyset(&none)
      posix_spawnattr_setsigmask(&attributes, &none)
      var defaults = sigset_t()
      sigfillset(&defaults)
      posix_spawnattr_setsigdefault(&attributes, &defaults)
      posix_spawnattr_setflags(
        &attributes, Int16(posixSpawnSetsid | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      // Opened after setsid: the terminal becomes the shell's controlling terminal.
      posix_spawn_file_actions_addopen(&actions, 0, terminal.slave, O_RDWR, 0)
      posix_spawn_file_actions_adddup2(&actions, 0, 1)
      posix_spawn_file_actions_adddup2(&actions, 0, 2)
      let arguments = ["/bin/bash", "--norc", "--noprofile", "--noediting", "-i"]
      let argv = arguments.map { strdup($0) } + [nil]
      defer { for argument in argv { free(argument) } }
      let environment = ["PS1=$ ", "TERM=dumb", "PATH=/usr/bin:/bin", "NO_COLOR=1"]
      let envp = environment.map { strdup($0) } + [nil]
      defer { for variable in envp { free(variable) } }
      var pid = pid_t()
      try #require(posix_spawn(&pid, "/bin/bash", &actions, &attributes, argv, envp) == 0)
      return pid
    }

    @Test func controlZSuspendsFgResumesAndControlCEnds() throws {
      let terminal = try Terminal()
      let bash = try shell(on: terminal)
      defer {
        kill(bash, SIGKILL)
        var status: Int32 = 0
        waitpid(bash, &status, 0)
      }
      let prompt = "[Enter/n] next  [p] previous  [q] quit"
      let fixture = Binary.testsDirectory.appendingPathComponent("Fixtures/flow.marble").path
      terminal.type("'\(Binary.executable.path)' step '\(fixture)'\n")
      try #require(terminal.waitFor(prompt))
      // Waiting for a key: no echo, no line editing, but signals from the keyboard.
      #expect(terminal.localModes & tcflag_t(ISIG) != 0)
      #expect(terminal.localModes & tcflag_t(ICANON) == 0)
      terminal.type("n")
      // The second prompt, not just the second header: a Control-Z typed while the screen is
      // still being drawn stops the tool before its prompt, and `fg` then draws it only once.
      try #require(terminal.waitFor(prompt, occurrences: 2))
      // Control-Z: the shell reports the job stopped.
      terminal.type("\u{1A}")
      try #require(terminal.waitFor("Stopped"))
      #expect(terminal.localModes & tcflag_t(ICANON) != 0)
      // fg: the same step is drawn again.
      terminal.type("fg\n")
      try #require(terminal.waitFor(prompt, occurrences: 3))
      #expect(terminal.printed.components(separatedBy: "step 2 of").count - 1 == 2)
      terminal.type("n")
      try #require(terminal.waitFor("step 3 of"))
      // Control-C ends it by SIGINT (status 130), the terminal put back.
      let prompts = terminal.printed.components(separatedBy: "$ ").count - 1
      terminal.type("\u{03}")
      try #require(terminal.waitFor("$ ", occurrences: prompts + 1))
      terminal.type("echo \"status=$?\"\n")
      try #require(terminal.waitFor("status=130"))
      #expect(terminal.localModes & tcflag_t(ECHO) != 0)
      terminal.type("exit\n")
    }
  }
#endif
