import Foundation
import Testing

@testable import Marbles
@testable import MarblesCLI
@testable import MarblesCore

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

    /// When set, the first run to look at its flag stops there until `release` is signalled:
    /// a run busy in work that never looks at its flag (a long computation in a closure).
    let stuck = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    private var blocking: Bool

    /// The next run to look at its flag stops there until `release` is signalled.
    func blockTheNextRun() {
      lock.lock()
      blocking = true
      lock.unlock()
    }

    init(blockingTheFirstRun: Bool = false) {
      blocking = blockingTheFirstRun
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
            let block = blocking
            blocking = false
            lock.unlock()
            if block {
              stuck.signal()
              release.wait()
            }
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

  static func initialized(blockingTheFirstRun: Bool = false) throws -> Host {
    let host = Host(blockingTheFirstRun: blockingTheFirstRun)
    // Diagnostics carry the version they are of.
    host.request(
      1, "initialize",
      .object([
        (
          "capabilities",
          .object([
            (
              "textDocument",
              .object([("publishDiagnostics", .object([("versionSupport", .bool(true))]))])
            )
          ])
        )
      ]))
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

  static func opened(_ uri: String, _ text: String) -> JSONValue {
    .object([
      (
        "textDocument",
        .object([
          ("uri", .string(uri)), ("languageId", .string("marble")), ("version", .int(1)),
          ("text", .string(text)),
        ])
      )
    ])
  }

  @Test func aBusyRunHoldsUpNoOtherDocumentNorShutdownNorExit() throws {
    let host = try Self.initialized(blockingTheFirstRun: true)
    // The heavy document's run is stuck: it looks at no flag until the test lets it go.
    host.notify("textDocument/didOpen", Self.opened("show interval(1)\n"))
    host.stuck.wait()
    let other = "file:///work/other.marble"
    host.notify("textDocument/didOpen", Self.opened(other, "let b = cold(\"-b|\")\n"))
    let published = try host.receive()
    #expect(published["params"]?["uri"] == .string(other))
    host.request(
      2, "textDocument/hover",
      .object([
        ("textDocument", .object([("uri", .string(other))])),
        ("position", .object([("line", .int(0)), ("character", .int(4))])),
      ]))
    #expect(try host.receive(untilResponseTo: 2).last?["result"]?["contents"] != nil)
    // The heavy text is replaced: the new text is analysed while the old run is still stuck.
    host.notify(
      "textDocument/didChange",
      .object([
        ("textDocument", .object([("uri", .string(Self.uri)), ("version", .int(2))])),
        ("contentChanges", .array([.object([("text", .string("show cold(\"-a|\")\n"))])])),
      ]))
    let replaced = try host.receive()
    #expect(replaced["params"]?["version"] == .int(2))
    host.request(3, "textDocument/hover", Self.at(0, 1))
    #expect(try host.receive(untilResponseTo: 3).last?["result"]?["contents"] != nil)
    // `shutdown` and `exit` end the server with the run still stuck.
    #expect(try host.finish() == 0)
    host.release.signal()
  }

  /// A hover and a completion sent right after an edit are answered from the last finished
  /// analysis while the edit's run is still going (here held at its first look at its flag),
  /// before that run's diagnostics; once it ends, a hover draws the new text.
  @Test func aHoverRightAfterAnEditIsAnsweredFromTheLastAnalysisWithoutWaitingForTheRun() throws {
    let host = try Self.initialized()
    host.notify("textDocument/didOpen", Self.opened("let a = cold(\"-a|\")\nshow a\n"))
    #expect(try host.receive()["params"]?["version"] == .int(1))
    host.blockTheNextRun()
    host.notify(
      "textDocument/didChange",
      .object([
        ("textDocument", .object([("uri", .string(Self.uri)), ("version", .int(2))])),
        (
          "contentChanges",
          .array([
            .object([
              ("text", .string("let a = cold(\"-b--|\")\nshow a\nshow interval(1).take(3000)\n"))
            ])
          ])
        ),
      ]))
    host.stuck.wait()
    host.request(2, "textDocument/hover", Self.at(0, 4))
    let hover = try host.receive(untilResponseTo: 2)
    // Only the answer: no diagnostics of version 2 came first.
    #expect(hover.count == 1)
    let text = hover.last?["result"]?["contents"]?["value"]?.stringValue ?? ""
    #expect(text.contains("-a|"))
    #expect(!text.contains("-b--|"))
    host.request(3, "textDocument/completion", Self.at(1, 6))
    let completion = try host.receive(untilResponseTo: 3)
    #expect(completion.count == 1)
    #expect(completion.last?["result"] != nil)
    host.release.signal()
    let published = try host.receive()
    #expect(published["method"] == .string("textDocument/publishDiagnostics"))
    #expect(published["params"]?["version"] == .int(2))
    host.request(4, "textDocument/hover", Self.at(0, 4))
    let after = try host.receive(untilResponseTo: 4)
    #expect(after.last?["result"]?["contents"]?["value"]?.stringValue?.contains("-b--|") == true)
    #expect(try host.finish() == 0)
  }

  @Test func aCancelForAnUnknownIdDoesNotCancelALaterRequestWithThatId() throws {
    let host = try Self.initialized()
    host.notify("textDocument/didOpen", Self.opened("let a = cold(\"-a|\")\n"))
    _ = try host.receive()
    host.notify("$/cancelRequest", .object([("id", .int(77))]))
    host.request(77, "textDocument/hover", Self.at(0, 4))
    let answer = try host.receive(untilResponseTo: 77)
    #expect(answer.last?["result"]?["contents"] != nil)
    #expect(try host.finish() == 0)
  }

  @Test func theEndOfInputEndsTheServerWithARunStillBusy() throws {
    let host = try Self.initialized(blockingTheFirstRun: true)
    host.notify("textDocument/didOpen", Self.opened("show interval(1)\n"))
    host.stuck.wait()
    try host.toServer.fileHandleForWriting.close()
    host.done.wait()
    #expect(host.exitCode == 1)
    host.release.signal()
  }
}
