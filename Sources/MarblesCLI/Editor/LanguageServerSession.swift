import Foundation
import Marbles

/// The language server of `marbles lsp` without its transport, for embedding and for the
/// benchmarks: give it each message's JSON body, send what it returns.
public final class LanguageServerSession {
  private let server: LanguageServer
  /// The jobs' results, with `marbles lsp`'s threads (nil: jobs run inside `handle`).
  private let background: Background?

  /// A server whose runs stay within `options`. With `inBackground`, runs, formatting and
  /// drawing work on threads of their own, as in `marbles lsp`: `handle` returns what is
  /// answered at once, and `next()` what the work gives when it ends.
  public init(options: RunOptions = RunOptions(), inBackground: Bool = false) {
    server = LanguageServer(options: options)
    if inBackground {
      let background = Background()
      server.spawn = { job in background.start(job) }
      self.background = background
    } else {
      background = nil
    }
  }

  /// Handles one JSON-RPC message (its body, without the `Content-Length` header); returns the
  /// JSON texts of the responses and notifications to send, in order.
  public func handle(_ body: [UInt8]) -> [String] {
    server.handle(.message(body)).map(\.compact)
  }

  /// Waits for the next job started in the background to end; returns the messages its result
  /// gives (none when no job runs).
  public func next() -> [String] {
    guard let completion = background?.next() else { return [] }
    return server.complete(completion).map(\.compact)
  }

  /// The exit code the editor asked for with `exit` (0 after `shutdown`), or nil while running.
  public var exitCode: Int32? { server.exitCode }

  /// Jobs on threads (each on one of its own), and their results in the order they end.
  private final class Background: @unchecked Sendable {
    // Invariant: `running` and `done` are read and written with `condition` held.
    private let condition = NSCondition()
    private var running = 0
    private var done: [LanguageServer.Completion] = []
    private let threads = JobThreads(limit: .max)

    func start(_ job: LanguageServer.Job) {
      condition.withLock { running += 1 }
      threads.submit { [self] in
        let completion = job.run()
        condition.lock()
        running -= 1
        done.append(completion)
        condition.broadcast()
        condition.unlock()
      }
    }

    func next() -> LanguageServer.Completion? {
      condition.lock()
      defer { condition.unlock() }
      while done.isEmpty && running > 0 { condition.wait() }
      return done.isEmpty ? nil : done.removeFirst()
    }
  }
}
