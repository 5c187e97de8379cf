import Foundation
import Testing

/// `marbles lsp` driven as an editor drives it: the built binary, JSON-RPC over its standard
/// input and output, one message at a time.
final class LanguageServerClient {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private var buffer = Data()
  private var nextID = 1

  init() throws {
    process.executableURL = Binary.executable
    process.arguments = ["lsp"]
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  func send(_ message: [String: Any]) throws {
    var message = message
    message["jsonrpc"] = "2.0"
    let body = try JSONSerialization.data(withJSONObject: message)
    input.fileHandleForWriting.write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
  }

  func notify(_ method: String, _ params: [String: Any]) throws {
    try send(["method": method, "params": params])
  }

  /// Sends a request and reads messages until its response (notifications before it are
  /// returned too, in order).
  func request(_ method: String, _ params: [String: Any] = [:]) throws -> (
    response: [String: Any], notifications: [[String: Any]]
  ) {
    let id = nextID
    nextID += 1
    try send(["id": id, "method": method, "params": params])
    var notifications: [[String: Any]] = []
    while true {
      let message = try receive()
      if message["id"] as? Int == id { return (message, notifications) }
      notifications.append(message)
    }
  }

  /// The next message the server sends.
  func receive() throws -> [String: Any] {
    while true {
      if let end = buffer.range(of: Data("\r\n\r\n".utf8)) {
        let header = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self)
        let length =
          Int(header.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0
        if buffer.count - (end.upperBound - buffer.startIndex) >= length {
          let body = buffer[end.upperBound..<end.upperBound + length]
          buffer = Data(buffer[(end.upperBound + length)...])
          return try JSONSerialization.jsonObject(with: body) as? [String: Any] ?? [:]
        }
      }
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { throw CocoaError(.fileReadUnknown) }
      buffer += chunk
    }
  }

  func finish() throws -> Int32 {
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    return process.terminationStatus
  }
}

@Suite struct LanguageServerSessionTests {
  static let uri = "file:///tmp/session.marble"
  static let broken = """
    let input = cold("--a--b--|", a: 1, b: 2)
    let output = input.mapp { x in x * 10 }
    show input, output
    expect output == "--x--y--|", x: 10, y: 20

    """

  static func at(_ line: Int, _ character: Int) -> [String: Any] {
    ["textDocument": ["uri": uri], "position": ["line": line, "character": character]]
  }

  @Test func anEditorSession() throws {
    let client = try LanguageServerClient()
    let capabilities: [String: Any] = [
      "textDocument": [
        "completion": ["completionItem": ["snippetSupport": true]],
        "hover": ["contentFormat": ["markdown", "plaintext"]],
      ]
    ]
    let initialized = try client.request(
      "initialize", ["capabilities": capabilities, "processId": NSNull()])
    let provided =
      (initialized.response["result"] as? [String: Any])?["capabilities"] as? [String: Any]
    #expect(provided?["hoverProvider"] as? Bool == true)
    #expect(provided?["documentFormattingProvider"] as? Bool == true)
    try client.notify("initialized", [:])

    // didOpen: the unknown operator is an error with its exact range and a suggestion.
    try client.notify(
      "textDocument/didOpen",
      [
        "textDocument": [
          "uri": Self.uri, "languageId": "marble", "version": 1, "text": Self.broken,
        ]
      ])
    let published = try client.receive()
    #expect(published["method"] as? String == "textDocument/publishDiagnostics")
    let diagnostics =
      (published["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []
    #expect(diagnostics.count == 1)
    let first = diagnostics.first ?? [:]
    #expect(first["message"] as? String == "unknown operator 'mapp'; did you mean 'map'?")
    #expect(first["severity"] as? Int == 1)
    let range = first["range"] as? [String: [String: Int]]
    #expect(range?["start"] == ["line": 1, "character": 19])
    #expect(range?["end"] == ["line": 1, "character": 23])

    // Hover on an operator: its signature, meaning and catalogue diagram.
    let hover = try client.request("textDocument/hover", Self.at(0, 13)).response
    let hoverText =
      ((hover["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
      ?? ""
    #expect(hoverText.hasPrefix("```marble\ncold(marble, [error: error], name: value…)\n```"))
    #expect(hoverText.contains("--a--b--|") || hoverText.contains("cold "))

    // Completion after a dot offers operators with parameter snippets.
    let completion = try client.request("textDocument/completion", Self.at(1, 19)).response
    let items = (completion["result"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
    let take = items.first { $0["label"] as? String == "take" }
    #expect(take?["insertText"] as? String == "take(${1:count})")
    let filter = items.first { $0["label"] as? String == "filter" }
    #expect(filter?["insertText"] as? String == "filter { ${1:x} in ${2} }")

    // Definition of `input` on line 2 is its `let`.
    let definition = try client.request("textDocument/definition", Self.at(2, 6)).response
    let target = (definition["result"] as? [String: Any])?["range"] as? [String: [String: Int]]
    #expect(target?["start"] == ["line": 0, "character": 4])

    // didChange fixes the typo: the diagnostics clear, and the lane can be hovered.
    try client.notify(
      "textDocument/didChange",
      [
        "textDocument": ["uri": Self.uri, "version": 2],
        "contentChanges": [
          [
            "range": [
              "start": ["line": 1, "character": 19], "end": ["line": 1, "character": 23],
            ],
            "text": "map",
          ]
        ],
      ])
    let republished = try client.receive()
    let cleared = (republished["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]
    #expect(cleared?.isEmpty == true)
    let lane = try client.request("textDocument/hover", Self.at(3, 8)).response
    let laneText =
      ((lane["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String ?? ""
    #expect(laneText.contains("output  --x--y--|"))

    // Formatting: one edit with the canonical layout.
    let formatted = try client.request(
      "textDocument/formatting",
      ["textDocument": ["uri": Self.uri], "options": ["tabSize": 2, "insertSpaces": true]]
    ).response
    let edits = formatted["result"] as? [[String: Any]] ?? []
    #expect(edits.count == 1)
    #expect((edits.first?["newText"] as? String)?.hasPrefix("let input  = cold(") == true)

    // The render request draws the buffer.
    let render = try client.request(
      "workspace/executeCommand", ["command": "marbles.render", "arguments": [Self.uri, "svg"]]
    ).response
    let content = (render["result"] as? [String: Any])?["content"] as? String ?? ""
    #expect(content.hasPrefix("<svg"))

    // Unknown methods are an error, and the server goes on.
    let unknown = try client.request("textDocument/unknownThing").response
    #expect((unknown["error"] as? [String: Any])?["code"] as? Int == -32601)

    let shutdown = try client.request("shutdown").response
    #expect(shutdown["error"] == nil)
    try client.notify("exit", [:])
    #expect(try client.finish() == 0)
  }

  @Test func exitWithoutShutdownIsExitCodeOne() throws {
    let client = try LanguageServerClient()
    _ = try client.request("initialize", [:])
    try client.notify("exit", [:])
    #expect(try client.finish() == 1)
  }

  /// A document whose run computes for a long time inside a closure (no event, so no look at
  /// any flag or budget) holds up neither another document's hover nor `shutdown` and `exit`.
  @Test(.timeLimit(.minutes(1))) func aHeavyBufferFreezesNothing() throws {
    let client = try LanguageServerClient()
    _ = try client.request("initialize", [:])
    let heavy = """
      let src = cold("-a|", a: 40)
      let out = src.map { n in
        let fib = { f, k in k < 2 ? k : f(f, k - 1) + f(f, k - 2) }
        return fib(fib, n)
      }
      show out

      """
    try client.notify(
      "textDocument/didOpen",
      ["textDocument": ["uri": "file:///tmp/heavy.marble", "version": 1, "text": heavy]])
    try client.notify(
      "textDocument/didOpen",
      ["textDocument": ["uri": Self.uri, "version": 1, "text": "let b = cold(\"-b|\")\n"]])
    let hover = try client.request(
      "textDocument/hover",
      ["textDocument": ["uri": Self.uri], "position": ["line": 0, "character": 4]])
    #expect((hover.response["result"] as? [String: Any])?["contents"] != nil)
    // The heavy text is edited away: its new text is diagnosed while the old run goes on.
    try client.notify(
      "textDocument/didChange",
      [
        "textDocument": ["uri": "file:///tmp/heavy.marble", "version": 2],
        "contentChanges": [["text": "show cold(\"-a|\")\n"]],
      ])
    let symbols = try client.request(
      "textDocument/documentSymbol", ["textDocument": ["uri": "file:///tmp/heavy.marble"]])
    #expect(symbols.response["error"] == nil)
    #expect(try client.request("shutdown").response["error"] == nil)
    try client.notify("exit", [:])
    #expect(try client.finish() == 0)
  }
}
