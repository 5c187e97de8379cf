import Foundation
import Marbles
import MarblesCLI

/// libFuzzer entry point: the input bytes as a `.marble` script through every command of the
/// tool (`render` in each format, `run`, `test`, `step`), in process, with small budgets so each
/// input is bounded work. A crash, an AddressSanitizer report or a timeout is a finding; so is
/// an exit code other than 0 or 1, a failure without an error message, or output past
/// `--max-output`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data else { return 0 }
  let bytes = Data(UnsafeBufferPointer(start: data, count: size))
  guard String(validating: bytes, as: UTF8.self) != nil else { return 0 }
  let environment = ToolEnvironment(
    run: { source, options in ScriptEngine.run(source, options: options) },
    explain: { name in ScriptEngine.explain(name) },
    readStandardInput: { _ in bytes })
  let budgets = [
    "--max-frames", "5000", "--max-events", "50000", "--max-subscriptions", "1000",
    "--max-value-size", "50000", "--max-output", "2000000",
  ]
  // One command per input, picked by its length: every command gets its share.
  let commands: [[String]] = [
    ["render"], ["render", "--format", "unicode"], ["render", "--format", "json"],
    ["render", "--format", "svg"], ["render", "--format", "html"], ["run"], ["test"], ["step"],
  ]
  let command = commands[size % commands.count]
  let result = MarblesTool.main(command + budgets + ["-"], environment: environment)
  if result.exitCode != 0, result.exitCode != 1 {
    fatalError("exit code \(result.exitCode) from \(command)")
  }
  if result.exitCode == 1, !(result.stdout + result.stderr).contains("error:"),
    !(result.stdout + result.stderr).contains("FAIL")
  {
    fatalError("\(command) failed without an error message")
  }
  if result.stdout.utf8.count > 2_000_000 {
    fatalError("\(command) wrote \(result.stdout.utf8.count) bytes past --max-output")
  }
  return 0
}
