import Testing

@testable import Marbles
@testable import MarblesCLI

/// `marbles serve`'s arguments: the folder, `--host`, `--port` (either as `--port N` or
/// `--port=N`) and the limits, and the usage errors of each.
@Suite struct ServeArgumentTests {
  static func parsed(_ arguments: [String]) -> Result<CLICommand, UsageError> {
    CLIParser.parse(["serve"] + arguments)
  }

  static func failure(_ arguments: [String]) -> String? {
    guard case .failure(let error) = parsed(arguments) else { return nil }
    #expect(error.usage == CLIParser.serveUsage)
    return error.message
  }

  @Test func theDefaultsServeThisFolderOnThisComputerOnly() {
    #expect(
      Self.parsed([])
        == .success(
          .serve(ServeArguments(folder: ".", host: "127.0.0.1", port: 8080, maxFrames: 100_000))))
  }

  @Test func hostPortAndLimitsAreReadInAnyOrderAndEitherSpelling() {
    var budgets = RunBudgets()
    budgets.maxInput = 500
    #expect(
      Self.parsed([
        "--port=0", "Exercises", "--host", "0.0.0.0", "--max-input", "500", "--max-frames=40",
      ])
        == .success(
          .serve(
            ServeArguments(
              folder: "Exercises", host: "0.0.0.0", port: 0, maxFrames: 40, budgets: budgets))))
    #expect(
      Self.parsed(["--host=", "--port", "65535"])
        == .success(.serve(ServeArguments(folder: ".", host: "", port: 65535, maxFrames: 100_000))))
  }

  @Test func badArgumentsAreUsageErrors() {
    #expect(Self.failure(["--port", "65536"]) == "option '--port' needs a port from 0 to 65535")
    #expect(Self.failure(["--port=http"]) == "option '--port' needs a port from 0 to 65535")
    #expect(Self.failure(["--port"]) == "option '--port' needs a value")
    #expect(Self.failure(["--host"]) == "option '--host' needs a value")
    #expect(Self.failure(["--width", "3"]) == "unknown option '--width'")
    #expect(Self.failure(["a", "b"]) == "'serve' takes one FOLDER")
  }
}
