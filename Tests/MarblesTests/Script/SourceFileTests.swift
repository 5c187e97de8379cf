import Foundation
import Testing

@testable import Marbles
@testable import MarblesCLI
@testable import MarblesCore

/// A script's lines, the caret line under a diagnostic and the UTF-8 check of a loaded file:
/// ASCII text takes byte-wise fast paths, and they must agree with the Character-wise rules.
@Suite struct SourceFileTests {
  @Test(arguments: [
    ("", [""]),
    ("a", ["a"]),
    ("a\nb", ["a", "b"]),
    ("a\r\nb\rc", ["a", "b", "c"]),
    ("a\u{0B}b\u{0C}c\n", ["a", "b", "c", ""]),
    ("\n\r\n\r", ["", "", "", ""]),
    ("é\r\nb\u{2028}c\n", ["é", "b", "c", ""]),
    ("x\u{85}y", ["x", "y"]),
  ])
  func linesBreakAtEveryNewline(text: String, lines: [String]) {
    #expect(SourceFile(name: "t", text: text).lines.map(String.init) == lines)
    // The ASCII fast path splits as the Character rule does.
    let byCharacter = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    #expect(SourceFile(name: "t", text: text).lines == byCharacter)
  }

  @Test func lineNumbersFollowTheBreaks() {
    let source = SourceFile(name: "t", text: "first\r\nsecond\rthird")
    #expect(source.line(2) == "second")
    #expect(source.line(3) == "third")
    #expect(source.line(4) == nil)
  }

  @Test(arguments: [
    ("\tlet x", 5, "\t    "),
    ("ab", 5, "     "),
    ("é\tx", 2, " \t"),
    ("é\tx", 4, " \t  "),
    ("", 0, ""),
  ])
  func caretIndentKeepsTabsAndCountsCharacters(line: String, columns: Int, indent: String) {
    #expect(Diagnostic.indent(under: Substring(line), columns: columns) == indent)
  }

  @Test func caretUnderAFarColumnOfALongLine() {
    let line = String(repeating: "-", count: 200_000) + "x"
    let source = SourceFile(name: "long.marble", text: "let a = cold(\"\(line)\")\n")
    let column = 15 + 200_000
    let diagnostic = Diagnostic.error("here", at: SourceRange(line: 1, column: column))
    let rendered = diagnostic.render(in: source).split(separator: "\n")
    #expect(rendered.count == 3)
    #expect(rendered[2] == Substring(String(repeating: " ", count: column - 1) + "^"))
  }

  @Test func aFileThatIsNotUTF8NamesItsFirstBadByte() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("SourceFileTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("bad.marble").path
    let bytes = Array("let a = \"é".utf8) + [0xC3, 0x28] + Array("\"\n".utf8)
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    let result = runTool(["run", path])
    #expect(result.exitCode != 0)
    #expect(
      result.stderr
        == "\(path): error: the file is not valid UTF-8 (invalid byte at offset 11)\n")
  }
}
