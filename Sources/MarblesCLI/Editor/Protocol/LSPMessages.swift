import Marbles

/// The messages of the protocol the server reads and writes, as typed values: each method's
/// parameters and result (LSP 3.17 names, only the members the server uses). The language
/// features see these, never the JSON.
enum LSP {
  // MARK: Basic structures

  /// A position: 0-based line, and column in UTF-16 code units.
  struct Position: Codable, Equatable, Sendable {
    var line: Int
    var character: Int
  }

  struct Range: Codable, Equatable, Sendable {
    var start: Position
    var end: Position
  }

  struct TextDocumentIdentifier: Codable, Sendable {
    var uri: String
  }

  struct Location: Codable, Sendable {
    var uri: String
    var range: Range
  }

  struct TextEdit: Codable, Sendable {
    var range: Range
    var newText: String
  }

  struct WorkspaceEdit: Encodable, Sendable {
    /// The edits of each document, by URI.
    var changes: [String: [TextEdit]]

    func encode(to encoder: any Encoder) throws {
      // One document at most: a fixed order without sorting.
      var container = encoder.container(keyedBy: AnyCodingKey.self)
      var nested = container.nestedContainer(
        keyedBy: AnyCodingKey.self, forKey: AnyCodingKey("changes"))
      for uri in changes.keys.sorted() {
        try nested.encode(changes[uri], forKey: AnyCodingKey(uri))
      }
    }
  }

  /// `string` or `{kind, value}`: hover contents and documentation.
  struct MarkupContent: Codable, Sendable {
    /// `plaintext` or `markdown`.
    var kind: String
    var value: String
  }

  // MARK: Lifecycle

  struct InitializeParams: LenientDecodable, Sendable {
    struct WorkspaceFolder: Decodable, Sendable {
      var uri: String
    }
    var capabilities: ClientCapabilities?
    var rootUri: String?
    var rootPath: String?
    var workspaceFolders: [WorkspaceFolder]?
  }

  /// What the client says it can do; every member is optional, and absent means "no".
  struct ClientCapabilities: Codable, LenientDecodable, Sendable {
    struct TextDocument: Codable, Sendable {
      struct Completion: Codable, Sendable {
        struct Item: Codable, Sendable {
          var snippetSupport: Bool?
        }
        var completionItem: Item?
      }
      struct Hover: Codable, Sendable {
        var contentFormat: [String]?
      }
      struct PublishDiagnostics: Codable, Sendable {
        var relatedInformation: Bool?
        var versionSupport: Bool?
      }
      struct DocumentSymbol: Codable, Sendable {
        var hierarchicalDocumentSymbolSupport: Bool?
      }
      struct Rename: Codable, Sendable {
        var prepareSupport: Bool?
      }
      struct CodeAction: Codable, Sendable {
        var codeActionLiteralSupport: Feature?
      }
      /// A client declares each of these features by sending its member: an object, even empty.
      struct Feature: Codable, Sendable {
        init(from decoder: any Decoder) throws {
          _ = try decoder.container(keyedBy: AnyCodingKey.self)
        }
      }
      struct FoldingRange: Codable, Sendable {
        var rangeLimit: Int?
      }
      var completion: Completion?
      var hover: Hover?
      var semanticTokens: Feature?
      var inlayHint: Feature?
      var signatureHelp: Feature?
      var documentHighlight: Feature?
      var foldingRange: FoldingRange?
      var diagnostic: Feature?
      var publishDiagnostics: PublishDiagnostics?
      var documentSymbol: DocumentSymbol?
      var rename: Rename?
      var codeAction: CodeAction?
    }
    struct Workspace: Codable, Sendable {
      var applyEdit: Bool?
      var symbol: TextDocument.Feature?
    }
    var textDocument: TextDocument?
    var workspace: Workspace?
  }

  // MARK: Documents

  struct TextDocumentItem: Decodable, Sendable {
    var uri: String
    var version: Int?
    var text: String
  }

  struct DidOpenParams: Decodable, Sendable {
    var textDocument: TextDocumentItem
  }

  struct VersionedTextDocumentIdentifier: Decodable, Sendable {
    var uri: String
    var version: Int?
  }

  struct ContentChange: Decodable, Sendable {
    var range: Range?
    var text: String
  }

  struct DidChangeParams: Decodable, Sendable {
    var textDocument: VersionedTextDocumentIdentifier
    var contentChanges: [ContentChange]
  }

  struct DidCloseParams: Decodable, Sendable {
    var textDocument: TextDocumentIdentifier
  }

  struct CancelParams: Decodable, Sendable {
    var id: LSPAny
  }

  // MARK: Requests on a document

  /// The parameters of a request about a document (`answer` finds its analysis).
  protocol DocumentRequest: Decodable, Sendable {
    var textDocument: TextDocumentIdentifier { get }
  }

  /// The parameters of a request about one document (symbols, formatting, render).
  struct DocumentParams: DocumentRequest {
    var textDocument: TextDocumentIdentifier
  }

  /// The parameters of a request about a place in a document (hover, completion, definition).
  struct PositionParams: DocumentRequest {
    var textDocument: TextDocumentIdentifier
    var position: Position
  }

  struct ReferenceParams: DocumentRequest {
    struct Context: Decodable, Sendable {
      var includeDeclaration: Bool?
    }
    var textDocument: TextDocumentIdentifier
    var position: Position
    var context: Context?
  }

  struct RenameParams: DocumentRequest {
    var textDocument: TextDocumentIdentifier
    var position: Position
    var newName: String
  }

  struct PrepareRenameResult: Encodable, Sendable {
    var range: Range
    var placeholder: String
  }

  struct CodeActionParams: DocumentRequest {
    struct Context: Decodable, Sendable {
      var diagnostics: [LSPAny]?
    }
    var textDocument: TextDocumentIdentifier
    var context: Context?
  }

  /// The parameters of a request about part of a document (inlay hints).
  struct RangeParams: DocumentRequest {
    var textDocument: TextDocumentIdentifier
    var range: Range
  }

  struct WorkspaceSymbolParams: Decodable, Sendable {
    var query: String
  }

  struct RenderParams: Decodable, Sendable {
    var textDocument: TextDocumentIdentifier
    var format: String?
    var theme: String?
  }

  struct ExecuteCommandParams: Decodable, Sendable {
    var command: String
    var arguments: [LSPAny]?
  }

  // MARK: Results

  struct Hover: Encodable, Sendable {
    var contents: MarkupContent
    var range: Range
  }

  struct CompletionItem: Encodable, Sendable {
    var label: String
    var kind: Int
    var detail: String
    var documentation: String?
    var insertText: String?
    /// 1 plain text, 2 snippet.
    var insertTextFormat: Int?
    var sortText: String?
  }

  struct CompletionList: Encodable, Sendable {
    var isIncomplete: Bool
    var items: [CompletionItem]
  }

  struct DocumentSymbol: Encodable, Sendable {
    var name: String
    var detail: String
    var kind: Int
    var range: Range
    var selectionRange: Range
  }

  struct SymbolInformation: Encodable, Sendable {
    var name: String
    var kind: Int
    var location: Location
  }

  struct CodeAction: Encodable, Sendable {
    var title: String
    var kind: String
    var diagnostics: [LSPAny]
    var isPreferred: Bool
    var edit: WorkspaceEdit
  }

  /// A command the client shows (a code lens, a quick fix for a client without code action
  /// literals) and runs with `workspace/executeCommand`.
  struct Command: Encodable, Sendable {
    var title: String
    var command: String
    var arguments: [LSPAny]?
  }

  struct SemanticTokens: Encodable, Sendable {
    /// Five integers a token: line delta, start delta, length, type, modifiers.
    var data: [Int]
  }

  struct InlayHint: Encodable, Sendable {
    var position: Position
    var label: String
    /// 1 type, 2 parameter.
    var kind: Int?
  }

  struct CodeLens: Encodable, Sendable {
    var range: Range
    var command: Command
  }

  struct ParameterInformation: Encodable, Sendable {
    /// A substring of the signature's label.
    var label: String
  }

  struct SignatureInformation: Encodable, Sendable {
    var label: String
    var documentation: String?
    var parameters: [ParameterInformation]
  }

  struct SignatureHelp: Encodable, Sendable {
    var signatures: [SignatureInformation]
    var activeSignature: Int
    var activeParameter: Int?
  }

  struct DocumentHighlight: Encodable, Sendable {
    var range: Range
    /// 1 text, 2 read, 3 write.
    var kind: Int
  }

  struct FoldingRange: Encodable, Sendable {
    var startLine: Int
    var endLine: Int
    /// `comment`, `imports` or `region`; nil for code.
    var kind: String?
  }

  /// A document's diagnostics pulled by `textDocument/diagnostic` (`kind` is `full`).
  struct DocumentDiagnosticReport: Encodable, Sendable {
    var kind = "full"
    /// Diagnostics as `publishDiagnostics` sends them.
    var items: [LSPAny]
  }

  /// One file's diagnostics in `workspace/diagnostic` (`version` null for a closed file).
  struct WorkspaceDocumentDiagnosticReport: Encodable, Sendable {
    var kind = "full"
    var uri: String
    @NullWhenNil var version: Int?
    var items: [LSPAny]
  }

  struct WorkspaceDiagnosticReport: Encodable, Sendable {
    var items: [WorkspaceDocumentDiagnosticReport]
  }

  struct RenderResult: Encodable, Sendable {
    var format: String
    /// The SVG or HTML text; nil (written as null) when the script could not run.
    @NullWhenNil var content: String?
    var diagnostics: String?
  }

  /// An optional member written as `null` when it is nil, where the protocol wants the key
  /// (synthesized `Encodable` code leaves a nil member out).
  @propertyWrapper
  struct NullWhenNil<Value: Encodable & Sendable>: Encodable, Sendable {
    var wrappedValue: Value?

    // Declared, so that the messages' memberwise initializers take a `Value?`, not the wrapper.
    init(wrappedValue value: Value?) { wrappedValue = value }

    func encode(to encoder: any Encoder) throws {
      try wrappedValue.encode(to: encoder)
    }
  }
}
