import Foundation
import Testing

@testable import Marbles
@testable import MarblesCore
@testable import MarblesCLI

/// `$/cancelRequest` and `didChange` stop work that is already running: the stdio host, in
/// process on two pipes, is sent the cancel or the change once the run is under way (the run's
/// first look at its cancellation flag, after `Budget.pollInterval` events), and the scripts
/// would otherwise run until their events budget stops them. No clock: the test waits for the
/// run's own signal, and the time limit only guards against a hang.
@Suite(.timeLimit(.minutes(1))) struct LanguageServerCancellationTests {
  static let uri = "file:///work/forever.marble"

  /// `marbles lsp` on a thread of this process, with a frame bound so far away that
  /// `interval(1)` runs until `--max-events`.
  final class Host: @unchecked Sendable {
    // Invariant: `framer` is used by the test's thread only; `exitCode` is written by the
    // server's thread before `done` is signalled and read after; the counts are read and
    // written with `lock` held.
    let toServer = Pipe()
    let fromServer = Pipe()
    /// Signalled each time a run looks at its cancellation flag.
    let polled = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    var exitCode: Int32?
    private var framer = MessageFramer()
    private let lock = NSLock()
    private var pollCount = 0
    private var lateCount = 0

    /// How many times runs looked at their cancellation flag so far.
    var polls: Int {
      lock.lock()
      defer { lock.unlock() }
      return pollCount
    }

    /// How many times runs looked at their flag when it was already raised: a run stops at the
    /// first, so this is at most one per cancelled run (a run that went on would look again
    /// every `Budget.pollInterval` events until its budget: thousands of times).
    var pollsAfterCancel: Int {
      lock.lock()
      defer { lock.unlock() }
      return lateCount
    }

    init() {
      let input = toServer.fileHandleForReading.fileDescriptor
      let output = fromServer.fileHandleForWriting.fileDescriptor
      let thread = Thread { [self] in
        exitCode = LanguageServerHost.serve(
          input: input, output: output,
          options: RunOptions(maxFrames: RunBudgets.maximumFrames)
        ) { server in
          server.runPolled = { [self] flag in
            lock.lock()
            pollCount += 1
            if flag.isCancelled { lateCount += 1 }
            lock.unlock()
            polled.signal()
          }
        }
        done.signal()
      }
      thread.stackSize = 1 << 20
      thread.start()
    }

    func send(_ message: JSONValue) {
      toServer.fileHandleForWriting.write(Data(MessageFramer.frame(message.compact)))
    }

    func request(_ id: Int, _ method: String, _ params: JSONValue) {
      send(
        .object([
          ("jsonrpc", .string("2.0")), ("id", .int(id)), ("method", .string(method)),
          ("params", params),
        ]))
    }

    func notify(_ method: String, _ params: JSONValue) {
      send(.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]))
    }

    /// The next message the server sends.
    func receive() throws -> JSONValue {
      while true {
        if case .message(let body) = framer.next() { return try JSONParser.parse(body).get() }
        let chunk = fromServer.fileHandleForReading.availableData
        if chunk.isEmpty { throw CocoaError(.fileReadUnknown) }
        framer.append(chunk)
      }
    }

    /// Messages up to the response to request `id`, that response last.
    func receive(untilResponseTo id: Int) throws -> [JSONValue] {
      var messages: [JSONValue] = []
      repeat { messages.append(try receive()) } while messages.last?["id"] != .int(id)
      return messages
    }

    /// `shutdown` then `exit`: the server's exit code.
    func finish() throws -> Int32? {
      request(99, "shutdown", .null)
      _ = try receive(untilResponseTo: 99)
      notify("exit", .null)
      done.wait()
      return exitCode
    }
  }

  static func opened(_ text: String, version: Int = 1) -> JSONValue {
    .object([
      (
        "textDocument",
        .object([
          ("uri", .string(uri)), ("languageId", .string("marble")), ("version", .int(version)),
          ("text", .string(text)),
        ])
      )
    ])
  }

  static func at(_ line: Int, _ character: Int) -> JSONValue {
    .object([
      ("textDocument", .object([("uri", .string(uri))])),
      ("position", .object([("line", .int(line)), ("character", .int(character))])),
    ])
  }

  static func initialized() throws -> Host {
    let host = Host()
    host.request(1, "initialize", .object([]))
    _ = try host.receive(untilResponseTo: 1)
    return host
  }

  @Test func aCancelStopsARunningRequestAndTheNextRequestIsAnswered() throws {
    let host = try Self.initialized()
    // `a` is not shown, so opening the script runs only the short lane; a hover on `a` runs
    // the script again with `show a`, which would go on until ten million events.
    host.notify("textDocument/didOpen", Self.opened("let a = interval(1)\nshow cold(\"-|\")\n"))
    let published = try host.receive()
    #expect(published["params"]?["diagnostics"] == .array([]))
    // So the run that signals next is the hover's, and the cancel finds it running.
    #expect(host.polls == 0)
    host.request(2, "textDocument/hover", Self.at(0, 4))
    host.polled.wait()
    host.notify("$/cancelRequest", .object([("id", .int(2))]))
    let cancelled = try host.receive(untilResponseTo: 2)
    #expect(cancelled.count == 1)
    #expect(cancelled.last?["error"]?["code"] == .int(-32800))
    #expect(cancelled.last?["result"] == nil)
    #expect(host.pollsAfterCancel <= 1)

    host.request(
      3, "textDocument/documentSymbol",
      .object([("textDocument", .object([("uri", .string(Self.uri))]))]))
    let symbols = try host.receive(untilResponseTo: 3)
    #expect(symbols.last?["result"]?.arrayValue?.first?["name"] == .string("a"))
    // The stopped run was not kept for the next hover: it runs again, and is cancelled again.
    host.request(4, "textDocument/hover", Self.at(0, 4))
    let before = host.polls
    while host.polls == before { host.polled.wait() }
    host.notify("$/cancelRequest", .object([("id", .int(4))]))
    #expect(try host.receive(untilResponseTo: 4).last?["error"]?["code"] == .int(-32800))
    #expect(host.pollsAfterCancel <= 2)
    #expect(try host.finish() == 0)
  }

  @Test func aChangeStopsTheRunningDiagnosticsOfTheTextItReplaces() throws {
    let host = try Self.initialized()
    host.notify("textDocument/didOpen", Self.opened("show interval(1)\n"))
    host.polled.wait()
    host.notify(
      "textDocument/didChange",
      .object([
        ("textDocument", .object([("uri", .string(Self.uri)), ("version", .int(2))])),
        ("contentChanges", .array([.object([("text", .string("show cold(\"-a|\")\n"))])])),
      ]))
    // Only the change's diagnostics are published: none for version 1, stopped part-way.
    let published = try host.receive()
    #expect(published["method"] == .string("textDocument/publishDiagnostics"))
    #expect(published["params"]?["version"] == .int(2))
    #expect(published["params"]?["diagnostics"] == .array([]))
    #expect(host.pollsAfterCancel <= 1)
    host.request(3, "textDocument/hover", Self.at(0, 1))
    let hover = try host.receive(untilResponseTo: 3)
    #expect(hover.count == 1)
    #expect(hover.last?["result"]?["contents"] != nil)
    #expect(try host.finish() == 0)
  }
}
