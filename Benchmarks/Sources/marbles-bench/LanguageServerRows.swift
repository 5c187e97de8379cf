import Foundation
import Marbles
import MarblesCLI

// MARK: 6. The language server: each request on a 500-line script, in process, and the latency
// of an edit on 500 and 5,000 lines.

/// Measures the language server's rows (appended to `rows`); returns each request's name and
/// median seconds, for the 50 ms target.
@MainActor
func languageServerRows() -> [(String, Double)] {

  /// A 500-line script: 125 sources, each mapped, filtered, shown and expected.
  let lspScript =
    (0..<125).map { i in
      """
      let s\(i) = cold("--a--b--c--|", a: \(i + 1), b: 2, c: 3)
      let m\(i) = s\(i).map { x in x * 2 }.filter { x in x > 1 }
      show m\(i)
      expect m\(i) == "--a--b--c--|", a: \(2 * (i + 1)), b: 4, c: 6
      """
    }.joined(separator: "\n") + "\n"
  let lspURI = "file:///bench/lsp.marble"
  func lspMessage(_ id: Int?, _ method: String, _ params: String) -> [UInt8] {
    Array(
      ("{\"jsonrpc\":\"2.0\"," + (id.map { "\"id\":\($0)," } ?? "") + "\"method\":\"\(method)\","
        + "\"params\":\(params)}").utf8)
  }
  func lspQuoted(_ text: String) -> String {
    var quoted = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": quoted += "\\\""
      case "\\": quoted += "\\\\"
      case "\n": quoted += "\\n"
      default: quoted.unicodeScalars.append(scalar)
      }
    }
    return quoted + "\""
  }
  let lspDocument = "{\"textDocument\":{\"uri\":\"\(lspURI)\"}"
  func lspAt(_ line: Int, _ character: Int) -> String {
    lspDocument + ",\"position\":{\"line\":\(line),\"character\":\(character)}}"
  }
  let lspSession = LanguageServerSession()
  _ = lspSession.handle(lspMessage(0, "initialize", "{}"))
  var lspVersion = 1
  let lspOpen = measure("lsp didOpen 500 lines (run + diagnostics)", events: 500) {
    lspVersion += 1
    _ = lspSession.handle(
      lspMessage(
        nil, "textDocument/didOpen",
        "{\"textDocument\":{\"uri\":\"\(lspURI)\",\"languageId\":\"marble\",\"version\":\(lspVersion),\"text\":\(lspQuoted(lspScript))}}"
      ))
  }
  let lspChange = measure("lsp didChange 500 lines (run + diagnostics)", events: 500) {
    lspVersion += 1
    _ = lspSession.handle(
      lspMessage(
        nil, "textDocument/didChange",
        "{\"textDocument\":{\"uri\":\"\(lspURI)\",\"version\":\(lspVersion)},\"contentChanges\":[{\"range\":{\"start\":{\"line\":0,\"character\":33},\"end\":{\"line\":0,\"character\":34}},\"text\":\"\(lspVersion % 9 + 1)\"}]}"
      ))
  }
  var lspRequests: [(String, Double)] = [("didOpen", lspOpen), ("didChange", lspChange)]
  let lspCases: [(String, String, String)] = [
    ("hover on an operator", "textDocument/hover", lspAt(201, 15)),
    ("hover on a name (its lane)", "textDocument/hover", lspAt(201, 5)),
    ("hover on a marble character", "textDocument/hover", lspAt(200, 23)),
    ("completion after '.'", "textDocument/completion", lspAt(201, 14)),
    ("definition", "textDocument/definition", lspAt(201, 11)),
    ("references", "textDocument/references", lspAt(201, 11)),
    ("documentSymbol", "textDocument/documentSymbol", lspDocument + "}"),
    ("formatting", "textDocument/formatting", lspDocument + ",\"options\":{}}"),
    ("marbles/render svg", "marbles/render", lspDocument + ",\"format\":\"svg\"}"),
  ]
  for (index, (name, method, params)) in lspCases.enumerated() {
    var reply = ""
    let seconds = measure("lsp \(name), 500 lines", events: 1) {
      reply = lspSession.handle(lspMessage(index + 10, method, params)).joined()
    }
    if !reply.contains("\"result\"") || reply.contains("\"result\":null") {
      rows[rows.count - 1].note = "FAILED: " + String(reply.prefix(120))
    } else {
      rows[rows.count - 1].note = "\(reply.utf8.count) bytes of JSON"
    }
    lspRequests.append((name, seconds))
  }

  // The latency of an edit on 500 and 5,000 lines, as `marbles lsp` answers it: the change's
  // diagnostics (its run on a thread of its own), and a hover and a completion sent right after
  // the change, answered from the last finished analysis while the new run goes on.
  func lspLatencyScript(_ statements: Int) -> String {
    (0..<statements).map { i in
      """
      let s\(i) = cold("--a--b--c--|", a: \(i + 1), b: 2, c: 3)
      let m\(i) = s\(i).map { x in x * 2 }.filter { x in x > 1 }
      show m\(i)
      expect m\(i) == "--a--b--c--|", a: \(2 * (i + 1)), b: 4, c: 6
      """
    }.joined(separator: "\n") + "\n"
  }
  for (lines, statements) in [(500, 125), (5_000, 1_250)] {
    let session = LanguageServerSession(inBackground: true)
    _ = session.handle(lspMessage(0, "initialize", "{}"))
    let uri = "file:///bench/latency\(lines).marble"
    _ = session.handle(
      lspMessage(
        nil, "textDocument/didOpen",
        "{\"textDocument\":{\"uri\":\"\(uri)\",\"languageId\":\"marble\",\"version\":1,\"text\":\(lspQuoted(lspLatencyScript(statements)))}}"
      ))
    while session.next().isEmpty {}
    var version = 1
    func change() {
      version += 1
      _ = session.handle(
        lspMessage(
          nil, "textDocument/didChange",
          "{\"textDocument\":{\"uri\":\"\(uri)\",\"version\":\(version)},\"contentChanges\":[{\"range\":{\"start\":{\"line\":0,\"character\":33},\"end\":{\"line\":0,\"character\":34}},\"text\":\"\(version % 9 + 1)\"}]}"
        ))
    }
    /// Handles the results of jobs until one carries `marker` (or no job runs).
    func handleResults(until marker: String) {
      while true {
        let messages = session.next()
        if messages.contains(where: { $0.contains(marker) }) { return }
        if messages.isEmpty { return }
      }
    }
    let position =
      "{\"textDocument\":{\"uri\":\"\(uri)\"},\"position\":{\"line\":1,\"character\":15}}"
    measure("lsp edit to diagnostics, \(lines) lines", events: lines) {
      change()
      handleResults(until: "publishDiagnostics")
    }
    var hoverSeconds: [Double] = []
    var completionSeconds: [Double] = []
    for round in 0..<repetitions {
      change()
      // Sent right after the edit: answered from the last analysis, the new run still going on.
      hoverSeconds.append(
        secondsElapsed {
          _ = session.handle(lspMessage(1_000 + round, "textDocument/hover", position))
          // The server writes `"id": 1000` (with a space): a marker without it never matched, so
          // this row used to wait for every job, the edit's run included.
          handleResults(until: "\"id\": \(1_000 + round),")
        })
      completionSeconds.append(
        secondsElapsed {
          _ = session.handle(lspMessage(2_000 + round, "textDocument/completion", position))
        })
      handleResults(until: "publishDiagnostics")
    }
    rows.append(
      Row(
        name: "lsp hover right after an edit, \(lines) lines", events: 1,
        seconds: median(hoverSeconds), note: "from the last finished analysis"))
    rows.append(
      Row(
        name: "lsp completion right after an edit, \(lines) lines", events: 1,
        seconds: median(completionSeconds), note: "from the last finished analysis"))
  }
  return lspRequests
}
