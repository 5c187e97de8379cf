import Foundation
import Marbles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a SIGINT or SIGTERM during `marbles serve` writes the byte that stops the server.
nonisolated(unsafe) private var serveStopDescriptor: Int32 = -1

/// Control-C: wakes the server's loop, which closes every connection and returns.
private func stopServing(_ signal: Int32) {
  var byte: UInt8 = 2
  _ = write(serveStopDescriptor, &byte, 1)
}

extension MarblesTool {
  /// `marbles serve [FOLDER]`: the workshop in a browser, until Control-C.
  static func serve(_ options: ServeArguments, environment: ToolEnvironment, io: ToolIO) -> Int32 {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: options.folder, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      io.err += "error: no such folder '\(TerminalText.escaped(options.folder))'\n"
      return 1
    }
    let app = ServeApp(
      exercises: ServeApp.exercises(in: options.folder), token: ServeApp.makeToken(),
      options: RunOptions(maxFrames: options.maxFrames, budgets: options.budgets),
      run: environment.run)
    var limits = HTTPServer.Limits()
    limits.maxBody = options.budgets.maxInput
    let server = HTTPServer(limits: limits) { app.handle($0) }
    app.broadcast = { [weak server] in server?.broadcast($0) }
    do throws(IOFailure) {
      try server.bind(host: options.host, port: UInt16(options.port))
    } catch {
      io.err += "error: \(TerminalText.escaped(error.reason))\n"
      return 1
    }
    let shownHost = options.host == "0.0.0.0" ? "THIS-COMPUTER'S-ADDRESS" : options.host
    let base = "http://\(shownHost):\(server.port)"
    var banner =
      "Serving \(app.exercises.count) exercise\(app.exercises.count == 1 ? "" : "s") from "
      + "\(TerminalText.escaped(options.folder)) at \(base)/\n"
      + "Board for the projector (the token lets it reveal lanes; keep it off the screen):\n"
      + "  \(base)/board#token=\(app.token)\n"
    if options.host != "127.0.0.1" {
      banner +=
        "warning: listening on \(TerminalText.escaped(options.host)): anyone on the network can "
        + "open these pages and run scripts (within the budgets)\n"
    }
    banner += "Control-C stops the server.\n"
    io.write(banner)
    serveStopDescriptor = server.wakeDescriptor
    for signal in [SIGINT, SIGTERM] { handleSignal(signal, with: stopServing, restart: true) }
    server.run(stopOnWake: true)
    io.write("Stopped.\n")
    return 0
  }
}

extension ServeApp {
  /// 24 random letters and digits.
  static func makeToken() -> String {
    let alphabet = Array("abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789")
    var generator = SystemRandomNumberGenerator()
    return String(
      (0..<24).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
  }
}
