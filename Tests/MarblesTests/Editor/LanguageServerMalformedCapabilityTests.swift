import Testing

@testable import Marbles
@testable import MarblesCLI

/// Clients that send odd capabilities: a member of the wrong type (or null) is not declared, for
/// that member only; every other member the client declared still counts, and `initialize` is
/// answered as usual whatever `capabilities` holds.
@Suite struct LanguageServerMalformedCapabilityTests {
  typealias T = LanguageServerTests

  /// What the server reads of the capabilities: the member's path in `T.everything`, the JSON
  /// kinds it may have, and whether the client declared it, read back from `ClientOptions`.
  struct Member {
    var path: [String]
    var kinds: Set<String>
    var declared: @Sendable (ClientOptions) -> Bool
  }

  static let members: [Member] = [
    .init(
      path: ["textDocument", "completion", "completionItem", "snippetSupport"], kinds: ["bool"],
      declared: { $0.snippets }),
    .init(
      path: ["textDocument", "hover", "contentFormat"], kinds: ["array"],
      declared: { $0.markdownHover }),
    .init(
      path: ["textDocument", "publishDiagnostics", "versionSupport"], kinds: ["bool"],
      declared: { $0.diagnosticVersions }),
    .init(
      path: ["textDocument", "publishDiagnostics", "relatedInformation"], kinds: ["bool"],
      declared: { $0.relatedInformation }),
    .init(
      path: ["textDocument", "documentSymbol", "hierarchicalDocumentSymbolSupport"],
      kinds: ["bool"], declared: { $0.hierarchicalSymbols }),
    .init(
      path: ["textDocument", "rename", "prepareSupport"], kinds: ["bool"],
      declared: { $0.prepareRename }),
    .init(
      path: ["textDocument", "codeAction", "codeActionLiteralSupport"], kinds: ["object"],
      declared: { $0.codeActionLiterals }),
    .init(
      path: ["textDocument", "semanticTokens"], kinds: ["object"], declared: { $0.semanticTokens }),
    .init(path: ["textDocument", "inlayHint"], kinds: ["object"], declared: { $0.inlayHints }),
    .init(
      path: ["textDocument", "signatureHelp"], kinds: ["object"], declared: { $0.signatureHelp }),
    .init(
      path: ["textDocument", "documentHighlight"], kinds: ["object"],
      declared: { $0.documentHighlights }),
    .init(
      path: ["textDocument", "foldingRange"], kinds: ["object"], declared: { $0.foldingRanges }),
    .init(
      path: ["textDocument", "foldingRange", "rangeLimit"], kinds: ["int"],
      declared: { $0.foldingRangeLimit == 100 }),
    .init(
      path: ["textDocument", "diagnostic"], kinds: ["object"], declared: { $0.pullDiagnostics }),
    .init(path: ["workspace", "applyEdit"], kinds: ["bool"], declared: { $0.applyEdit }),
    .init(path: ["workspace", "symbol"], kinds: ["object"], declared: { $0.workspaceSymbols }),
  ]

  /// Values of every JSON kind, each with its kind; a member gets those it may not have.
  static let wrongValues: [(kind: String, value: JSONValue)] = [
    ("null", .null), ("bool", .bool(true)), ("int", .int(3)), ("double", .double(2.5)),
    ("string", .string("yes")), ("array", .array([.string("markdown"), .int(3)])),
    ("object", .object([("snippetSupport", .string("yes")), ("rangeLimit", .string("many"))])),
  ]

  /// Every object on the way to a member (`textDocument`, `completion`, …) and every member.
  static var sites: [(path: [String], kinds: Set<String>)] {
    var seen: Set<[String]> = []
    var sites: [(path: [String], kinds: Set<String>)] = []
    for member in members {
      for length in 1...member.path.count where seen.insert(Array(member.path[..<length])).inserted
      {
        let path = Array(member.path[..<length])
        sites.append((path, length == member.path.count ? member.kinds : ["object"]))
      }
    }
    return sites
  }

  static var everything: JSONValue {
    guard case .success(let value) = JSONParser.parse(Array(T.everything.utf8)) else {
      Issue.record("LanguageServerTests.everything is not JSON")
      return .object([])
    }
    return value
  }

  /// `json` with the member at `path` replaced by `value` (added if missing).
  static func replacing(_ path: ArraySlice<String>, in json: JSONValue, with value: JSONValue)
    -> JSONValue
  {
    guard let key = path.first else { return value }
    guard case .object(var members) = json else { return json }
    if let index = members.firstIndex(where: { $0.0 == key }) {
      members[index].1 = replacing(path.dropFirst(), in: members[index].1, with: value)
    } else {
      members.append((key, replacing(path.dropFirst(), in: .object([]), with: value)))
    }
    return .object(members)
  }

  /// A server initialized with `capabilities`, and its answer to `initialize`.
  static func initialized(_ capabilities: JSONValue, root: String? = nil) -> (
    LanguageServer, JSONValue?
  ) {
    let server = LanguageServer(options: RunOptions(maxFrames: 10_000))
    var params: [(String, JSONValue)] = [("capabilities", capabilities)]
    if let root { params.append(("rootUri", .string(root))) }
    let answer = T.send(server, T.request(0, "initialize", .object(params))).first
    return (server, answer)
  }

  static let optionalProviders = [
    "semanticTokensProvider", "inlayHintProvider", "signatureHelpProvider",
    "documentHighlightProvider", "foldingRangeProvider", "workspaceSymbolProvider",
    "diagnosticProvider",
  ]

  @Test func everyMemberIsDeclaredInEverything() {
    let (server, answer) = Self.initialized(Self.everything)
    for member in Self.members {
      #expect(member.declared(server.client), "\(member.path)")
    }
    for provider in Self.optionalProviders {
      #expect(answer?["result"]?["capabilities"]?[provider] != nil, "\(provider)")
    }
  }

  /// For each object and member on the way to what the server reads, and each value of a kind
  /// it may not have: the members under it read as not declared, and every other one as
  /// declared (so each optional feature survives every other member being malformed).
  @Test func aMalformedMemberIsNotDeclaredAndEveryOtherMemberStillCounts() throws {
    for site in Self.sites {
      for (kind, value) in Self.wrongValues where !site.kinds.contains(kind) {
        let capabilities = Self.replacing(site.path[...], in: Self.everything, with: value)
        let (server, answer) = Self.initialized(capabilities)
        let context = "\(site.path.joined(separator: ".")) = \(value.compact)"
        #expect(answer?["error"] == nil, "\(context)")
        #expect(answer?["result"]?["capabilities"]?["renameProvider"] != nil, "\(context)")
        for member in Self.members {
          let lost = member.path.starts(with: site.path)
          #expect(member.declared(server.client) == !lost, "\(member.path) when \(context)")
        }
      }
    }
  }

  /// The features a client declares are advertised in `initialize` though another member (of a
  /// few, as an editor that declares little sends them) is malformed.
  @Test func aFewCapabilitiesBesideMalformedOnesAdvertiseTheirFeatures() throws {
    let (server, answer) = Self.initialized(
      .object([
        (
          "textDocument",
          .object([
            ("hover", .bool(true)), ("semanticTokens", .object([])),
            ("completion", .object([("completionItem", .string("snippets"))])),
            ("foldingRange", .object([("rangeLimit", .string("many"))])),
            ("inlayHint", .array([])), ("diagnostic", .null),
          ])
        ),
        ("workspace", .int(3)), ("general", .string("all")),
      ]))
    let capabilities = try #require(answer?["result"]?["capabilities"])
    #expect(capabilities["semanticTokensProvider"] != nil)
    #expect(capabilities["foldingRangeProvider"] != nil)
    for provider in Self.optionalProviders
    where !["semanticTokensProvider", "foldingRangeProvider"].contains(provider) {
      #expect(capabilities[provider] == nil, "\(provider)")
    }
    #expect(server.client.semanticTokens && server.client.foldingRanges)
    #expect(server.client.foldingRangeLimit == nil)
    #expect(!server.client.markdownHover && !server.client.snippets && !server.client.applyEdit)
  }

  /// `capabilities` that is not an object at all: the server initializes as for a client that
  /// declares nothing, and still reads the rest of the parameters (the workspace's root).
  @Test func capabilitiesThatAreNotAnObjectInitializeWithDefaults() throws {
    let values: [JSONValue] = [
      .string("everything"), .int(1), .bool(true), .null, .array([.object([])]),
    ]
    for value in values {
      let (server, answer) = Self.initialized(value, root: "file:///work/project")
      let capabilities = try #require(answer?["result"]?["capabilities"], "\(value.compact)")
      #expect(capabilities["renameProvider"] == .bool(true), "\(value.compact)")
      for provider in Self.optionalProviders {
        #expect(capabilities[provider] == nil, "\(provider) for \(value.compact)")
      }
      for member in Self.members {
        #expect(!member.declared(server.client), "\(member.path) for \(value.compact)")
      }
      #expect(server.workspaceRoots == ["/work/project"], "\(value.compact)")
      // The server goes on answering.
      let shutdown = T.send(server, T.request(1, "shutdown", .null)).first
      #expect(shutdown?["result"] == .null, "\(value.compact)")
    }
  }

  /// Hostile capabilities: nested as deep as the parser takes, huge arrays and objects, and a
  /// wrong type at every level; `initialize` is answered and the well-formed members count.
  @Test func hostileCapabilitiesAreAnsweredAndWellFormedMembersStillCount() throws {
    var deep = JSONValue.string("x")
    // 5 levels above it, and `JSONParser.maximumDepth` (200) in all.
    for _ in 0..<97 { deep = .object([("semanticTokens", .array([deep]))]) }
    let huge = JSONValue.array(Array(repeating: .int(1), count: 100_000))
    let (server, answer) = Self.initialized(
      .object([
        (
          "textDocument",
          .object([
            ("completion", deep), ("hover", .object([("contentFormat", huge)])),
            ("semanticTokens", .object([("requests", deep), ("tokenTypes", huge)])),
            ("rename", .object([("prepareSupport", deep)])),
          ])
        ),
        ("workspace", .object([("applyEdit", huge), ("symbol", .object([("deep", deep)]))])),
        ("experimental", deep),
      ]))
    let capabilities = try #require(answer?["result"]?["capabilities"])
    #expect(capabilities["semanticTokensProvider"] != nil)
    #expect(capabilities["workspaceSymbolProvider"] != nil)
    #expect(server.client.semanticTokens && server.client.workspaceSymbols)
    #expect(!server.client.markdownHover && !server.client.snippets)
    #expect(!server.client.prepareRename && !server.client.applyEdit)
  }

  struct Widths: Codable, Equatable {
    var a: Int8, b: Int16, c: Int32, d: Int64, e: UInt, f: UInt8, g: UInt16, h: UInt32, i: UInt64
    var j: Int, k: Bool?, l: Double?, m: Float
  }

  /// Every integer width reads and writes through `JSONValueCoding` as a JSON integer (UInt64
  /// past `Int.max` clamped), and one that does not fit its type is an error, not a wrap.
  @Test func everyIntegerWidthRoundTripsAndOutOfRangeIsAnError() throws {
    let widths = Widths(
      a: -8, b: 16, c: -32, d: 64, e: 1, f: 255, g: 16, h: 32, i: 64, j: -1, k: true, l: 2.5, m: 0.5
    )
    let json = try JSONValueCoding.encode(widths)
    let numbers: [(String, JSONValue)] = [
      ("a", .int(-8)), ("b", .int(16)), ("c", .int(-32)), ("d", .int(64)), ("e", .int(1)),
      ("f", .int(255)), ("g", .int(16)), ("h", .int(32)), ("i", .int(64)), ("j", .int(-1)),
      ("k", .bool(true)), ("l", .double(2.5)), ("m", .double(0.5)),
    ]
    #expect(json == .object(numbers))
    #expect(try JSONValueCoding.decode(Widths.self, from: json) == widths)
    #expect(try JSONValueCoding.encode(UInt64.max) == .int(Int.max))
    #expect(throws: DecodingError.self) { try JSONValueCoding.decode(UInt8.self, from: .int(256)) }
    #expect(throws: DecodingError.self) { try JSONValueCoding.decode(UInt.self, from: .int(-1)) }
    #expect(throws: DecodingError.self) { try JSONValueCoding.decode(Int8.self, from: .int(128)) }
    // Outside a `LenientDecodable`, a member of the wrong type still fails the whole message.
    #expect(throws: DecodingError.self) {
      try JSONValueCoding.decode(
        LSP.ReferenceParams.self,
        from: .object([
          ("textDocument", .object([("uri", .string("file:///a"))])),
          ("position", .object([("line", .int(0)), ("character", .int(0))])),
          ("context", .object([("includeDeclaration", .string("yes"))])),
        ]))
    }
  }
}
