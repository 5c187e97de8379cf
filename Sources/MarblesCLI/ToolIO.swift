import Marbles

/// What one invocation prints. Standard output goes out as it is made (through
/// `ToolEnvironment.writeOutput`, or kept for `ToolResult.stdout` without one), so a long
/// `test` or `step` prints as it goes and holds little; it is bounded by `--max-output`,
/// checked before each write. Standard error is kept until the end.
final class ToolIO {
  /// Standard output, when there is no `writeOutput` to send it to.
  private(set) var kept = ""
  /// Standard error.
  var err = ""
  /// The bytes standard output may take (`--max-output`); set by the command.
  var limit = RunBudgets().maxOutput
  /// The bytes written to standard output so far.
  private(set) var written = 0
  /// Why standard output stopped (past `--max-output`, or the stream failed): the message,
  /// for standard error; nil while it goes on.
  private(set) var stop: String?
  /// Whether standard output so far is empty or ends with a newline.
  private(set) var endsLine = true
  private let send: (@Sendable (String) throws(IOFailure) -> Void)?

  init(write: (@Sendable (String) throws(IOFailure) -> Void)?) {
    send = write
  }

  /// Writes `text` to standard output: false (writing nothing) once output has stopped, or
  /// when `text` would take it past `limit` (which stops it).
  @discardableResult
  func write(_ text: String) -> Bool {
    guard stop == nil else { return false }
    let count = text.utf8.count
    guard count > 0 else { return true }
    guard reserve(count) else { return false }
    if let send {
      do throws(IOFailure) {
        try send(text)
      } catch {
        stop = "error: cannot write to standard output: \(error.reason)\n"
        return false
      }
    } else {
      kept += text
    }
    endsLine = text.utf8.last == UInt8(ascii: "\n")
    return true
  }

  /// Stops output as past `limit`: for a drawing that would not fit, and is not made.
  func stopPastBudget() {
    _ = reserve(limit - written + 1)
  }

  /// Counts `count` more bytes of output (standard output or `-o FILE`) against `limit`:
  /// false, with output stopped, past it.
  func reserve(_ count: Int) -> Bool {
    guard stop == nil else { return false }
    guard written + count <= limit else {
      stop = "error: " + RunBudgets(maxOutput: limit).outputRefusal() + "\n"
      return false
    }
    written += count
    return true
  }
}
