import Foundation
import Marbles

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

let environment = ToolEnvironment(
  run: { source, options in ScriptEngine.run(source, options: options) },
  explain: { name in ScriptEngine.explain(name) },
  variables: ProcessInfo.processInfo.environment,
  stdoutIsTerminal: isatty(STDOUT_FILENO) != 0,
  terminalWidth: terminalWidth(),
  readStandardInput: { FileHandle.standardInput.readDataToEndOfFile() }
)
let result = MarblesTool.main(Array(CommandLine.arguments.dropFirst()), environment: environment)
FileHandle.standardOutput.write(Data(result.stdout.utf8))
FileHandle.standardError.write(Data(result.stderr.utf8))
exit(result.exitCode)
