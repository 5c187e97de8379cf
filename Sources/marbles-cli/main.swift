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

/// One key from a terminal in raw mode (restored right after), for `marbles step`.
func readStepKey() -> StepKey? {
  var saved = termios()
  guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return nil }
  var raw = saved
  raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
  tcsetattr(STDIN_FILENO, TCSANOW, &raw)
  defer { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
  var byte: UInt8 = 0
  guard read(STDIN_FILENO, &byte, 1) == 1 else { return nil }
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

// A closed or full stream is a message and exit 1, never a signal: ignore SIGPIPE (writes then
// fail with EPIPE), and keep a closed descriptor 0/1/2 from being reused by a file we open
// (park /dev/null on it, and remember it was closed).
signal(SIGPIPE, SIG_IGN)
let closedAtStart = [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO].map { !StreamIO.isOpen($0) }
for (descriptor, closed) in closedAtStart.enumerated() where closed {
  _ = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
}

let interactive = isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0
let environment = ToolEnvironment(
  run: { source, options in ScriptEngine.run(source, options: options) },
  explain: { name in ScriptEngine.explain(name) },
  variables: ProcessInfo.processInfo.environment,
  stdoutIsTerminal: isatty(STDOUT_FILENO) != 0,
  terminalWidth: terminalWidth(),
  readStandardInput: {
    if closedAtStart[0] { throw IOFailure("standard input is closed") }
    return try StreamIO.readAll(from: STDIN_FILENO)
  },
  stepTerminal: interactive
    ? StepTerminal(
      readKey: readStepKey,
      show: { try? StreamIO.writeAll(Array(("\u{1B}[H\u{1B}[2J" + $0).utf8), to: STDOUT_FILENO) })
    : nil
)
let result = MarblesTool.main(Array(CommandLine.arguments.dropFirst()), environment: environment)
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
