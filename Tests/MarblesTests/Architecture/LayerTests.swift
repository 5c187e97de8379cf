import Foundation
import Testing

/// The folders of `Sources/Marbles` are its layers, and a file may refer only to types declared
/// in its own folder or an earlier one (ARCHITECTURE.md). The compiler sees one module and
/// cannot tell, so this test reads the sources: it finds every top-level type declaration and
/// every capitalised identifier outside comments and string literals, and fails on a reference
/// to a type that lives in a later folder.
@Suite struct LayerTests {
  /// The pipeline, front to back; files at the root of the target (the `ScriptEngine` facade)
  /// come last.
  static let layers = ["Script", "Engine", "Rendering", "."]

  /// The layers of `MarblesCore`, which `Marbles` builds on (the compiler keeps that order).
  static let coreLayers = ["Syntax", "MarbleString", "Recording", "Checking", "Rendering"]

  static let sources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources")
  static let sourceRoot = sources.appendingPathComponent("Marbles")
  static let coreRoot = sources.appendingPathComponent("MarblesCore")

  @Test func noFolderRefersToALaterLayer() throws {
    let files = try Self.sources()
    #expect(files.count > 50, "found only \(files.count) files under \(Self.sourceRoot.path)")
    let violations = LayerCheck(layers: Self.layers).violations(in: files)
    #expect(
      violations.isEmpty,
      "files refer to types of a later layer:\n\(violations.joined(separator: "\n"))")
    let core = try Self.sources(in: Self.coreRoot)
    #expect(core.count > 30, "found only \(core.count) files under \(Self.coreRoot.path)")
    let coreViolations = LayerCheck(layers: Self.coreLayers).violations(in: core)
    #expect(
      coreViolations.isEmpty,
      "files refer to types of a later layer:\n\(coreViolations.joined(separator: "\n"))")
  }

  @Test func everyFolderIsALayer() throws {
    let folders = Set(try Self.sources().map(\.folder))
    #expect(folders.subtracting(Self.layers).isEmpty, "folders missing from the layer order")
    #expect(Set(Self.layers).subtracting(folders).isEmpty, "layers without a folder")
    let coreFolders = Set(try Self.sources(in: Self.coreRoot).map(\.folder))
    #expect(coreFolders == Set(Self.coreLayers), "MarblesCore's folders and layers differ")
  }

  /// The engine's folders group its files by job. Compiling, running, values and the catalogue
  /// call each other both ways (a node runs, a value compiles its closure), so they are one layer,
  /// and every file of the engine is in one of them.
  static let engineFolders: Set = ["Catalogue", "Compiling", "Running", "Values"]

  @Test func everyEngineFileIsInOneOfItsFolders() throws {
    let paths = try Self.sources().filter { $0.folder == "Engine" }.map(\.path)
    #expect(paths.count > 30, "found only \(paths.count) engine files")
    let loose = paths.filter { $0.split(separator: "/").count < 3 }
    #expect(loose.isEmpty, "engine files outside its folders: \(loose)")
    let folders = Set(
      paths.compactMap { $0.split(separator: "/").dropFirst().first }.map(String.init))
    #expect(folders == Self.engineFolders)
  }

  /// The targets a test author's build compiles (`MarblesTesting` and what it depends on,
  /// read from Package.swift): ReactiveObjC's signal library, never RxJS's operators
  /// (`ReactiveRxJS`, which only `Marbles` adds) nor the interpreter. `MarblesCore` needs only
  /// `ReactiveEvents` of the signal library, so it builds beside `Reactive`, not after it. No
  /// build-tool plugin: SwiftPM compiles, links and runs one in every dependent's build (for each
  /// target of the graph, built or not).
  @Test func theTestAuthorsBuildLeavesRxJSOut() throws {
    let manifest = try String(
      contentsOf: Self.sources.deletingLastPathComponent().appendingPathComponent("Package.swift"),
      encoding: .utf8)
    func dependencies(of target: String) -> [String] {
      let head = ".target(name: \"\(target)\""
      guard let start = manifest.range(of: head)?.upperBound else { return ["<not found>"] }
      let rest = manifest[start...]
      let end = rest.range(of: ")")?.lowerBound ?? rest.endIndex
      guard let list = rest[..<end].range(of: "dependencies: [") else { return [] }
      let names = rest[list.upperBound..<end].prefix { $0 != "]" }
      return names.split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespacesAndNewlines.union(["\""]))
      }.filter { !$0.isEmpty }
    }
    var built: Set<String> = []
    var pending = ["MarblesTesting"]
    while let target = pending.popLast() {
      guard built.insert(target).inserted else { continue }
      pending += dependencies(of: target)
    }
    #expect(built == ["MarblesTesting", "MarblesCore", "Reactive", "ReactiveEvents"])
    #expect(dependencies(of: "MarblesCore") == ["ReactiveEvents"])
    #expect(dependencies(of: "Reactive") == ["ReactiveEvents"])
    #expect(dependencies(of: "ReactiveEvents") == [])
    #expect(dependencies(of: "ReactiveRxJS") == ["Reactive"])
    #expect(!manifest.contains(".plugin("), "a plugin runs in every test author's build")
    for target in built {
      let importing = try Self.sources(in: Self.sources.appendingPathComponent(target))
        .filter { $0.text.contains("import ReactiveRxJS") }.map(\.path)
      #expect(importing.isEmpty, "\(target) imports ReactiveRxJS: \(importing)")
    }
    let coreImportingReactive = try Self.sources(in: Self.coreRoot)
      .filter { $0.text.contains("import Reactive\n") }.map(\.path)
    #expect(coreImportingReactive.isEmpty, "MarblesCore imports Reactive: \(coreImportingReactive)")
  }

  @Test func theCheckFindsABackwardReference() {
    let files = [
      LayerCheck.File(
        path: "Syntax/Diagnostic.swift", folder: "Syntax",
        text: """
          /// Mentions Runtime in a comment, which is fine.
          struct Diagnostic { let text = "Runtime" }
          extension Diagnostic { func run(_ r: Runtime) {} }
          """),
      LayerCheck.File(
        path: "Engine/Runtime.swift", folder: "Engine",
        text: "final class Runtime {\n  struct Nested {}\n  let d: Diagnostic\n}\n"),
    ]
    let violations = LayerCheck(layers: ["Syntax", "Engine"]).violations(in: files)
    #expect(violations == ["Syntax/Diagnostic.swift refers to Runtime (Engine)"])
  }

  @Test func commentsAndStringsAreNotReferences() {
    let text = #"""
      // Runtime
      /* Runtime /* nested */ Runtime */
      let a = "Runtime \(f("Runtime", Inside.self)) Runtime"
      let b = """
        Runtime
        """
      let c = #"Runtime"#
      let d = Keep.self
      """#
    #expect(LayerCheck.identifiers(in: text) == ["Inside", "Keep"])
  }

  static func sources(in sourceRoot: URL = sourceRoot) throws -> [LayerCheck.File] {
    let manager = FileManager.default
    guard let walker = manager.enumerator(atPath: sourceRoot.path) else { return [] }
    var files: [LayerCheck.File] = []
    for case let path as String in walker where path.hasSuffix(".swift") {
      let text = try String(
        contentsOf: sourceRoot.appendingPathComponent(path), encoding: .utf8)
      let parts = path.split(separator: "/")
      files.append(
        LayerCheck.File(path: path, folder: parts.count > 1 ? String(parts[0]) : ".", text: text))
    }
    return files.sorted { $0.path < $1.path }
  }
}

/// Reads Swift sources just well enough to list declared and referenced type names.
struct LayerCheck {
  struct File {
    let path: String
    let folder: String
    let text: String
  }

  let layers: [String]

  /// "path refers to Name (Folder)" for every reference from a file to a type declared in a
  /// later layer, sorted.
  func violations(in files: [File]) -> [String] {
    let rank = Dictionary(uniqueKeysWithValues: layers.enumerated().map { ($1, $0) })
    var home: [String: String] = [:]
    for file in files {
      for name in Self.topLevelTypes(in: file.text) where home[name] == nil {
        home[name] = file.folder
      }
    }
    var found: Set<String> = []
    for file in files {
      let own = rank[file.folder] ?? Int.max
      for name in Set(Self.identifiers(in: file.text)) {
        guard let folder = home[name], let other = rank[folder], other > own else { continue }
        found.insert("\(file.path) refers to \(name) (\(folder))")
      }
    }
    return found.sorted()
  }

  static let declarationKeywords: Set<String> = [
    "struct", "class", "enum", "protocol", "typealias", "actor",
  ]

  /// Names declared by lines that start in column 0 (after modifiers and attributes).
  static func topLevelTypes(in text: String) -> [String] {
    var names: [String] = []
    for line in code(text).split(separator: "\n") {
      guard let first = line.first, first.isLetter || first == "@" else { continue }
      let words = line.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" })
      for (index, word) in words.enumerated()
      where declarationKeywords.contains(String(word)) && index + 1 < words.count {
        names.append(String(words[index + 1]))
        break
      }
    }
    return names
  }

  /// Every identifier that starts with a capital letter, outside comments and literals.
  static func identifiers(in text: String) -> [String] {
    var names: [String] = []
    var current = ""
    for character in code(text) {
      if character.isLetter || character.isNumber || character == "_" {
        current.append(character)
        continue
      }
      if let first = current.first, first.isUppercase { names.append(current) }
      current = ""
    }
    if let first = current.first, first.isUppercase { names.append(current) }
    return names
  }

  /// The text with comments and string literals blanked out (line breaks kept); the code of a
  /// string's interpolations is kept.
  static func code(_ text: String) -> String {
    var scanner = Scanner(characters: Array(text))
    scanner.code(inInterpolation: false)
    return scanner.out
  }

  private struct Scanner {
    let characters: [Character]
    var index = 0
    var out = ""

    func starts(_ prefix: String, at position: Int) -> Bool {
      var position = position
      for character in prefix {
        guard position < characters.count, characters[position] == character else { return false }
        position += 1
      }
      return true
    }

    /// Copies code until the end, or until the `)` that closes an interpolation.
    mutating func code(inInterpolation: Bool) {
      var depth = 0
      while index < characters.count {
        let character = characters[index]
        if starts("//", at: index) {
          while index < characters.count, characters[index] != "\n" { index += 1 }
        } else if starts("/*", at: index) {
          comment()
        } else if character == "\"" || (character == "#" && rawQuote(at: index)) {
          string()
        } else {
          if inInterpolation, character == "(" { depth += 1 }
          if inInterpolation, character == ")" {
            if depth == 0 { return }
            depth -= 1
          }
          out.append(character)
          index += 1
        }
      }
    }

    func rawQuote(at position: Int) -> Bool {
      var position = position
      while position < characters.count, characters[position] == "#" { position += 1 }
      return position < characters.count && characters[position] == "\""
    }

    mutating func comment() {
      var depth = 0
      repeat {
        if starts("/*", at: index) {
          depth += 1
          index += 2
        } else if starts("*/", at: index) {
          depth -= 1
          index += 2
        } else {
          if characters[index] == "\n" { out.append("\n") }
          index += 1
        }
      } while depth > 0 && index < characters.count
    }

    mutating func string() {
      var hashes = ""
      while characters[index] == "#" {
        hashes.append("#")
        index += 1
      }
      let quote = starts("\"\"\"", at: index) ? "\"\"\"" : "\""
      index += quote.count
      out.append(" ")
      let escape = "\\" + hashes
      while index < characters.count, !starts(quote + hashes, at: index) {
        if starts(escape + "(", at: index) {
          index += escape.count + 1
          code(inInterpolation: true)
          index += 1
          continue
        }
        if starts(escape, at: index) { index += escape.count }
        if index < characters.count, characters[index] == "\n" { out.append("\n") }
        index += 1
      }
      index += quote.count + hashes.count
    }
  }
}
