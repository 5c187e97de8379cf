import Foundation
import Marbles

/// The language server's state and its answer to each message: documents by URI, their
/// analyses, the requests in flight, and the protocol's lifecycle (initialize, shutdown, exit).
///
/// `handle(_:)` takes one frame and returns the messages to send (responses and
/// notifications), so that the transport (`LanguageServerHost`) and tests drive the same code.
/// Nothing here writes files; bad input of any kind is an error response, never a crash.
///
/// Nothing that runs a script (or formats, or draws a page) happens in `handle`: it is a `Job`
/// given to `spawn`, which the transport runs on a thread of its own and hands back with
/// `complete(_:)`. So one document's run never holds up another document's requests, a
/// cancel, or `shutdown` and `exit`; a request sent during a run is answered from the document's
/// last finished analysis (before the first one, from the text parsed). Without `spawn` (tests, `LanguageServerSession`) a job runs at once,
/// inside the `handle` call that made it.
package final class LanguageServer {
  /// JSON-RPC and LSP error codes.
  enum ErrorCode: Int {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case internalError = -32603
    case serverNotInitialized = -32002
    case requestFailed = -32803
    case requestCancelled = -32800
  }

  /// A request's failure: the code and a message a person can read.
  struct Failure: Error {
    var code: ErrorCode
    var message: String
    init(_ code: ErrorCode, _ message: String) {
      self.code = code
      self.message = message
    }
  }

  /// One open document.
  struct Document {
    var text: String
    var version: Int
    /// Counts the texts the document has had: an analysis of an older one is stale.
    var revision: Int
    /// The document's size in bytes when it is larger than `maximumDocumentSize` (-1 when it
    /// could not be read): it is not analysed, and requests on it fail.
    var oversize: Int?
    /// The last analysis that finished, of this text or an older one.
    var analysis: DocumentAnalysis?
    /// The revision `analysis` was made from.
    var analysisRevision = -1
    /// The flag of the run analysing the current text, while it runs.
    var running: RunCancellation?
    /// The pieces of the document's runs, kept from one text to the next (see
    /// `ScriptPieces`): an edit runs again only the statements it can change.
    var pieces = ScriptPieces()
  }

  /// Work done away from the server's thread: `work` runs on a thread of its own and returns
  /// what the server does with its result, on the server's thread, in `complete(_:)`.
  package struct Job: Sendable {
    let work: @Sendable () -> Completion

    /// Does the work (on the caller's thread); returns what to hand to `complete(_:)`.
    package func run() -> Completion { work() }
  }

  /// A finished job's result, to be handed to `complete(_:)`.
  package struct Completion: @unchecked Sendable {
    // Unchecked: `apply` captures the job's result (an analysis, a text), made on the job's
    // thread and used only on the server's thread once the job has finished with it.
    let apply: (LanguageServer) -> Void

    package init(apply: @escaping (LanguageServer) -> Void) { self.apply = apply }
  }

  /// A request being worked on: its id and the flag that stops its runs.
  struct InFlight {
    var id: JSONValue
    var flag: RunCancellation
  }

  /// A request waiting for its document's analysis (the first one, or the current text's).
  struct Waiting {
    var key: String
    var flag: RunCancellation
    /// Whether it needs the analysis of the current text rather than the last finished one.
    var current: Bool
    var answer: (DocumentAnalysis) -> Void
  }

  /// The largest document analysed, in bytes of UTF-8.
  static let maximumDocumentSize = 2_000_000
  /// The largest hover, in bytes of its text: a lane drawn wider is not drawn.
  static let maximumHoverSize = 1_000_000

  /// The bounds of every run, and `maxOutput`, the largest response.
  let options: RunOptions
  /// Runs a job on another thread (see `Job`); nil runs it at once on this one.
  package var spawn: (@Sendable (Job) -> Void)?
  /// Whether a change (or close) of the document waits unread: its analysis would be stale
  /// before it ends, so it is not started (the transport knows; nothing waits without one).
  package var changePending: (String) -> Bool = { _ in false }
  /// Given to every `RunCancellation` the server makes (see `RunCancellation.init(polled:)`).
  package var runPolled: (@Sendable (RunCancellation) -> Void)?
  /// Set by `exit`: the process's exit code.
  package private(set) var exitCode: Int32?

  private var initialized = false
  private var shutDown = false
  /// What the client said it supports, in `initialize`.
  private(set) var client = ClientOptions()
  private(set) var documents: [String: Document] = [:]
  /// The folders the client opened (from `initialize`), as paths: what `workspace/symbol` and
  /// `workspace/diagnostic` read.
  private(set) var workspaceRoots: [String] = []
  /// Counts the requests the server sends the client (`workspace/applyEdit`), for their ids.
  private var sentRequests = 0
  private var outgoing: [JSONValue] = []
  /// Requests being worked on, by `key(_:)` of their id: all that cancellation keeps, so it is
  /// bounded by the requests in flight (a cancel for any other id is dropped).
  private(set) var inFlight: [String: InFlight] = [:]
  /// Requests waiting for an analysis, by document.
  private var waiting: [String: [Waiting]] = [:]

  package init(options: RunOptions = RunOptions()) {
    self.options = options
  }

  /// A stable string for a request id (a number or a string), for cancellation.
  package static func key(_ id: JSONValue) -> String { id.compact }

  // MARK: - Messages

  /// Handles one frame; returns the messages to send, in order.
  package func handle(_ frame: MessageFramer.Frame) -> [JSONValue] {
    outgoing = []
    switch frame {
    case .badHeader(let reason):
      outgoing.append(Self.error(id: .null, Failure(.parseError, "unreadable message: \(reason)")))
    case .tooLarge(let length):
      outgoing.append(
        Self.error(
          id: .null,
          Failure(
            .invalidRequest,
            "a message of \(length) bytes is larger than the \(MessageFramer.maximumLength) bytes the server reads; it was skipped"
          )))
    case .message(let body):
      handleBody(body)
    }
    return takeOutgoing()
  }

  /// Takes in a job's result (see `spawn`); returns the messages to send, in order.
  package func complete(_ completion: Completion) -> [JSONValue] {
    outgoing = []
    completion.apply(self)
    return takeOutgoing()
  }

  private func takeOutgoing() -> [JSONValue] {
    defer { outgoing = [] }
    return outgoing
  }

  private func handleBody(_ body: [UInt8]) {
    let message: JSONValue
    switch JSONParser.parse(body) {
    case .success(let parsed): message = parsed
    case .failure(let failure):
      // Invalid UTF-8 still tells which request it was, when the rest is JSON.
      var id = JSONValue.null
      var method: String?
      if failure.reason.contains("UTF-8"),
        case .success(let lossy) = JSONParser.parse(
          Array(String(decoding: body, as: UTF8.self).utf8))
      {
        id = lossy["id"] ?? .null
        method = lossy["method"]?.stringValue
        if let uri = lossy["params"]?["textDocument"]?["uri"]?.stringValue,
          method == "textDocument/didOpen" || method == "textDocument/didChange"
        {
          rejectDocument(
            uri,
            "the document is not valid UTF-8 (invalid byte at offset \(failure.offset) of the message)"
          )
        }
      }
      if id != .null || method == nil {
        outgoing.append(
          Self.error(id: id, Failure(.parseError, "the message is not JSON: \(failure.message)")))
      }
      return
    }
    // The client's answer to a request the server sent (`workspace/applyEdit`): nothing waits
    // for it.
    if case .object = message, message["method"] == nil, message["id"] != nil,
      message["result"] != nil || message["error"] != nil
    {
      return
    }
    guard case .object = message, let method = message["method"]?.stringValue else {
      outgoing.append(
        Self.error(
          id: message["id"] ?? .null,
          Failure(.invalidRequest, "a message needs a 'method' string (JSON-RPC 2.0)")))
      return
    }
    let params = message["params"] ?? .null
    guard let id = message["id"] else {
      notification(method, params)
      return
    }
    switch id {
    case .int, .string: break
    default:
      outgoing.append(
        Self.error(id: .null, Failure(.invalidRequest, "a request id must be a number or a string"))
      )
      return
    }
    let key = Self.key(id)
    guard inFlight[key] == nil else {
      outgoing.append(
        Self.error(
          id: id,
          Failure(.invalidRequest, "request \(key) is still being answered; ids must be unique")))
      return
    }
    let flag = RunCancellation(polled: runPolled)
    inFlight[key] = InFlight(id: id, flag: flag)
    do throws(Failure) {
      try request(method, params, key: key, flag: flag)
    } catch {
      respond(key, flag, .failure(error))
    }
  }

  static let cancelled = Failure(.requestCancelled, "the request was cancelled")

  /// Sends the answer to the request `key` if it is still the one in flight with `flag` (not
  /// cancelled and answered already, its id not reused since).
  func respond(_ key: String, _ flag: RunCancellation, _ result: Result<JSONValue, Failure>) {
    guard let request = inFlight[key], request.flag === flag else { return }
    inFlight[key] = nil
    switch result {
    case .success(let value):
      // A run stopped by the flag gave a partial answer: it is not sent.
      guard !flag.isCancelled else {
        outgoing.append(Self.error(id: request.id, Self.cancelled))
        return
      }
      // Every answer within the output budget, whatever request made it.
      guard Self.size(of: value, past: options.budgets.maxOutput) <= options.budgets.maxOutput
      else {
        outgoing.append(
          Self.error(
            id: request.id,
            Failure(.requestFailed, "the answer was not sent: " + options.budgets.outputRefusal())))
        return
      }
      outgoing.append(
        .object([("jsonrpc", .string("2.0")), ("id", request.id), ("result", value)]))
    case .failure(let failure):
      outgoing.append(Self.error(id: request.id, failure))
    }
  }

  /// The bytes `value` takes written compact, at least (a string's escapes but `\"`, `\\` and
  /// control characters are not counted); the count stops once it is past `limit`.
  static func size(of value: JSONValue, past limit: Int) -> Int {
    var total = 0
    func add(_ value: JSONValue) {
      guard total <= limit else { return }
      switch value {
      case .object(let members):
        // `{"key": value, …}`, as `JSONWriter` writes it.
        total += 2 + 2 * max(0, members.count - 1)
        for (key, member) in members {
          total += key.utf8.count + 4
          add(member)
        }
      case .array(let elements):
        total += 2 + 2 * max(0, elements.count - 1)
        for element in elements { add(element) }
      case .string(let text):
        total += 2
        for byte in text.utf8 {
          total += byte == 0x22 || byte == 0x5C ? 2 : byte < 0x20 ? 2 : 1
        }
      case .int(let number): total += String(number).utf8.count
      case .double: total += 1
      case .bool(let flag): total += flag ? 4 : 5
      case .null: total += 4
      }
    }
    add(value)
    return total
  }

  static func error(id: JSONValue, _ failure: Failure) -> JSONValue {
    .object([
      ("jsonrpc", .string("2.0")), ("id", id),
      (
        "error",
        .object([("code", .int(failure.code.rawValue)), ("message", .string(failure.message))])
      ),
    ])
  }

  /// Sends the client a request; its answer is read and dropped (see `handleBody`).
  func send(request method: String, _ params: JSONValue) {
    sentRequests += 1
    outgoing.append(
      .object([
        ("jsonrpc", .string("2.0")), ("id", .string("marbles-\(sentRequests)")),
        ("method", .string(method)), ("params", params),
      ]))
  }

  private func notify(_ method: String, _ params: JSONValue) {
    outgoing.append(
      .object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]))
  }

  /// The parameters of `method` as `T`, or nil (a notification with bad parameters is dropped).
  private func decode<T: Decodable>(_ type: T.Type, _ params: JSONValue) -> T? {
    try? JSONValueCoding.decode(type, from: params)
  }

  private func notification(_ method: String, _ params: JSONValue) {
    switch method {
    case "exit":
      exitCode = shutDown ? 0 : 1
      cancelEverything()
    case "$/cancelRequest":
      guard let cancel = decode(LSP.CancelParams.self, params) else { return }
      let key = Self.key(cancel.id.value)
      // A cancel for a request not in flight (answered, or never sent) is dropped: nothing is
      // kept for it, so a later request with the same id is not cancelled.
      guard let request = inFlight[key] else { return }
      request.flag.cancel()
      respond(key, request.flag, .failure(Self.cancelled))
    case "initialized", "$/setTrace", "textDocument/didSave",
      "workspace/didChangeConfiguration", "workspace/didChangeWatchedFiles":
      break
    case "textDocument/didOpen":
      guard initialized, let open = decode(LSP.DidOpenParams.self, params) else { return }
      let item = open.textDocument
      self.open(item.uri, text: item.text, version: item.version ?? 0)
    case "textDocument/didChange":
      guard initialized, let change = decode(LSP.DidChangeParams.self, params),
        var text = documents[change.textDocument.uri]?.text
      else { return }
      for piece in change.contentChanges {
        if let range = piece.range {
          text = Self.apply(piece.text, range: range, to: text)
        } else {
          text = piece.text
        }
      }
      open(change.textDocument.uri, text: text, version: change.textDocument.version ?? 0)
    case "textDocument/didClose":
      guard let close = decode(LSP.DidCloseParams.self, params) else { return }
      let uri = close.textDocument.uri
      documents[uri]?.running?.cancel()
      documents[uri] = nil
      failWaiting(uri, Failure(.requestFailed, "the document '\(uri)' was closed"))
      publish(uri, [], version: nil)
    default:
      // Unknown notifications are ignored, as LSP says.
      break
    }
  }

  /// Stops every run (but the one of request `except`): after `shutdown` and `exit`.
  private func cancelEverything(except: String? = nil) {
    for (key, request) in inFlight where key != except { request.flag.cancel() }
    for document in documents.values { document.running?.cancel() }
  }

  // MARK: - Documents

  private func open(_ uri: String, text: String, version: Int) {
    let size = text.utf8.count
    let previous = documents[uri]
    previous?.running?.cancel()
    var document = Document(
      text: text, version: version, revision: (previous?.revision ?? 0) + 1,
      oversize: size > Self.maximumDocumentSize ? size : nil)
    // Requests sent before the new text's analysis ends are answered from the last one.
    if document.oversize == nil, let previous, previous.oversize == nil {
      document.analysis = previous.analysis
      document.analysisRevision = previous.analysisRevision
      document.pieces = previous.pieces
    }
    documents[uri] = document
    if size > Self.maximumDocumentSize {
      rejectDocument(uri, Self.oversizeMessage(size))
      return
    }
    analyse(uri)
  }

  /// Starts the analysis of the document's current text, unless a change already waits.
  private func analyse(_ uri: String) {
    guard var document = documents[uri], !changePending(uri) else { return }
    let flag = RunCancellation(polled: runPolled)
    document.running = flag
    documents[uri] = document
    let revision = document.revision
    let source = SourceFile(name: Self.path(of: uri), text: document.text)
    var runOptions = options
    runOptions.cancellation = flag
    let run = runOptions
    let pieces = document.pieces
    submit(
      Job {
        // A change that came before the job started makes it stale at once.
        let analysis =
          flag.isCancelled ? nil : DocumentAnalysis(source, options: run, pieces: pieces)
        return Completion { server in
          server.finished(analysis, of: uri, revision: revision, flag: flag)
        }
      })
  }

  /// Takes in an analysis: if it is of the current text and was not stopped, it becomes the
  /// document's, its diagnostics are published and the requests waiting for it answered.
  private func finished(
    _ analysis: DocumentAnalysis?, of uri: String, revision: Int, flag: RunCancellation
  ) {
    guard let analysis, !flag.isCancelled, var document = documents[uri],
      document.revision == revision
    else { return }
    document.analysis = analysis
    document.analysisRevision = revision
    document.running = nil
    documents[uri] = document
    publish(
      uri, analysis.diagnostics.map { lspDiagnostic($0, uri: uri, in: analysis) },
      version: document.version)
    let ready = waiting[uri] ?? []
    waiting[uri] = nil
    // Every waiting request is answered: this analysis is of the current text.
    for request in ready where inFlight[request.key]?.flag === request.flag {
      request.answer(analysis)
    }
  }

  private func failWaiting(_ uri: String, _ failure: Failure) {
    for request in waiting[uri] ?? [] {
      respond(request.key, request.flag, .failure(failure))
    }
    waiting[uri] = nil
  }

  /// Runs `job` on another thread (or here, at once, without `spawn`).
  func submit(_ job: Job) {
    if let spawn {
      spawn(job)
    } else {
      job.work().apply(self)
    }
  }

  private static func oversizeMessage(_ size: Int) -> String {
    let megabytes = String(format: "%.1f", Double(size) / 1_000_000)
    return
      "the document is \(megabytes) MB; the language server reads scripts up to \(maximumDocumentSize / 1_000_000) MB (use 'marbles test' on it)"
  }

  /// Reports a document the server cannot read: one error on its first line, and a message.
  private func rejectDocument(_ uri: String, _ reason: String) {
    if documents[uri] == nil || documents[uri]?.oversize == nil {
      documents[uri]?.running?.cancel()
      documents[uri] = Document(
        text: "", version: 0, revision: (documents[uri]?.revision ?? 0) + 1, oversize: -1)
    }
    failWaiting(uri, Failure(.requestFailed, reason))
    publish(
      uri,
      [
        .object([
          (
            "range",
            LSPPositions(SourceFile(name: "", text: "")).lsp(SourceRange(line: 1, column: 1))
          ),
          ("severity", .int(1)), ("source", .string("marbles")), ("message", .string(reason)),
        ])
      ], version: nil)
    notify("window/showMessage", .object([("type", .int(1)), ("message", .string(reason))]))
  }

  private func publish(_ uri: String, _ diagnostics: [JSONValue], version: Int?) {
    var params: [(String, JSONValue)] = [("uri", .string(uri))]
    if let version, client.diagnosticVersions { params.append(("version", .int(version))) }
    params.append(("diagnostics", .array(diagnostics)))
    notify("textDocument/publishDiagnostics", .object(params))
  }

  /// The file path of a `file:` URI (percent-decoded), else the URI itself.
  static func path(of uri: String) -> String {
    guard uri.hasPrefix("file://") else { return uri }
    let path = String(uri.dropFirst("file://".count))
    return path.removingPercentEncoding ?? path
  }

  /// `text` with the LSP `range` replaced by `newText` (incremental sync).
  static func apply(_ newText: String, range: LSP.Range, to text: String) -> String {
    let positions = LSPPositions(SourceFile(name: "", text: text))
    let start = positions.source(range.start)
    let end = positions.source(range.end)
    guard let start, let end else { return text }
    let lower = index(of: start, in: text)
    let upper = max(lower, index(of: end, in: text))
    return String(text[..<lower]) + newText + String(text[upper...])
  }

  /// The String index of a 1-based line and Character column.
  static func index(of position: SourcePosition, in text: String) -> String.Index {
    var line = 1
    var index = text.startIndex
    while line < position.line, index < text.endIndex {
      if text[index].isNewline { line += 1 }
      index = text.index(after: index)
    }
    var column = 1
    while column < position.column, index < text.endIndex, !text[index].isNewline {
      index = text.index(after: index)
      column += 1
    }
    return index
  }

  // MARK: - Diagnostics

  /// A diagnostic as LSP sends it: an empty range widened to the character under the caret,
  /// notes as related information (for clients that show it), "did you mean" suggestions in
  /// `data.fixes`.
  func lspDiagnostic(_ diagnostic: Diagnostic, uri: String, in analysis: DocumentAnalysis)
    -> JSONValue
  {
    Self.lspDiagnostic(
      diagnostic, uri: uri, in: analysis.source, relatedInformation: client.relatedInformation)
  }

  /// A diagnostic as LSP sends it, notes as related information when `relatedInformation`.
  static func lspDiagnostic(
    _ diagnostic: Diagnostic, uri: String, in source: SourceFile, relatedInformation: Bool
  ) -> JSONValue {
    let positions = LSPPositions(source)
    var range = diagnostic.range
    if range.start == range.end { range.end.column += 1 }
    var message = diagnostic.message.trimmingCharacters(in: .newlines)
    var members: [(String, JSONValue)] = [
      ("range", positions.lsp(range)),
      (
        "severity",
        .int(diagnostic.severity == .error ? 1 : diagnostic.severity == .warning ? 2 : 3)
      ),
      ("source", .string("marbles")),
    ]
    if !diagnostic.notes.isEmpty, relatedInformation {
      members.append(("message", .string(message)))
      members.append(
        (
          "relatedInformation",
          .array(
            diagnostic.notes.map { note in
              .object([
                (
                  "location",
                  .object([("uri", .string(uri)), ("range", positions.lsp(note.range))])
                ),
                ("message", .string(note.message)),
              ])
            })
        ))
    } else {
      // A client without related information reads the notes in the message.
      for note in diagnostic.notes { message += "\n\(note.range.start): note: \(note.message)" }
      members.append(("message", .string(message)))
    }
    let fixes = suggestions(in: diagnostic.message)
    if !fixes.isEmpty {
      members.append(("data", .object([("fixes", .array(fixes.map(JSONValue.string)))])))
    }
    return .object(members)
  }

  /// The quoted suggestions of a "did you mean 'a' or 'b'?" message.
  static func suggestions(in message: String) -> [String] {
    guard let found = message.range(of: "did you mean ") else { return [] }
    var rest = message[found.upperBound...]
    if let end = rest.firstIndex(of: "?") { rest = rest[..<end] }
    var result: [String] = []
    var parts = rest.split(separator: "'", omittingEmptySubsequences: false).makeIterator()
    _ = parts.next()
    while let quoted = parts.next() {
      result.append(String(quoted))
      _ = parts.next()
    }
    return result.filter { !$0.isEmpty }
  }

  // MARK: - Requests

  /// Starts answering a request: at once, or from a job or once its document's analysis is
  /// ready (see `answer(_:uri:needs:inBackground:_:)`).
  private func request(_ method: String, _ params: JSONValue, key: String, flag: RunCancellation)
    throws(Failure)
  {
    func now(_ result: JSONValue) { respond(key, flag, .success(result)) }
    if method == "initialize" {
      // Capabilities that cannot be read are none: the server answers as for a bare client.
      let parameters = try? JSONValueCoding.decode(LSP.InitializeParams.self, from: params)
      client = ClientOptions(capabilities: parameters?.capabilities)
      workspaceRoots = Self.roots(parameters)
      initialized = true
      return now(initializeResult)
    }
    guard initialized else {
      throw Failure(
        .serverNotInitialized, "the server is not initialized (send 'initialize' first)")
    }
    if shutDown && method != "shutdown" {
      throw Failure(.invalidRequest, "the server is shutting down")
    }
    let request = Request(key: key, flag: flag)
    switch method {
    case "shutdown":
      shutDown = true
      cancelEverything(except: key)
      // Every other request is answered now: the server does no more work.
      for uri in waiting.keys { failWaiting(uri, Failure(.invalidRequest, "the server shut down")) }
      for (other, request) in inFlight where other != key {
        respond(other, request.flag, .failure(Self.cancelled))
      }
      return now(.null)
    case "textDocument/hover":
      let options = hoverOptions
      try answer(request, LSP.PositionParams.self, params, needs: .last, inBackground: true) {
        (parameters, analysis) throws(Failure) in
        try Self.hover(parameters.position, analysis, options: options, cancellation: flag)
      }
    case "textDocument/completion":
      let snippets = client.snippets
      try answer(request, LSP.PositionParams.self, params, needs: .last) {
        (parameters, analysis) throws(Failure) in
        try Self.completion(parameters.position, analysis, snippets: snippets)
      }
    case "textDocument/definition":
      try answer(request, LSP.PositionParams.self, params, needs: .last, Self.definition)
    case "textDocument/references":
      try answer(request, LSP.ReferenceParams.self, params, needs: .last, Self.references)
    case "textDocument/prepareRename":
      try answer(request, LSP.PositionParams.self, params, needs: .syntax) {
        (parameters, analysis) throws(Failure) in
        try Self.prepareRename(parameters.position, analysis)
      }
    case "textDocument/rename":
      try answer(request, LSP.RenameParams.self, params, needs: .syntax, Self.rename)
    case "textDocument/documentSymbol":
      let parameters = try Self.params(LSP.DocumentParams.self, params)
      let hierarchical = client.hierarchicalSymbols
      try answer(request, uri: parameters.textDocument.uri, needs: .last) {
        (analysis) throws(Failure) -> JSONValue in
        try Self.documentSymbols(parameters.textDocument.uri, analysis, hierarchical: hierarchical)
      }
    case "textDocument/formatting":
      let limit = options.budgets
      try answer(request, LSP.DocumentParams.self, params, needs: .syntax, inBackground: true) {
        (_, analysis) throws(Failure) in try Self.formatting(analysis.source, budgets: limit)
      }
    case "textDocument/codeAction":
      let literals = client.codeActionLiterals
      let parameters = try Self.params(LSP.CodeActionParams.self, params)
      try answer(request, uri: parameters.textDocument.uri, needs: .last) {
        (analysis) throws(Failure) -> JSONValue in
        let actions = Self.codeActions(parameters, analysis)
        if literals { return try Self.encode(actions) }
        // A client without code action literals takes commands; the server applies the edit
        // with `workspace/applyEdit` (refused for a client that did not declare it).
        return try Self.encode(actions.map(Self.command(for:)))
      }
    case "textDocument/semanticTokens/full":
      let budgets = options.budgets
      try answer(request, LSP.DocumentParams.self, params, needs: .syntax) {
        (_, analysis) throws(Failure) in
        let tokens = Self.semanticTokens(analysis)
        // Each number takes a few bytes: a bound, not a count, of the answer's size.
        guard tokens.data.count * 4 <= budgets.maxOutput else {
          throw Failure(.requestFailed, "the tokens were not sent: " + budgets.outputRefusal())
        }
        return tokens
      }
    case "textDocument/inlayHint":
      try answer(request, LSP.RangeParams.self, params, needs: .syntax) {
        Self.inlayHints($0.range, $1)
      }
    case "textDocument/codeLens":
      try answer(request, LSP.DocumentParams.self, params, needs: .last) {
        Self.codeLenses($0.textDocument.uri, $1)
      }
    case "textDocument/signatureHelp":
      try answer(request, LSP.PositionParams.self, params, needs: .last) {
        (parameters, analysis) throws(Failure) in
        try Self.signatureHelp(parameters.position, analysis)
      }
    case "textDocument/documentHighlight":
      try answer(request, LSP.PositionParams.self, params, needs: .syntax) {
        (parameters, analysis) throws(Failure) in
        try Self.documentHighlights(parameters.position, analysis)
      }
    case "textDocument/foldingRange":
      let limit = client.foldingRangeLimit
      try answer(request, LSP.DocumentParams.self, params, needs: .syntax) {
        Self.foldingRanges($1, limit: limit)
      }
    case "textDocument/diagnostic":
      let related = client.relatedInformation
      try answer(request, LSP.DocumentParams.self, params, needs: .current) {
        (document, analysis) in
        LSP.DocumentDiagnosticReport(
          items: analysis.diagnostics.map {
            LSPAny(
              Self.lspDiagnostic(
                $0, uri: document.textDocument.uri, in: analysis.source, relatedInformation: related
              ))
          })
      }
    case "workspace/symbol":
      let parameters = try Self.params(LSP.WorkspaceSymbolParams.self, params)
      workspaceRequest(request) { (files, flag) throws(Failure) -> JSONValue in
        try Self.encode(Self.workspaceSymbols(parameters.query, in: files, cancellation: flag))
      }
    case "workspace/diagnostic":
      let run = options
      let related = client.relatedInformation
      workspaceRequest(request) { (files, flag) throws(Failure) -> JSONValue in
        try Self.encode(
          Self.workspaceDiagnostics(files, options: run, related: related, cancellation: flag))
      }
    case "marbles/render":
      try render(try Self.params(LSP.RenderParams.self, params), request)
    case "workspace/executeCommand":
      let parameters = try Self.params(LSP.ExecuteCommandParams.self, params)
      let arguments = (parameters.arguments ?? []).map(\.value)
      switch parameters.command {
      case "marbles.render": break
      case "marbles.step":
        return try step(arguments, request)
      case "marbles.applyFix":
        return try applyFix(arguments, request)
      default:
        throw Failure(
          .invalidParams,
          "unknown command '\(parameters.command)'; the server has "
            + Self.commands.map { "'\($0)'" }.joined(separator: ", "))
      }
      if let uri = arguments.first?.stringValue {
        let format = arguments.count > 1 ? arguments[1].stringValue : nil
        try render(LSP.RenderParams(textDocument: .init(uri: uri), format: format), request)
      } else if let object = arguments.first, object["textDocument"] != nil {
        try render(try Self.params(LSP.RenderParams.self, object), request)
      } else {
        throw Failure(
          .invalidParams, "'marbles.render' takes the document's URI (and a format)")
      }
    default:
      throw Failure(.methodNotFound, "unknown method '\(method)'")
    }
  }

  /// Answers a request about one document (see `answer(_:uri:needs:inBackground:_:)`): its
  /// parameters read as `type`, its result what `body` makes of them and the analysis.
  func answer<Parameters: LSP.DocumentRequest, Answer: Encodable>(
    _ request: Request, _ type: Parameters.Type, _ params: JSONValue, needs: Need,
    inBackground: Bool = false,
    _ body: @escaping (Parameters, DocumentAnalysis) throws(Failure) -> Answer
  ) throws(Failure) {
    let parameters = try Self.params(type, params)
    try answer(request, uri: parameters.textDocument.uri, needs: needs, inBackground: inBackground)
    {
      (analysis) throws(Failure) -> JSONValue in try Self.encode(body(parameters, analysis))
    }
  }

  /// A request in flight, for `answer`.
  struct Request {
    var key: String
    var flag: RunCancellation
  }

  /// Which analysis a request is answered from.
  enum Need {
    /// The last one that finished; before the first has, the text parsed (not run).
    case last
    /// The one of the current text (a preview draws what the editor shows).
    case current
    /// The current text parsed, not run: made at once when the last analysis is not of it.
    case syntax
  }

  /// Answers `request` with `body` run on the analysis it `needs`, on this thread or, when
  /// `inBackground` (work that runs a script, formats or draws), in a job; a request whose
  /// analysis is not ready waits for it.
  func answer(
    _ request: Request, uri: String, needs: Need, inBackground: Bool = false,
    _ body: @escaping (DocumentAnalysis) throws(Failure) -> JSONValue
  ) throws(Failure) {
    guard let document = documents[uri] else {
      throw Failure(.requestFailed, "the document '\(uri)' is not open (send didOpen first)")
    }
    if let size = document.oversize {
      throw Failure(
        .requestFailed,
        size < 0 ? "the document '\(uri)' could not be read" : Self.oversizeMessage(size))
    }
    let boxed = UncheckedBody(body)
    let run: (DocumentAnalysis) -> Void = { [self] analysis in
      reply(request, boxed, analysis, inBackground: inBackground)
    }
    let current = document.analysisRevision == document.revision
    switch needs {
    case .last where document.analysis != nil, .current where current,
      .syntax where current:
      if let analysis = document.analysis { run(analysis) }
    case .syntax, .last:
      // No analysis yet (the first run is busy, perhaps for long): the text parsed, not run.
      // Parsed on the job's thread: a long text never holds up the server.
      let source = SourceFile(name: Self.path(of: uri), text: document.text)
      let shared = UncheckedAnalysis(nil)
      submit(
        Job {
          shared.value = DocumentAnalysis(source, options: nil)
          let parsed = shared
          return Completion { server in
            guard let analysis = parsed.value else { return }
            server.reply(request, boxed, analysis, inBackground: inBackground)
          }
        })
    case .current:
      waiting[uri, default: []].append(
        Waiting(key: request.key, flag: request.flag, current: true, answer: run))
    }
  }

  /// Answers `request` with `body` run on `analysis`: on this thread, or in a job when
  /// `inBackground`.
  private func reply(
    _ request: Request, _ body: UncheckedBody, _ analysis: DocumentAnalysis, inBackground: Bool
  ) {
    guard inBackground else {
      return respond(
        request.key, request.flag, Result { () throws(Failure) in try body.body(analysis) })
    }
    let shared = UncheckedAnalysis(analysis)
    submit(
      Job {
        let result = Result { () throws(Failure) in try body.body(shared.analysis) }
        return Completion { $0.respond(request.key, request.flag, result) }
      })
  }

  /// The parameters of a request as `T`, or an InvalidParams failure naming what is wrong.
  static func params<T: Decodable>(_ type: T.Type, _ params: JSONValue) throws(Failure) -> T {
    do {
      return try JSONValueCoding.decode(type, from: params)
    } catch let error as DecodingError {
      throw Failure(.invalidParams, "bad parameters: \(describe(error))")
    } catch {
      throw Failure(.invalidParams, "bad parameters")
    }
  }

  /// A typed result as JSON.
  static func encode<T: Encodable>(_ value: T) throws(Failure) -> JSONValue {
    do {
      return try JSONValueCoding.encode(value)
    } catch {
      throw Failure(.internalError, "the result could not be written")
    }
  }

  private static func describe(_ error: DecodingError) -> String {
    func path(_ context: DecodingError.Context) -> String {
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      return path.isEmpty ? "" : "'\(path)': "
    }
    switch error {
    case .keyNotFound(let key, let context):
      let prefix = context.codingPath.map(\.stringValue) + [key.stringValue]
      return "missing '\(prefix.joined(separator: "."))'"
    case .typeMismatch(_, let context), .valueNotFound(_, let context),
      .dataCorrupted(let context):
      return path(context) + context.debugDescription
    @unknown default:
      return "unreadable"
    }
  }

  /// The commands `workspace/executeCommand` runs.
  static let commands = ["marbles.render", "marbles.step", "marbles.applyFix"]

  /// A JSON array of strings.
  private static func strings(_ strings: [String]) -> JSONValue {
    .array(strings.map(JSONValue.string))
  }

  /// The providers of the features a client has to declare, for the features it declared.
  private var optionalCapabilities: [(String, JSONValue)] {
    let providers: [(declared: Bool, name: String, value: JSONValue)] = [
      (
        client.semanticTokens, "semanticTokensProvider",
        .object([
          (
            "legend",
            .object([
              ("tokenTypes", Self.strings(SemanticTokenType.allCases.map(\.name))),
              ("tokenModifiers", Self.strings(SemanticTokenModifier.allCases.map(\.name))),
            ])
          ),
          ("full", .bool(true)),
        ])
      ),
      (client.inlayHints, "inlayHintProvider", .bool(true)),
      (
        client.signatureHelp, "signatureHelpProvider",
        .object([
          ("triggerCharacters", Self.strings(["(", ","])),
          ("retriggerCharacters", Self.strings([" "])),
        ])
      ),
      (client.documentHighlights, "documentHighlightProvider", .bool(true)),
      (client.foldingRanges, "foldingRangeProvider", .bool(true)),
      (client.workspaceSymbols, "workspaceSymbolProvider", .bool(true)),
      (
        client.pullDiagnostics, "diagnosticProvider",
        .object([
          ("identifier", .string("marbles")), ("interFileDependencies", .bool(false)),
          ("workspaceDiagnostics", .bool(true)),
        ])
      ),
    ]
    return providers.filter(\.declared).map { ($0.name, $0.value) }
  }

  var initializeResult: JSONValue {
    var rename: JSONValue = .bool(true)
    if client.prepareRename { rename = .object([("prepareProvider", .bool(true))]) }
    return .object([
      (
        "capabilities",
        .object(
          [
            ("positionEncoding", .string("utf-16")),
            // Always: the client's `codeLens` member only says how it registers the feature
            // (Neovim 0.7 shows lenses without declaring it).
            ("codeLensProvider", .object([("resolveProvider", .bool(false))])),
            (
              "textDocumentSync",
              .object([("openClose", .bool(true)), ("change", .int(2)), ("save", .bool(false))])
            ),
            ("hoverProvider", .bool(true)),
            ("completionProvider", .object([("triggerCharacters", Self.strings([".", ","]))])),
            ("definitionProvider", .bool(true)),
            ("referencesProvider", .bool(true)),
            ("renameProvider", rename),
            ("documentSymbolProvider", .bool(true)),
            ("documentFormattingProvider", .bool(true)),
            ("codeActionProvider", .object([("codeActionKinds", Self.strings(["quickfix"]))])),
            ("executeCommandProvider", .object([("commands", Self.strings(Self.commands))])),
          ] + optionalCapabilities)
      ),
      (
        "serverInfo",
        .object([("name", .string("marbles")), ("version", .string(MarblesVersion.string))])
      ),
    ])
  }
}

/// A request's body, carried to a job's thread.
private final class UncheckedBody: @unchecked Sendable {
  // Unchecked: the body reads only its analysis and captured values, and runs once.
  let body: (DocumentAnalysis) throws(LanguageServer.Failure) -> JSONValue
  init(_ body: @escaping (DocumentAnalysis) throws(LanguageServer.Failure) -> JSONValue) {
    self.body = body
  }
}

/// An analysis carried between the server's thread and a job's.
private final class UncheckedAnalysis: @unchecked Sendable {
  // Unchecked: `value` is written by the job before its completion is handed over, and read
  // after; a `DocumentAnalysis` is safe to read from several threads (see its invariant).
  var value: DocumentAnalysis?
  var analysis: DocumentAnalysis { value! }
  init(_ value: DocumentAnalysis?) { self.value = value }
}

/// What the client declared in `initialize` that changes the server's answers; absent means no.
struct ClientOptions: Sendable {
  var capabilities: LSP.ClientCapabilities? = nil
  private var document: LSP.ClientCapabilities.TextDocument? { capabilities?.textDocument }

  /// Completion items may be snippets (`${1:x}` placeholders).
  var snippets: Bool { document?.completion?.completionItem?.snippetSupport == true }
  /// Hovers in markdown (else plain text): the first format is the one the client prefers.
  var markdownHover: Bool { document?.hover?.contentFormat?.first == "markdown" }
  /// `publishDiagnostics` carries the document's version.
  var diagnosticVersions: Bool { document?.publishDiagnostics?.versionSupport == true }
  /// Diagnostics' notes as related information (else in the message).
  var relatedInformation: Bool { document?.publishDiagnostics?.relatedInformation == true }
  /// `documentSymbol` answers `DocumentSymbol[]` (else `SymbolInformation[]`).
  var hierarchicalSymbols: Bool {
    document?.documentSymbol?.hierarchicalDocumentSymbolSupport == true
  }
  /// The client sends `prepareRename`.
  var prepareRename: Bool { document?.rename?.prepareSupport == true }
  /// Code actions may be `CodeAction` literals (else `Command`s).
  var codeActionLiterals: Bool { document?.codeAction?.codeActionLiteralSupport != nil }
  /// The server may ask the client to apply an edit (`workspace/applyEdit`).
  var applyEdit: Bool { capabilities?.workspace?.applyEdit == true }
  /// The features the client declared (each advertised only then), by the member that declares it.
  var semanticTokens: Bool { document?.semanticTokens != nil }
  var inlayHints: Bool { document?.inlayHint != nil }
  var signatureHelp: Bool { document?.signatureHelp != nil }
  var documentHighlights: Bool { document?.documentHighlight != nil }
  var foldingRanges: Bool { document?.foldingRange != nil }
  /// The most folding ranges the client takes (nil: no limit given).
  var foldingRangeLimit: Int? { document?.foldingRange?.rangeLimit }
  var workspaceSymbols: Bool { capabilities?.workspace?.symbol != nil }
  /// Pulled diagnostics (`textDocument/diagnostic`, `workspace/diagnostic`).
  var pullDiagnostics: Bool { document?.diagnostic != nil }
}
