import Foundation
import Marbles
import MarblesCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `marbles` executable: wires the real world into `MarblesTool` and nothing else.
func terminalWidth() -> Int? {
  var size = winsize()
  if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
    return Int(size.ws_col)
  }
  return ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init)
}

/// The terminal's settings before `marbles step` changed them, and the ones it reads keys
/// with; read by the signal handlers.
nonisolated(unsafe) var savedTerminal = termios()
nonisolated(unsafe) var stepTerminal = termios()
/// A pipe the SIGCONT handler writes a byte to, so that the wait for a key wakes up and redraws
/// whenever `fg` resumes the tool (even when the stop came before the wait began).
nonisolated(unsafe) var resumePipe: [Int32] = [-1, -1]

/// Waits until the file at `path` is saved (its modification time, size or inode change),
/// looking four times a second; false once it is gone for a second (not just replaced by an
/// editor's atomic save).
func waitForSave(_ path: String) -> Bool {
  func signature() -> [Int]? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    #if os(Linux)
      let modified = info.st_mtim
    #else
      let modified = info.st_mtimespec
    #endif
    return [Int(modified.tv_sec), Int(modified.tv_nsec), Int(info.st_size), Int(info.st_ino)]
  }
  let start = signature()
  var missing = 0
  while true {
    usleep(250_000)
    guard let now = signature() else {
      missing += 1
      // Gone for a second (not an editor's delete-and-rename save): the tool says so and
      // waits again, which, from a missing file, lasts until the file is back.
      if missing >= 4, start != nil { return false }
      continue
    }
    missing = 0
    if now != start { return true }
  }
}

/// One key from the terminal, for `marbles step` (in the mode `enterStepMode` set). A resume
/// (`fg`) while waiting, or since the last wait, returns `.other`, which redraws the screen.
func readStepKey() -> StepKey? {
  var fds = [
    pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
    pollfd(fd: resumePipe[0], events: Int16(POLLIN), revents: 0),
  ]
  while poll(&fds, resumePipe[0] < 0 ? 1 : 2, -1) < 0 {
    if errno != EINTR { return nil }
  }
  if resumePipe[0] >= 0, fds[1].revents != 0 {
    var drained = [UInt8](repeating: 0, count: 64)
    _ = read(resumePipe[0], &drained, drained.count)
    return .other
  }
  var byte: UInt8 = 0
  let count = read(STDIN_FILENO, &byte, 1)
  if count < 0, errno == EINTR { return .other }
  guard count == 1 else { return nil }
  switch byte {
  case 0x0A, 0x0D, UInt8(ascii: "n"), UInt8(ascii: " "): return .next
  case UInt8(ascii: "p"): return .previous
  case UInt8(ascii: "q"), 0x03, 0x04: return .quit
  case 0x1B:
    // An arrow key is ESC [ C / ESC [ D; a lone Escape quits.
    var sequence: [UInt8] = [0, 0]
    var poll = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    guard Glibc.poll(&poll, 1, 50) > 0, read(STDIN_FILENO, &sequence, 2) == 2 else {
      return .quit
    }
    return sequence[1] == UInt8(ascii: "C")
      ? .next : sequence[1] == UInt8(ascii: "D") ? .previous : .other
  default: return .other
  }
}

/// Control-Z: the terminal as it was, then the stop itself (delivered when the handler
/// returns, with the default action).
func suspendStep(_ signal: Int32) {
  tcsetattr(STDIN_FILENO, TCSANOW, &savedTerminal)
  Glibc.signal(SIGTSTP, SIG_DFL)
  raise(SIGTSTP)
}

/// `fg`: keys again without echo, and Control-Z suspends again next time.
func resumeStep(_ signal: Int32) {
  tcsetattr(STDIN_FILENO, TCSANOW, &stepTerminal)
  handleSignal(SIGTSTP, with: suspendStep)
  var byte: UInt8 = 1
  _ = write(resumePipe[1], &byte, 1)
}

/// Control-C, SIGTERM, SIGHUP: the terminal as it was, then the end the signal means.
func endStep(_ signal: Int32) {
  tcsetattr(STDIN_FILENO, TCSANOW, &savedTerminal)
  Glibc.signal(signal, SIG_DFL)
  raise(signal)
}

/// For `marbles step` on a terminal: keys are read one at a time without echo, but the terminal
/// keeps ISIG, as other full-screen tools do: Control-Z puts the terminal back and suspends,
/// `fg` resumes and redraws, Control-C ends the tool. `leaveStepMode` puts the terminal back.
func enterStepMode() {
  guard tcgetattr(STDIN_FILENO, &savedTerminal) == 0 else { return }
  stepTerminal = savedTerminal
  stepTerminal.c_lflag &= ~tcflag_t(ICANON | ECHO)
  var ends: [Int32] = [-1, -1]
  if pipe(&ends) == 0 {
    for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    resumePipe = ends
  }
  handleSignal(SIGTSTP, with: suspendStep)
  handleSignal(SIGCONT, with: resumeStep)
  for signal in [SIGINT, SIGTERM, SIGHUP] { handleSignal(signal, with: endStep) }
  tcsetattr(STDIN_FILENO, TCSANOW, &stepTerminal)
}

func leaveStepMode() {
  tcsetattr(STDIN_FILENO, TCSANOW, &savedTerminal)
}

// A closed or full stream is a message and exit 1, never a signal: ignore SIGPIPE (writes then
// fail with EPIPE), and keep a closed descriptor 0/1/2 from being reused by a file we open
// (park /dev/null on it, and remember it was closed).
signal(SIGPIPE, SIG_IGN)
let closedAtStart = [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO].map { !StreamIO.isOpen($0) }
for (descriptor, closed) in closedAtStart.enumerated() where closed {
  _ = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
}

let interactive = isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0
let stepping = interactive && CommandLine.arguments.dropFirst().first == "step"
if stepping { enterStepMode() }
let environment = ToolEnvironment(
  run: { source, options in ScriptEngine.run(source, options: options) },
  explain: { name in Explainer.explain(name) },
  variables: ProcessInfo.processInfo.environment,
  stdoutIsTerminal: isatty(STDOUT_FILENO) != 0,
  terminalWidth: terminalWidth(),
  readStandardInput: { limit in
    if closedAtStart[0] { throw IOFailure("standard input is closed") }
    return try StreamIO.readAll(from: STDIN_FILENO, limit: limit)
  },
  stepTerminal: interactive
    ? StepTerminal(
      readKey: readStepKey,
      show: { try? StreamIO.writeAll(Array(("\u{1B}[H\u{1B}[2J" + $0).utf8), to: STDOUT_FILENO) })
    : nil,
  // Standard output is written as the tool goes (a long `test` or `step` prints as it runs).
  writeOutput: { text throws(IOFailure) in
    if closedAtStart[1] { throw IOFailure("bad file descriptor") }
    try StreamIO.writeAll(Array(text.utf8), to: STDOUT_FILENO)
  },
  watcher: FileWatcher(
    waitForChange: waitForSave,
    show: { output, errors in
      let clear = isatty(STDOUT_FILENO) != 0 ? "\u{1B}[H\u{1B}[2J" : ""
      try? StreamIO.writeAll(Array((clear + output).utf8), to: STDOUT_FILENO)
      try? StreamIO.writeAll(Array(errors.utf8), to: STDERR_FILENO)
    })
)
let result = MarblesTool.main(Array(CommandLine.arguments.dropFirst()), environment: environment)
if stepping { leaveStepMode() }
var exitCode = result.exitCode
var stderrText = result.stderr
if !result.stdout.isEmpty {
  do throws(IOFailure) {
    if closedAtStart[1] { throw IOFailure("bad file descriptor") }
    try StreamIO.writeAll(Array(result.stdout.utf8), to: STDOUT_FILENO)
  } catch {
    stderrText += "error: cannot write to standard output: \(error.reason)\n"
    exitCode = 1
  }
}
if !closedAtStart[2] {
  // Nowhere left to report a failure to write standard error: the exit code says it.
  if (try? StreamIO.writeAll(Array(stderrText.utf8), to: STDERR_FILENO)) == nil, exitCode == 0 {
    exitCode = 1
  }
}
exit(exitCode)
