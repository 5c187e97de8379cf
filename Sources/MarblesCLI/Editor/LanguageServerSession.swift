import Marbles

/// The language server of `marbles lsp` without its transport, for embedding and for the
/// benchmarks: give it each message's JSON body, send what it returns.
public final class LanguageServerSession {
  private let server: LanguageServer

  /// A server whose runs stay within `options`.
  public init(options: RunOptions = RunOptions()) {
    server = LanguageServer(options: options)
  }

  /// Handles one JSON-RPC message (its body, without the `Content-Length` header); returns the
  /// JSON texts of the responses and notifications to send, in order.
  public func handle(_ body: [UInt8]) -> [String] {
    server.handle(.message(body)).map(\.compact)
  }

  /// The exit code the editor asked for with `exit` (0 after `shutdown`), or nil while running.
  public var exitCode: Int32? { server.exitCode }
}
