import Foundation
import Marbles

/// Requests on the open folder: workspace symbols and workspace diagnostics read every `.marble`
/// file under the folders the client opened (open documents as the editor has them), within
/// bounds on the files read, on a job's thread.
extension LanguageServer {
  /// One script of the folder.
  struct WorkspaceFile: Sendable {
    var uri: String
    var source: SourceFile
    /// The version of an open document; nil for a file read from disk.
    var version: Int?
  }

  /// The most files a workspace request reads.
  static let maximumWorkspaceFiles = 2_000
  /// The most bytes of files a workspace request reads, in all.
  static let maximumWorkspaceBytes = 50_000_000
  /// The most symbols `workspace/symbol` answers.
  static let maximumWorkspaceSymbols = 2_000

  /// The folders of `initialize` as paths: its workspace folders, else its root.
  static func roots(_ parameters: LSP.InitializeParams?) -> [String] {
    guard let parameters else { return [] }
    var uris = (parameters.workspaceFolders ?? []).map(\.uri)
    if uris.isEmpty, let root = parameters.rootUri { uris = [root] }
    var paths = uris.filter { $0.hasPrefix("file://") }.map { path(of: $0) }
    if paths.isEmpty, let root = parameters.rootPath { paths = [root] }
    return paths.filter { $0.hasPrefix("/") }
  }

  /// Answers `request` with `body` run on a job's thread over the folder's scripts.
  func workspaceRequest(
    _ request: Request,
    _ body: @escaping @Sendable ([WorkspaceFile], RunCancellation) throws(Failure) -> JSONValue
  ) {
    let open = documents.sorted(by: { $0.key < $1.key }).filter { $0.value.oversize == nil }.map {
      WorkspaceFile(
        uri: $0.key, source: SourceFile(name: Self.path(of: $0.key), text: $0.value.text),
        version: $0.value.version)
    }
    let roots = workspaceRoots
    let flag = request.flag
    submit(
      Job {
        let files = Self.workspaceFiles(roots, open: open, cancellation: flag)
        let result = Result { () throws(Failure) in try body(files, flag) }
        return Completion { $0.respond(request.key, request.flag, result) }
      })
  }

  /// The open documents, then the `.marble` files under `roots` that are not open, by path:
  /// regular files only (no links, pipes or devices), hidden folders and `.build` skipped.
  static func workspaceFiles(
    _ roots: [String], open: [WorkspaceFile], cancellation: RunCancellation
  ) -> [WorkspaceFile] {
    var files = open
    var seen = Set(open.map(\.uri))
    var bytes = open.reduce(0) { $0 + $1.source.text.utf8.count }
    let manager = FileManager.default
    for root in roots {
      guard
        let walk = manager.enumerator(
          at: URL(fileURLWithPath: root),
          includingPropertiesForKeys: [.isRegularFileKey, .isDirectoryKey, .fileSizeKey],
          options: [.skipsHiddenFiles, .skipsPackageDescendants])
      else { continue }
      var visited = 0
      while let url = walk.nextObject() as? URL {
        visited += 1
        // Bounded however large the folder: the walk itself stops too.
        guard visited < 200_000, files.count < maximumWorkspaceFiles, !cancellation.isCancelled
        else { break }
        let values = try? url.resourceValues(forKeys: [
          .isRegularFileKey, .isDirectoryKey, .fileSizeKey,
        ])
        if values?.isDirectory == true {
          if url.lastPathComponent == ".build" || url.lastPathComponent == "node_modules" {
            walk.skipDescendants()
          }
          continue
        }
        guard url.pathExtension == "marble", values?.isRegularFile == true else { continue }
        let size = values?.fileSize ?? 0
        guard size <= maximumDocumentSize, bytes + size <= maximumWorkspaceBytes else { continue }
        let uri = url.absoluteString
        guard seen.insert(uri).inserted,
          let data = try? StreamIO.readFile(url.path, limit: maximumDocumentSize),
          let text = String(data: data, encoding: .utf8)
        else { continue }
        bytes += data.count
        files.append(
          WorkspaceFile(uri: uri, source: SourceFile(name: url.path, text: text), version: nil))
      }
    }
    return files
  }

  /// The `let` names, titles and `expect`s of every script whose name matches `query` (its
  /// characters in order, ignoring case); at most `maximumWorkspaceSymbols`.
  static func workspaceSymbols(
    _ query: String, in files: [WorkspaceFile], cancellation: RunCancellation
  ) -> [LSP.SymbolInformation] {
    let wanted = Array(query.lowercased())
    func matches(_ name: String) -> Bool {
      var index = 0
      for character in name.lowercased() where index < wanted.count && character == wanted[index] {
        index += 1
      }
      return index == wanted.count
    }
    var symbols: [LSP.SymbolInformation] = []
    for file in files {
      guard !cancellation.isCancelled else { break }
      let analysis = DocumentAnalysis(file.source, options: nil)
      let positions = LSPPositions(file.source)
      func add(_ name: String, kind: Int, _ range: SourceRange) {
        guard symbols.count < maximumWorkspaceSymbols, matches(name) else { return }
        symbols.append(
          LSP.SymbolInformation(
            name: name, kind: kind,
            location: LSP.Location(uri: file.uri, range: positions.range(range))))
      }
      for statement in analysis.script.statements {
        switch statement.kind {
        case .title(let literal): add(literal.value, kind: 15, literal.range)
        case .binding(let name, _): add(name.name, kind: 13, name.range)
        case .expect(let expectation):
          add("expect " + expectation.subject.laneName, kind: 24, statement.range)
        default: break
        }
      }
    }
    return symbols
  }

  /// Every script's diagnostics as `marbles test` reports them (each run within `options`), one
  /// report a file; stops when `cancellation` is raised.
  static func workspaceDiagnostics(
    _ files: [WorkspaceFile], options: RunOptions, related: Bool, cancellation: RunCancellation
  ) throws(Failure) -> LSP.WorkspaceDiagnosticReport {
    var run = options
    run.cancellation = cancellation
    var reports: [LSP.WorkspaceDocumentDiagnosticReport] = []
    var size = 0
    for file in files {
      guard !cancellation.isCancelled else { throw cancelled }
      let analysis = DocumentAnalysis(file.source, options: run)
      let items = analysis.diagnostics.map {
        LSPAny(lspDiagnostic($0, uri: file.uri, in: file.source, relatedInformation: related))
      }
      size += items.reduce(file.uri.utf8.count) { $0 + $1.value.compact.utf8.count }
      guard size <= options.budgets.maxOutput else {
        throw Failure(
          .requestFailed, "the diagnostics were not sent: " + options.budgets.outputRefusal())
      }
      reports.append(
        LSP.WorkspaceDocumentDiagnosticReport(uri: file.uri, version: file.version, items: items))
    }
    return LSP.WorkspaceDiagnosticReport(items: reports)
  }
}
