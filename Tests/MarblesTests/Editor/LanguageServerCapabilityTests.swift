import Foundation
import Testing

@testable import Marbles
@testable import MarblesCLI

/// Every request the server has, under a client that declares nothing and under one that
/// declares every capability the server reads: each is answered, and answered in the form the
/// client said it takes.
@Suite struct LanguageServerCapabilityTests {
  typealias T = LanguageServerTests
  static let script = """
    let input = cold("-a-b|", a: 1, b: 2)
    let output = input.map { x in x * 10 }
    show input, output

    """

  /// The answers to every request on `script`, by name, and the diagnostics published for
  /// another document, whose error has a note.
  static func answers(capabilities: String) -> (
    initialize: JSONValue?, published: JSONValue?, answers: [String: JSONValue]
  ) {
    let server = LanguageServer(options: RunOptions(maxFrames: 10_000))
    let initialize = T.send(
      server,
      #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":"#
        + capabilities + "}}"
    ).first
    let noted = JSONValue.object([
      (
        "textDocument",
        .object([
          ("uri", .string("file:///work/noted.marble")), ("version", .int(1)),
          ("text", .string("let input = cold(\"-a|\")\nlet input = cold(\"-b|\")\n")),
        ])
      )
    ])
    let published = T.send(
      server,
      JSONValue.object([
        ("jsonrpc", .string("2.0")), ("method", .string("textDocument/didOpen")),
        ("params", noted),
      ]).compact
    ).first
    _ = T.open(server, script)
    let document = JSONValue.object([("textDocument", .object([("uri", .string(T.uri))]))])
    func with(_ params: JSONValue, _ members: [(String, JSONValue)]) -> JSONValue {
      guard case .object(let existing) = params else { return params }
      return .object(existing + members)
    }
    let requests: [(String, String, JSONValue)] = [
      ("hover", "textDocument/hover", T.at(0, 13)),
      ("completion", "textDocument/completion", T.at(1, 20)),
      ("definition", "textDocument/definition", T.at(1, 14)),
      (
        "references", "textDocument/references",
        with(T.at(1, 14), [("context", .object([("includeDeclaration", .bool(true))]))])
      ),
      ("prepareRename", "textDocument/prepareRename", T.at(1, 14)),
      ("rename", "textDocument/rename", with(T.at(1, 14), [("newName", .string("feed"))])),
      ("documentSymbol", "textDocument/documentSymbol", document),
      ("formatting", "textDocument/formatting", with(document, [("options", .object([]))])),
      (
        "codeAction", "textDocument/codeAction",
        with(
          document,
          [
            (
              "context",
              .object([
                (
                  "diagnostics",
                  .array([
                    .object([
                      (
                        "range",
                        .object([
                          ("start", .object([("line", .int(1)), ("character", .int(19))])),
                          ("end", .object([("line", .int(1)), ("character", .int(22))])),
                        ])
                      ),
                      ("message", .string("unknown operator 'mapp'; did you mean 'map'?")),
                      ("data", .object([("fixes", .array([.string("map")]))])),
                    ])
                  ])
                )
              ])
            )
          ])
      ),
      ("render", "marbles/render", with(document, [("format", .string("svg"))])),
      ("semanticTokens", "textDocument/semanticTokens/full", document),
      (
        "inlayHint", "textDocument/inlayHint",
        with(
          document,
          [
            (
              "range",
              .object([
                ("start", .object([("line", .int(0)), ("character", .int(0))])),
                ("end", .object([("line", .int(9)), ("character", .int(0))])),
              ])
            )
          ])
      ),
      ("codeLens", "textDocument/codeLens", document),
      ("signatureHelp", "textDocument/signatureHelp", T.at(1, 33)),
      ("documentHighlight", "textDocument/documentHighlight", T.at(1, 14)),
      ("foldingRange", "textDocument/foldingRange", document),
      ("diagnostic", "textDocument/diagnostic", document),
      ("workspaceSymbol", "workspace/symbol", .object([("query", .string("out"))])),
      ("workspaceDiagnostic", "workspace/diagnostic", .object([("previousResultIds", .array([]))])),
      (
        "executeCommand", "workspace/executeCommand",
        .object([
          ("command", .string("marbles.render")),
          ("arguments", .array([.string(T.uri), .string("html")])),
        ])
      ),
    ]
    var answers: [String: JSONValue] = [:]
    for (index, (name, method, params)) in requests.enumerated() {
      answers[name] = T.send(server, T.request(100 + index, method, params)).first
    }
    return (initialize, published, answers)
  }

  /// A closed file's `version` and a failed render's `content` are written as null (the keys
  /// stay, as LSP and the render request want them); a missing `diagnostics` is left out.
  @Test func nilMembersThatTheProtocolWantsAreWrittenAsNull() throws {
    let closed = LSP.WorkspaceDocumentDiagnosticReport(uri: "file:///a.marble", items: [])
    #expect(
      try JSONValueCoding.encode(closed)
        == .object([
          ("kind", .string("full")), ("uri", .string("file:///a.marble")), ("version", .null),
          ("items", .array([])),
        ]))
    #expect(
      try JSONValueCoding.encode(LSP.RenderResult(format: "svg"))
        == .object([("format", .string("svg")), ("content", .null)]))
    let drawn = LSP.RenderResult(format: "svg", content: "<svg/>", diagnostics: "d")
    #expect(
      try JSONValueCoding.encode(drawn)
        == .object([
          ("format", .string("svg")), ("content", .string("<svg/>")), ("diagnostics", .string("d")),
        ]))
  }

  @Test func aClientThatDeclaresNothingGetsEveryAnswerInItsPlainestForm() throws {
    let (initialize, published, answers) = Self.answers(capabilities: "{}")
    for (name, answer) in answers {
      #expect(answer["error"] == nil, "\(name): \(answer.compact)")
    }
    #expect(initialize?["result"]?["capabilities"]?["renameProvider"] == .bool(true))
    // No version; the note is in the message, not related information.
    let diagnostic = try #require(published?["params"]?["diagnostics"]?.arrayValue?.first)
    #expect(published?["params"]?["version"] == nil)
    #expect(diagnostic["relatedInformation"] == nil)
    #expect(
      diagnostic["message"]?.stringValue?.contains("note: 'input' previously declared") == true)
    let hover = try #require(answers["hover"]?["result"]?["contents"])
    #expect(hover["kind"] == .string("plaintext"))
    #expect(hover["value"]?.stringValue?.contains("```") == false)
    let items = try #require(answers["completion"]?["result"]?["items"]?.arrayValue)
    #expect(!items.isEmpty)
    #expect(items.allSatisfy { $0["insertTextFormat"] != .int(2) })
    #expect(items.allSatisfy { $0["insertText"]?.stringValue?.contains("${") != true })
    let symbols = try #require(answers["documentSymbol"]?["result"]?.arrayValue)
    #expect(symbols.allSatisfy { $0["location"] != nil && $0["selectionRange"] == nil })
    #expect(answers["prepareRename"]?["result"]?["placeholder"] == .string("input"))
    // Without code action literals, the quick fix is a command (the server applies its edit).
    let command = try #require(answers["codeAction"]?["result"]?.arrayValue?.first)
    #expect(answers["codeAction"]?["result"]?.arrayValue?.count == 1)
    #expect(command["command"] == .string("marbles.applyFix") && command["edit"] == nil)
    #expect(answers["render"]?["result"]?["content"]?.stringValue?.hasPrefix("<svg") == true)
    // The features a client declares are not advertised, though their requests are answered;
    // code lenses are, whatever the client declares.
    let capabilities = try #require(initialize?["result"]?["capabilities"])
    #expect(capabilities["codeLensProvider"] != nil)
    for provider in [
      "semanticTokensProvider", "inlayHintProvider", "signatureHelpProvider",
      "documentHighlightProvider", "foldingRangeProvider", "workspaceSymbolProvider",
      "diagnosticProvider",
    ] {
      #expect(capabilities[provider] == nil, "\(provider)")
    }
    #expect(
      answers["executeCommand"]?["result"]?["content"]?.stringValue?.hasPrefix("<!DOCTYPE html>")
        == true)
  }

  @Test func aClientThatDeclaresEverythingGetsEveryAnswerInItsRichestForm() throws {
    let (initialize, published, answers) = Self.answers(capabilities: T.everything)
    for (name, answer) in answers {
      #expect(answer["error"] == nil, "\(name): \(answer.compact)")
    }
    #expect(
      initialize?["result"]?["capabilities"]?["renameProvider"]
        == .object([("prepareProvider", .bool(true))]))
    let diagnostic = try #require(published?["params"]?["diagnostics"]?.arrayValue?.first)
    #expect(published?["params"]?["version"] == .int(1))
    #expect(diagnostic["relatedInformation"]?.arrayValue?.count == 1)
    let hover = try #require(answers["hover"]?["result"]?["contents"])
    #expect(hover["kind"] == .string("markdown"))
    #expect(hover["value"]?.stringValue?.hasPrefix("```marble") == true)
    let items = try #require(answers["completion"]?["result"]?["items"]?.arrayValue)
    let map = items.first { $0["label"] == .string("map") }
    #expect(map?["insertTextFormat"] == .int(2))
    let symbols = try #require(answers["documentSymbol"]?["result"]?.arrayValue)
    #expect(symbols.allSatisfy { $0["selectionRange"] != nil && $0["location"] == nil })
    let edits = try #require(answers["rename"]?["result"]?["changes"]?[T.uri]?.arrayValue)
    #expect(edits.count == 3)
    let action = try #require(answers["codeAction"]?["result"]?.arrayValue?.first)
    #expect(action["edit"] != nil && action["kind"] == .string("quickfix"))
    let capabilities = try #require(initialize?["result"]?["capabilities"])
    for provider in [
      "semanticTokensProvider", "inlayHintProvider", "signatureHelpProvider",
      "documentHighlightProvider", "foldingRangeProvider", "workspaceSymbolProvider",
      "diagnosticProvider",
    ] {
      #expect(capabilities[provider] != nil, "\(provider)")
    }
    let tokens = try #require(answers["semanticTokens"]?["result"]?["data"]?.arrayValue)
    #expect(!tokens.isEmpty && tokens.count % 5 == 0)
    // `input.map {`: the lens of `show`, the signature of `map`, the uses of `input`.
    let lenses = try #require(answers["codeLens"]?["result"]?.arrayValue)
    #expect(lenses.compactMap { $0["command"]?["title"]?.stringValue } == ["▶ render", "▶ step"])
    #expect(
      answers["signatureHelp"]?["result"]?["signatures"]?.arrayValue?.first?["label"]?
        .stringValue?.hasPrefix(".map") == true)
    #expect(answers["documentHighlight"]?["result"]?.arrayValue?.count == 3)
    #expect(answers["foldingRange"]?["result"]?.arrayValue?.isEmpty == true)
    #expect(answers["diagnostic"]?["result"]?["kind"] == .string("full"))
    #expect(answers["workspaceSymbol"]?["result"]?.arrayValue != nil)
    #expect(answers["workspaceDiagnostic"]?["result"]?["items"]?.arrayValue != nil)
  }
}
