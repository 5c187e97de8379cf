import Foundation
import Testing

@testable import Marbles
@testable import MarblesCLI
@testable import MarblesCore

/// The language server's answers, message by message, in process; bad input of every kind gets
/// an error response and the server keeps answering.
@Suite struct LanguageServerTests {
  static let uri = "file:///work/t.marble"

  /// A server that has been initialized by a client that declares `capabilities` (JSON).
  static func server(capabilities: String = "{}") -> LanguageServer {
    let server = LanguageServer(options: RunOptions(maxFrames: 10_000))
    _ = send(
      server,
      #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":"#
        + capabilities + "}}")
    return server
  }

  /// Every capability the server reads, declared.
  static let everything = """
    {"general":{"positionEncodings":["utf-16"]},"textDocument":{\
    "completion":{"completionItem":{"snippetSupport":true}},\
    "hover":{"contentFormat":["markdown","plaintext"]},\
    "publishDiagnostics":{"relatedInformation":true,"versionSupport":true},\
    "documentSymbol":{"hierarchicalDocumentSymbolSupport":true},\
    "rename":{"prepareSupport":true},\
    "codeAction":{"codeActionLiteralSupport":{"codeActionKind":{"valueSet":["quickfix"]}}},\
    "semanticTokens":{},"inlayHint":{},"codeLens":{},"signatureHelp":{},\
    "documentHighlight":{},"foldingRange":{"rangeLimit":100},"diagnostic":{}},\
    "workspace":{"applyEdit":true,"symbol":{}}}
    """

  static func send(_ server: LanguageServer, _ json: String) -> [JSONValue] {
    server.handle(.message(Array(json.utf8)))
  }

  static func request(_ id: Int, _ method: String, _ params: JSONValue) -> String {
    JSONValue.object([
      ("jsonrpc", .string("2.0")), ("id", .int(id)), ("method", .string(method)),
      ("params", params),
    ]).compact
  }

  static func open(_ server: LanguageServer, _ text: String) -> [JSONValue] {
    let params = JSONValue.object([
      (
        "textDocument",
        .object([
          ("uri", .string(uri)), ("languageId", .string("marble")), ("version", .int(1)),
          ("text", .string(text)),
        ])
      )
    ])
    return send(
      server,
      JSONValue.object([
        ("jsonrpc", .string("2.0")), ("method", .string("textDocument/didOpen")),
        ("params", params),
      ]).compact)
  }

  static func at(_ line: Int, _ character: Int) -> JSONValue {
    .object([
      ("textDocument", .object([("uri", .string(uri))])),
      ("position", .object([("line", .int(line)), ("character", .int(character))])),
    ])
  }

  static func errorCode(_ messages: [JSONValue]) -> Int? {
    messages.first?["error"]?["code"]?.intValue
  }

  /// Every answer is held to `--max-output`, whatever request made it: a larger one is an error
  /// that says so, and the server answers the next request.
  @Test func anAnswerPastTheOutputBudgetIsAnErrorAndTheServerGoesOn() {
    let server = LanguageServer(
      options: RunOptions(maxFrames: 10_000, budgets: RunBudgets(maxOutput: 2_000)))
    _ = Self.send(server, #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}"#)
    let text = (0..<60).map { "let name\($0) = cold(\"-a|\")" }.joined(separator: "\n") + "\n"
    _ = Self.open(server, text)
    let symbols = Self.send(
      server,
      Self.request(
        1, "textDocument/documentSymbol",
        .object([("textDocument", .object([("uri", .string(Self.uri))]))])))
    #expect(symbols.first?["result"] == nil)
    #expect(Self.errorCode(symbols) == -32803)
    #expect(symbols.first?["error"]?["message"]?.stringValue?.contains("--max-output") == true)
    let hover = Self.send(server, Self.request(2, "textDocument/hover", Self.at(0, 5)))
    #expect(hover.first?["result"]?["contents"] != nil)
  }

  @Test func theSizeOfAnAnswerIsCountedAsItIsWritten() {
    let plain = JSONValue.object([
      ("a", .array([.int(-12), .bool(true), .bool(false), .null, .string("xyz")])),
      ("b", .object([("c", .string("é😀"))])),
    ])
    #expect(LanguageServer.size(of: plain, past: .max) == plain.compact.utf8.count)
    let escaped = JSONValue.array([.string("a\"b\\c\nd")])
    #expect(LanguageServer.size(of: escaped, past: .max) == escaped.compact.utf8.count)
    // The count stops soon after the limit (the separators are counted first).
    let long = JSONValue.array(
      Array(repeating: .string(String(repeating: "x", count: 100)), count: 1_000))
    #expect(long.compact.utf8.count > 100_000)
    #expect(LanguageServer.size(of: long, past: 1_000) < 5_000)
  }

  @Test func brokenJSONGetsAParseErrorAndTheServerGoesOn() {
    let server = Self.server()
    let reply = Self.send(server, #"{"jsonrpc":"2.0","id":1,"method":"#)
    #expect(Self.errorCode(reply) == -32700)
    #expect(reply.first?["id"] == .null)
    let next = Self.send(server, Self.request(2, "shutdown", .null))
    #expect(next.first?["result"] == .null && next.first?["error"] == nil)
  }

  @Test func messagesThatAreNotRequestsGetInvalidRequest() {
    let server = Self.server()
    #expect(Self.errorCode(Self.send(server, "[1,2]")) == -32600)
    #expect(Self.errorCode(Self.send(server, #"{"id":3}"#)) == -32600)
    #expect(Self.errorCode(Self.send(server, #"{"id":[1],"method":"shutdown"}"#)) == -32600)
    #expect(Self.errorCode(Self.send(server, String(repeating: "[", count: 10_000))) == -32700)
  }

  @Test func unknownMethodsGetMethodNotFoundAndUnknownNotificationsNothing() {
    let server = Self.server()
    #expect(
      Self.errorCode(Self.send(server, Self.request(4, "textDocument/nope", .null))) == -32601)
    #expect(Self.send(server, #"{"jsonrpc":"2.0","method":"$/unknown","params":{}}"#).isEmpty)
  }

  @Test func requestsBeforeInitializeAreRefused() {
    let server = LanguageServer()
    #expect(
      Self.errorCode(Self.send(server, Self.request(1, "textDocument/hover", Self.at(0, 0))))
        == -32002)
  }

  @Test func requestsForUnopenedDocumentsFail() {
    let server = Self.server()
    let reply = Self.send(server, Self.request(5, "textDocument/hover", Self.at(0, 0)))
    #expect(Self.errorCode(reply) == -32803)
    #expect(reply.first?["error"]?["message"]?.stringValue?.contains("not open") == true)
  }

  @Test func aTenMegabyteDocumentIsRefusedWithAClearError() {
    let server = Self.server()
    let big = String(repeating: "let a = cold(\"--a|\")\n", count: 500_000)
    let published = Self.open(server, big)
    let diagnostic = published.first {
      $0["method"]?.stringValue == "textDocument/publishDiagnostics"
    }
    let message = diagnostic?["params"]?["diagnostics"]?.arrayValue?.first?["message"]?.stringValue
    #expect(message?.contains("10.5 MB") == true)
    let reply = Self.send(server, Self.request(6, "textDocument/hover", Self.at(0, 5)))
    #expect(Self.errorCode(reply) == -32803)
    // The server still answers other documents.
    _ = Self.open(server, "let b = cold(\"-b|\")\n")
    let hover = Self.send(server, Self.request(7, "textDocument/hover", Self.at(0, 5)))
    #expect(hover.first?["result"]?["contents"] != nil)
  }

  @Test func invalidUTF8IsAClearErrorNamingTheRequest() {
    let server = Self.server()
    var bytes = Array(
      #"{"jsonrpc":"2.0","id":8,"method":"textDocument/hover","params":{"x":""#.utf8)
    bytes += [0xFF, 0xFE]
    bytes += Array(#""}}"#.utf8)
    let reply = server.handle(.message(bytes))
    #expect(reply.first?["id"] == .int(8))
    #expect(Self.errorCode(reply) == -32700)
    #expect(reply.first?["error"]?["message"]?.stringValue?.contains("UTF-8") == true)
  }

  @Test func framingErrorsAreReported() {
    var framer = MessageFramer()
    framer.append(Array("Content-Type: x\r\n\r\n".utf8))
    #expect(framer.next() == .badHeader("a message without a valid 'Content-Length' header"))
    framer.append(Array("Content-Length: 2\r\n\r\n{}Content-Length: 1".utf8))
    #expect(framer.next() == .message(Array("{}".utf8)))
    #expect(framer.next() == nil)
    framer.append(Array("\r\n\r\n[".utf8))
    #expect(framer.next() == .message(Array("[".utf8)))
    let server = Self.server()
    #expect(Self.errorCode(server.handle(.badHeader("x"))) == -32700)
    #expect(Self.errorCode(server.handle(.tooLarge(1 << 30))) == -32600)
  }

  @Test func aScriptThatNeverEndsStopsAtTheFrameBound() {
    let server = Self.server()
    let published = Self.open(server, "let ticks = interval(1)\nshow ticks\n")
    let diagnostics =
      published.first?["params"]?["diagnostics"]?.arrayValue?.compactMap {
        $0["message"]?.stringValue
      }
      ?? []
    #expect(diagnostics.contains { $0.contains("10000") })
  }

  @Test func aDeeplyNestedScriptIsAnErrorNotACrash() {
    let server = Self.server()
    let nested =
      "let a = " + String(repeating: "(", count: 5_000) + "1"
      + String(repeating: ")", count: 5_000) + "\n"
    let published = Self.open(server, nested)
    let diagnostics = published.first?["params"]?["diagnostics"]?.arrayValue ?? []
    #expect(diagnostics.contains { $0["severity"] == .int(1) })
  }

  @Test func aCancelIsAnsweredAtOnceAndTheRunsLateAnswerIsDropped() {
    let server = Self.server()
    _ = Self.open(server, "let a = cold(\"-a|\")\n")
    // Jobs are held here instead of run: the hover's run is "still running" when the cancel
    // comes, and the server answers the cancel without waiting for it.
    let held = HeldJobs()
    server.spawn = { held.add($0) }
    #expect(Self.send(server, Self.request(9, "textDocument/hover", Self.at(0, 5))).isEmpty)
    let cancelled = Self.send(
      server, #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":9}}"#)
    #expect(cancelled.count == 1)
    #expect(Self.errorCode(cancelled) == -32800)
    #expect(server.inFlight.isEmpty)
    // The run ends later: its answer is not sent.
    for job in held.take() { #expect(server.complete(job.work()).isEmpty) }
    server.spawn = nil
    let other = Self.send(server, Self.request(10, "textDocument/hover", Self.at(0, 5)))
    #expect(other.first?["result"]?["contents"] != nil)
  }

  @Test func cancelsForUnknownIdsAreNotKeptAndDoNotCancelALaterRequest() {
    let server = Self.server()
    _ = Self.open(server, "let a = cold(\"-a|\")\n")
    for id in 0..<2_000 {
      let cancel = #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"# + "\(id)}}"
      #expect(Self.send(server, cancel).isEmpty)
    }
    #expect(server.inFlight.isEmpty)
    let reply = Self.send(server, Self.request(1_999, "textDocument/hover", Self.at(0, 5)))
    #expect(reply.first?["result"]?["contents"] != nil)
  }

  @Test func aRequestIdStillInFlightIsNotTakenTwice() {
    let server = Self.server()
    _ = Self.open(server, "let a = cold(\"-a|\")\n")
    let held = HeldJobs()
    server.spawn = { held.add($0) }
    #expect(Self.send(server, Self.request(3, "textDocument/hover", Self.at(0, 5))).isEmpty)
    #expect(
      Self.errorCode(Self.send(server, Self.request(3, "textDocument/hover", Self.at(0, 5))))
        == -32600)
    let answers = held.take().flatMap { server.complete($0.work()) }
    #expect(answers.count == 1)
    #expect(answers.first?["result"]?["contents"] != nil)
  }

  @Test func aRequestOnADocumentWhoseFirstRunIsBusyIsAnsweredFromItsText() {
    let server = Self.server()
    let held = HeldJobs()
    server.spawn = { held.add($0) }
    // The first run is held (busy); the completion is answered from the text, parsed.
    _ = Self.open(server, "let input = cold(\"-a|\")\nshow input\n")
    let analysis = held.take()
    #expect(analysis.count == 1)
    #expect(Self.send(server, Self.request(6, "textDocument/completion", Self.at(1, 5))).isEmpty)
    let answers = held.take().flatMap { server.complete($0.work()) }
    let labels =
      answers.first?["result"]?["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
    #expect(labels.contains("input"))
    // A lane hover says the run is not there yet.
    _ = Self.send(server, Self.request(7, "textDocument/hover", Self.at(1, 6)))
    // The parse, then the hover drawn from it: each a job.
    var parsed: [JSONValue] = []
    for _ in 0..<3 { parsed += held.take().flatMap { server.complete($0.work()) } }
    let hover = parsed.first?["result"]?["contents"]?["value"]?.stringValue
    #expect(hover?.contains("still running") == true)
  }

  @Test func shutdownAnswersEveryRequestStillInFlight() {
    let server = Self.server()
    _ = Self.open(server, "let a = cold(\"-a|\")\n")
    let held = HeldJobs()
    server.spawn = { held.add($0) }
    _ = Self.send(server, Self.request(8, "textDocument/hover", Self.at(0, 5)))
    let replies = Self.send(server, Self.request(9, "shutdown", .null))
    #expect(replies.compactMap { $0["id"]?.intValue } == [8, 9])
    #expect(replies.first?["error"]?["code"] == .int(-32800))
    #expect(server.inFlight.isEmpty)
  }

  @Test func aRequestSentDuringARunIsAnsweredFromTheLastFinishedAnalysis() {
    let server = Self.server()
    _ = Self.open(server, "let a = cold(\"-a|\")\nshow a\n")
    let held = HeldJobs()
    server.spawn = { held.add($0) }
    // The edit's analysis is held (still running); a hover and a completion do not wait for it.
    _ = Self.send(
      server,
      #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/t.marble","version":2},"contentChanges":[{"text":"let a = cold(\"-b|\")\nshow a\nlet zz = a\n"}]}}"#
    )
    let definition = Self.send(server, Self.request(4, "textDocument/definition", Self.at(1, 5)))
    #expect(definition.first?["result"]?["range"]?["start"]?["line"] == .int(0))
    let completion = Self.send(server, Self.request(5, "textDocument/completion", Self.at(2, 0)))
    let labels =
      completion.first?["result"]?["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue }
      ?? []
    // The last finished analysis does not know `zz` yet.
    #expect(labels.contains("a") && !labels.contains("zz"))
    // Once the run ends, its diagnostics are published.
    let published = held.take().flatMap { server.complete($0.work()) }
    #expect(published.first?["method"] == .string("textDocument/publishDiagnostics"))
  }

  @Test func didYouMeanBecomesAQuickFix() throws {
    let server = Self.server(capabilities: Self.everything)
    let published = Self.open(server, "let a = cold(\"-a|\")\nlet b = a.mapp { x in x }\n")
    let diagnostic = try #require(published.first?["params"]?["diagnostics"]?.arrayValue?.first)
    #expect(diagnostic["data"]?["fixes"] == .array([.string("map")]))
    let params = JSONValue.object([
      ("textDocument", .object([("uri", .string(Self.uri))])),
      ("range", diagnostic["range"] ?? .null),
      ("context", .object([("diagnostics", .array([diagnostic]))])),
    ])
    let actions = Self.send(server, Self.request(11, "textDocument/codeAction", params))
    let action = try #require(actions.first?["result"]?.arrayValue?.first)
    #expect(action["title"]?.stringValue == "Replace 'mapp' with 'map'")
    let edit = action["edit"]?["changes"]?[Self.uri]?.arrayValue?.first
    #expect(edit?["newText"] == .string("map"))
  }

  @Test func aClientWithoutCodeActionLiteralsGetsACommandThatAppliesTheFix() throws {
    let server = Self.server(capabilities: #"{"workspace":{"applyEdit":true}}"#)
    let published = Self.open(server, "let a = cold(\"-a|\")\nlet b = a.mapp { x in x }\n")
    let diagnostic = try #require(published.first?["params"]?["diagnostics"]?.arrayValue?.first)
    let params = JSONValue.object([
      ("textDocument", .object([("uri", .string(Self.uri))])),
      ("range", diagnostic["range"] ?? .null),
      ("context", .object([("diagnostics", .array([diagnostic]))])),
    ])
    let actions = Self.send(server, Self.request(11, "textDocument/codeAction", params))
    let command = try #require(actions.first?["result"]?.arrayValue?.first)
    #expect(command["edit"] == nil && command["kind"] == nil)
    #expect(command["title"]?.stringValue == "Replace 'mapp' with 'map'")
    #expect(command["command"] == .string("marbles.applyFix"))
    let run = JSONValue.object([
      ("command", command["command"] ?? .null), ("arguments", command["arguments"] ?? .null),
    ])
    let answers = Self.send(server, Self.request(12, "workspace/executeCommand", run))
    // The server asks the client to apply the edit, then answers the command.
    #expect(answers.first?["method"] == .string("workspace/applyEdit"))
    let edit = answers.first?["params"]?["edit"]?["changes"]?[Self.uri]?.arrayValue?.first
    #expect(edit?["newText"] == .string("map"))
    #expect(edit?["range"] == diagnostic["range"])
    #expect(answers.last?["id"] == .int(12) && answers.last?["error"] == nil)
    // The client's answer to that request is read and dropped: nothing is sent back.
    let id = answers.first?["id"] ?? .null
    let reply = JSONValue.object([
      ("jsonrpc", .string("2.0")), ("id", id), ("result", .object([("applied", .bool(true))])),
    ])
    #expect(Self.send(server, reply.compact).isEmpty)
  }

  @Test func aFailingExpectIsADiagnosticWithTheDiff() throws {
    let server = Self.server()
    let published = Self.open(
      server,
      "let a = cold(\"-1-2|\")\nlet b = a.map { x in x * 10 }\nexpect b == \"-x-y|\", x: 10, y: 30\n"
    )
    let diagnostic = try #require(published.first?["params"]?["diagnostics"]?.arrayValue?.first)
    #expect(diagnostic["range"]?["start"]?["line"] == .int(2))
    let message = try #require(diagnostic["message"]?.stringValue)
    #expect(message.contains("30"))
    #expect(message.contains("20"))
  }

  @Test func hoverOnAMarbleCharacterGivesItsFrameAndValue() {
    let server = Self.server(capabilities: Self.everything)
    _ = Self.open(server, "let a = hot(\"-x-^-(ab)-|\", a: 1, b: \"two\")\n")
    func hover(_ character: Int) -> String? {
      Self.send(server, Self.request(12, "textDocument/hover", Self.at(0, character))).first?[
        "result"]?["contents"]?["value"]?.stringValue
    }
    // `"` is at character 12, so the marble's characters start at 13.
    #expect(hover(14) == "**frame -2**: value `x` (the string \"x\")")
    #expect(hover(20) == "**frame 2**: value `b` = `\"two\"`\n\nat the same frame: `a`, `b`")
    #expect(hover(23) == "**frame 7**: completion `|`")
  }

  @Test func incrementalChangesEditTheText() {
    let range = LSP.Range(
      start: LSP.Position(line: 1, character: 4), end: LSP.Position(line: 1, character: 5))
    #expect(LanguageServer.apply("b", range: range, to: "x\nlet a = 1\n") == "x\nlet b = 1\n")
  }

  @Test func positionsCountUTF16UnitsOnTheWire() {
    let positions = LSPPositions(SourceFile(name: "", text: "let 😀a = 1"))
    // `a` is column 6 in Characters and character 6 in UTF-16 (the emoji takes two units).
    #expect(positions.position(SourcePosition(line: 1, column: 6)).character == 6)
    #expect(positions.lsp(SourceRange(line: 1, column: 6))["start"]?["character"] == .int(6))
    #expect(
      positions.source(LSP.Position(line: 0, character: 6)) == SourcePosition(line: 1, column: 6))
  }

  @Test func renameChangesTheDeclarationAndEveryUseAndRefusesBadNames() throws {
    let server = Self.server()
    _ = Self.open(server, "let a = cold(\"-1|\")\nlet b = a.map { a in a * 2 }\nshow a, b\n")
    func rename(_ newName: String) -> JSONValue? {
      var params = Self.at(2, 5)
      if case .object(var members) = params {
        members.append(("newName", .string(newName)))
        params = .object(members)
      }
      return Self.send(server, Self.request(13, "textDocument/rename", params)).first
    }
    let edits = try #require(rename("input")?["result"]?["changes"]?[Self.uri]?.arrayValue)
    // The declaration and the two uses; the closure's own 'a' is left alone.
    #expect(
      edits.compactMap { $0["range"]?["start"] }.map { [$0["line"], $0["character"]] } == [
        [.int(0), .int(4)], [.int(1), .int(8)], [.int(2), .int(5)],
      ])
    #expect(edits.allSatisfy { $0["newText"] == .string("input") })
    #expect(rename("b")?["error"]?["code"] == .int(-32803))
    #expect(rename("let")?["error"]?["code"] == .int(-32602))
    #expect(rename("2x")?["error"]?["code"] == .int(-32602))
  }

  static func renamed(
    _ server: LanguageServer, _ line: Int, _ character: Int, to newName: String
  ) -> JSONValue? {
    var params = Self.at(line, character)
    if case .object(var members) = params {
      members.append(("newName", .string(newName)))
      params = .object(members)
    }
    return Self.send(server, Self.request(14, "textDocument/rename", params)).first
  }

  @Test func renameRefusesANameAClosureBindsOrABuiltInAndFindsUsesInBlocks() throws {
    let server = Self.server()
    _ = Self.open(
      server,
      """
      let a = cold("-1|")
      let b = a.map { y in a + y }
      let c = a.map { x in
        let k = x * 2
        return k + a
      }
      show b, c

      """)
    // `y` would be captured by the closure parameter, `k` by the block's `let`.
    let captured = Self.renamed(server, 0, 4, to: "y")?["error"]?["message"]?.stringValue
    #expect(captured?.contains("a closure there binds its own 'y'") == true)
    #expect(Self.renamed(server, 0, 4, to: "k")?["error"]?["code"] == .int(-32803))
    // `cold` is a built-in: `let cold` would hide it.
    let builtIn = Self.renamed(server, 0, 4, to: "cold")?["error"]?["message"]?.stringValue
    #expect(builtIn?.contains("built-in") == true)
    // A free name: the use in the block closure is renamed with the others.
    let edits = try #require(
      Self.renamed(server, 0, 4, to: "input")?["result"]?["changes"]?[Self.uri]?.arrayValue)
    #expect(
      edits.compactMap { $0["range"]?["start"]?["line"]?.intValue } == [0, 1, 1, 2, 4])
  }

  @Test func prepareRenameGivesTheNameAndItsRangeOrRefuses() throws {
    let server = Self.server()
    _ = Self.open(server, "let input = cold(\"-1|\")\nshow input\n")
    let prepared = Self.send(server, Self.request(15, "textDocument/prepareRename", Self.at(1, 7)))
    let result = try #require(prepared.first?["result"])
    #expect(result["placeholder"] == .string("input"))
    #expect(result["range"]?["start"]?["character"] == .int(5))
    #expect(result["range"]?["end"]?["character"] == .int(10))
    let refused = Self.send(server, Self.request(16, "textDocument/prepareRename", Self.at(0, 14)))
    #expect(Self.errorCode(refused) == -32803)
  }

  @Test func completionNarrowsToTheTypedPrefix() throws {
    let server = Self.server()
    _ = Self.open(server, "let a = cold(\"-1|\")\nlet b = a.sw\n")
    let reply = Self.send(server, Self.request(17, "textDocument/completion", Self.at(1, 12)))
    let labels = try #require(
      reply.first?["result"]?["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue })
    #expect(labels.contains("switchMap") && labels.contains("switchToLatest"))
    #expect(labels.allSatisfy { $0.lowercased().hasPrefix("sw") })
    // Nothing typed after the dot: every operator.
    let all = Self.send(server, Self.request(18, "textDocument/completion", Self.at(1, 10)))
    #expect((all.first?["result"]?["items"]?.arrayValue?.count ?? 0) > 100)
  }

  @Test func everyResponseStaysWithinTheOutputBudget() throws {
    let budgets = RunBudgets(maxOutput: 3_000)
    let server = LanguageServer(options: RunOptions(maxFrames: 100_000, budgets: budgets))
    _ = Self.send(server, #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}"#)
    _ = Self.open(server, "let a = interval(1).take(4000)\nshow a\n")
    // The page is refused with the message `marbles render` prints.
    let render = Self.send(
      server,
      Self.request(
        19, "marbles/render",
        .object([
          ("textDocument", .object([("uri", .string(Self.uri))])), ("format", .string("html")),
        ])))
    let message = try #require(render.first?["error"]?["message"]?.stringValue)
    #expect(message.hasSuffix(budgets.outputRefusal()))
    // A hover does not draw a lane past the budget.
    let hover = Self.send(server, Self.request(20, "textDocument/hover", Self.at(0, 4)))
    let text = try #require(hover.first?["result"]?["contents"]?["value"]?.stringValue)
    #expect(text.contains("too large to draw in a hover"))
    #expect(text.utf8.count < 3_000)
    // A formatting edit past the budget is refused.
    _ = Self.open(
      server, "let a   =   cold(\"-1|\")\n" + String(repeating: "show    a\n", count: 600))
    let formatting = Self.send(
      server,
      Self.request(
        21, "textDocument/formatting",
        .object([("textDocument", .object([("uri", .string(Self.uri))]))])))
    #expect(
      formatting.first?["error"]?["message"]?.stringValue?.hasSuffix(budgets.outputRefusal())
        == true)
  }
}

/// Jobs a test holds instead of running them, to act while they are "still running".
final class HeldJobs: @unchecked Sendable {
  // Invariant: `jobs` is read and written with `lock` held.
  private let lock = NSLock()
  private var jobs: [LanguageServer.Job] = []

  func add(_ job: LanguageServer.Job) {
    lock.lock()
    jobs.append(job)
    lock.unlock()
  }

  /// The jobs held so far, in order; none are held afterwards.
  func take() -> [LanguageServer.Job] {
    lock.lock()
    defer { lock.unlock() }
    defer { jobs = [] }
    return jobs
  }
}
