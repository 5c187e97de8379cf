import Foundation
import Marbles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a `LanguageServer` on two file descriptors (standard input and output for `marbles
/// lsp`): one thread reads and frames messages, the calling thread handles them in order and
/// writes every answer, and the server's jobs (runs, formatting, drawing) run on threads of
/// their own (`JobThreads`), their results handled in turn with the messages.
///
/// So the handling thread never waits for a script: a cancel, a change, a request on another
/// document, `shutdown` and `exit` are handled as soon as they are read, and `exit` or the end
/// of the input ends the loop at once, whatever jobs still run.
package enum LanguageServerHost {
  /// Jobs that run at once; more wait their turn.
  static let maximumJobs = 16

  /// Serves until the editor sends `exit` or closes the input; returns the exit code (0 after
  /// `shutdown` then `exit`, 1 otherwise, as LSP says).
  /// `configure` sees the server before the first message (tests watch its runs with it).
  package static func serve(
    input: Int32, output: Int32, options: RunOptions,
    configure: (LanguageServer) -> Void = { _ in }
  ) -> Int32 {
    let queue = MessageQueue()
    let reader = Thread {
      var framer = MessageFramer()
      var chunk = [UInt8](repeating: 0, count: 1 << 16)
      while true {
        let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        framer.append(chunk[0..<count])
        while let frame = framer.next() { queue.push(frame) }
      }
      queue.close()
    }
    reader.stackSize = 1 << 20
    reader.start()

    let server = LanguageServer(options: options)
    let jobs = JobThreads(limit: maximumJobs)
    server.spawn = { job in jobs.submit { queue.push(job.run()) } }
    server.changePending = { queue.changePending($0) }
    configure(server)
    while let item = queue.pop() {
      let messages: [JSONValue]
      switch item {
      case .frame(let frame): messages = server.handle(frame)
      case .completion(let completion): messages = server.complete(completion)
      }
      for message in messages {
        let bytes = MessageFramer.frame(message.compact)
        if (try? StreamIO.writeAll(bytes, to: output)) == nil { return 1 }
      }
      if let code = server.exitCode { return code }
    }
    // The editor went away without 'exit'.
    return server.exitCode ?? 1
  }
}
