import Marbles
import Foundation

/// The language server's state and its answer to each message: documents by URI, their
/// analyses, and the protocol's lifecycle (initialize, shutdown, exit).
///
/// `handle(_:)` takes one frame and returns the messages to send (responses and
/// notifications), so that the transport (`LanguageServerHost`) and tests drive the same code.
/// Nothing here writes files; bad input of any kind is an error response, never a crash.
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
    /// The document's size in bytes when it is larger than `maximumDocumentSize`: it is not
    /// analysed, and requests on it fail.
    var oversize: Int?
    var analysis: DocumentAnalysis?
  }

  /// The largest document analysed, in bytes of UTF-8.
  static let maximumDocumentSize = 2_000_000

  /// What the server is working on, so that the transport knows what makes the work unwanted.
  package enum Work: Equatable, Sendable {
    /// A request, by `key(_:)` of its id: `$/cancelRequest` for that id stops it.
    case request(String)
    /// The diagnostics of a document after `didOpen` or `didChange`: another change to the
    /// document (or closing it) makes them stale.
    case diagnostics(uri: String)
  }

  /// The bounds of every run.
  let options: RunOptions
  /// Called before a request or a document's diagnostics are worked on, with the flag that
  /// stops their runs: the transport raises it when the work becomes unwanted, at once if it
  /// already is (a cancel or a change that arrived first). Cancelled work is answered with
  /// RequestCancelled, and stale diagnostics are not published.
  package var starting: (Work, RunCancellation) -> Void = { _, _ in }
  /// Called when the work announced by `starting` is done.
  package var finished: () -> Void = {}
  /// Given to every `RunCancellation` the server makes (see `RunCancellation.init(polled:)`).
  package var runPolled: (@Sendable (RunCancellation) -> Void)?
  /// Set by `exit`: the process's exit code.
  package private(set) var exitCode: Int32?

  private var initialized = false
  private var shutDown = false
  private(set) var documents: [String: Document] = [:]
  private var outgoing: [JSONValue] = []
  /// The flag of the work in hand, passed to every run made for it.
  private var cancellation: RunCancellation?
  /// The catalogue diagrams drawn for hovers, by row.
  var diagrams: [String: String] = [:]

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
    let flag = work(.request(Self.key(id)))
    defer { finish() }
    do throws(Failure) {
      if flag.isCancelled { throw Self.cancelled }
      let result = try request(method, params)
      // A run stopped by the flag gave a partial answer: it is not sent.
      if flag.isCancelled { throw Self.cancelled }
      outgoing.append(.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)]))
    } catch {
      outgoing.append(Self.error(id: id, error))
    }
  }

  static let cancelled = Failure(.requestCancelled, "the request was cancelled")

  /// Announces `work` to the transport and makes its flag the one runs get until `finish()`.
  private func work(_ work: Work) -> RunCancellation {
    let flag = RunCancellation(polled: runPolled)
    cancellation = flag
    starting(work, flag)
    return flag
  }

  private func finish() {
    cancellation = nil
    finished()
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

  private func notify(_ method: String, _ params: JSONValue) {
    outgoing.append(
      .object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]))
  }

  private func notification(_ method: String, _ params: JSONValue) {
    switch method {
    case "exit":
      exitCode = shutDown ? 0 : 1
    case "initialized", "$/cancelRequest", "$/setTrace", "textDocument/didSave",
      "workspace/didChangeConfiguration", "workspace/didChangeWatchedFiles":
      break
    case "textDocument/didOpen":
      guard initialized, let item = params["textDocument"], let uri = item["uri"]?.stringValue,
        let text = item["text"]?.stringValue
      else { return }
      open(uri, text: text, version: item["version"]?.intValue ?? 0)
    case "textDocument/didChange":
      guard initialized, let uri = params["textDocument"]?["uri"]?.stringValue,
        documents[uri] != nil, let changes = params["contentChanges"]?.arrayValue
      else { return }
      var text = documents[uri]?.text ?? ""
      for change in changes {
        guard let newText = change["text"]?.stringValue else { continue }
        if let range = change["range"] {
          text = Self.apply(newText, range: range, to: text)
        } else {
          text = newText
        }
      }
      open(uri, text: text, version: params["textDocument"]?["version"]?.intValue ?? 0)
    case "textDocument/didClose":
      guard let uri = params["textDocument"]?["uri"]?.stringValue else { return }
      documents[uri] = nil
      publish(uri, [], version: nil)
    default:
      // Unknown notifications are ignored, as LSP says.
      break
    }
  }

  // MARK: - Documents

  private func open(_ uri: String, text: String, version: Int) {
    let size = text.utf8.count
    documents[uri] = Document(
      text: text, version: version, oversize: size > Self.maximumDocumentSize ? size : nil)
    if size > Self.maximumDocumentSize {
      rejectDocument(uri, Self.oversizeMessage(size))
      return
    }
    let flag = work(.diagnostics(uri: uri))
    defer { finish() }
    // A newer change waits (or came while the script ran): these diagnostics are stale.
    guard !flag.isCancelled, let analysis = try? analysis(uri), !flag.isCancelled else { return }
    publish(
      uri, analysis.diagnostics.map { lspDiagnostic($0, uri: uri, in: analysis) }, version: version)
  }

  private static func oversizeMessage(_ size: Int) -> String {
    let megabytes = String(format: "%.1f", Double(size) / 1_000_000)
    return
      "the document is \(megabytes) MB; the language server reads scripts up to \(maximumDocumentSize / 1_000_000) MB (use 'marbles test' on it)"
  }

  /// Reports a document the server cannot read: one error on its first line, and a message.
  private func rejectDocument(_ uri: String, _ reason: String) {
    if documents[uri] == nil || documents[uri]?.oversize == nil {
      documents[uri] = Document(text: "", version: 0, oversize: -1)
    }
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
    if let version { params.append(("version", .int(version))) }
    params.append(("diagnostics", .array(diagnostics)))
    notify("textDocument/publishDiagnostics", .object(params))
  }

  /// The analysis of the open document `uri`, made once per version.
  func analysis(_ uri: String) throws(Failure) -> DocumentAnalysis {
    guard var document = documents[uri] else {
      throw Failure(.requestFailed, "the document '\(uri)' is not open (send didOpen first)")
    }
    if let size = document.oversize {
      throw Failure(
        .requestFailed,
        size < 0 ? "the document '\(uri)' could not be read" : Self.oversizeMessage(size))
    }
    if let analysis = document.analysis {
      analysis.cancellation = cancellation
      return analysis
    }
    var runOptions = options
    runOptions.cancellation = cancellation
    let analysis = DocumentAnalysis(
      SourceFile(name: Self.path(of: uri), text: document.text), options: runOptions)
    // A run stopped early is no analysis of this version: the next request makes it again.
    if cancellation?.isCancelled == true { throw Self.cancelled }
    analysis.cancellation = cancellation
    document.analysis = analysis
    documents[uri] = document
    return analysis
  }

  /// The file path of a `file:` URI (percent-decoded), else the URI itself.
  static func path(of uri: String) -> String {
    guard uri.hasPrefix("file://") else { return uri }
    let path = String(uri.dropFirst("file://".count))
    return path.removingPercentEncoding ?? path
  }

  /// `text` with the LSP `range` replaced by `newText` (incremental sync).
  static func apply(_ newText: String, range: JSONValue, to text: String) -> String {
    let positions = LSPPositions(SourceFile(name: "", text: text))
    guard let start = positions.source(range["start"]), let end = positions.source(range["end"])
    else { return text }
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
  /// notes as related information, "did you mean" suggestions in `data.fixes`.
  func lspDiagnostic(_ diagnostic: Diagnostic, uri: String, in analysis: DocumentAnalysis)
    -> JSONValue
  {
    let positions = LSPPositions(analysis.source)
    var range = diagnostic.range
    if range.start == range.end { range.end.column += 1 }
    var members: [(String, JSONValue)] = [
      ("range", positions.lsp(range)),
      (
        "severity",
        .int(diagnostic.severity == .error ? 1 : diagnostic.severity == .warning ? 2 : 3)
      ),
      ("source", .string("marbles")),
      ("message", .string(diagnostic.message.trimmingCharacters(in: .newlines))),
    ]
    if !diagnostic.notes.isEmpty {
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
    }
    let fixes = Self.suggestions(in: diagnostic.message)
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

  private func request(_ method: String, _ params: JSONValue) throws(Failure) -> JSONValue {
    if method == "initialize" {
      initialized = true
      return Self.initializeResult
    }
    guard initialized else {
      throw Failure(
        .serverNotInitialized, "the server is not initialized (send 'initialize' first)")
    }
    if shutDown && method != "shutdown" {
      throw Failure(.invalidRequest, "the server is shutting down")
    }
    switch method {
    case "shutdown":
      shutDown = true
      return .null
    case "textDocument/hover": return try hover(params)
    case "textDocument/completion": return try completion(params)
    case "textDocument/definition": return try definition(params)
    case "textDocument/references": return try references(params)
    case "textDocument/rename": return try rename(params)
    case "textDocument/documentSymbol": return try documentSymbols(params)
    case "textDocument/formatting": return try formatting(params)
    case "textDocument/codeAction": return try codeActions(params)
    case "marbles/render": return try render(params)
    case "workspace/executeCommand":
      guard params["command"]?.stringValue == "marbles.render" else {
        throw Failure(
          .invalidParams,
          "unknown command '\(params["command"]?.stringValue ?? "")'; the server has 'marbles.render'"
        )
      }
      let arguments = params["arguments"]?.arrayValue ?? []
      var members: [(String, JSONValue)] = []
      if let uri = arguments.first?.stringValue {
        members.append(("textDocument", .object([("uri", .string(uri))])))
      } else if let object = arguments.first, object["textDocument"] != nil {
        return try render(object)
      }
      if arguments.count > 1 { members.append(("format", arguments[1])) }
      return try render(.object(members))
    default:
      throw Failure(.methodNotFound, "unknown method '\(method)'")
    }
  }

  static let initializeResult: JSONValue = .object([
    (
      "capabilities",
      .object([
        ("positionEncoding", .string("utf-16")),
        (
          "textDocumentSync",
          .object([("openClose", .bool(true)), ("change", .int(2)), ("save", .bool(false))])
        ),
        ("hoverProvider", .bool(true)),
        (
          "completionProvider",
          .object([("triggerCharacters", .array([.string("."), .string(",")]))])
        ),
        ("definitionProvider", .bool(true)),
        ("referencesProvider", .bool(true)),
        ("renameProvider", .bool(true)),
        ("documentSymbolProvider", .bool(true)),
        ("documentFormattingProvider", .bool(true)),
        (
          "codeActionProvider",
          .object([("codeActionKinds", .array([.string("quickfix")]))])
        ),
        (
          "executeCommandProvider",
          .object([("commands", .array([.string("marbles.render")]))])
        ),
      ])
    ),
    (
      "serverInfo",
      .object([("name", .string("marbles")), ("version", .string(MarblesVersion.string))])
    ),
  ])

  /// The document and position of a `TextDocumentPositionParams`.
  func target(_ params: JSONValue) throws(Failure) -> (
    uri: String, analysis: DocumentAnalysis, position: SourcePosition
  ) {
    guard let uri = params["textDocument"]?["uri"]?.stringValue else {
      throw Failure(.invalidParams, "missing 'textDocument.uri'")
    }
    let analysis = try analysis(uri)
    guard let position = LSPPositions(analysis.source).source(params["position"]) else {
      throw Failure(.invalidParams, "missing or malformed 'position'")
    }
    return (uri, analysis, position)
  }

  func document(_ params: JSONValue) throws(Failure) -> (uri: String, analysis: DocumentAnalysis) {
    guard let uri = params["textDocument"]?["uri"]?.stringValue else {
      throw Failure(.invalidParams, "missing 'textDocument.uri'")
    }
    return (uri, try analysis(uri))
  }
}
