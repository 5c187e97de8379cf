import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One finished child process: wall time, peak resident memory and how it ended.
struct ChildRun {
  var seconds: Double
  var peakBytes: Int
  var exitStatus: Int32
  var succeeded: Bool { exitStatus == 0 }
}

/// Seconds elapsed while `body` runs, on the monotonic clock.
func secondsElapsed(_ body: () throws -> Void) rethrows -> Double {
  let clock = ContinuousClock()
  let start = clock.now
  try body()
  let elapsed = clock.now - start
  return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// Runs `arguments[0]` with `arguments`, its standard error sent to /dev/null and its standard
/// output to `output` (a file path; /dev/null by default), and waits for it with `wait4`, which
/// gives this child's own peak RSS (`ru_maxrss`).
func runChild(_ arguments: [String], output: String = "/dev/null") -> ChildRun {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
  defer { for pointer in argv { free(pointer) } }
  var pid = pid_t()
  var status: Int32 = 0
  var usage = rusage()
  var spawned: Int32 = 0
  let seconds = secondsElapsed {
    spawned = posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ)
    if spawned == 0 { _ = wait4(pid, &status, 0, &usage) }
  }
  guard spawned == 0 else {
    return ChildRun(seconds: seconds, peakBytes: 0, exitStatus: -1)
  }
  #if os(Linux)
    let peakBytes = usage.ru_maxrss * 1024
  #else
    let peakBytes = usage.ru_maxrss
  #endif
  // A normal exit has the low 7 bits clear; its code is in bits 8…15.
  let exitStatus: Int32 = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  return ChildRun(seconds: seconds, peakBytes: Int(peakBytes), exitStatus: exitStatus)
}

/// The path of the running executable (`/proc/self/exe` on Linux).
func currentExecutablePath() -> String {
  #if os(Linux)
    if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      return path
    }
  #endif
  return URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
}
