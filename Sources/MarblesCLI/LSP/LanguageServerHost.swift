import Foundation
import Marbles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a `LanguageServer` on two file descriptors (standard input and output for `marbles
/// lsp`): one thread reads and frames messages, the calling thread handles them in order.
///
/// Reading on while a request runs lets `$/cancelRequest` stop it, waiting or running, lets a
/// change stop the diagnostics of the text it replaces, and lets a burst of edits be diagnosed
/// once, for the last of them.
package enum LanguageServerHost {
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
    queue.attach(server)
    configure(server)
    while let frame = queue.pop() {
      for message in server.handle(frame) {
        let bytes = MessageFramer.frame(message.compact)
        if (try? StreamIO.writeAll(bytes, to: output)) == nil { return 1 }
      }
      if let code = server.exitCode { return code }
    }
    // The editor went away without 'exit'.
    return server.exitCode ?? 1
  }
}
